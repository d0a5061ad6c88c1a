import { describe, expect, test } from 'vitest';
import { CORPUS } from './carrier-samples.js';
import {
  codePoints,
  copyLength,
  proseForCopies,
  rewriteFrame,
  supplementarySelectorOffsets,
} from './robust-fixtures.js';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { CodecError } from 'wm-watermark-codec/errors';
import { graphemes } from '../src/graphemes.js';
import { isCarrier } from '../src/carriers.js';
import { carrierEnds } from '../src/robust/carrier-slots.js';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { strip } from 'wm-watermark-codec/strip';
import type { Distribution, StealthLevel } from 'wm-watermark-codec/types';
import { failureOf as codecError } from './codec-failure.js';

const DISTRIBUTIONS: Distribution[] = ['even', 'random', 'clustered'];
const STEALTH_LEVELS: StealthLevel[] = ['standard', 'high', 'maximum'];
const KEY = new Uint8Array(32).map((_, i) => i * 7 + 1);
const OTHER_KEY = new Uint8Array(32).fill(9);
const SECRET = 'id-7';

/** The carrier text repeated until it takes the secret at least once with this stealth level. */
function longEnough(text: string): string {
  return Array.from({ length: 12 }, () => text).join(' ');
}

describe('round trips', () => {
  for (const [name, text] of Object.entries(CORPUS)) {
    const carrier = longEnough(text);
    for (const stealthLevel of STEALTH_LEVELS) {
      test(`${name}, ${stealthLevel}`, () => {
        for (const distribution of DISTRIBUTIONS) {
          for (const key of [undefined, KEY]) {
            const encoded = encodeRobust(carrier, SECRET, { distribution, stealthLevel, key, seed: 5 });
            expect(strip(encoded.watermarked)).toBe(carrier);
            const decoded = decodeRobust(encoded.watermarked, { key });
            expect(decoded).toMatchObject({ decoded: SECRET, keyed: key !== undefined, is_encoded: true });
            expect(decoded.stats.copies_agreeing).toBe(decoded.stats.copies_found);
          }
        }
      });
    }
  }

  test('marks follow whole carrier graphemes only, one per grapheme', () => {
    const carrier = longEnough(CORPUS.heartNy + ' ' + CORPUS.devanagari + ' ' + CORPUS.emojiZwj);
    const { watermarked } = encodeRobust(carrier, SECRET);
    const marked = new Set<number>(); // offsets in the original text after which a mark sits
    let removed = 0;
    for (const offset of supplementarySelectorOffsets(watermarked)) {
      const originalOffset = offset - removed;
      expect(marked.has(originalOffset)).toBe(false);
      marked.add(originalOffset);
      removed += 2;
    }
    const ends = new Set<number>();
    for (const { segment, index } of graphemes(carrier)) if (isCarrier(segment)) ends.add(index + segment.length);
    for (const offset of marked) expect(ends.has(offset)).toBe(true);
  });

  test('maximum stealth marks letters only', () => {
    const carrier = longEnough('Hi! 👍🏽 ok, «go» — yes? ' + CORPUS.latin);
    const { watermarked } = encodeRobust(carrier, SECRET, { stealthLevel: 'maximum' });
    let removed = 0;
    for (const offset of supplementarySelectorOffsets(watermarked)) {
      const before = codePoints(carrier.slice(0, offset - removed)).at(-1) ?? '';
      expect(before).toMatch(/\p{L}/u);
      removed += 2;
    }
  });

  test('every stealth level decodes without being told which one was used', () => {
    const carrier = proseForCopies(SECRET, 3);
    const outputs = STEALTH_LEVELS.map((stealthLevel) => encodeRobust(carrier, SECRET, { stealthLevel }).watermarked);
    expect(new Set(outputs).size).toBe(3);
    for (const watermarked of outputs) expect(decodeRobust(watermarked).decoded).toBe(SECRET);
  });

  test('standard uses a visible tag cycle, high and maximum whiten it', () => {
    const carrier = proseForCopies(SECRET, 2);
    const markValues = (stealthLevel: StealthLevel): number[] =>
      codePoints(encodeRobust(carrier, SECRET, { stealthLevel }).watermarked)
        .map((point) => point.codePointAt(0)!)
        .filter((codePoint) => codePoint >= 0xe0100);
    const risingShare = (values: number[]): number =>
      values.filter((value, i) => i > 0 && value > values[i - 1]).length / values.length;
    expect(risingShare(markValues('standard'))).toBeGreaterThan(0.85);
    expect(risingShare(markValues('high'))).toBeLessThan(0.65);
    expect(risingShare(markValues('maximum'))).toBeLessThan(0.65);
  });

  test('random distribution is reproducible with a seed and differs between seeds', () => {
    const carrier = proseForCopies(SECRET, 2) + ' and some more carrier text that is left over for the distribution';
    const bySeed = (seed: number): string =>
      encodeRobust(carrier, SECRET, { distribution: 'random', seed }).watermarked;
    expect(bySeed(1)).toBe(bySeed(1));
    expect(bySeed(1)).not.toBe(bySeed(2));
  });
});

describe('stats', () => {
  test('encode stats count code points and marks', () => {
    const carrier = proseForCopies(SECRET, 5);
    const { watermarked, stats, keyed } = encodeRobust(carrier, SECRET, {
      distribution: 'clustered',
      stealthLevel: 'high',
    });
    expect(keyed).toBe(false);
    expect(stats).toEqual({
      visibleLength: codePoints(carrier).length,
      hiddenLength: 5 * copyLength(SECRET),
      watermarkBitCount: 5 * copyLength(SECRET),
      totalLength: codePoints(watermarked).length,
      distribution: 'clustered',
      stealthLevel: 'high',
    });
  });

  test('decode stats: extracted bits, confidence as the spec defines it, copies', () => {
    const { watermarked } = encodeRobust(proseForCopies(SECRET, 4), SECRET);
    const result = decodeRobust(watermarked);
    const frameBits = 8 * (SECRET.length + 7);
    expect(result.stats).toEqual({
      extracted_bit_count: 4 * copyLength(SECRET),
      reconstructed_char_count: 4,
      copies_found: 4,
      copies_agreeing: 4,
    });
    expect(result.bits_recovered).toBe(frameBits);
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThan(1);
    // the spec's definition: set bits / extracted bits, here counted independently from the marks' parity
    const setBits = Math.round(result.confidence * result.stats.extracted_bit_count);
    expect(setBits / result.stats.extracted_bit_count).toBeCloseTo(result.confidence, 12);
  });

  test('reconstructed_char_count counts characters, not UTF-16 units', () => {
    const secret = 'π≈3 🎉';
    const { watermarked } = encodeRobust(proseForCopies(secret, 1), secret);
    expect(decodeRobust(watermarked).stats.reconstructed_char_count).toBe(5);
  });
});

describe('size rule', () => {
  test('a carrier of exactly 8 × the secret bytes is accepted; one byte less is CARRIER_TOO_SHORT', () => {
    const secret = 'héllo'; // 6 UTF-8 bytes -> 48
    const exact = 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv';
    expect(new TextEncoder().encode(exact).length).toBe(48);
    const encoded = encodeRobust(exact, secret);
    expect(decodeRobust(encoded.watermarked).decoded).toBe(secret);

    const error = codecError(() => encodeRobust(exact.slice(1), secret));
    expect(error.code).toBe('CARRIER_TOO_SHORT');
    expect(error.requiredLength).toBe(48);
    expect(error.message).toContain('48 UTF-8 bytes');
  });

  test('the rule counts UTF-8 bytes of the carrier, not characters', () => {
    const carrier = 'ééééééééééééééééééééééé'; // 23 characters, 46 bytes
    expect(codecError(() => encodeRobust(carrier, 'abcdef')).requiredLength).toBe(48);
    expect(decodeRobust(encodeRobust(carrier + 'é', 'abcdef').watermarked).decoded).toBe('abcdef');
  });

  test('a short carrier stacks four copies: every position takes the marks of the text it stands for', () => {
    const secret = 'abc';
    const carrier = 'Hi there, 24 bytes long ok';
    const { watermarked, stats } = encodeRobust(carrier, secret);
    const ends = carrierEnds(carrier, 'standard');
    expect(stats.hiddenLength).toBe(4 * copyLength(secret));
    expect(strip(watermarked)).toBe(carrier);
    // the marks after each position, in text order: that position's share of the text, to within one mark
    const counts = ends.map(() => 0);
    let position = -1;
    let visible = 0;
    for (const point of codePoints(watermarked)) {
      if (point.codePointAt(0)! >= 0xe0100) counts[position]++;
      else {
        visible += point.length;
        if (ends.includes(visible)) position = ends.indexOf(visible);
      }
    }
    expect(counts.every((count) => count > 0)).toBe(true);
    ends.forEach((end, k) => {
      const share = k === ends.length - 1 ? carrier.length - ends[k - 1] : end - (k === 0 ? 0 : ends[k - 1]);
      expect(Math.abs(counts[k] - (share * stats.hiddenLength) / carrier.length)).toBeLessThanOrEqual(1);
    });
    expect(decodeRobust(watermarked)).toMatchObject({
      decoded: secret,
      is_encoded: true,
      stats: { copies_found: 4, copies_agreeing: 4 },
    });
  });

  test('one position holds one copy; more hold four, shared by the text each stands for', () => {
    const one = encodeRobust('ab 2024 2025 2026 2027 2028', 'abc'); // one position: the "a"
    expect(one.stats.hiddenLength).toBe(copyLength('abc'));
    expect(decodeRobust(one.watermarked).stats.copies_found).toBe(1);
    // Thai carries only where a run of its letters ends: here at the "." after a long first sentence and at the end
    const thai = 'ภาษาไทย '.repeat(30) + 'ภาษาไทย. ' + 'ภาษาไทย '.repeat(10) + 'สวัสดี';
    const { watermarked, stats } = encodeRobust(thai, 'abc');
    expect(stats.hiddenLength).toBe(4 * copyLength('abc'));
    const [first, last] = watermarked.split('.');
    const share = thai.indexOf('.') / thai.length;
    expect(supplementarySelectorOffsets(first).length).toBe(Math.floor(share * stats.hiddenLength));
    expect(decodeRobust(first).decoded).toBe('abc');
    expect(decodeRobust(last).decoded).toBe('abc');
  });

  test('a text without any carrier character is too short, whatever its byte length', () => {
    // digits never carry; Thai carries only where a run of its letters ends other than at a space, and this one's
    // runs all end at a space (the text ends in a digit)
    for (const carrier of ['1234567890 1234567890 1234567890', 'ภาษาไทย ภาษาไทย ภาษาไทย 1']) {
      const error = codecError(() => encodeRobust(carrier, 'ab'));
      expect(error.code).toBe('CARRIER_TOO_SHORT');
      expect(error.requiredLength).toBe(16);
    }
    expect(codecError(() => encodeRobust('!!! ??? ... ;;; ::: ---', 'ab', { stealthLevel: 'maximum' })).code).toBe(
      'CARRIER_TOO_SHORT',
    );
  });

  test('invalid input', () => {
    expect(codecError(() => encodeRobust('long enough carrier text', '')).code).toBe('INVALID_INPUT');
    expect(
      codecError(() => encodeRobust('long enough carrier text', 'a', { distribution: 'diagonal' as Distribution }))
        .code,
    ).toBe('INVALID_INPUT');
    expect(
      codecError(() => encodeRobust('long enough carrier text', 'a', { stealthLevel: 'ultra' as StealthLevel })).code,
    ).toBe('INVALID_INPUT');
    expect(codecError(() => encodeRobust('long enough carrier text', 'a', { key: new Uint8Array(16) })).code).toBe(
      'INVALID_INPUT',
    );
  });
});

describe('keys', () => {
  const { watermarked } = encodeRobust(proseForCopies(SECRET, 2, 'standard', KEY), SECRET, { key: KEY });

  test('keyed round trip, and the three distinct failures', () => {
    expect(decodeRobust(watermarked, { key: KEY })).toMatchObject({ decoded: SECRET, keyed: true });
    expect(codecError(() => decodeRobust(watermarked)).code).toBe('KEY_REQUIRED');
    expect(codecError(() => decodeRobust(watermarked, { key: OTHER_KEY })).code).toBe('KEY_MISMATCH');
  });

  test('keyed: a frame whose ciphertext changed (CRC made valid again) is CORRUPTED, told apart by the GCM tag', () => {
    const marks = copyLength(SECRET, KEY);
    const unchanged = rewriteFrame(watermarked, marks, () => undefined);
    expect(decodeRobust(unchanged, { key: KEY })).toMatchObject({ decoded: SECRET, keyed: true });
    const tampered = rewriteFrame(watermarked, marks, (frame) => {
      frame[frame.length - 1] ^= 0x01; // the last byte of the GCM tag
    });
    expect(tampered).not.toBe(watermarked);
    expect(codecError(() => decodeRobust(tampered, { key: KEY })).code).toBe('CORRUPTED');
    expect(codecError(() => decodeRobust(tampered, { key: OTHER_KEY })).code).toBe('KEY_MISMATCH');
    expect(codecError(() => decodeRobust(tampered)).code).toBe('KEY_REQUIRED');
  });

  test('a key means keyed: an unkeyed watermark is UNKEYED with a key, read only with acceptUnkeyed', () => {
    const plain = encodeRobust(proseForCopies(SECRET, 1), SECRET).watermarked;
    expect(decodeRobust(plain)).toMatchObject({ decoded: SECRET, keyed: false });
    expect(codecError(() => decodeRobust(plain, { key: KEY })).code).toBe('UNKEYED');
    expect(decodeRobust(plain, { key: KEY, acceptUnkeyed: true })).toMatchObject({ decoded: SECRET, keyed: false });
  });
});

describe('no watermark, and the other codec', () => {
  test('text without robust marks: is_encoded false, nothing decoded', () => {
    for (const text of [
      '',
      'plain text',
      CORPUS.heartNy,
      CORPUS.keycaps,
      '葛\u{E0100}飾区 with an ideographic variant',
    ]) {
      expect(decodeRobust(text)).toEqual({
        decoded: '',
        keyed: false,
        signature: expect.objectContaining({ status: 'unsigned' }),
        is_encoded: false,
        bits_recovered: 0,
        confidence: 0,
        stats: expect.objectContaining({ copies_found: 0, copies_agreeing: 0, reconstructed_char_count: 0 }),
        watermarks: [],
      });
    }
  });

  test('a VS-codec watermark is never read as a robust secret', () => {
    for (const method of ['single', 'chunked', 'char'] as const) {
      for (const secret of ['id-7', 'another secret', 'ÿ¿€ bytes in the continuation range']) {
        const vs = encode(longEnough(CORPUS.latin), secret, { method, chunkSize: 1 }).encoded;
        let outcome: string;
        try {
          outcome = decodeRobust(vs).is_encoded ? 'decoded' : 'no watermark';
        } catch (error) {
          outcome = (error as CodecError).code;
        }
        expect(['no watermark', 'CORRUPTED']).toContain(outcome);
      }
    }
  });

  test('"no robust watermark" names the selector watermarks the text does carry', () => {
    const one = encode('Please meet me at the north gate of the park.', 'ACME-1').encoded;
    expect(decodeRobust(one).warnings).toEqual([
      'no robust watermark, but the text carries a variation-selector watermark: decode reads it',
    ]);
    expect(decodeRobust(`${one}\n${one}`).warnings?.[0]).toContain('carries 2 variation-selector watermarks');
    expect(decodeRobust('Please meet me at the north gate of the park.')).not.toHaveProperty('warnings');
  });

  test('decode reads a robust watermark, of kind robust; a fragment too small for a copy never as a secret', () => {
    for (const stealthLevel of STEALTH_LEVELS) {
      const { watermarked } = encodeRobust(proseForCopies(SECRET, 2), SECRET, { stealthLevel });
      expect(decode(watermarked)).toMatchObject({
        decoded: SECRET,
        watermarks: [{ kind: 'robust', decoded: SECRET, keyed: false }],
      });
      expect(decode(watermarked)).not.toHaveProperty('raw_runs');
      const points = codePoints(watermarked);
      for (let start = 0; start < points.length; start += 97) {
        const fragment = points.slice(start, start + 40).join('');
        expect(codecError(() => decode(fragment)).code).toMatch(/CORRUPTED|NO_WATERMARK/);
      }
    }
  });
});

describe('marks after ideographs (format revision 2)', () => {
  const chinese = '中华人民共和国是世界上人口最多的国家之一，拥有悠久的历史和灿烂的文化。'.repeat(8);

  test.each(STEALTH_LEVELS)(
    '%s: every mark right after an ideograph is VS129 or above, and the text decodes',
    (stealthLevel) => {
      const { watermarked } = encodeRobust(chinese, SECRET, { stealthLevel, seed: 3 });
      let afterIdeograph = 0;
      for (const offset of supplementarySelectorOffsets(watermarked)) {
        const before = watermarked.codePointAt(offset - 1)!;
        if (!/\p{Ideographic}/u.test(String.fromCodePoint(before))) continue;
        afterIdeograph++;
        expect(watermarked.codePointAt(offset)).toBeGreaterThanOrEqual(0xe0170);
      }
      expect(afterIdeograph).toBeGreaterThan(100);
      expect(strip(watermarked)).toBe(chinese);
      expect(decodeRobust(watermarked)).toMatchObject({ decoded: SECRET, is_encoded: true });
    },
  );

  test('the sixteen low marks are written as 0xE0–0xEF after ideographs only, and read as the same marks', () => {
    const { watermarked } = encodeRobust(chinese, SECRET, { seed: 3 });
    const bytes = supplementarySelectorOffsets(watermarked).map(
      (offset) => watermarked.codePointAt(offset)! - 0xe0100 + 16,
    );
    expect(bytes.some((byte) => byte >= 0xe0 && byte <= 0xef)).toBe(true);
    expect(bytes.some((byte) => byte >= 0x10 && byte <= 0x1f)).toBe(false);
    // written out as the low marks instead (the decoder's alphabet for texts of format revision 1) it reads the same
    // (after a letter, since right after an ideograph VS17-VS32 are ideographic variation sequences: text)
    const asLowMarks = watermarked
      .replace(/\uDB40[\uDDD0-\uDDDF]/g, (mark) => `\uDB40${String.fromCharCode(mark.charCodeAt(1) - 0xd0)}`)
      .replace(/[\u4e00-\u9fff]/gu, 'a');
    expect(asLowMarks).toMatch(/\uDB40[\uDD00-\uDD0F]/);
    expect(decodeRobust(asLowMarks)).toMatchObject({ decoded: SECRET });
  });
});
