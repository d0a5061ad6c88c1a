import {
  add,
  and,
  anyTrue,
  block,
  br,
  brIf,
  call,
  constant,
  end,
  eq,
  eqz,
  geU,
  get,
  gtU,
  I32,
  i8x16Eq,
  iff,
  load8,
  loop,
  ltU,
  moduleBytes,
  ne,
  or,
  orAll,
  PAGE,
  ret,
  set,
  shl,
  shrU,
  splat,
  sub,
  tee,
  V128,
  v128And,
  v128Load,
  WebAssembly,
  type WasmFunction,
  type WasmMemory,
} from './wasm.js';

/**
 * Finds, in one pass, every place where UTF-8 bytes begin one of a set of byte patterns: a lead byte, a second
 * byte, and a set of third bytes (any third byte for two-byte characters). A small WebAssembly function does it,
 * sixteen bytes at a time with SIMD compares against the lead bytes and, only where one matches, a look-up of the
 * next two bytes in two tables: a pass near memory speed. JavaScript has no "find any of these bytes" (Buffer's
 * indexOf finds one needle per pass), and a byte loop in JavaScript runs an order of magnitude slower.
 *
 * Some characters are found by the thousand in ordinary text where they belong to it (an emoji's presentation
 * selector, the joiners of Persian or of emoji sequences); the search passes over them itself in the contexts the
 * caller names (PassOver), since a call out to JavaScript per place costs more than the search of a whole line.
 */

/** Characters to find: lead byte, second byte, and the third bytes that complete one (null: any, two-byte ones). */
export interface BytePattern {
  lead: number;
  second: number;
  thirds: readonly number[] | null;
}

/** The three bytes of a character. */
export type ThreeBytes = readonly [number, number, number];

/** Code points below this have a bit in an `afterBase` table. */
export const BASE_LIMIT = 0x20000;

/** Places of patterns the search does not report: what the caller's rules say belongs to the text. */
export interface PassOver {
  /** characters (themselves patterns) passed over when no pattern begins in the character before or after them */
  alone: readonly ThreeBytes[];
  /**
   * characters (themselves patterns) passed over right after a well-formed UTF-8 character whose code point has its
   * bit set in `bases` (bit c & 7 of byte c >> 3, for code points below BASE_LIMIT)
   */
  afterBase: readonly { bytes: ThreeBytes; bases: Uint8Array }[];
}

const NONE: PassOver = { alone: [], afterBase: [] };

// memory layout: pair table (lead << 8 | second → pattern id), third-byte tables (id << 8 | third → 1), the
// afterBase bit tables, then data
const PAIRS = 0;
const THIRDS = 0x10000;
const MAX_PATTERNS = 31;
const BASE_TABLES = THIRDS + (MAX_PATTERNS + 1) * 256;
const BASE_TABLE_BYTES = BASE_LIMIT / 8;
const MAX_AFTER_BASE = 2;
const DATA = BASE_TABLES + MAX_AFTER_BASE * BASE_TABLE_BYTES;

export class ByteSearch {
  private readonly memory: WasmMemory;
  private readonly scan: (from: number, to: number) => number;

  constructor(patterns: readonly BytePattern[], passOver: PassOver = NONE) {
    if (patterns.length > MAX_PATTERNS) throw new Error(`at most ${MAX_PATTERNS} patterns`);
    if (passOver.afterBase.length > MAX_AFTER_BASE) throw new Error(`at most ${MAX_AFTER_BASE} afterBase rules`);
    const pairs = new Map<number, number[]>();
    for (const { lead, second } of patterns) {
      const seconds = pairs.get(lead) ?? [];
      if (!seconds.includes(second)) seconds.push(second);
      pairs.set(lead, seconds);
    }
    const pages = Math.ceil((DATA + 16) / PAGE);
    const instance = new WebAssembly.Instance(
      new WebAssembly.Module(moduleBytes(pages, searchFunctions(pairs, passOver), { scan: SCAN })),
    );
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
    passOver.afterBase.forEach(({ bases }, k) => tables.set(bases, BASE_TABLES + k * BASE_TABLE_BYTES));
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
   * Calls `visit(offset)` for each place in `bytes` where a pattern begins (and that is not passed over), in order;
   * `visit` answers where to go on searching from (at least offset + 1), or -1 to stop there. A hit may also be
   * reported where a pattern runs past the end of `bytes`: a "maybe", never a miss. Whether it stopped.
   */
  some(bytes: Uint8Array, visit: (offset: number) => number): boolean {
    if (bytes.buffer !== this.memory.buffer || bytes.byteOffset !== DATA) {
      this.reserve(bytes.length);
      new Uint8Array(this.memory.buffer, DATA, bytes.length).set(bytes);
    }
    const end = DATA + bytes.length;
    for (let at = this.scan(DATA, end); at >= 0;) {
      const next = visit(at - DATA);
      if (next < 0) return true;
      at = DATA + next < end ? this.scan(DATA + next, end) : -1;
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

// --- the WebAssembly functions ------------------------------------------------------------------------------------

const [SCAN, MATCHES, PASSED_OVER, CODE_POINT_BEFORE] = [0, 1, 2, 3];

/** `byte at (address in local) + delta`, for a delta of any sign */
const byteAt = (local: number, delta: number): number[] =>
  delta >= 0 ? [...get(local), ...load8(delta)] : [...get(local), ...constant(-delta), sub, ...load8(0)];

/** Whether a pattern begins at `at`: the third-byte table of the pair's id holds the third byte (row 0 is zeros). */
const matchesInline = (at: number): number[] => [
  ...byteAt(at, 0),
  ...constant(8),
  shl,
  ...byteAt(at, 1),
  or,
  ...load8(PAIRS),
  ...constant(8),
  shl,
  ...byteAt(at, 2),
  add,
  ...load8(THIRDS),
];

/** `bytes at..at+2 are c` */
const isCharacter = (at: number, [lead, second, third]: ThreeBytes): number[] => [
  ...byteAt(at, 0),
  ...constant(lead),
  eq,
  ...byteAt(at, 1),
  ...constant(second),
  eq,
  and,
  ...byteAt(at, 2),
  ...constant(third),
  eq,
  and,
];

/** `lanes of vector equal to byte` */
const lanesEqual = (vector: number, byte: number): number[] => [...get(vector), ...splat(byte), ...i8x16Eq];

/** scan(from, to): the first place in [from, to) where a pattern begins and is not passed over, or -1 */
function scanFunction(pairs: ReadonlyMap<number, readonly number[]>): WasmFunction {
  const [FROM, TO, Q, LIMIT, V, W] = [0, 1, 2, 3, 4, 5];
  const leads = [...pairs.keys()];
  const anyLead = [...orAll(leads.map((lead) => lanesEqual(V, lead))), ...anyTrue];
  // a lane where a lead byte is followed by one of its second bytes: rare in any script, unlike a lead byte alone
  const anyPair = [
    ...orAll(
      leads.map((lead) => [
        ...lanesEqual(V, lead),
        ...orAll(pairs.get(lead)!.map((s) => lanesEqual(W, s))),
        ...v128And,
      ]),
    ),
    ...anyTrue,
  ];
  /** `if (matches(at) && !passedOver(at)) return at; at++` */
  const checkAndStep = (at: number): number[] => [
    ...matchesInline(at),
    ...iff,
    ...get(at),
    ...call(PASSED_OVER),
    eqz,
    ...iff,
    ...get(at),
    ret,
    end,
    end,
    ...get(at),
    ...constant(1),
    add,
    ...set(at),
  ];
  const code = [
    // sixteen bytes at a time; a vector holding a lead byte followed by one of its second bytes is looked at
    // byte by byte
    ...block,
    ...loop,
    ...get(FROM),
    ...constant(16),
    add,
    ...get(TO),
    gtU,
    ...brIf(1),
    ...get(FROM),
    ...v128Load(0),
    ...set(V),
    ...anyLead,
    ...iff,
    ...get(FROM),
    ...v128Load(1),
    ...set(W),
    ...anyPair,
    ...iff,
    ...get(FROM),
    ...set(Q),
    ...get(FROM),
    ...constant(16),
    add,
    ...set(LIMIT),
    ...block,
    ...loop,
    ...get(Q),
    ...get(LIMIT),
    geU,
    ...brIf(1),
    ...checkAndStep(Q),
    ...br(0),
    end,
    end,
    end,
    end,
    ...get(FROM),
    ...constant(16),
    add,
    ...set(FROM),
    ...br(0),
    end,
    end,
    // the last bytes, one by one
    ...block,
    ...loop,
    ...get(FROM),
    ...get(TO),
    geU,
    ...brIf(1),
    ...checkAndStep(FROM),
    ...br(0),
    end,
    end,
    ...constant(-1),
  ];
  return {
    params: 2,
    result: true,
    locals: [
      [2, I32],
      [2, V128],
    ],
    code,
  };
}

/** matches(at): 1 when a pattern begins at `at` */
const matchesFunction: WasmFunction = { params: 1, result: true, locals: [], code: matchesInline(0) };

/** passedOver(at): 1 when the pattern at `at` is one of PassOver's characters in its context */
function passedOverFunction({ alone, afterBase }: PassOver): WasmFunction {
  const [AT, CODE_POINT] = [0, 1];
  const code = [
    // too near the start to see the character before: the caller decides
    ...get(AT),
    ...constant(DATA + 4),
    ltU,
    ...iff,
    ...constant(0),
    ret,
    end,
    ...alone.flatMap((character) => [
      ...isCharacter(AT, character),
      ...iff,
      // every zero-width character is a pattern: none before (two or three bytes) or after, none of those
      ...[3, -2, -3].flatMap((delta) => [...get(AT), ...constant(delta), add, ...call(MATCHES)]),
      or,
      or,
      eqz,
      ret,
      end,
    ]),
    ...afterBase.flatMap(({ bytes }, k) => [
      ...isCharacter(AT, bytes),
      ...iff,
      ...get(AT),
      ...call(CODE_POINT_BEFORE),
      ...tee(CODE_POINT),
      ...constant(BASE_LIMIT),
      geU,
      ...iff,
      ...constant(0),
      ret,
      end,
      ...get(CODE_POINT),
      ...constant(3),
      shrU,
      ...load8(BASE_TABLES + k * BASE_TABLE_BYTES),
      ...get(CODE_POINT),
      ...constant(7),
      and,
      shrU,
      ...constant(1),
      and,
      ret,
      end,
    ]),
    ...constant(0),
  ];
  return { params: 1, result: true, locals: [[1, I32]], code };
}

/**
 * codePointBefore(at): the code point of the well-formed UTF-8 character that ends right before `at`, or -1 (a
 * stray or overlong byte sequence, which a decoder reads as U+FFFD). Needs four bytes before `at`.
 */
function codePointBeforeFunction(): WasmFunction {
  const [AT, B1, B2, B3] = [0, 1, 2, 3];
  const payload = (local: number, shift: number): number[] => [
    ...get(local),
    ...constant(0x3f),
    and,
    ...(shift > 0 ? [...constant(shift), shl] : []),
  ];
  /** `if (value on the stack < minimum) return -1; else return it`, the value kept in B1 */
  const atLeast = (minimum: number): number[] => [
    ...tee(B1),
    ...constant(minimum),
    ltU,
    ...iff,
    ...constant(-1),
    ret,
    end,
    ...get(B1),
    ret,
  ];
  /** `if ((local & mask) !== value) return -1` */
  const expect = (local: number, mask: number, value: number): number[] => [
    ...get(local),
    ...constant(mask),
    and,
    ...constant(value),
    ne,
    ...iff,
    ...constant(-1),
    ret,
    end,
  ];
  /** `if ((local & mask) === value) { …then }` */
  const when = (local: number, mask: number, value: number, then: number[]): number[] => [
    ...get(local),
    ...constant(mask),
    and,
    ...constant(value),
    eq,
    ...iff,
    ...then,
    end,
  ];
  const code = [
    ...byteAt(AT, -1),
    ...tee(B1),
    ...constant(0x80),
    ltU,
    ...iff,
    ...get(B1),
    ret,
    end,
    ...expect(B1, 0xc0, 0x80),
    ...byteAt(AT, -2),
    ...set(B2),
    ...when(B2, 0xe0, 0xc0, [
      ...get(B2),
      ...constant(0x1f),
      and,
      ...constant(6),
      shl,
      ...payload(B1, 0),
      or,
      ...atLeast(0x80),
    ]),
    ...expect(B2, 0xc0, 0x80),
    ...byteAt(AT, -3),
    ...set(B3),
    ...when(B3, 0xf0, 0xe0, [
      ...get(B3),
      ...constant(0x0f),
      and,
      ...constant(12),
      shl,
      ...payload(B2, 6),
      or,
      ...payload(B1, 0),
      or,
      ...atLeast(0x800),
    ]),
    ...expect(B3, 0xc0, 0x80),
    // the four-byte character's lead, reusing AT for it
    ...byteAt(AT, -4),
    ...set(AT),
    ...expect(AT, 0xf8, 0xf0),
    ...get(AT),
    ...constant(0x07),
    and,
    ...constant(18),
    shl,
    ...payload(B3, 12),
    or,
    ...payload(B2, 6),
    or,
    ...payload(B1, 0),
    or,
    ...atLeast(0x10000),
  ];
  return { params: 1, result: true, locals: [[3, I32]], code: [...code, ...constant(-1)] };
}

function searchFunctions(pairs: ReadonlyMap<number, readonly number[]>, passOver: PassOver): WasmFunction[] {
  const functions: WasmFunction[] = [];
  functions[SCAN] = scanFunction(pairs);
  functions[MATCHES] = matchesFunction;
  functions[PASSED_OVER] = passedOverFunction(passOver);
  functions[CODE_POINT_BEFORE] = codePointBeforeFunction();
  return functions;
}
