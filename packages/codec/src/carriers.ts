import { isVariationSelector } from './selectors.js';
import { madeOnce } from './made-once.js';
import {
  isDictionaryLetter,
  isDictionaryScript,
  isEmojiVariationBase,
  isIdeographic,
  isTextSelector,
  registersStandardVariant,
  registersVariations,
} from './unicode/lookup.js';
import { marksChangeRendering, refusesBmpSelectors } from './unicode/render-exclusions.js';

// A visible start: letters, marks, numbers, punctuation, symbols (never separators, controls, format, private use,
// unassigned), and not a default-ignorable such as a Hangul filler or a combining grapheme joiner.
const visibleStart = madeOnce(() => /^[\p{L}\p{M}\p{N}\p{P}\p{S}]/u);
const ignorableStart = madeOnce(() => /^\p{Default_Ignorable_Code_Point}/u);
const ZWNJ = 0x200c;
const ZWJ = 0x200d;

/**
 * What a carrier rule says (docs/FORMAT.md, "Where the selectors go"): NOT_CARRIER, or the lowest byte whose selector
 * may directly follow the cluster (ANY_BYTE; STANDARD_VARIANT_FLOOR after a base whose VS1-VS16 sequences are
 * registered; IDEOGRAPH_FLOOR after an ideograph), plus DICTIONARY_SCRIPT for a cluster of a script broken into
 * words by a dictionary, which carries only where a run of that script's letters ends (endsDictionaryRun; a mark
 * anywhere else moves the line breaks).
 */
export const NOT_CARRIER = -1;
export const ANY_BYTE = 0;
/** VS17 and up: never one of U+FE00-U+FE0F, where standardized variants live */
export const STANDARD_VARIANT_FLOOR = 0x10;
/** VS129 and up (FIRST_PAYLOAD_SELECTOR_AFTER_IDEOGRAPH): above every ideographic variation sequence */
export const IDEOGRAPH_FLOOR = 0x80;
export const DICTIONARY_SCRIPT = 0x100;
/** no VS1-VS16 anywhere in the run (Myanmar): the frame goes in its v2 form, which has no byte below 0x10 */
export const NO_BMP_SELECTORS = 0x200;
/** the floor bits of a rule */
export const FLOOR_MASK = 0xff;

/**
 * Which positions in a text take marks (docs/FORMAT.md §3, "Where the selectors go"):
 * - `inside-words` (format revision 4, the default): inside words, never on the last character of one (PDF text
 *   extractors would lose the space after it); in the scripts broken into words by a dictionary, where a run of
 *   their letters ends other than at a space (before punctuation, a digit, another script, a line break);
 * - `word-ends` (`markWordEnds`, the placement of revision 2): every carrier grapheme, and in the dictionary
 *   scripts before whitespace;
 * - `line-ends` (`lineEndsOnly`): only the last character of a line or of the text, where poppler's
 *   `pdftotext -raw` too keeps every line as it was (docs/SURVIVAL.md);
 * - `outside-words` (`wholeWords`): never on a letter, mark or digit, nor on the punctuation that joins one word
 *   ("don’t"), and never before whitespace: every word stays whole for grep, SQL LIKE and search indexes
 *   (docs/FORMAT.md, "Whole words").
 */
export type MarkPositions = 'inside-words' | 'word-ends' | 'line-ends' | 'outside-words';
export const MARK_POSITIONS: readonly MarkPositions[] = ['inside-words', 'word-ends', 'line-ends', 'outside-words'];

/** The context-free carrier rule of a grapheme cluster (see the constants above). */
export function carrierRule(cluster: string): number {
  if (cluster.length === 1) {
    const unit = cluster.charCodeAt(0);
    if (unit < 0x80) {
      asciiRules ??= Int16Array.from({ length: 0x80 }, (_, code) => ruleOfCluster(String.fromCharCode(code)));
      return asciiRules[unit];
    }
  }
  return ruleOfCluster(cluster);
}

/** carrierRule of each ASCII character, worked out on first use: most graphemes of most carriers are ASCII. */
let asciiRules: Int16Array | undefined;

/**
 * The carrier rule of the cluster that ends at `end` in `text`, its context resolved: the lowest byte that may
 * start a run after it (FLOOR_MASK bits, plus NO_BMP_SELECTORS), or NOT_CARRIER.
 */
export function carrierFloorAt(
  cluster: string,
  text: string,
  end: number,
  positions: MarkPositions = 'inside-words',
): number {
  const rule = carrierRule(cluster);
  if (rule === NOT_CARRIER) return rule;
  return carriesAt((rule & DICTIONARY_SCRIPT) !== 0, text, end - cluster.length, end, positions)
    ? rule & ~DICTIONARY_SCRIPT
    : NOT_CARRIER;
}

/**
 * Whether a carrier cluster text[start, end) takes a mark where it stands, by `positions`; `dictionary`: the cluster
 * belongs to a script broken into words by a dictionary (its rule has DICTIONARY_SCRIPT). The last cluster of the
 * text always may, except a part of a word with `outside-words` (a tokeniser would keep the mark in the word).
 */
export function carriesAt(
  dictionary: boolean,
  text: string,
  start: number,
  end: number,
  positions: MarkPositions,
): boolean {
  if (positions === 'outside-words') return staysOutsideWords(text, start, end);
  if (end >= text.length) return true;
  const next = text.charCodeAt(end);
  if (positions === 'line-ends') return isLineBreak(next);
  if (positions === 'word-ends') return !dictionary || isWhiteSpace(next);
  if (dictionary) return endsDictionaryRun(text, end);
  // an Arabic lam before an alef (their ligature): two marks or more there made poppler split the word in a PDF
  // printed in Scheherazade, where one did not, and robust marks stack on short texts
  if (next >= 0x622 && next <= 0x627 && isAlef(next) && text.charCodeAt(end - 1) === ARABIC_LAM) return false;
  // nor right before a letter of a dictionary script: an opening quote's marks there made poppler add a space
  // inside the Myanmar word after it, or regroup a Lao page's lines (test/render/dictionary-scripts.test.ts)
  return staysInsideWord(text, start, end) && !(next >= 0xe01 && isDictionaryLetter(text.codePointAt(end)!));
}

/**
 * Whether a mark at `end`, after a cluster of a script broken into words by a dictionary, leaves the line breaks and
 * the PDF text as they were (docs/FORMAT.md, "Dictionary scripts"): the next character is no letter of those scripts
 * (Line_Break SA), so the browser's dictionary sees the same runs, and no whitespace other than a line break, which
 * a PDF extractor would lose after the mark. Measured with Chromium's own line breaker: a mark inside a run moved
 * the breaks at 30-70 % of the positions of real text, a mark where a run ends (before a zero-width space between
 * Khmer words too) at none of 52,000 (scripts/dictionary-break-probe.ts).
 */
export function endsDictionaryRun(text: string, end: number): boolean {
  if (end >= text.length) return true;
  const next = text.charCodeAt(end);
  if (isWhiteSpace(next)) return isLineBreak(next);
  return !isDictionaryLetter(text.codePointAt(end)!);
}

/**
 * Whether a mark after the cluster text[start, end) leaves every word whole (docs/FORMAT.md, "Whole words"): the
 * cluster is no letter, mark or digit (a mark after one joins its word for UAX #29 tokenisers, Lucene's and
 * Elasticsearch's standard analyzers, and PostgreSQL's full-text parser: "council" + VS is another token), nor the
 * punctuation that joins two of them into one word ("don’t", "l·l", Tibetan's tsheg between syllables); and what
 * follows is no whitespace but a line break, as anywhere (a PDF extractor loses the space after a mark, "Word ends"),
 * nor a letter of a script broken by a dictionary (as inside words). The last cluster of the text always may.
 */
export function staysOutsideWords(text: string, start: number, end: number): boolean {
  if (isInWordAt(text, start)) return false;
  if (end >= text.length) return true;
  const next = text.charCodeAt(end);
  if (isWhiteSpace(next)) return isLineBreak(next);
  if (next >= 0xe01 && isDictionaryLetter(text.codePointAt(end)!)) return false;
  return !(
    end - start === 1 &&
    isWordJoiner(text.charCodeAt(start)) &&
    start > 0 &&
    isInWordAt(text, end) &&
    isInWordAt(text, codePointStartBefore(text, start))
  );
}

/**
 * Punctuation that UAX #29 keeps inside a word between two letters or digits (its MidLetter, MidNumLet, MidNum and
 * ExtendNumLet that may carry at all), hyphens, and the Tibetan tsheg, which separates the syllables of one word.
 */
const WORD_JOINERS = new Set([
  0x27, 0x3b, 0x5f, 0xb7, 0x387, 0x55f, 0x5f3, 0x5f4, 0x589, 0xf0b, 0xf0c, 0x2010, 0x2011, 0x2018, 0x2019, 0x2024,
  0x2027, 0x203f, 0x2040, 0x2054, 0x30fb, 0xfe13, 0xfe33, 0xfe34, 0xfe4d, 0xfe4e, 0xfe4f, 0xfe50, 0xfe52, 0xfe54,
  0xfe55, 0xff07, 0xff0c, 0xff0e, 0xff1a, 0xff1b, 0xff3f, 0xff65,
]);
const isWordJoiner = (unit: number): boolean => WORD_JOINERS.has(unit);

const codePointStartBefore = (text: string, at: number): number =>
  at >= 2 && isLowSurrogate(text.charCodeAt(at - 1)) ? at - 2 : at - 1;

const letterMarkOrDigit = madeOnce(() => /^[\p{L}\p{M}\p{N}]/u);
/** per BMP code unit: 0 not yet known, 1 no letter, mark or digit, 2 one */
const inWordUnits = new Uint8Array(0x10000);

/** Whether the code point at `at` is a letter, a combining mark or a digit: a part of a word. */
function isInWordAt(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit >= 0xd800 && unit <= 0xdbff) return letterMarkOrDigit().test(text.slice(at, at + 2));
  let known = inWordUnits[unit];
  if (known === 0) known = inWordUnits[unit] = letterMarkOrDigit().test(String.fromCharCode(unit)) ? 2 : 1;
  return known === 2;
}

const ARABIC_LAM = 0x644;
/** alef, alef with madda, hamza above, hamza below: the alefs that join a lam into its ligature */
const isAlef = (unit: number): boolean => unit === 0x627 || unit === 0x622 || unit === 0x623 || unit === 0x625;

/** LF, VT, FF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. */
const isLineBreak = (unit: number): boolean =>
  (unit >= 0x0a && unit <= 0x0d) || unit === 0x85 || unit === 0x2028 || unit === 0x2029;

/**
 * Whether a selector run may follow this grapheme cluster without changing how the text renders (the invisibility
 * rules), and so that decode reads every byte of that run as payload (see scan.ts). `following` is the text right
 * after the cluster ("" at the end of the text); without it, the context-free answer: a cluster of a dictionary
 * script (which carries only where its run ends) does not, any other carrier does (inside a word). `positions`:
 * which positions the placement uses (`true`: `word-ends`, as markWordEnds).
 */
export function isCarrier(
  cluster: string,
  following?: string,
  positions: MarkPositions | boolean = 'inside-words',
): boolean {
  if (following === undefined) {
    const rule = carrierRule(cluster);
    return rule !== NOT_CARRIER && (rule & DICTIONARY_SCRIPT) === 0;
  }
  const resolved = positions === true ? 'word-ends' : positions === false ? 'inside-words' : positions;
  return carrierFloorAt(cluster, cluster + following, cluster.length, resolved) !== NOT_CARRIER;
}

/**
 * Whether a mark after the cluster text[start, end) stays inside its word, away from the positions where PDF text
 * extractors lose the space that follows (docs/FORMAT.md, "Word ends"). Chromium draws a mark as the font's space
 * glyph with no advance at the end of its cluster (or of the ligature the cluster joins), and poppler then stretches
 * that cluster over the next space. So a mark goes only where a letter or digit of the same word follows (not
 * only punctuation or symbols: in right-to-left text those may be drawn on the other side), past the letters that
 * may form a Latin ligature with an f or t (ff, fi, ffl, ft, tt…), or after the text's very last cluster.
 */
export function staysInsideWord(text: string, start: number, end: number): boolean {
  if (end >= text.length) return true;
  let ligatureTails = end - start === 1 && isLigatureHead(text.charCodeAt(start)) ? MAX_LIGATURE_TAILS : 0;
  for (let at = end; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    const kind =
      unit < 0x80 ? ASCII_KINDS[unit] : isWhiteSpace(unit) ? SPACE : isWordCharacterAt(text, at, unit) ? WORD : 0;
    if (kind === SPACE) return false;
    if (kind === LIGATURE_TAIL && ligatureTails > 0) ligatureTails--;
    else if (kind !== 0) return true;
    else ligatureTails = 0;
  }
  return false;
}

// Latin ligatures of common fonts' default features (Noto, DejaVu, Times, Calibri…): f or t and up to two letters.
const isLigatureHead = (unit: number): boolean => unit === 0x66 || unit === 0x74 || unit === 0x17f; // f t ſ
const MAX_LIGATURE_TAILS = 2;
/** What staysInsideWord sees in a code unit: whitespace, a letter or digit, one that may end a ligature, other. */
const SPACE = 1;
const WORD = 2;
const LIGATURE_TAIL = 3;
const ASCII_KINDS = Uint8Array.from({ length: 0x80 }, (_, unit) => {
  const character = String.fromCharCode(unit);
  if (isWhiteSpace(unit)) return SPACE;
  if ('fijltbhk'.includes(character)) return LIGATURE_TAIL;
  return /[A-Za-z0-9]/.test(character) ? WORD : 0;
});
const wordCharacter = madeOnce(() => /^[\p{L}\p{N}]/u);
/** per BMP code unit: 0 not yet known, 1 no letter or digit, 2 a letter or digit */
const wordUnits = new Uint8Array(0x10000);

function isWordCharacterAt(text: string, at: number, unit: number): boolean {
  if (unit >= 0xd800 && unit <= 0xdbff) return wordCharacter().test(text.slice(at, at + 2));
  let known = wordUnits[unit];
  if (known === 0) known = wordUnits[unit] = wordCharacter().test(String.fromCharCode(unit)) ? 2 : 1;
  return known === 2;
}

/** White_Space code units (the property; the same set as the \s of JavaScript regexes, less U+FEFF). */
export function isWhiteSpace(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  if (unit < 0x85) return false;
  return (
    unit === 0x85 ||
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000
  );
}

function ruleOfCluster(cluster: string): number {
  const first = cluster.codePointAt(0);
  if (first === undefined || !visibleStart().test(cluster) || ignorableStart().test(cluster)) return NOT_CARRIER;
  if (marksChangeRendering(cluster)) return NOT_CARRIER;
  const placement =
    (holdsDictionaryScript(cluster) ? DICTIONARY_SCRIPT : 0) | (refusesBmpSelectors(cluster) ? NO_BMP_SELECTORS : 0);
  const firstLength = first > 0xffff ? 2 : 1;
  if (isEmojiVariationBase(first)) {
    // ❤ © ™ 1 only with the presentation the text already gave them: a selector ("❤️", "1️⃣") or a skin tone ("👍🏽").
    const second = cluster.codePointAt(firstLength) ?? 0;
    if (second !== 0xfe0e && second !== 0xfe0f && !isEmojiModifier(second)) return NOT_CARRIER;
  }
  const lastLength = cluster.length >= 2 && isLowSurrogate(cluster.charCodeAt(cluster.length - 1)) ? 2 : 1;
  const last = cluster.codePointAt(cluster.length - lastLength)!;
  if (last === ZWJ || last === ZWNJ) return NOT_CARRIER;
  if (isVariationSelector(last)) {
    if (cluster.length === lastLength) return NOT_CARRIER;
    // The run's first payload selector would follow this selector, not the base; only safe when decode reads
    // this selector as text, i.e. it is the registered one of its base.
    const before = cluster.length - lastLength;
    const baseLength = before >= 2 && isLowSurrogate(cluster.charCodeAt(before - 1)) ? 2 : 1;
    const base = cluster.codePointAt(before - baseLength)!;
    return !isVariationSelector(base) && isTextSelector(base, last) ? placement : NOT_CARRIER;
  }
  // A variation sequence is a base and the selector right after it: only the cluster's last code point can form one.
  const floor = floorAfter(last);
  return floor === NOT_CARRIER ? NOT_CARRIER : placement | floor;
}

/** The lowest byte whose selector, right after this code point, forms no registered variation sequence. */
function floorAfter(codePoint: number): number {
  if (isIdeographic(codePoint)) return IDEOGRAPH_FLOOR;
  if (!registersVariations(codePoint)) return ANY_BYTE;
  // emoji bases (FE0E/FE0F switch their presentation) and Mongolian (free variation selectors) stay out
  return registersStandardVariant(codePoint) && !isEmojiVariationBase(codePoint) ? STANDARD_VARIANT_FLOOR : NOT_CARRIER;
}

function holdsDictionaryScript(cluster: string): boolean {
  for (let i = 0; i < cluster.length; i++) {
    const codePoint = cluster.codePointAt(i)!;
    if (codePoint > 0xffff) i++;
    if (isDictionaryScript(codePoint)) return true;
  }
  return false;
}

const isEmojiModifier = (codePoint: number): boolean => codePoint >= 0x1f3fb && codePoint <= 0x1f3ff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;
