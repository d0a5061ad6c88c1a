import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PIECE_UNITS, jsonStream } from '../../src/server/json-stream.js';

async function text(stream: NodeJS.ReadableStream): Promise<{ text: string; chunks: number }> {
  let out = '';
  let chunks = 0;
  for await (const chunk of stream) {
    out += String(chunk);
    chunks++;
  }
  return { text: out, chunks };
}

describe('a result as a stream of JSON', () => {
  it("gives JSON.stringify's bytes for any object", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), async (value) => {
        expect((await text(jsonStream(value))).text).toBe(JSON.stringify(value));
      }),
    );
  });

  it('writes a long answer in small chunks, a long string in pieces cut between characters', async () => {
    const astral = '\u{1F600}\u{E0101}';
    // a pair across each cut, lone surrogates and characters JSON escapes near them
    const long = 'a'.repeat(PIECE_UNITS - 1) + astral + '\n"\\\uD800x'.repeat(PIECE_UNITS / 4) + '\uDC00' + astral;
    const copies = Array.from({ length: 5 }, (_, i) => ({ copy_id: `c${i}`, text: long.slice(i), marks: { n: i } }));
    const value = { document: { id: 'a', skipped: undefined }, copies, list: [1, undefined, 'x'] };
    const { text: written, chunks } = await text(jsonStream(value));
    expect(written).toBe(JSON.stringify(value));
    expect(chunks).toBeGreaterThanOrEqual((5 * JSON.stringify(long).length) / (2 * PIECE_UNITS));
  });

  it("gives JSON.stringify's bytes for long strings of any characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), fc.nat(8), async (unit, shift) => {
        const long = 'y'.repeat(shift) + unit.repeat(Math.ceil((PIECE_UNITS + 50) / unit.length));
        const value = { copies: [{ text: long }, { text: long.slice(1) }] };
        expect((await text(jsonStream(value))).text).toBe(JSON.stringify(value));
      }),
      { numRuns: 30 },
    );
  });
});
