/**
 * Stretches of whole lines of UTF-8 bytes, as [start, end) byte offsets one after the other: a stretch begins at the
 * start of the data or after a line feed, and ends after a line feed or at the end. A line added less than `gap`
 * bytes after the last stretch joins it. What the prefilter (markedLines) and the look-alike search (lookAlikeLines)
 * hand to sparse-text.ts to decode.
 */
export class LineStretches {
  readonly list: number[] = [];
  /** bytes the stretches hold */
  covered = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly gap: number,
  ) {}

  /** Adds the line that holds byte `at`; returns where that line ends (after its line feed). */
  add(at: number): number {
    const { bytes, list } = this;
    const lineStart = at === 0 ? 0 : bytes.lastIndexOf(0x0a, at - 1) + 1;
    const newline = bytes.indexOf(0x0a, at);
    const lineEnd = newline < 0 ? bytes.length : newline + 1;
    const last = list.length - 1;
    if (last > 0 && lineStart - list[last] < this.gap) {
      this.covered += lineEnd - list[last];
      list[last] = lineEnd;
    } else {
      this.covered += lineEnd - lineStart;
      list.push(lineStart, lineEnd);
    }
    return lineEnd;
  }
}
