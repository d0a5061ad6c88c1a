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
    const leads = [...new Set(patterns.map((pattern) => pattern.lead))];
    const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes(leads)));
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

  /** Calls `found(offset)` for each place in `bytes` where a pattern begins, in order, until it returns true. */
  some(bytes: Uint8Array, found: (offset: number) => boolean): boolean {
    // sixteen bytes of zeros after the data: the look-ups and the last vector read past its end
    const needed = DATA + bytes.length + 16;
    if (this.memory.buffer.byteLength < needed) {
      this.memory.grow(Math.ceil((needed - this.memory.buffer.byteLength) / PAGE));
    }
    const data = new Uint8Array(this.memory.buffer, DATA, bytes.length + 16);
    data.set(bytes);
    data.fill(0, bytes.length);
    const end = DATA + bytes.length;
    for (let at = this.scan(DATA, end); at >= 0; at = this.scan(at + 1, end)) {
      if (found(at - DATA)) return true;
    }
    return false;
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
const [i8x16Eq, v128Or, v128AnyTrue] = [
  [0xfd, 0x23],
  [0xfd, 0x50],
  [0xfd, 0x53],
];

// locals: 0 from, 1 to (parameters), 2 q, 3 limit, 4 v
const [FROM, TO, Q, LIMIT, V] = [0, 1, 2, 3, 4];

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

function scanBody(leads: readonly number[]): number[] {
  const anyLead = [
    ...get(V),
    ...v128Splat(leads[0]),
    ...i8x16Eq,
    ...leads.slice(1).flatMap((lead) => [...get(V), ...v128Splat(lead), ...i8x16Eq, ...v128Or]),
    ...v128AnyTrue,
  ];
  const code = [
    // sixteen bytes at a time; a vector holding a lead byte is looked at byte by byte
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
  const locals = [2, 2, I32, 1, V128];
  return [...unsigned(locals.length + code.length), ...locals, ...code];
}

function moduleBytes(leads: readonly number[]): Uint8Array {
  const pages = Math.ceil((DATA + 16) / PAGE);
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 2, I32, I32, 1, I32]), // type 0: (i32, i32) -> i32
    ...section(3, [1, 0]), // function 0 has type 0
    ...section(5, [1, 0x00, ...unsigned(pages)]), // one memory, growable
    ...section(7, [2, ...name('scan'), 0x00, 0, ...name('memory'), 0x02, 0]),
    ...section(10, [1, ...scanBody(leads)]),
  ]);
}
