import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputFieldsOf } from '../../src/ops/input-fields.js';
import { httpPathOf, kebabNameOf, OPERATION_NAMES, OPERATIONS } from '../../src/ops/operations.js';
import { codecInputOf, codecNameOf, wireInputOf, wireNameOf } from '../../src/ops/wire.js';

describe('the wire names and the codec names of the operations’ inputs', () => {
  it('maps snake_case fields to the codec’s camelCase and leaves camelCase fields alone', () => {
    expect(
      codecInputOf({ text: 't', bind_text: true, stealth_level: 'high', chunkSize: 2, raw_runs: undefined }),
    ).toEqual({ text: 't', bindText: true, stealthLevel: 'high', chunkSize: 2 });
    expect(codecNameOf('mark_word_ends')).toBe('markWordEnds');
    // one spelling per concept: both encodes name the option mark_word_ends; the spec's chunkSize stays camelCase
    expect(wireNameOf('markWordEnds', inputFieldsOf('encode'))).toBe('mark_word_ends');
    expect(wireNameOf('markWordEnds', inputFieldsOf('encode_robust'))).toBe('mark_word_ends');
    expect(wireNameOf('chunkSize', inputFieldsOf('encode'))).toBe('chunkSize');
  });

  it('gives every field of every operation a codec name of its own, so the way back is exact', () => {
    for (const name of OPERATION_NAMES) {
      const fields = inputFieldsOf(name);
      expect(new Set(fields.map(codecNameOf)).size, name).toBe(fields.length);
    }
  });

  it('round-trips any input of any operation: wire → codec → wire', () => {
    const anInput = fc.constantFrom(...OPERATION_NAMES).chain((name) =>
      fc
        .record(Object.fromEntries(inputFieldsOf(name).map((field) => [field, fc.oneof(fc.string(), fc.boolean())])), {
          requiredKeys: [],
        })
        .map((input) => ({ name, input })),
    );
    fc.assert(
      fc.property(anInput, ({ name, input }) => {
        const back = wireInputOf(codecInputOf(input), inputFieldsOf(name));
        expect(back).toEqual(input);
        expect(Object.keys(back)).toEqual(inputFieldsOf(name).filter((field) => field in input));
      }),
    );
  });

  it('spells each operation on the wire from its one name', () => {
    expect(httpPathOf('decode_robust')).toBe('/api/watermark/decode-robust');
    expect(kebabNameOf('encode_robust')).toBe('encode-robust');
    expect(OPERATIONS.decode_robust.permissions).toEqual(['decode']);
  });
});
