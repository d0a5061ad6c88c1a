import {
  add,
  and,
  anyTrue,
  bitmask,
  block,
  br,
  brIf,
  call,
  constant,
  ctz,
  end,
  eq,
  eqz,
  geU,
  get,
  gtU,
  I32,
  i8x16Eq,
  i8x16ShrU,
  iff,
  load8,
  loop,
  ltS,
  leU,
  ltU,
  moduleBytes,
  ne,
  or,
  PAGE,
  ret,
  set,
  shl,
  shrU,
  splat,
  sub,
  swizzle,
  tee,
  V128,
  v128And,
  v128Const,
  v128Load,
  v128Or,
  WebAssembly,
  xor,
  type WasmFunction,
  type WasmMemory,
} from './wasm.js';

/**
 * Finds, in one pass, every place where UTF-8 bytes begin one of a set of byte patterns: a lead byte, a second
 * byte, and a set of third bytes (any third byte for two-byte characters). A small WebAssembly function does it,
 * thirty-two bytes at a time with SIMD table look-ups that find where a byte and the next may begin a pattern (in any
 * script, rarely), and only there the exact tables: a pass at several GB/s. JavaScript has no "find any of these
 * bytes" (Buffer's indexOf finds one needle per pass), and a byte loop in JavaScript runs an order of magnitude
 * slower.
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
  /**
   * characters (themselves patterns) passed over unless the character before or after them is a pattern's character
   * of two or three bytes for which `joins` says true
   */
  alone: {
    characters: readonly ThreeBytes[];
    joins: (codePoint: number) => boolean;
    /** and only when the two bytes right after them, read as one big-endian number, are in one of these ranges */
    leadsAfter: readonly (readonly [number, number])[];
  };
  /**
   * characters (themselves patterns) passed over right after a well-formed UTF-8 character whose code point has its
   * bit set in `bases` (bit c & 7 of byte c >> 3, for code points below BASE_LIMIT)
   */
  afterBase: readonly { bytes: ThreeBytes; bases: Uint8Array }[];
}

const NONE: PassOver = { alone: { characters: [], joins: () => false, leadsAfter: [] }, afterBase: [] };

// memory layout: pair table (lead << 8 | second → pattern id), third-byte tables (id << 8 | third → HIT, | JOINS
// for a character that `alone.joins`), the afterBase bit tables, then data
const PAIRS = 0;
const THIRDS = 0x10000;
const MAX_PATTERNS = 31;
const BASE_TABLES = THIRDS + (MAX_PATTERNS + 1) * 256;
const BASE_TABLE_BYTES = BASE_LIMIT / 8;
const MAX_AFTER_BASE = 2;
const DATA = BASE_TABLES + MAX_AFTER_BASE * BASE_TABLE_BYTES;
const [HIT, JOINS] = [1, 2];

/** A search for the patterns' places, whichever way it runs (the WebAssembly one here, or ScalarSearch). */
export interface PatternSearch {
  /**
   * A buffer of at least `bytes` bytes inside the search's own memory: bytes read into it are searched where they
   * are, without a copy. Valid until the next call (which may grow the memory).
   */
  buffer(bytes: number): Buffer;
  /**
   * Calls `visit(offset)` for each place in `bytes` where a pattern begins (and that is not passed over), in order;
   * `visit` answers where to go on searching from (at least offset + 1), or -1 to stop there. A hit may also be
   * reported where a pattern runs past the end of `bytes` (the bytes after it in its buffer are read): a "maybe",
   * never a miss. Whether it stopped.
   */
  some(bytes: Uint8Array, visit: (offset: number) => number): boolean;
}

/**
 * The tables both searches read, laid out as the WebAssembly memory holds them (PAIRS, THIRDS, BASE_TABLES): one
 * statement of which bytes begin a pattern and which pass over.
 */
export function patternTables(patterns: readonly BytePattern[], passOver: PassOver = NONE): Uint8Array {
  if (patterns.length > MAX_PATTERNS) throw new Error(`at most ${MAX_PATTERNS} patterns`);
  if (passOver.afterBase.length > MAX_AFTER_BASE) throw new Error(`at most ${MAX_AFTER_BASE} afterBase rules`);
  const tables = new Uint8Array(DATA);
  patterns.forEach(({ lead, second, thirds }, k) => {
    const id = k + 1;
    tables[PAIRS + ((lead << 8) | second)] = id;
    for (let third = 0; third < 256; third++) {
      if (thirds !== null && !thirds.includes(third)) continue;
      const codePoint = codePointOf(lead, second, third);
      tables[THIRDS + (id << 8) + third] = HIT | (codePoint >= 0 && passOver.alone.joins(codePoint) ? JOINS : 0);
    }
  });
  passOver.afterBase.forEach(({ bases }, k) => tables.set(bases, BASE_TABLES + k * BASE_TABLE_BYTES));
  return tables;
}

/** Where the tables sit (patternTables) and what their entries mean: for ScalarSearch, which reads them too. */
export const TABLES = { PAIRS, THIRDS, BASE_TABLES, BASE_TABLE_BYTES, HIT, JOINS } as const;
export { NONE as PASS_OVER_NOTHING };

/** The search as a small WebAssembly function with SIMD look-ups: several GB/s. */
export class ByteSearch implements PatternSearch {
  private readonly memory: WasmMemory;
  private readonly scan: (from: number, to: number) => number;

  constructor(patterns: readonly BytePattern[], passOver: PassOver = NONE) {
    const tables = patternTables(patterns, passOver);
    const pages = Math.ceil((DATA + 16) / PAGE);
    const instance = new WebAssembly.Instance(
      new WebAssembly.Module(moduleBytes(pages, searchFunctions(patterns, passOver), { scan: SCAN })),
    );
    this.memory = instance.exports.memory as WasmMemory;
    this.scan = instance.exports.scan as (from: number, to: number) => number;
    new Uint8Array(this.memory.buffer, 0, DATA).set(tables);
  }

  buffer(bytes: number): Buffer {
    this.reserve(bytes);
    return Buffer.from(this.memory.buffer, DATA, bytes);
  }

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

/** The code point of a character of two or three bytes that begins with these (-1 for a longer one). */
export function codePointOf(lead: number, second: number, third: number): number {
  if (lead < 0xe0) return ((lead & 0x1f) << 6) | (second & 0x3f);
  return lead < 0xf0 ? ((lead & 0x0f) << 12) | ((second & 0x3f) << 6) | (third & 0x3f) : -1;
}

// --- the WebAssembly functions ------------------------------------------------------------------------------------

const [SCAN, CLASS_AT, PASSED_OVER, CODE_POINT_BEFORE, CANDIDATES] = [0, 1, 2, 3, 4];

/** `byte at (address in local) + delta`, for a delta of any sign */
const byteAt = (local: number, delta: number): number[] =>
  delta >= 0 ? [...get(local), ...load8(delta)] : [...get(local), ...constant(-delta), sub, ...load8(0)];

/**
 * What begins at `at`: the entry of the third byte in the third-byte table of the pair's id (row 0 is zeros), HIT
 * for a pattern and JOINS for one that joins.
 */
const classInline = (at: number): number[] => [
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

/**
 * The patterns in at most eight buckets, one bit of a byte each, for a nibble look-up ("Teddy", as Hyperscan and
 * ripgrep's search call it): a byte may begin a pattern of bucket k when bit k is set both in the entry of its low
 * four bits and in that of its high four bits; the same for the second byte and the third. A bucket admits every
 * combination of the nibbles of its bytes, so patterns share one only where that admits few pairs they lack.
 */
interface Bucket {
  lead: Nibbles;
  second: Nibbles;
  third: Nibbles;
  /** lead << 8 | second of its patterns */
  pairs: number[];
}

/** The nibbles of a set of bytes: bit n of `high` for a byte n << 4 | …, bit n of `low` for a byte … | n. */
interface Nibbles {
  high: number;
  low: number;
}

const BUCKETS = 8;

const nibblesOf = (bytes: readonly number[]): Nibbles => ({
  high: bytes.reduce((bits, byte) => bits | (1 << (byte >> 4)), 0),
  low: bytes.reduce((bits, byte) => bits | (1 << (byte & 15)), 0),
});
const ANY_BYTE: Nibbles = { high: 0xffff, low: 0xffff };
const bitCount = (bits: number): number => (bits === 0 ? 0 : (bits & 1) + bitCount(bits >>> 1));
/** How many bytes nibble entries admit. */
const admitted = ({ high, low }: Nibbles): number => bitCount(high) * bitCount(low);
const pairsAdmitted = (bucket: Bucket): number => admitted(bucket.lead) * admitted(bucket.second);
const joined = (a: Nibbles, b: Nibbles): Nibbles => ({ high: a.high | b.high, low: a.low | b.low });
const union = (a: Bucket, b: Bucket): Bucket => ({
  lead: joined(a.lead, b.lead),
  second: joined(a.second, b.second),
  third: joined(a.third, b.third),
  pairs: [...a.pairs, ...b.pairs],
});

/** One bucket per lead and second byte, merged two by two where that admits the fewest stray pairs. */
function bucketsOf(patterns: readonly BytePattern[]): Bucket[] {
  const buckets: Bucket[] = [];
  for (const { lead, second, thirds } of patterns) {
    const pair = (lead << 8) | second;
    const pattern = {
      lead: nibblesOf([lead]),
      second: nibblesOf([second]),
      third: thirds ? nibblesOf(thirds) : ANY_BYTE,
      pairs: [pair],
    };
    const same = buckets.findIndex((bucket) => bucket.pairs.includes(pair));
    if (same >= 0) buckets[same] = union(buckets[same], pattern);
    else buckets.push(pattern);
  }
  while (buckets.length > BUCKETS) {
    let best = { cost: Infinity, a: 0, b: 1 };
    for (let a = 0; a < buckets.length; a++) {
      for (let b = a + 1; b < buckets.length; b++) {
        const [first, second] = [buckets[a], buckets[b]];
        const cost = pairsAdmitted(union(first, second)) - pairsAdmitted(first) - pairsAdmitted(second);
        if (cost < best.cost) best = { cost, a, b };
      }
    }
    buckets[best.a] = union(buckets[best.a], buckets[best.b]);
    buckets.splice(best.b, 1);
  }
  return buckets;
}

/** The low-nibble and high-nibble tables of one byte of the buckets' patterns. */
function nibbleTables(buckets: readonly Bucket[], nibbles: (bucket: Bucket) => Nibbles): [number[], number[]] {
  const low = new Array<number>(16).fill(0);
  const high = new Array<number>(16).fill(0);
  buckets.forEach((bucket, k) => {
    for (let n = 0; n < 16; n++) {
      if ((nibbles(bucket).low >> n) & 1) low[n] |= 1 << k;
      if ((nibbles(bucket).high >> n) & 1) high[n] |= 1 << k;
    }
  });
  return [low, high];
}

/** The buckets' bits that the sixteen bytes at (address in local) + offset may begin, given a byte's tables. */
const nibbleLookUp = (local: number, offset: number, [low, high]: [number[], number[]]): number[] => [
  ...v128Const(low),
  ...get(local),
  ...v128Load(offset),
  ...splat(0x0f),
  ...v128And,
  ...swizzle,
  ...v128Const(high),
  ...get(local),
  ...v128Load(offset),
  ...constant(4),
  ...i8x16ShrU,
  ...swizzle,
  ...v128And,
];

/** `if (matches(at) && !passedOver(at)) return at` */
const returnIfFound = (at: number): number[] => [
  ...classInline(at),
  ...iff,
  ...get(at),
  ...call(PASSED_OVER),
  eqz,
  ...iff,
  ...get(at),
  ret,
  end,
  end,
];

/**
 * scan(from, to): the first place in [from, to) where a pattern begins and is not passed over, or -1. Thirty-two
 * bytes at a time, a nibble look-up of each byte in the buckets' lead tables and, where one may lead, of the next in
 * their second tables: only a lane where a byte and the next may begin a pattern of the same bucket is looked at
 * further (candidates). Rare in any script, unlike a lead byte alone (E3 begins every kana, D8 half of Arabic).
 */
function scanFunction(buckets: readonly Bucket[]): WasmFunction {
  const [FROM, TO, FOUND, LOW, HIGH] = [0, 1, 2, 3, 4];
  const leads = nibbleTables(buckets, (bucket) => bucket.lead);
  const seconds = nibbleTables(buckets, (bucket) => bucket.second);
  /** `if (any lane of vector) { found = candidates(from + offset, vector); if (found >= 0) return found }` */
  const lookCloser = (vector: number, offset: number): number[] => [
    ...get(vector),
    ...anyTrue,
    ...iff,
    ...get(FROM),
    ...constant(offset),
    add,
    ...get(vector),
    ...call(CANDIDATES),
    ...tee(FOUND),
    ...constant(0),
    ltS,
    eqz,
    ...iff,
    ...get(FOUND),
    ret,
    end,
    end,
  ];
  const code = [
    ...block,
    ...loop,
    ...get(FROM),
    ...constant(32),
    add,
    ...get(TO),
    gtU,
    ...brIf(1),
    // the lead bytes first: most vectors of most scripts hold none
    ...nibbleLookUp(FROM, 0, leads),
    ...set(LOW),
    ...nibbleLookUp(FROM, 16, leads),
    ...set(HIGH),
    ...get(LOW),
    ...get(HIGH),
    ...v128Or,
    ...anyTrue,
    ...iff,
    ...get(LOW),
    ...nibbleLookUp(FROM, 1, seconds),
    ...v128And,
    ...set(LOW),
    ...get(HIGH),
    ...nibbleLookUp(FROM, 17, seconds),
    ...v128And,
    ...set(HIGH),
    ...get(LOW),
    ...get(HIGH),
    ...v128Or,
    ...anyTrue,
    ...iff,
    ...lookCloser(LOW, 0),
    ...lookCloser(HIGH, 16),
    end,
    end,
    ...get(FROM),
    ...constant(32),
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
    ...returnIfFound(FROM),
    ...get(FROM),
    ...constant(1),
    add,
    ...set(FROM),
    ...br(0),
    end,
    end,
    ...constant(-1),
  ];
  return {
    params: [I32, I32],
    result: true,
    locals: [
      [1, I32],
      [2, V128],
    ],
    code,
  };
}

/**
 * candidates(at, lanes): the first place among the sixteen from `at` whose lane is set in `lanes` (a byte and the
 * next that may begin a pattern of one bucket) where the third byte may too, a pattern begins and it is not passed
 * over; or -1.
 */
function candidatesFunction(buckets: readonly Bucket[]): WasmFunction {
  const [AT, LANES, BITS, Q] = [0, 1, 2, 3];
  const thirds = nibbleTables(buckets, (bucket) => bucket.third);
  const code = [
    ...get(LANES),
    ...nibbleLookUp(AT, 2, thirds),
    ...v128And,
    ...splat(0),
    ...i8x16Eq,
    ...bitmask,
    ...constant(0xffff),
    xor,
    ...set(BITS),
    ...block,
    ...loop,
    ...get(BITS),
    eqz,
    ...brIf(1),
    ...get(AT),
    ...get(BITS),
    ctz,
    add,
    ...set(Q),
    ...returnIfFound(Q),
    ...get(BITS),
    ...get(BITS),
    ...constant(1),
    sub,
    and,
    ...set(BITS),
    ...br(0),
    end,
    end,
    ...constant(-1),
  ];
  return { params: [I32, V128], result: true, locals: [[2, I32]], code };
}

/** matches(at): 1 when a pattern begins at `at` */
/** classAt(at): what begins at `at` (classInline) */
const classAtFunction: WasmFunction = { params: [I32], result: true, locals: [], code: classInline(0) };

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
    ...alone.characters.flatMap((character) => [
      ...isCharacter(AT, character),
      ...iff,
      // no character that joins after it or before it (of two or three bytes)
      ...[3, -2, -3].flatMap((delta) => [...get(AT), ...constant(delta), add, ...call(CLASS_AT)]),
      or,
      or,
      ...constant(JOINS),
      and,
      eqz,
      // and the two bytes after it in one of leadsAfter's ranges
      ...alone.leadsAfter.flatMap(([low, high], k) => [
        ...byteAt(AT, 3),
        ...constant(8),
        shl,
        ...byteAt(AT, 4),
        or,
        ...constant(low),
        sub,
        ...constant(high - low),
        leU,
        ...(k > 0 ? [or] : []),
      ]),
      ...(alone.leadsAfter.length > 0 ? [and] : []),
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
  return { params: [I32], result: true, locals: [[1, I32]], code };
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
  return { params: [I32], result: true, locals: [[3, I32]], code: [...code, ...constant(-1)] };
}

function searchFunctions(patterns: readonly BytePattern[], passOver: PassOver): WasmFunction[] {
  const buckets = bucketsOf(patterns);
  const functions: WasmFunction[] = [];
  functions[SCAN] = scanFunction(buckets);
  functions[CANDIDATES] = candidatesFunction(buckets);
  functions[CLASS_AT] = classAtFunction;
  functions[PASSED_OVER] = passedOverFunction(passOver);
  functions[CODE_POINT_BEFORE] = codePointBeforeFunction();
  return functions;
}
