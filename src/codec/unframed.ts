import { ALPHABET_INDEX_OF_BYTE } from './robust/alphabet.js';
import { byteOfSelectorAt, forEachSelectorRun, selectorLengthAt } from './scan.js';

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
  forEachSelectorRun(text, (run) => {
    let start = -1;
    let byteStart = 0;
    let robustOnly = true;
    const close = (end: number): void => {
      if (start < 0) return;
      if (robustOnly) robustMarks = true;
      else {
        const afterMarker = start === run.payloadStart && text.charCodeAt(start - 1) === 0xfeff;
        raw.push({ start, end, byteStart, byteEnd: byteIndex, afterMarker });
      }
      start = -1;
    };
    for (let i = run.payloadStart; i < run.end; i += selectorLengthAt(text, i), byteIndex++) {
      while (frame < ends.length && ends[frame] <= byteIndex) frame++;
      if (frame < starts.length && starts[frame] <= byteIndex) {
        if (starts[frame] === byteIndex) frameOffsets.push(i);
        close(i);
        continue;
      }
      if (start < 0) {
        start = i;
        byteStart = byteIndex;
        robustOnly = true;
      }
      robustOnly &&= ALPHABET_INDEX_OF_BYTE[byteOfSelectorAt(text, i)] >= 0;
    }
    close(run.end);
  });
  return { frameOffsets, raw, robustMarks };
}
