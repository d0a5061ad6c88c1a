/** Slices at least this long are written by JSON.stringify and Buffer#write (native); shorter, unit by unit. */
const NATIVE_FROM_UNITS = 256;
/** JSON.stringify's slices at most: its result stays below V8's large objects (128 KiB) whatever it escapes. */
const NATIVE_PIECE_UNITS = 8192;
/** UTF-8 bytes a UTF-16 unit can take in JSON at most (`\u001f`). */
const MAX_BYTES_PER_UNIT = 6;

/**
 * The UTF-8 bytes of a JSON string (JSON.stringify's, quotes included) written from slices of texts, so that a long
 * marked text is never made as one string: a string of more than 128 KiB is one of V8's large objects, made in fresh
 * pages, which virtual machines make dear (docs/PERFORMANCE.md, "Work off the event loop", has the figure), and two
 * threads making them do not run twice as fast as one. The bytes live in one growing buffer of their own, to be
 * moved to the main thread.
 */
export class JsonStringBytes {
  private bytes: Buffer;
  private at = 1;

  /**
   * Made for a text and the units of marks it will get: room for the text's UTF-8 and an eighth more (JSON's
   * escapes: a line feed takes two bytes), and the marks' at three bytes a unit; it grows if that was short. A
   * buffer three times the text's units would always do, but every byte of it moved to the main thread counts
   * there as memory outside V8's heap, whose growth sets off collections.
   */
  constructor(text: string, markUnits: number) {
    const textBytes = Buffer.byteLength(text);
    this.bytes = Buffer.allocUnsafeSlow(textBytes + (textBytes >> 3) + 3 * markUnits + 64);
    this.bytes[0] = 0x22;
  }

  append(piece: string): void {
    this.appendSlice(piece, 0, piece.length);
  }

  /** Appends text[start, end) as JSON.stringify writes it (a surrogate pair cut by a slice's end is two lone ones). */
  appendSlice(text: string, start: number, end: number): void {
    if (end - start >= NATIVE_FROM_UNITS) this.appendNative(text, start, end);
    else this.appendUnits(text, start, end);
  }

  /** The JSON's bytes, in a buffer that holds them alone from its start (transferable). */
  finish(): Uint8Array {
    this.reserve(1);
    this.bytes[this.at++] = 0x22;
    return new Uint8Array(this.bytes.buffer, 0, this.at);
  }

  private appendNative(text: string, start: number, end: number): void {
    for (let from = start; from < end;) {
      let to = Math.min(from + NATIVE_PIECE_UNITS, end);
      if (to < end && isHighSurrogate(text.charCodeAt(to - 1)) && isLowSurrogate(text.charCodeAt(to))) to--;
      const json = JSON.stringify(text.slice(from, to)).slice(1, -1);
      this.reserve(Buffer.byteLength(json));
      this.at += this.bytes.write(json, this.at);
      from = to;
    }
  }

  private appendUnits(text: string, start: number, end: number): void {
    this.reserve(MAX_BYTES_PER_UNIT * (end - start));
    const bytes = this.bytes;
    let at = this.at;
    for (let i = start; i < end; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0x20 && unit < 0x80 && unit !== 0x22 && unit !== 0x5c) {
        bytes[at++] = unit;
      } else if (unit >= 0x80 && unit < 0x800) {
        bytes[at++] = 0xc0 | (unit >> 6);
        bytes[at++] = 0x80 | (unit & 0x3f);
      } else if (unit >= 0x800 && (unit < 0xd800 || unit > 0xdfff)) {
        bytes[at++] = 0xe0 | (unit >> 12);
        bytes[at++] = 0x80 | ((unit >> 6) & 0x3f);
        bytes[at++] = 0x80 | (unit & 0x3f);
      } else if (isHighSurrogate(unit) && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) {
        const point = 0x10000 + ((unit - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
        bytes[at++] = 0xf0 | (point >> 18);
        bytes[at++] = 0x80 | ((point >> 12) & 0x3f);
        bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
        bytes[at++] = 0x80 | (point & 0x3f);
      } else {
        // a quote, a backslash, a control character or a lone surrogate: JSON.stringify's escape, all ASCII
        at += bytes.write(JSON.stringify(String.fromCharCode(unit)).slice(1, -1), at, 'latin1');
      }
    }
    this.at = at;
  }

  private reserve(extra: number): void {
    if (this.at + extra <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.bytes.length, this.at + extra));
    this.bytes.copy(grown, 0, 0, this.at);
    this.bytes = grown;
  }
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;
