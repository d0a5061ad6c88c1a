import { expect, test } from 'vitest';
import * as library from '../../src/index.js';

test('the library main exports the codec surface', () => {
  for (const name of [
    'encode',
    'decode',
    'analyze',
    'strip',
    'reveal',
    'revealText',
    'isCarrier',
    'encodeRobust',
    'decodeRobust',
    'CodecError',
    'isCodecError',
    'probeCanary',
    'checkProbe',
  ]) {
    expect(typeof (library as Record<string, unknown>)[name], name).toBe('function');
  }
  expect(library.KEY_BYTES).toBe(32);
  const { encoded } = library.encode('Hello world', 'ok');
  expect(library.decode(encoded).decoded).toBe('ok');
});
