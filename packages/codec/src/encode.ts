import { c2paWarnings } from './c2pa-order.js';
import { buildFrame, stuffFrame } from './frame.js';
import { placeAuto } from './methods/auto.js';
import { afterLines } from './methods/carrier-graphemes.js';
import { placeInFirstWord } from './methods/char.js';
import { placeChunks } from './methods/chunked.js';
import { placeInPattern } from './methods/pattern.js';
import { needsStuffedFrame, runsOf, type Placement, type Run } from './methods/placement.js';
import {
  checkEncodeOptions,
  checkSecret,
  checkText,
  encodeSignatureOf,
  frameSigningFor,
  type CheckedEncodeOptions,
} from './options.js';
import { countCodePoints } from './scan.js';
import { selectorsForBytes } from './selectors.js';
import type { EncodeOptions, EncodeResult } from './types.js';

/** A run of variation selectors that encode inserts into the text. */
export interface MarkInsertion {
  /** UTF-16 offset in the text: the end of a carrier grapheme, so never inside a surrogate pair */
  index: number;
  marks: string;
}

/** encode() with output `full`, as insertions: the encoded text is the text with each run inserted at its index. */
export interface EncodeInsertions extends Omit<EncodeResult, 'encoded'> {
  /** in text order */
  insertions: MarkInsertion[];
}

/**
 * Hides `secret` in `text` as variation selectors after carrier graphemes (docs/FORMAT.md). A text that carries a
 * C2PA manifest is refused (marks would break its hard binding: sign last); a damaged wrapper stays as it is (it
 * holds no carrier), and `warnings` says so.
 */
export function encode(text: string, secret: string, options?: EncodeOptions): EncodeResult {
  checkText(text);
  const secretBytes = checkSecret(secret);
  const checked = checkEncodeOptions(options);
  const warnings = c2paWarnings(text);
  return { ...embedFrame(text, frameFor(text, secretBytes, checked), checked, secretBytes.length), ...warnings };
}

/**
 * encode() with output `full`, without building the encoded text: for callers that pass the untouched text
 * between the insertions on as it is (the CLI writes the input's own bytes instead of a copy of a large carrier).
 */
export function encodeInsertions(
  text: string,
  secret: string,
  options: Omit<EncodeOptions, 'output'> = {},
): EncodeInsertions {
  checkText(text);
  const secretBytes = checkSecret(secret);
  const checked = checkEncodeOptions({ ...options, output: 'full' });
  const warnings = c2paWarnings(text);
  return { ...insertFrame(text, frameFor(text, secretBytes, checked), checked, secretBytes.length), ...warnings };
}

const frameFor = (text: string, secret: Uint8Array, options: CheckedEncodeOptions): Uint8Array =>
  buildFrame(secret, options.key, undefined, frameSigningFor(text, options));

/** Embeds an already built frame (test vectors build theirs with a fixed nonce). */
export function embedFrame(
  text: string,
  frame: Uint8Array,
  options: CheckedEncodeOptions,
  secretLength: number,
): EncodeResult {
  if (options.output === 'full') {
    const { insertions, ...result } = insertFrame(text, frame, options, secretLength);
    return { encoded: insertMarks(text, insertions), ...result };
  }
  const { placement, frame: placed } = placeFrame(text, frame, options);
  frame = placed;
  const encoded = runsOf(placement, frame)
    .map((run) => run.carrier.segment + selectorsForBytes(frame, run.start, run.end))
    .join('');
  return {
    encoded,
    keyed: options.key !== undefined,
    ...encodeSignatureOf(options),
    stats: statsOf(placement, countCodePoints(text), secretLength, countCodePoints(encoded)),
  };
}

function insertFrame(
  text: string,
  v1Frame: Uint8Array,
  options: CheckedEncodeOptions,
  secretLength: number,
): EncodeInsertions {
  const { placement, frame } = placeFrame(text, v1Frame, options);
  const originalLength = countCodePoints(text);
  return {
    insertions: insertionsOf(placement, frame),
    keyed: options.key !== undefined,
    ...encodeSignatureOf(options),
    // one selector (one code point) per frame byte
    stats: statsOf(placement, originalLength, secretLength, originalLength + frame.length),
  };
}

/** Each run of the frame as the selectors to insert after its carrier. */
function insertionsOf(placement: Placement, frame: Uint8Array): MarkInsertion[] {
  return runsOf(placement, frame).map(({ carrier, start, end }: Run) => ({
    index: carrier.index + carrier.segment.length,
    marks: selectorsForBytes(frame, start, end),
  }));
}

function insertMarks(text: string, insertions: readonly MarkInsertion[]): string {
  const parts: string[] = [];
  let copied = 0;
  for (const { index, marks } of insertions) {
    parts.push(text.slice(copied, index), marks);
    copied = index;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

function statsOf(
  placement: Placement,
  originalLength: number,
  secretLength: number,
  encodedLength: number,
): EncodeResult['stats'] {
  return {
    originalLength,
    secretLength,
    encodedLength,
    ...(placement.chunkSize !== undefined ? { chunkSize: placement.chunkSize } : {}),
    method: placement.method,
  };
}

/** Where the frame goes, and the frame itself: its v2 form when a carrier takes no VS1-VS16 (frame.ts). */
function placeFrame(
  text: string,
  frame: Uint8Array,
  options: CheckedEncodeOptions,
): { placement: Placement; frame: Uint8Array } {
  const placement = place(text, frame.length, options);
  if (!needsStuffedFrame(placement)) return { placement, frame };
  const stuffed = stuffFrame(frame);
  return { placement: place(text, stuffed.length, options), frame: stuffed };
}

function place(text: string, frameLength: number, options: CheckedEncodeOptions): Placement {
  const { positions } = options;
  const from = afterLines(text, options.skipLines);
  switch (options.method) {
    case 'auto':
      return placeAuto(text, frameLength, positions, from);
    case 'single':
      return placeChunks(text, frameLength, 1, 'single', positions, from);
    case 'chunked':
      return placeChunks(text, frameLength, options.chunkSize, 'chunked', positions, from);
    case 'char':
      return placeInFirstWord(text, frameLength, options.firstLetterOnly, positions, from);
    case 'pattern':
      return placeInPattern(text, frameLength, options.pattern, positions, from);
  }
}
