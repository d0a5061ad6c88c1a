import { extname } from 'node:path';
import { printableSelectorText, type ForeignKind, type StretchNamer } from 'wm-watermark-codec/findings';
import { countCodePoints } from 'wm-watermark-codec/scan';
import { byteForSelector } from 'wm-watermark-codec/selectors';
import { isTextSelector } from 'wm-watermark-codec/unicode/lookup';
import type { SchemeId } from './rules.js';

/**
 * Which scheme made a stretch of foreign hidden characters (rules.ts), told from the stretch and the text around it:
 * the codec's findMarks asks (FindOptions.nameStretch) and reports each scheme's stretches as a finding of its own.
 * Runs of variation selectors are Encypher's metadata, GlassWorm's code (with its decoder near) or other smuggled
 * bytes; zero-width runs in StegCloak's alphabet are StegCloak's; in source code, direction controls left open on
 * their line are Trojan Source and invisible characters in an identifier CVE-2021-42694.
 */
export function schemeNamer(text: string, source: boolean): SchemeNamer {
  const cloak = { start: -1, end: -1 };
  const lines = new Map<number, boolean>();
  const decoders = new Map<number, number>();
  let arithmetic: number[] | undefined;
  let spelled: string | null | undefined;
  const spread = { start: -1, text: '' };
  const name = (kind: ForeignKind, start: number, end: number): SchemeId | undefined => {
    if (kind === 'raw' && countCodePoints(text, start, end) < MIN_SELECTOR_RUN) {
      if (spelled === undefined) spelled = encypherSpread(text);
      if (spelled === null) return undefined;
      if (spread.start < 0) Object.assign(spread, { start, text: spelled });
      return 'encypher';
    }
    if (kind === 'raw') return selectorScheme(text, start, end, decoders, () => (arithmetic ??= arithmeticIn(text)));
    if (kind === 'zero-width') {
      if (start < cloak.start || start >= cloak.end) Object.assign(cloak, cloakRunAround(text, start));
      if (cloak.end - cloak.start >= MIN_CLOAK_RUN) return 'stegcloak';
      return source && inIdentifier(text, start, end) ? 'invisible-identifier' : undefined;
    }
    if (kind === 'bidi' && source) {
      const line = lineStart(text, start);
      let open = lines.get(line);
      if (open === undefined) lines.set(line, (open = leftOpen(text, line)));
      return open ? 'trojan-source' : undefined;
    }
    return undefined;
  };
  return { name, decoders, spread };
}

export interface SchemeNamer {
  /** for findMarks (FindOptions.nameStretch) */
  name: StretchNamer;
  /** glassworm runs: where each (its start) is decoded and run: the offset of the call (`eval(`, `Function(`…) */
  decoders: Map<number, number>;
  /**
   * Encypher's metadata spread one selector per character (encypherSpread): where its first selector is (-1: none
   * named) and the JSON all of them spell, the text shown for that place
   */
  spread: { start: number; text: string };
}

/** Files of programming languages (by their extension): where Trojan Source and invisible identifiers are named. */
export const isSourcePath = (path: string): boolean => SOURCE_EXTENSIONS.has(extname(path).slice(1).toLowerCase());

const SOURCE_EXTENSIONS = new Set(
  (
    'js mjs cjs jsx ts mts cts tsx vue svelte py pyi rb go rs java kt kts scala groovy c h cc cpp cxx hh hpp hxx ' +
    'm mm cs fs vb swift php pl pm lua r jl dart ex exs erl hs ml clj sh bash zsh ps1 sql sol zig nim'
  ).split(' '),
);

/** Selector runs shorter than this are not named (too short to carry a scheme's data). */
const MIN_SELECTOR_RUN = 4;

function selectorScheme(
  text: string,
  start: number,
  end: number,
  decoders: Map<number, number>,
  arithmetic: () => readonly number[],
): SchemeId | undefined {
  const spelled = printableSelectorText(text, start, end);
  if (spelled === null) return 'selector-smuggling';
  if (isEncypherJson(spelled)) return 'encypher';
  const decoder = decoderCallNear(text, start, end) ?? nearestOf(arithmetic(), start, end);
  if (decoder === undefined) return 'selector-smuggling';
  decoders.set(start, decoder);
  return 'glassworm';
}

/**
 * EncypherAI's outer payload: a JSON object with the signer and either the signed payload and its signature (formats
 * basic, manifest, cbor_manifest) or a COSE_Sign1 (c2pa_v2_2): encypher/core/unicode_metadata.py, embed_metadata.
 */
const isEncypherJson = (spelled: string): boolean =>
  /^\s*\{/.test(spelled) &&
  /"signer_id"\s*:/.test(spelled) &&
  (/"cose_sign1"\s*:/.test(spelled) || (/"signature"\s*:/.test(spelled) && /"payload"\s*:/.test(spelled)));

/** Fewer lone selectors than this are never read as a spread payload (Encypher's smallest JSON is longer). */
const MIN_SPREAD = 32;
const SELECTOR = /[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/g;

/**
 * Encypher's metadata spread over the text (embed_metadata with distribute_across_targets: one selector after each
 * whitespace, punctuation mark, first or last letter of a word, or every character): the bytes of the selectors that
 * stand in runs too short to be named alone, in text order, when they spell Encypher's JSON; else null. Selectors
 * that belong to the text (an emoji's presentation selector, a registered variation sequence) are left out, as the
 * codec leaves them (isTextSelector).
 */
function encypherSpread(text: string): string | null {
  const bytes: number[] = [];
  let runEnd = -1;
  let run: number[] = [];
  const close = (): void => {
    if (run.length < MIN_SELECTOR_RUN) bytes.push(...run);
    run = [];
  };
  for (const match of text.matchAll(SELECTOR)) {
    const at = match.index;
    const codePoint = match[0].codePointAt(0)!;
    const startsRun = at !== runEnd;
    runEnd = at + match[0].length;
    if (startsRun) {
      close();
      // the first selector after a base that registers it is the text's (a selector after a selector never is)
      if (at > 0 && isTextSelector(codePointBefore(text, at), codePoint)) continue;
    }
    run.push(byteForSelector(codePoint));
  }
  close();
  if (bytes.length < MIN_SPREAD) return null;
  const spelled = new TextDecoder().decode(new Uint8Array(bytes));
  return isEncypherJson(spelled) ? spelled : null;
}

/** How far from a run its decoder is looked for (UTF-16 units each side). */
const DECODER_REACH = 4096;
/** Turning selectors back into bytes: their first code points, in hex or decimal, or a selector range in a pattern. */
const SELECTOR_ARITHMETIC = /0x0*(?:fe00|e0100|fe0f|e01ef)\b|\b(?:65024|917760|65039|917999)\b|\\u\{?(?:fe00|e0100)/gi;
/** Running what was decoded. */
const RUN_CALL =
  /\beval\s*\(|\bnew\s+Function\s*\(|\bFunction\s*\(|\b(?:runInThisContext|runInNewContext|execSync)\s*\(/g;

/** The code point that ends right before UTF-16 offset `at` (a lone surrogate as itself). */
export function codePointBefore(text: string, at: number): number {
  const low = text.charCodeAt(at - 1);
  const high = text.charCodeAt(at - 2);
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? text.codePointAt(at - 2)! : low;
}

/**
 * Where the code a selector run spells is decoded and run: the nearest call that runs code (`eval(`, `Function(`…)
 * within DECODER_REACH of the run, else the nearest selector arithmetic (0xFE00, 0xE0100…) that turns selectors back
 * into bytes; undefined when neither is there (then the selector arithmetic anywhere in the text: a decoder far from
 * its payload). A source file is decoded whole (scan-file.ts), so the text is all of it.
 */
function decoderCallNear(text: string, start: number, end: number): number | undefined {
  const from = Math.max(0, start - DECODER_REACH);
  const around = text.slice(from, Math.min(text.length, end + DECODER_REACH));
  return (
    nearest(around.matchAll(RUN_CALL), from, start, end) ??
    nearest(around.matchAll(SELECTOR_ARITHMETIC), from, start, end)
  );
}

const nearest = (matches: Iterable<RegExpMatchArray>, from: number, start: number, end: number) =>
  nearestOf(
    Array.from(matches, (match) => from + match.index!),
    start,
    end,
  );

function nearestOf(offsets: readonly number[], start: number, end: number): number | undefined {
  const distance = (at: number): number => (at < start ? start - at : at - end);
  let found: number | undefined;
  for (const at of offsets) if (found === undefined || distance(at) < distance(found)) found = at;
  return found;
}

/** Where the text turns selectors back into bytes (SELECTOR_ARITHMETIC), once per text. */
const arithmeticIn = (text: string): number[] => Array.from(text.matchAll(SELECTOR_ARITHMETIC), (match) => match.index);

/** StegCloak's six characters (two bits each): ZWNJ, ZWJ and the invisible operators U+2061–2064. */
const CLOAK = new Set([0x200c, 0x200d, 0x2061, 0x2062, 0x2063, 0x2064]);
const MIN_CLOAK_RUN = 4;

function cloakRunAround(text: string, at: number): { start: number; end: number } {
  if (!CLOAK.has(text.charCodeAt(at))) return { start: at, end: at + 1 };
  let start = at;
  while (start > 0 && CLOAK.has(text.charCodeAt(start - 1))) start--;
  let end = at + 1;
  while (end < text.length && CLOAK.has(text.charCodeAt(end))) end++;
  return { start, end };
}

const IDENTIFIER = /[\p{ID_Continue}$]/u;

/**
 * Whether the invisible character at [start, end) is part of an identifier: one itself (a Hangul filler is a letter
 * to a compiler), or beside a letter, digit or underscore, outside the string literals and line comments of its line
 * (as far as quotes and comment marks tell: no parser).
 */
function inIdentifier(text: string, start: number, end: number): boolean {
  const own = String.fromCodePoint(text.codePointAt(start)!);
  const before = start > 0 ? String.fromCodePoint(text.codePointAt(start - 1)!) : '';
  const after = end < text.length ? String.fromCodePoint(text.codePointAt(end)!) : '';
  if (!/\p{ID_Start}/u.test(own) && !IDENTIFIER.test(before) && !IDENTIFIER.test(after)) return false;
  return inCodeAt(text, start);
}

/** Whether `at` is outside the string literals and line comments of its line (as quotes and comment marks tell). */
export const inCodeAt = (text: string, at: number): boolean => inCode(text, lineStart(text, at), at);

/** Whether `at` is outside string literals and line comments (`//`, `#` but not JavaScript's `#name`), from `line`. */
function inCode(text: string, line: number, at: number): boolean {
  let quote = '';
  for (let i = line; i < at; i++) {
    const unit = text[i];
    if (quote) {
      if (unit === '\\') i++;
      else if (unit === quote) quote = '';
    } else if (unit === '"' || unit === "'" || unit === '`') quote = unit;
    else if ((unit === '/' && text[i + 1] === '/') || (unit === '#' && !IDENTIFIER.test(text[i + 1] ?? '')))
      return false;
  }
  return quote === '';
}

function lineStart(text: string, at: number): number {
  const feed = text.lastIndexOf('\n', at - 1);
  return feed + 1;
}

/**
 * Whether a line leaves a direction control open or closes one never opened, as the Unicode bidirectional
 * algorithm pairs them (UAX #9, X1–X8): a PDF closes the last embedding or override unless an isolate was opened
 * after it, a PDI closes the last isolate and whatever was opened inside it; the end of the line closes all.
 */
function leftOpen(text: string, line: number): boolean {
  const stack: ('embedding' | 'isolate')[] = [];
  for (let i = line; i < text.length && text[i] !== '\n'; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x202a && unit <= 0x202e && unit !== 0x202c) stack.push('embedding');
    else if (unit >= 0x2066 && unit <= 0x2068) stack.push('isolate');
    else if (unit === 0x202c) {
      if (stack.at(-1) !== 'embedding') return true;
      stack.pop();
    } else if (unit === 0x2069) {
      const isolate = stack.lastIndexOf('isolate');
      if (isolate < 0) return true;
      stack.length = isolate;
    }
  }
  return stack.length > 0;
}
