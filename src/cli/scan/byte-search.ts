/**
 * Finds, in one pass, every place where UTF-8 bytes begin one of a set of byte patterns: a lead byte, a second
 * byte, and a set of third bytes (any third byte for two-byte characters). A small WebAssembly function does it,
 * sixteen bytes at a time with SIMD compares against the lead bytes and, only where one matches, a look-up of the
 * next two bytes in two tables: a pass near memory speed. JavaScript has no "find any of these bytes" (Buffer's
 * indexOf finds one needle per pass), and a byte loop in JavaScript runs an order of magnitude slower.
 *
 * The module is written out below, instruction by instruction (the WebAssembly binary format, with the SIMD
 * proposal that Node 20 ships): it is small enough to read, and building it needs no toolchain.
 */

/** Characters to find: lead byte, second byte, and the third bytes that complete one (null: any, two-byte ones). */
export interface BytePattern {
  lead: number;
  second: number;
  thirds: readonly number[] | null;
}

/** The little of the WebAssembly API used here (TypeScript's ES libraries do not declare it; Node has it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
const WebAssembly = (
  globalThis as unknown as {
    WebAssembly: {
      Module: new (bytes: Uint8Array) => object;
      Instance: new (module: object) => { exports: Record<string, unknown> };
    };
  }
).WebAssembly;

// memory layout: pair table (lead << 8 | second → pattern id), third-byte tables (id << 8 | third → 1), then data
const PAIRS = 0;
const THIRDS = 0x10000;
const MAX_PATTERNS = 31;
const DATA = THIRDS + (MAX_PATTERNS + 1) * 256;
const PAGE = 0x10000;

export class ByteSearch {
  private readonly memory: WasmMemory;
  private readonly scan: (from: number, to: number) => number;

  constructor(patterns: readonly BytePattern[]) {
    if (patterns.length > MAX_PATTERNS) throw new Error(`at most ${MAX_PATTERNS} patterns`);
    const pairs = new Map<number, number[]>();
    for (const { lead, second } of patterns) {
      const seconds = pairs.get(lead) ?? [];
      if (!seconds.includes(second)) seconds.push(second);
      pairs.set(lead, seconds);
    }
    const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes(pairs)));
    this.memory = instance.exports.memory as WasmMemory;
    this.scan = instance.exports.scan as (from: number, to: number) => number;
    const tables = new Uint8Array(this.memory.buffer, 0, DATA);
    patterns.forEach(({ lead, second, thirds }, k) => {
      const id = k + 1;
      tables[PAIRS + ((lead << 8) | second)] = id;
      for (let third = 0; third < 256; third++) {
        if (thirds === null || thirds.includes(third)) tables[THIRDS + (id << 8) + third] = 1;
      }
    });
  }

  /**
   * A buffer of at least `bytes` bytes inside the search's own memory: bytes read into it are searched where they
   * are, without a copy. Valid until the next call (which may grow the memory).
   */
  buffer(bytes: number): Buffer {
    this.reserve(bytes);
    return Buffer.from(this.memory.buffer, DATA, bytes);
  }

  /**
   * Calls `found(offset)` for each place in `bytes` where a pattern begins, in order, until it returns true. A hit
   * may also be reported where a pattern runs past the end of `bytes`: a "maybe", never a miss.
   */
  some(bytes: Uint8Array, found: (offset: number) => boolean): boolean {
    if (bytes.buffer !== this.memory.buffer || bytes.byteOffset !== DATA) {
      this.reserve(bytes.length);
      new Uint8Array(this.memory.buffer, DATA, bytes.length).set(bytes);
    }
    const end = DATA + bytes.length;
    for (let at = this.scan(DATA, end); at >= 0; at = this.scan(at + 1, end)) {
      if (found(at - DATA)) return true;
    }
    return false;
  }

  /** Room for `bytes` of data and the sixteen that the last vector and the look-ups read past them. */
  private reserve(bytes: number): void {
    const needed = DATA + bytes + 16;
    if (this.memory.buffer.byteLength < needed) {
      this.memory.grow(Math.ceil((needed - this.memory.buffer.byteLength) / PAGE));
    }
  }
}

// --- the WebAssembly module --------------------------------------------------------------------------------------

const unsigned = (value: number): number[] => {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
};
const signed = (value: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) return [...out, byte];
    out.push(byte | 0x80);
  }
};
const section = (id: number, contents: number[]): number[] => [id, ...unsigned(contents.length), ...contents];
const name = (text: string): number[] => [text.length, ...[...text].map((c) => c.charCodeAt(0))];

// instructions
const I32 = 0x7f;
const V128 = 0x7b;
const VOID = 0x40;
const [block, loop, iff, end, br, brIf, ret] = [0x02, 0x03, 0x04, 0x0b, 0x0c, 0x0d, 0x0f];
const get = (local: number): number[] => [0x20, local];
const set = (local: number): number[] => [0x21, local];
const constant = (value: number): number[] => [0x41, ...signed(value)];
const [add, shl, or, geU, gtU] = [0x6a, 0x74, 0x72, 0x4f, 0x4b];
const load8 = (offset: number): number[] => [0x2d, 0, ...unsigned(offset)];
const v128Load = [0xfd, 0x00, 0, 0];
const v128Splat = (byte: number): number[] => [0xfd, 0x0c, ...new Array<number>(16).fill(byte)];
const v128LoadNext = [0xfd, 0x00, 0, 1];
const [i8x16Eq, v128And, v128Or, v128AnyTrue] = [
  [0xfd, 0x23],
  [0xfd, 0x4e],
  [0xfd, 0x50],
  [0xfd, 0x53],
];

// locals: 0 from, 1 to (parameters), 2 q, 3 limit, 4 v (the 16 bytes at from), 5 w (the 16 bytes at from + 1)
const [FROM, TO, Q, LIMIT, V, W] = [0, 1, 2, 3, 4, 5];

/** A pattern begins at `at` when the third-byte table of the pair's id holds the third byte (row 0 is all zeros). */
const matchesAt = (at: number): number[] => [
  ...get(at),
  ...load8(0),
  ...constant(8),
  shl,
  ...get(at),
  ...load8(1),
  or,
  ...load8(PAIRS),
  ...constant(8),
  shl,
  ...get(at),
  ...load8(2),
  add,
  ...load8(THIRDS),
];

/** `if (matchesAt(at)) return at; at++` */
const checkAndStep = (at: number): number[] => [
  ...matchesAt(at),
  iff,
  VOID,
  ...get(at),
  ret,
  end,
  ...get(at),
  ...constant(1),
  add,
  ...set(at),
];

/** `v == byte` for each of the vector's sixteen lanes. */
const lanesEqual = (vector: number, byte: number): number[] => [...get(vector), ...v128Splat(byte), ...i8x16Eq];

/** OR of the lane masks of `parts` (each leaving one vector on the stack). */
const anyOf = (parts: number[][]): number[] => [...parts[0], ...parts.slice(1).flatMap((part) => [...part, ...v128Or])];

function scanBody(pairs: ReadonlyMap<number, readonly number[]>): number[] {
  const leads = [...pairs.keys()];
  const anyLead = [...anyOf(leads.map((lead) => lanesEqual(V, lead))), ...v128AnyTrue];
  // a lane where a lead byte is followed by one of its second bytes: rare in any script, unlike a lead byte alone
  const anyPair = [
    ...anyOf(
      leads.map((lead) => [
        ...lanesEqual(V, lead),
        ...anyOf(pairs.get(lead)!.map((second) => lanesEqual(W, second))),
        ...v128And,
      ]),
    ),
    ...v128AnyTrue,
  ];
  const code = [
    // sixteen bytes at a time; a vector holding a lead byte followed by one of its second bytes is looked at
    // byte by byte
    block,
    VOID,
    loop,
    VOID,
    ...get(FROM),
    ...constant(16),
    add,
    ...get(TO),
    gtU,
    brIf,
    1,
    ...get(FROM),
    ...v128Load,
    ...set(V),
    ...anyLead,
    iff,
    VOID,
    ...get(FROM),
    ...v128LoadNext,
    ...set(W),
    ...anyPair,
    iff,
    VOID,
    ...get(FROM),
    ...set(Q),
    ...get(FROM),
    ...constant(16),
    add,
    ...set(LIMIT),
    block,
    VOID,
    loop,
    VOID,
    ...get(Q),
    ...get(LIMIT),
    geU,
    brIf,
    1,
    ...checkAndStep(Q),
    br,
    0,
    end,
    end,
    end,
    end,
    ...get(FROM),
    ...constant(16),
    add,
    ...set(FROM),
    br,
    0,
    end,
    end,
    // the last bytes, one by one
    block,
    VOID,
    loop,
    VOID,
    ...get(FROM),
    ...get(TO),
    geU,
    brIf,
    1,
    ...checkAndStep(FROM),
    br,
    0,
    end,
    end,
    ...constant(-1),
    end,
  ];
  const locals = [2, 2, I32, 2, V128];
  return [...unsigned(locals.length + code.length), ...locals, ...code];
}

function moduleBytes(pairs: ReadonlyMap<number, readonly number[]>): Uint8Array {
  const pages = Math.ceil((DATA + 16) / PAGE);
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 2, I32, I32, 1, I32]), // type 0: (i32, i32) -> i32
    ...section(3, [1, 0]), // function 0 has type 0
    ...section(5, [1, 0x00, ...unsigned(pages)]), // one memory, growable
    ...section(7, [2, ...name('scan'), 0x00, 0, ...name('memory'), 0x02, 0]),
    ...section(10, [1, ...scanBody(pairs)]),
  ]);
}
