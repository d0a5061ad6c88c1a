import { describe, expect, it } from 'vitest';
import { keepSpare, receiveTexts, sendTexts } from '../../src/server/work-pool/sent-text.js';

const LATIN1 = 'Ça coûte 5 € — no: 5 ¤, ½ price.\n'.replace('€', 'E').replace('—', '-').repeat(5000);
/** beyond Latin-1, long: astral characters, a lone surrogate of each kind, a joiner */
const LONG_BEYOND = 'Zoë’s 🎉 \uD800 x\uDC00 中文 a\u200Db\n'.repeat(10_000);

describe("a job's long texts on their way to a worker", () => {
  it('cross as one byte a unit when each fits in one, and arrive as they were', () => {
    const input = { text: LATIN1, original: LATIN1.slice(1), secret: 'ID-42', options: { seed: 7 } };
    const sent = sendTexts(input);
    expect(Object.keys(sent.texts ?? {}).sort()).toEqual(['original', 'text']);
    expect(sent.input).toEqual({ secret: 'ID-42', options: { seed: 7 } });
    expect(sent.transfer).toHaveLength(2);
    expect(input.text).toBe(LATIN1);
    const received = receiveTexts(sent.input, sent.texts);
    expect(received.input).toEqual(input);
    expect(received.read).toEqual(sent.transfer);
    expect(Object.values(sent.texts ?? {}).map(({ encoding }) => encoding)).toEqual(['latin1', 'latin1']);
  });

  it('cross as their UTF-16 units when beyond Latin-1, lone surrogates and all', () => {
    const input = { text: LONG_BEYOND, secret: 'Zoë' };
    const sent = sendTexts(input);
    expect(sent.texts?.text.encoding).toBe('utf16le');
    expect(sent.texts?.text.bytes.length).toBe(2 * LONG_BEYOND.length);
    expect(sent.input).toEqual({ secret: 'Zoë' });
    const received = receiveTexts(sent.input, sent.texts).input;
    expect(received.text === LONG_BEYOND).toBe(true);
    expect(received).toEqual(input);
  });

  it('cross as they are when short', () => {
    for (const input of [{ text: LONG_BEYOND.slice(0, 100_000) }, { text: LATIN1.slice(0, 100_000) }, { text: 42 }]) {
      const sent = sendTexts(input);
      expect(sent).toEqual({ input, transfer: [] });
      expect(receiveTexts(sent.input, sent.texts)).toEqual({ input, read: [] });
    }
  });

  it('are written again into the buffers given back, never into one still held', () => {
    const first = sendTexts({ text: LATIN1 });
    const second = sendTexts({ text: LATIN1 });
    expect(second.transfer[0]).not.toBe(first.transfer[0]);
    keepSpare(first.transfer);
    const third = sendTexts({ text: LATIN1.slice(2) });
    expect(third.transfer[0]).toBe(first.transfer[0]);
    expect(receiveTexts(third.input, third.texts).input).toEqual({ text: LATIN1.slice(2) });
  });

  it('are not kept beyond a bound in bytes, however few', () => {
    const huge = 'a'.repeat(33 * 1024 * 1024);
    const first = sendTexts({ text: huge });
    keepSpare(first.transfer);
    const second = sendTexts({ text: huge });
    expect(second.transfer[0]).not.toBe(first.transfer[0]);
  });
});
