import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CARRIER, makeTempDir, runWm } from '../cli/codec-harness.js';

// test/cli/codec-io.test.ts covers encode/strip on invalid UTF-8, binary, empty and 20 MB input; this adds the
// reading commands and the selector-only inputs, with their documented exit codes (docs/CLI.md)
const temp = makeTempDir();
afterAll(() => temp.remove());

const file = (name: string, content: string | Uint8Array) => {
  writeFileSync(temp.path(name), content);
  return temp.path(name);
};
const oneErrorLine = /^wm: [^\n]+\n$/;
const READERS = ['decode', 'decode-robust', 'analyze', 'strip', 'reveal'];

describe('wm on hostile files', () => {
  const invalidUtf8 = file('invalid.txt', Buffer.concat([Buffer.from(CARRIER), Buffer.from([0xc3, 0x28, 0xff])]));
  const binary = file(
    'binary.bin',
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  );

  it.each(READERS)('%s refuses invalid UTF-8 and binary files with exit 2 and one line', async (command) => {
    for (const input of [invalidUtf8, binary]) {
      const run = await runWm([command, input]);
      expect(run.code, `${command} ${input}`).toBe(2);
      expect(run.stderr).toMatch(oneErrorLine);
      expect(run.out).toBe('');
    }
  });

  it('an invalid UTF-8 secret file is refused with exit 2', async () => {
    const run = await runWm(['encode', '--secret-file', invalidUtf8], { input: CARRIER });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(oneErrorLine);
  });

  it('empty file: decode and decode-robust find nothing (1); analyze, strip and reveal succeed (0)', async () => {
    const empty = file('empty.txt', '');
    const codes = await Promise.all(READERS.map(async (command) => (await runWm([command, empty])).code));
    expect(Object.fromEntries(READERS.map((command, index) => [command, codes[index]]))).toEqual({
      decode: 1,
      'decode-robust': 1,
      analyze: 0,
      strip: 0,
      reveal: 0,
    });
  });

  it('1000 selectors on one grapheme, or only selectors: decode says corrupted (3), strip removes them', async () => {
    for (const text of [`a${'\uFE01'.repeat(1000)} and more text`, '\uFE00\uFE01\u{E0100}\u{E01EF}'.repeat(5000)]) {
      const input = file('selectors.txt', text);
      const decoded = await runWm(['decode', input]);
      expect(decoded.code).toBe(3);
      expect(decoded.stderr).toMatch(oneErrorLine);
      const stripped = await runWm(['strip', input]);
      expect(stripped.code).toBe(0);
      expect(stripped.out).not.toMatch(/[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/u);
    }
  });
});
