/** Where an encoder writes a marked text: the untouched text a slice at a time, the marks between. */
export interface TextSink {
  /** Appends text[start, end) without making a substring. */
  appendSlice(text: string, start: number, end: number): void;
  append(piece: string): void;
}

/**
 * Appends many small pieces in linear time and memory: UTF-16 code units go into one growing byte array
 * (little-endian, whatever the platform) and become a string once, natively, at the end. A mark after every
 * letter means millions of pieces; a string per piece (even joined in batches) cost several times the copy
 * itself, String.fromCharCode over chunks ten times the native decoding (bench/). Lone surrogates pass through.
 */
export class TextBuilder implements TextSink {
  private bytes: Uint8Array;
  private length = 0;

  constructor(expectedUnits = 1024) {
    this.bytes = new Uint8Array(2 * Math.max(16, expectedUnits));
  }

  append(piece: string): void {
    this.appendSlice(piece, 0, piece.length);
  }

  /** Appends text[start, end) without making a substring. */
  appendSlice(text: string, start: number, end: number): void {
    this.reserve(end - start);
    const bytes = this.bytes;
    let at = 2 * this.length;
    for (let i = start; i < end; i++) {
      const unit = text.charCodeAt(i);
      bytes[at++] = unit & 0xff;
      bytes[at++] = unit >> 8;
    }
    this.length += end - start;
  }

  toString(): string {
    if (typeof Buffer === 'function')
      return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, 2 * this.length).toString('utf16le');
    return unitsToString(new Uint16Array(this.bytes.buffer, this.bytes.byteOffset, this.length));
  }

  private reserve(extra: number): void {
    if (2 * (this.length + extra) <= this.bytes.length) return;
    const grown = new Uint8Array(2 * Math.max(this.bytes.length, this.length + extra));
    grown.set(this.bytes.subarray(0, 2 * this.length));
    this.bytes = grown;
  }
}

/**
 * The browser build (the checker) has no Buffer; TextDecoder would turn lone surrogates into U+FFFD, so the units
 * become a string in chunks small enough for fromCharCode's argument list. Little-endian hosts only, as every
 * browser the checker targets is.
 */
function unitsToString(units: Uint16Array): string {
  const CHUNK = 8192;
  let text = '';
  for (let start = 0; start < units.length; start += CHUNK) {
    text += String.fromCharCode(...units.subarray(start, start + CHUNK));
  }
  return text;
}
