import { randomBytes } from 'node:crypto';
import { encode } from 'wm-watermark-codec/encode';
import { CodecError } from 'wm-watermark-codec/errors';
import { encodeRobust } from 'wm-watermark-codec/robust';
import type { CopyMarks } from './types.js';

/**
 * How one copy is marked (docs/TRACING.md, "Marks"): a keyed VS frame on every few sentences, so that a quote of a
 * few sentences still carries one whole, then a keyed robust mark over the whole text (the codec's most
 * damage-tolerant placement: every position, evenly spread), which survives crops, deletions and edits that break
 * frames. Both carry the copy id, never the recipient. The frames go first: the robust marks then sit between
 * them, where the frames stay whole (the other order leaves the frames no carrier).
 */

/** Visible UTF-16 units at least between two frames: about three sentences of prose. */
export const FRAME_SPACING = 250;

/**
 * A new copy id: 9 random bytes as 12 base64url characters (72 bits). Short, because every byte of it costs 8
 * characters of carrier in the robust mark; opaque, because it is what a leak reveals.
 */
export const newCopyId = (): string => randomBytes(9).toString('base64url');

// a sentence end (. ! ? …) and the spaces after it, a full stop of the scripts written without spaces (。！？), or a
// line break and the spaces after it; each after closing quotes or brackets (” ’ » 」 』). Only where a boundary
// ends counts, so a line break's match starts at the break: `\s*\n\s*` would scan every run of spaces to its end
// from each of its positions, quadratic in the run's length (a megabyte of spaces held a worker for hours).
// Escaped: the CLI's bundles stay ASCII (scripts/build-cli.mjs), which V8 reads and compiles faster
const BOUNDARY = /[.!?\u2026]["'\u201d\u2019\u00bb)\]]*\s+|[\u3002\uff01\uff1f]["'\u201d\u2019\u300d\u300f)]*|\n\s*/gu;

/**
 * The text cut after sentence ends and line breaks into segments of at least FRAME_SPACING units (the last may be
 * shorter). A cut is never inside a grapheme: it falls after a space, a full stop or a line break.
 */
export function segmentsOf(text: string): string[] {
  const segments: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (end - start >= FRAME_SPACING && end < text.length) {
      segments.push(text.slice(start, end));
      start = end;
    }
  }
  segments.push(text.slice(start));
  return segments;
}

/** Codec refusals that mean "no room for this mark here": the copy goes on with the other mark. */
const NO_ROOM = new Set(['CARRIER_TOO_SHORT', 'INVALID_INPUT']);

function unlessNoRoom<T>(write: () => T): T | undefined {
  try {
    return write();
  } catch (error) {
    if (error instanceof CodecError && NO_ROOM.has(error.code)) return undefined;
    throw error;
  }
}

/**
 * The copy of `text` for the copy id, keyed with `key`: frames, then the robust mark. A text with room for neither
 * is refused (CARRIER_TOO_SHORT), so no copy is ever issued that its marks cannot name.
 */
export function markCopy(text: string, copyId: string, key: Uint8Array): { text: string; marks: CopyMarks } {
  let frames = 0;
  const framed = segmentsOf(text)
    .map((segment) => {
      const encoded = unlessNoRoom(() => encode(segment, copyId, { key }).encoded);
      if (encoded === undefined) return segment;
      frames++;
      return encoded;
    })
    .join('');
  const robust = unlessNoRoom(() => encodeRobust(framed, copyId, { key }));
  if (frames === 0 && !robust) {
    throw new CodecError(
      'CARRIER_TOO_SHORT',
      'Text too short to issue copies: it has room for neither a VS frame nor a robust mark of a copy id',
    );
  }
  return {
    text: robust?.watermarked ?? framed,
    marks: { vs_frames: frames, robust_marks: robust?.stats.hiddenLength ?? 0 },
  };
}
