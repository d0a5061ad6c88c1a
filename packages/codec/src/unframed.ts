import { ALPHABET_INDEX_OF_BYTE } from './robust/alphabet.js';
import { forEachSelectorRun } from './scan.js';

/** Payload selectors outside every frame, one stretch of a selector run: where it is and which payload bytes. */
export interface UnframedStretch {
  /** UTF-16 offsets of its first selector and just after its last */
  start: number;
  end: number;
  /** its bytes are payload[byteStart, byteEnd) */
  byteStart: number;
  byteEnd: number;
  /** it begins its run right after a U+FEFF: what is left of a damaged C2PA wrapper, never another tool's secret */
  afterMarker: boolean;
}

export interface Unframed {
  /** UTF-16 offset of each frame's first selector, in the order of the frames */
  frameOffsets: number[];
  /** stretches that are not robust marks alone: other tools' data, or pieces of damaged frames */
  raw: UnframedStretch[];
  /** whether some stretch holds only robust marks (bytes that no UTF-8 text and no frame begins with) */
  robustMarks: boolean;
}

/**
 * The payload selectors of `text` outside the frames found in its payload bytes (frame k spans the bytes
 * [starts[k], ends[k])), by stretch, and where each frame begins in the text. One walk over the selector runs, the
 * runs payloadBytes read; asked only when the frames do not cover every payload byte.
 */
export function findUnframed(text: string, starts: readonly number[], ends: readonly number[]): Unframed {
  const frameOffsets: number[] = [];
  const raw: UnframedStretch[] = [];
  let robustMarks = false;
  let frame = 0;
  let byteIndex = 0;
  // the stretch being read: its first selector (-1: none), first byte, and whether every byte is a robust mark's
  let start = -1;
  let byteStart = 0;
  let robustOnly = true;
  let runStart = 0;
  const close = (end: number): void => {
    if (robustOnly) robustMarks = true;
    else {
      const afterMarker = start === runStart && text.charCodeAt(start - 1) === 0xfeff;
      raw.push({ start, end, byteStart, byteEnd: byteIndex, afterMarker });
    }
    start = -1;
  };
  forEachSelectorRun(text, (run) => {
    runStart = run.payloadStart;
    for (let i = run.payloadStart; i < run.end; byteIndex++) {
      const unit = text.charCodeAt(i);
      const byte = unit === 0xdb40 ? text.charCodeAt(i + 1) - 0xdd00 + 16 : unit - 0xfe00;
      while (frame < ends.length && ends[frame] <= byteIndex) frame++;
      if (frame < starts.length && starts[frame] <= byteIndex) {
        if (starts[frame] === byteIndex) frameOffsets.push(i);
        if (start >= 0) close(i);
      } else {
        if (start < 0) {
          start = i;
          byteStart = byteIndex;
          robustOnly = true;
        }
        robustOnly &&= ALPHABET_INDEX_OF_BYTE[byte] >= 0;
      }
      i += unit === 0xdb40 ? 2 : 1;
    }
    if (start >= 0) close(run.end);
  });
  return { frameOffsets, raw, robustMarks };
}
