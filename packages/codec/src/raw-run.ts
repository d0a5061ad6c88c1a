/** A run of selectors outside every verified watermark: reported with its bytes, never read as a secret unasked. */
export interface RawRun {
  /** Unicode code points before its first selector */
  offset: number;
  /** bytes it carries */
  length: number;
  /** its first bytes (at most 64), as hex pairs separated by spaces ("68 69") */
  bytes: string;
}
