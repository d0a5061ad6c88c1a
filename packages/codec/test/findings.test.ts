import { describe, expect, it } from 'vitest';
import { c2paWrapper } from './c2pa-fixtures.js';
import { proseForCopies } from './robust-fixtures.js';
import { encode } from 'wm-watermark-codec/encode';
import { findMarks, hasFindings } from 'wm-watermark-codec/findings';
import { encodeRobust } from 'wm-watermark-codec/robust';
import { selectorForByte } from 'wm-watermark-codec/selectors';
import { createSigningKey, hexOf, signerIdOf } from 'wm-watermark-codec/signing';

// What wm scan reports of one text: every watermark with where it starts, C2PA manifests, and the foreign
// invisible characters by kind; what belongs to the text (emoji selectors, lone joiners, a leading BOM) is no finding.

const CARRIER = 'Every word of this sentence can carry a little of the hidden message for us.';
const KEY = new Uint8Array(32).fill(7);

describe('findMarks', () => {
  it('finds every VS watermark with the offset of its first selector, opened or why not', () => {
    const first = encode(CARRIER, 'first').encoded;
    const keyed = encode(CARRIER, 'locked', { key: KEY }).encoded;
    const text = `${first}\n${keyed}`;
    const found = findMarks(text);
    expect(found.watermarks).toEqual([
      { offset: 1, decoded: 'first', keyed: false },
      { offset: first.length + 2, decoded: null, keyed: true, failure: 'KEY_REQUIRED' },
    ]);
    expect(findMarks(text, { key: KEY }).watermarks.map((mark) => mark.decoded)).toEqual(['first', 'locked']);
    expect(findMarks(text, { key: new Uint8Array(32) }).watermarks[1].failure).toBe('KEY_MISMATCH');
    expect(found.hidden).toEqual([]);
  });

  it('finds every robust watermark with its span; robust marks are foreign only when none verifies', () => {
    const one = encodeRobust(proseForCopies('r-one', 4), 'r-one', { seed: 1 }).watermarked;
    const two = encodeRobust(proseForCopies('r-two', 4), 'r-two', { seed: 2 }).watermarked;
    const text = `${one}\n\n${two}`;
    const found = findMarks(text);
    expect(found.robust.map(({ decoded, copiesFound }) => ({ decoded, copiesFound }))).toEqual([
      { decoded: 'r-one', copiesFound: 4 },
      { decoded: 'r-two', copiesFound: 4 },
    ]);
    expect(found.robust[0].end).toBeLessThanOrEqual(one.length);
    expect(found.robust[1].start).toBeGreaterThan(one.length);
    expect(found.hidden).toEqual([]);
    // a fragment too short to verify: its marks are reported as damaged robust marks
    const fragment = [...one].slice(0, 60).join('');
    expect(findMarks(fragment).hidden.map(({ kind }) => kind)).toEqual(['robust']);
  });

  it('reports C2PA manifests apart, never as watermarks or foreign characters', () => {
    const found = findMarks(`${CARRIER}${c2paWrapper()}`);
    expect(found.c2pa).toHaveLength(1);
    expect(found.c2pa[0]).toMatchObject({ index: CARRIER.length, version: 1 });
    expect(found.watermarks).toEqual([]);
    expect(found.hidden).toEqual([]);
  });

  it('counts foreign invisible characters by kind, with their first positions and code points', () => {
    const stray = [0x41, 0x42].map(selectorForByte).join('');
    const text = `a\u200B\u200Bb \u202Eevil\u202C x\u{E0041}y z${stray}w \u2060`;
    const found = findMarks(text, { firstPositions: 2 });
    expect(found.hidden.map(({ kind, count, places }) => [kind, count, places])).toEqual([
      ['raw', 2, 1],
      ['tag', 1, 1],
      ['zero-width', 3, 3],
      ['bidi', 2, 2],
    ]);
    const zeroWidth = found.hidden.find((finding) => finding.kind === 'zero-width')!;
    expect(zeroWidth.offsets).toEqual([1, 2]);
    expect(Object.fromEntries(zeroWidth.codePoints)).toEqual({ 0x200b: 2, 0x2060: 1 });
  });

  it('what belongs to the text is no finding', () => {
    for (const text of [
      'I ❤️ NY',
      '👨‍👩‍👧 family',
      'می‌خواهم',
      '\uFEFFa leading byte order mark',
      '葛\u{E0100}飾区',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland',
    ]) {
      expect(hasFindings(findMarks(text)), text).toBe(false);
    }
  });

  it('reports only what starts before reportBefore (a window of a long file)', () => {
    const text = 'a\u200Bb and c\u200Bd';
    expect(findMarks(text, { reportBefore: 5 }).hidden[0].count).toBe(1);
    expect(findMarks(text, { reportBefore: 1 }).hidden).toEqual([]);
  });

  it("names a signed watermark's signer (not verified here)", () => {
    const signer = createSigningKey(new Uint8Array(32).fill(9));
    const found = findMarks(encode(CARRIER, 'signed one', { signingKey: signer }).encoded);
    expect(found.watermarks).toEqual([
      { offset: 1, decoded: 'signed one', keyed: false, signer: hexOf(signerIdOf(signer.publicKey)) },
    ]);
  });

  it('names what is left of a damaged wm watermark by its frame signature: one place, not a finding per run', () => {
    const marked = encode(CARRIER, 'a secret that an edit broke').encoded;
    // an edit takes out four of its selectors (one per character, after the magic): the frame no longer checks
    let selector = 0;
    const damaged = marked.replace(/[\u{E0100}-\u{E01EF}\uFE00-\uFE0F]/gu, (run) =>
      ++selector >= 6 && selector < 10 ? '' : run,
    );
    expect(damaged.length).toBeLessThan(marked.length);
    const found = findMarks(damaged);
    expect(found.watermarks).toEqual([]);
    expect(found.hidden.map(({ scheme, places }) => ({ scheme, places }))).toEqual([
      { scheme: 'damaged-watermark', places: 1 },
    ]);
    // the magic, one selector after the first character
    expect(found.hidden[0].bytes[0]).toBe('f7');
    // selector data that does not begin with the signature is no damaged watermark
    const other = `a${[0x68, 0x69, 0x21, 0x21].map(selectorForByte).join('')} b`;
    expect(findMarks(other).hidden.map(({ kind, scheme }) => [kind, scheme])).toEqual([['raw', undefined]]);
  });

  it('names stretches as its namer says: one finding per scheme, consecutive named characters one place', () => {
    const text = `one\u200C\u2062\u2063\u200D two\u200B three\u200C\u2064 four \u202E`;
    const found = findMarks(text, {
      nameStretch: (kind, start) => (kind === 'zero-width' && text[start] !== '\u200B' ? 'cloak' : undefined),
    });
    expect(found.hidden.map(({ kind, scheme, count, places }) => [kind, scheme, count, places])).toEqual([
      ['zero-width', 'cloak', 6, 2],
      ['zero-width', undefined, 1, 1],
      ['bidi', undefined, 1, 1],
    ]);
    expect(found.hidden[0].offsets).toEqual([3, text.indexOf('\u200C\u2064')]);
  });
});
