const CHUNK_UNITS = 8192;

/**
 * Appends many small pieces in linear time and memory: UTF-16 code units go into one growing typed array and
 * become a string once, in chunks, at the end. A mark after every letter means millions of pieces; a string per
 * piece (even joined in batches) cost several times the copy itself (bench/). Lone surrogates pass through as is.
 */
export class TextBuilder {
  private units: Uint16Array;
  private length = 0;

  constructor(expectedUnits = 1024) {
    this.units = new Uint16Array(Math.max(16, expectedUnits));
  }

  append(piece: string): void {
    this.appendSlice(piece, 0, piece.length);
  }

  /** Appends text[start, end) without making a substring. */
  appendSlice(text: string, start: number, end: number): void {
    this.reserve(end - start);
    const units = this.units;
    let length = this.length;
    for (let i = start; i < end; i++) units[length++] = text.charCodeAt(i);
    this.length = length;
  }

  toString(): string {
    const parts: string[] = [];
    for (let start = 0; start < this.length; start += CHUNK_UNITS) {
      parts.push(String.fromCharCode.apply(null, this.units.subarray(start, Math.min(this.length, start + CHUNK_UNITS)) as unknown as number[]));
    }
    return parts.join('');
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.units.length) return;
    const grown = new Uint16Array(Math.max(this.units.length * 2, this.length + extra));
    grown.set(this.units.subarray(0, this.length));
    this.units = grown;
  }
}
