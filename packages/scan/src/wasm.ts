/**
 * Just enough of the WebAssembly binary format (with the SIMD instructions Node 20 ships) to write a small module
 * instruction by instruction, as byte-search.ts does: it needs no toolchain, and what it runs can be read here.
 * Code is a flat list of bytes; each helper gives the bytes of one instruction or of a short sequence.
 */

/** The little of the WebAssembly API used here (TypeScript's ES libraries do not declare it; Node has it). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
export const WebAssembly = (
  globalThis as unknown as {
    WebAssembly: {
      Module: new (bytes: Uint8Array) => object;
      Instance: new (module: object) => { exports: Record<string, unknown> };
    };
  }
).WebAssembly;

export const PAGE = 0x10000;

export const unsigned = (value: number): number[] => {
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

// value and block types
export const I32 = 0x7f;
export const V128 = 0x7b;
const VOID = 0x40;

// control
export const block = [0x02, VOID];
export const loop = [0x03, VOID];
export const iff = [0x04, VOID];
export const end = 0x0b;
export const br = (depth: number): number[] => [0x0c, depth];
export const brIf = (depth: number): number[] => [0x0d, depth];
export const ret = 0x0f;
export const call = (fn: number): number[] => [0x10, fn];

// locals and constants
export const get = (local: number): number[] => [0x20, local];
export const set = (local: number): number[] => [0x21, local];
export const tee = (local: number): number[] => [0x22, local];
export const constant = (value: number): number[] => [0x41, ...signed(value)];

// i32 arithmetic and comparisons
export const [eqz, eq, ne, ltS, ltU, gtU, leU, geU] = [0x45, 0x46, 0x47, 0x48, 0x49, 0x4b, 0x4d, 0x4f];
export const [ctz, add, sub, and, or, xor, shl, shrU] = [0x68, 0x6a, 0x6b, 0x71, 0x72, 0x73, 0x74, 0x76];
/** the unsigned byte at (address on the stack) + offset */
export const load8 = (offset: number): number[] => [0x2d, 0, ...unsigned(offset)];

// SIMD: sixteen bytes at a time
const simd = (op: number, ...immediates: number[]): number[] => [0xfd, ...unsigned(op), ...immediates];
/** the sixteen bytes at (address on the stack) + offset */
export const v128Load = (offset: number): number[] => simd(0x00, 0, ...unsigned(offset));
export const v128Const = (bytes: readonly number[]): number[] => simd(0x0c, ...bytes);
export const splat = (byte: number): number[] => v128Const(new Array<number>(16).fill(byte));
/** lane i of the result: lane (i of the second operand) of the first, or 0 past 15 (a table look-up per lane) */
export const swizzle = simd(0x0e);
export const i8x16Eq = simd(0x23);
/** a vector's bytes shifted right by (the i32 on the stack) bits */
export const i8x16ShrU = simd(0x6d);
/** the top bit of each lane, as the low sixteen bits of an i32 */
export const bitmask = simd(0x64);
export const v128And = simd(0x4e);
export const v128Or = simd(0x50);
export const anyTrue = simd(0x53);

export interface WasmFunction {
  /** the types of its parameters */
  params: readonly number[];
  /** an i32 result, or none */
  result: boolean;
  /** local declarations after the parameters: [count, type] pairs */
  locals: [number, number][];
  code: number[];
}

const section = (id: number, contents: number[]): number[] => [id, ...unsigned(contents.length), ...contents];
const name = (text: string): number[] => [text.length, ...[...text].map((c) => c.charCodeAt(0))];

/**
 * A module of one growable memory of at least `pages` pages (exported as "memory") and `functions`, of which
 * those named in `exports` (by index) are exported.
 */
export function moduleBytes(pages: number, functions: WasmFunction[], exports: Record<string, number>): Uint8Array {
  const types = functions.map(({ params, result }) => [0x60, params.length, ...params, ...(result ? [1, I32] : [0])]);
  const bodies = functions.map(({ locals, code }) => {
    const body = [...unsigned(locals.length), ...locals.flatMap(([count, type]) => [...unsigned(count), type])];
    body.push(...code, end);
    return [...unsigned(body.length), ...body];
  });
  const exported = Object.entries(exports).flatMap(([exportName, index]) => [...name(exportName), 0x00, index]);
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [...unsigned(types.length), ...types.flat()]),
    ...section(3, [...unsigned(functions.length), ...functions.map((_, k) => k)]),
    ...section(5, [1, 0x00, ...unsigned(pages)]),
    ...section(7, [...unsigned(Object.keys(exports).length + 1), ...exported, ...name('memory'), 0x02, 0]),
    ...section(10, [...unsigned(bodies.length), ...bodies.flat()]),
  ]);
}
