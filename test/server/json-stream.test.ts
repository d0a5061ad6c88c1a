import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonStream } from '../../src/server/json-stream.js';

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

  it('writes an array an item at a time', async () => {
    const copies = Array.from({ length: 50 }, (_, i) => ({ text: 'x'.repeat(1000), i }));
    const { text: written, chunks } = await text(jsonStream({ document: { id: 'a' }, copies }));
    expect(JSON.parse(written)).toEqual({ document: { id: 'a' }, copies });
    expect(chunks).toBeGreaterThanOrEqual(50);
  });
});
