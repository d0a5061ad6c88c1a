import { ALPHABET_INDEX_OF_BYTE } from './alphabet.js';
import { c2paWrapperAt } from '../c2pa.js';
import { doubled } from '../growable.js';
import { codePointBefore, type WrapperVisitor } from '../scan.js';
import { isTextSelector } from '../unicode/lookup.js';

export interface ReadMarks {
  /** the alphabet index (0..91) of each mark */
  indexes: Uint8Array;
  /** the UTF-16 offset of each mark (a mark is two units) */
  offsets: Int32Array;
}

/**
 * The alphabet index (0..91) of every robust mark in the text, in order, and where it is. Robust marks are all
 * VS17–VS256, so the scan jumps from one high surrogate U+DB40 to the next (indexOf is the fastest scan V8 has).
 * A selector that belongs to the text (an ideographic variation sequence) is not a mark: the shared rule
 * `isTextSelector` decides. Nor are the selectors of a C2PA text manifest (every one begins with the VS17+ of "C"):
 * the scan asks the shared recogniser at each run that may start one, jumps over it and hands it to `visitWrapper`.
 */
export function readMarks(text: string, visitWrapper?: WrapperVisitor): ReadMarks {
  let marks = new Uint8Array(256);
  let offsets = new Int32Array(256);
  let count = 0;
  let afterSelector = -1; // UTF-16 offset just after the last selector seen: a selector there continues a run
  for (let i = text.indexOf('\uDB40'); i >= 0; i = text.indexOf('\uDB40', i + 1)) {
    const low = text.charCodeAt(i + 1);
    if (low < 0xdd00 || low > 0xddef) continue;
    const before = text.charCodeAt(i - 1); // NaN at 0
    const runContinues = i === afterSelector || isBmpSelector(before);
    // mayStartC2paWrapper (scan.ts) for a VS17+ at i, spelled out: a call into another module per mark costs
    if (!runContinues && (low === 0xdd33 || before === 0xfeff)) {
      const wrapper = c2paWrapperAt(text, i);
      if (wrapper) {
        visitWrapper?.(wrapper);
        i = wrapper.end - 1;
        continue;
      }
    }
    afterSelector = i + 2;
    const index = ALPHABET_INDEX_OF_BYTE[low - 0xdd00 + 16];
    if (index < 0) continue;
    if (!runContinues && isTextSelector(codePointBefore(text, i), 0xe0000 + low - 0xdc00)) continue;
    if (count === marks.length) {
      marks = doubled(marks);
      offsets = doubled(offsets);
    }
    offsets[count] = i;
    marks[count++] = index;
  }
  return { indexes: marks.subarray(0, count), offsets: offsets.subarray(0, count) };
}

const isBmpSelector = (unit: number): boolean => unit >= 0xfe00 && unit <= 0xfe0f;
