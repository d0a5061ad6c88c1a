import {
  BASE_LIMIT,
  PASS_OVER_NOTHING,
  patternTables,
  TABLES,
  type BytePattern,
  type PassOver,
  type PatternSearch,
  type ThreeBytes,
} from './byte-search.js';

const { PAIRS, THIRDS, BASE_TABLES, BASE_TABLE_BYTES, HIT, JOINS } = TABLES;

/**
 * The search of byte-search.ts in plain JavaScript, a byte at a time, from the same tables (patternTables): what runs
 * where WebAssembly does not (Node started with --jitless), and what the tests compare the WebAssembly search with,
 * place for place. An order of magnitude slower (bench/: `npm run bench scan`), never wrong where the other is right.
 */
export class ScalarSearch implements PatternSearch {
  private readonly tables: Uint8Array;
  private scratch = Buffer.alloc(0);

  constructor(
    patterns: readonly BytePattern[],
    private readonly passOver: PassOver = PASS_OVER_NOTHING,
  ) {
    this.tables = patternTables(patterns, passOver);
  }

  buffer(bytes: number): Buffer {
    // room for the bytes read past the end, as the WebAssembly memory has
    if (this.scratch.length < bytes + 16) this.scratch = Buffer.alloc(bytes + 16);
    return this.scratch.subarray(0, bytes);
  }

  some(bytes: Uint8Array, visit: (offset: number) => number): boolean {
    // the bytes after `bytes` in its buffer are read as the WebAssembly search reads its memory past the end
    const room = Math.min(bytes.length + 16, bytes.buffer.byteLength - bytes.byteOffset);
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, room);
    for (let at = this.scan(view, 0, bytes.length); at >= 0;) {
      const next = visit(at);
      if (next < 0) return true;
      at = next < bytes.length ? this.scan(view, next, bytes.length) : -1;
    }
    return false;
  }

  private scan(bytes: Uint8Array, from: number, to: number): number {
    for (let at = from; at < to; at++) {
      if (bytes[at] < 0x80) continue;
      if ((this.classAt(bytes, at) & HIT) !== 0 && !this.passedOver(bytes, at)) return at;
    }
    return -1;
  }

  /** What begins at `at`: HIT for a pattern, JOINS for one that joins (0 past the bytes the view holds). */
  private classAt(bytes: Uint8Array, at: number): number {
    if (at < 0) return 0;
    const id = this.tables[PAIRS + ((byteAt(bytes, at) << 8) | byteAt(bytes, at + 1))];
    return this.tables[THIRDS + ((id << 8) | byteAt(bytes, at + 2))];
  }

  private passedOver(bytes: Uint8Array, at: number): boolean {
    // too near the start to see the character before: the caller decides
    if (at < 4) return false;
    const { alone, afterBase } = this.passOver;
    for (const character of alone.characters) {
      if (!isCharacter(bytes, at, character)) continue;
      const joiner = (this.classAt(bytes, at + 3) | this.classAt(bytes, at - 2) | this.classAt(bytes, at - 3)) & JOINS;
      if (joiner !== 0) return false;
      if (alone.leadsAfter.length === 0) return true;
      const after = (byteAt(bytes, at + 3) << 8) | byteAt(bytes, at + 4);
      return alone.leadsAfter.some(([low, high]) => after >= low && after <= high);
    }
    for (let k = 0; k < afterBase.length; k++) {
      if (!isCharacter(bytes, at, afterBase[k].bytes)) continue;
      const base = codePointBefore(bytes, at);
      if (base < 0 || base >= BASE_LIMIT) return false;
      return ((this.tables[BASE_TABLES + k * BASE_TABLE_BYTES + (base >> 3)] >> (base & 7)) & 1) === 1;
    }
    return false;
  }
}

const byteAt = (bytes: Uint8Array, at: number): number => bytes[at] ?? 0;

const isCharacter = (bytes: Uint8Array, at: number, [lead, second, third]: ThreeBytes): boolean =>
  bytes[at] === lead && byteAt(bytes, at + 1) === second && byteAt(bytes, at + 2) === third;

/**
 * The code point of the well-formed character of up to four bytes that ends right before `at`, as the WebAssembly
 * search's codePointBefore reads it (shortest form checked, -1 otherwise); `at` is at least 4.
 */
function codePointBefore(bytes: Uint8Array, at: number): number {
  const b1 = bytes[at - 1];
  if (b1 < 0x80) return b1;
  if ((b1 & 0xc0) !== 0x80) return -1;
  const b2 = bytes[at - 2];
  if ((b2 & 0xe0) === 0xc0) return atLeast(((b2 & 0x1f) << 6) | (b1 & 0x3f), 0x80);
  if ((b2 & 0xc0) !== 0x80) return -1;
  const b3 = bytes[at - 3];
  if ((b3 & 0xf0) === 0xe0) return atLeast(((b3 & 0x0f) << 12) | ((b2 & 0x3f) << 6) | (b1 & 0x3f), 0x800);
  if ((b3 & 0xc0) !== 0x80) return -1;
  const b4 = bytes[at - 4];
  if ((b4 & 0xf8) !== 0xf0) return -1;
  return atLeast(((b4 & 0x07) << 18) | ((b3 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b1 & 0x3f), 0x10000);
}

const atLeast = (codePoint: number, minimum: number): number => (codePoint < minimum ? -1 : codePoint);
