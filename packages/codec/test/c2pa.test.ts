import { describe, expect, test } from 'vitest';
import { c2paWrapperAt, findC2paWrappers, type C2paWrapper } from 'wm-watermark-codec/c2pa';
import { c2paLabel, c2paReport } from 'wm-watermark-codec/c2pa-report';
import { forEachSelectorRun } from 'wm-watermark-codec/scan';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { STORE_67, c2paWrapper, cutWrapper, jumbfStore, wrapperBytes } from './c2pa-fixtures.js';

const SENTENCE = 'The quick brown fox jumps over the lazy dog.';

/** The wrappers the decode scan meets: the same recogniser, reached run by run instead of by search. */
function scannedWrappers(text: string): C2paWrapper[] {
  const found: C2paWrapper[] = [];
  forEachSelectorRun(
    text,
    () => undefined,
    (wrapper) => found.push(wrapper),
  );
  return found;
}

/** What both ways of finding wrappers agree on, as report fields. */
function reportOf(text: string) {
  const wrappers = findC2paWrappers(text);
  expect(scannedWrappers(text)).toEqual(wrappers);
  return wrappers.length === 0 ? null : c2paReport(text, wrappers);
}

describe('the C2PA text wrapper recogniser', () => {
  test('a well-formed wrapper after a sentence: offset, version, length, label, valid', () => {
    const wrapper = c2paWrapper();
    const text = SENTENCE + wrapper;
    expect(findC2paWrappers(text)).toEqual([
      { index: SENTENCE.length, end: text.length, bytes: 80, version: 1, length: 67, label: 'c2pa', framed: true },
    ]);
    expect(reportOf(text)).toEqual({
      offset: SENTENCE.length,
      version: 1,
      length: 67,
      label: 'c2pa',
      valid: true,
      wrappers: 1,
    });
  });

  test('offsets count code points, not UTF-16 units', () => {
    const before = '😀 emoji, 葛 and é before it ';
    expect(reportOf(before + c2paWrapper())?.offset).toBe([...before].length);
  });

  test('at the start of the text, and in the middle', () => {
    expect(reportOf(c2paWrapper() + SENTENCE)).toMatchObject({ offset: 0, valid: true });
    expect(reportOf(`First part. ${c2paWrapper()}Second part.`)).toMatchObject({ offset: 12, valid: true });
  });

  test("padding after the store belongs to the wrapper (C2PA's 0x00/0x10, and 0xFF as some writers pad)", () => {
    for (const padding of [[0x00, 0x00, 0x10], [0xff, 0xff], Array(300).fill(0)]) {
      const text = SENTENCE + c2paWrapper({ padding });
      expect(findC2paWrappers(text)).toMatchObject([{ end: text.length, bytes: 80 + padding.length }]);
      expect(reportOf(text)).toMatchObject({ length: 67, valid: true });
    }
  });

  test('the label of the JUMBF superbox is read whatever it is, and only when the toggle says there is one', () => {
    expect(reportOf(SENTENCE + c2paWrapper({ store: jumbfStore('c2pa.store-ü') }))).toMatchObject({
      label: 'c2pa.store-ü',
      valid: true,
    });
    const unlabelled = jumbfStore('x');
    unlabelled[8 + 8 + 16] = 0x01; // toggles: requestable, no label
    expect(reportOf(SENTENCE + c2paWrapper({ store: unlabelled }))).not.toHaveProperty('label');
  });

  test('truncated inside the manifest store: recognised, with how much is missing', () => {
    const text = SENTENCE + cutWrapper(c2paWrapper(), 1 + 60);
    expect(reportOf(text)).toEqual({
      offset: SENTENCE.length,
      version: 1,
      length: 67,
      label: 'c2pa',
      valid: false,
      reason: 'declares 67 manifest bytes, 47 present',
      wrappers: 1,
    });
  });

  test('truncated inside the header, even inside the magic, when the U+FEFF is there', () => {
    expect(reportOf(SENTENCE + cutWrapper(c2paWrapper(), 1 + 10))).toEqual({
      offset: SENTENCE.length,
      valid: false,
      reason: 'cut short in its header (10 of 13 bytes)',
      wrappers: 1,
    });
    expect(reportOf(SENTENCE + cutWrapper(c2paWrapper(), 1 + 3))).toMatchObject({
      reason: 'cut short in its header (3 of 13 bytes)',
    });
  });

  test('a declared length beyond the text: recognised, not valid', () => {
    const text = SENTENCE + c2paWrapper({ declaredLength: 0x7fff_ffff });
    expect(reportOf(text)).toMatchObject({
      length: 0x7fff_ffff,
      valid: false,
      reason: 'declares 2147483647 manifest bytes, 67 present',
    });
  });

  test('a wrong magic is no C2PA wrapper', () => {
    for (const magic of [
      [0x43, 0x32, 0x50, 0x41, 0x54, 0x58, 0x54, 0x01],
      [0x44, 0x32, 0x50, 0x41, 0x54, 0x58, 0x54, 0x00],
    ]) {
      expect(reportOf(SENTENCE + c2paWrapper({ magic }))).toBeNull();
    }
    // nor is a run after a U+FEFF that is no beginning of the magic, or a byte order mark before ordinary text
    expect(reportOf(`\uFEFF${SENTENCE}\uFEFF${selectorsForBytes(Uint8Array.of(0x43, 0x33))}`)).toBeNull();
  });

  test('an unknown version, a missing U+FEFF, a store that is no JUMBF superbox: recognised, each reason given', () => {
    expect(reportOf(SENTENCE + c2paWrapper({ version: 2 }))).toMatchObject({
      version: 2,
      valid: false,
      reason: 'wrapper version 2 is unknown (C2PA 2.3 defines 1)',
    });
    expect(reportOf(SENTENCE + c2paWrapper({ marker: false }))).toMatchObject({
      offset: SENTENCE.length,
      valid: false,
      reason: 'no U+FEFF before it',
    });
    expect(reportOf(SENTENCE + c2paWrapper({ store: new TextEncoder().encode('not a box at all') }))).toMatchObject({
      length: 16,
      valid: false,
      reason: "the manifest store is not a JUMBF superbox ('jumb')",
    });
    const oversized = STORE_67.slice();
    oversized[3] = 200; // the superbox claims 200 bytes of the 67 declared
    expect(reportOf(SENTENCE + c2paWrapper({ store: oversized }))).toMatchObject({
      valid: false,
      reason: 'its JUMBF superbox claims 200 bytes, not within the 67 declared',
    });
  });

  test('two wrappers: both found, the framing of the text is not valid', () => {
    const text = `${c2paWrapper()}${SENTENCE}${c2paWrapper({ store: jumbfStore('second') })}`;
    expect(findC2paWrappers(text).map((wrapper) => wrapper.label)).toEqual(['c2pa', 'second']);
    expect(reportOf(text)).toMatchObject({
      offset: 0,
      label: 'c2pa',
      valid: false,
      reason: '2 wrappers in the text (C2PA allows one)',
      wrappers: 2,
    });
    const brokenFirst = `${SENTENCE}${cutWrapper(c2paWrapper(), 20)} more text ${c2paWrapper()}`;
    expect(reportOf(brokenFirst)?.reason).toBe(
      '2 wrappers in the text (C2PA allows one); the first: declares 67 manifest bytes, 6 present',
    );
  });

  test('"C2" inside a run of our payload is not the start of a wrapper', () => {
    const bytes = Uint8Array.from([0xf7, ...wrapperBytes()]);
    expect(reportOf(`x${selectorsForBytes(bytes)}`)).toBeNull();
  });

  test('a wrapper written by the C2PA reference implementation (c2pa-text 3.0.0, payload 00..0f)', () => {
    // c2pa_text::embed_manifest("hello from c2pa-text ", &(0u8..16).collect()) — its store is not JUMBF
    const selectors = [
      0xe0133, 0xe0122, 0xe0140, 0xe0131, 0xe0144, 0xe0148, 0xe0144, 0xfe00, 0xfe01, 0xfe00, 0xfe00, 0xfe00, 0xe0100,
    ]
      .concat(Array.from({ length: 16 }, (_, b) => 0xfe00 + b))
      .map((codePoint) => String.fromCodePoint(codePoint))
      .join('');
    const text = `hello from c2pa-text \uFEFF${selectors}`;
    expect(reportOf(text)).toEqual({
      offset: 21,
      version: 1,
      length: 16,
      valid: false,
      reason: "the manifest store is not a JUMBF superbox ('jumb')",
      wrappers: 1,
    });
  });

  test('c2paWrapperAt answers null for a run that is not one, and the label reveal shows', () => {
    expect(c2paWrapperAt(`a${selectorsForBytes(Uint8Array.of(1, 2, 3))}`, 1)).toBeNull();
    const [wrapper] = findC2paWrappers(SENTENCE + c2paWrapper());
    expect(c2paLabel(wrapper)).toBe('C2PA manifest v1, 67 bytes');
    const [cut] = findC2paWrappers(SENTENCE + cutWrapper(c2paWrapper(), 30));
    expect(c2paLabel(cut)).toBe('C2PA manifest v1, 67 bytes: declares 67 manifest bytes, 16 present');
  });
});
