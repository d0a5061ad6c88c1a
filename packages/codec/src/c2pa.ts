import { byteForSelector, selectorsForBytes } from './selectors.js';
import { strictUtf8Text } from './utf8.js';

/**
 * The one recogniser of C2PA text manifests (C2PA 2.3, appendix A.7 "Embedding manifests into unstructured text";
 * A.8 in 2.4): a U+FEFF, then one variation selector per byte (the same byte mapping as ours) carrying the magic
 * "C2PATXT\0", a version byte (1), the manifest store's length (32 bits, big-endian), the manifest store (a JUMBF
 * superbox) and, optionally, padding. It is not our watermark: decode, analyze, strip, reveal and encode all ask
 * this module where such wrappers are, and leave them alone (docs/FORMAT.md, "C2PA text manifests").
 */

/** "C2PATXT\0" */
export const C2PA_TEXT_MAGIC = Uint8Array.of(0x43, 0x32, 0x50, 0x41, 0x54, 0x58, 0x54, 0x00);
/** the only wrapper version C2PA 2.3 defines */
export const C2PA_TEXT_VERSION = 1;
/** magic (8) + version (1) + manifest length (4) */
export const C2PA_HEADER_BYTES = 13;

export interface C2paWrapper {
  /** UTF-16 offset where the wrapper starts: its U+FEFF, or its first selector when the marker is missing */
  index: number;
  /** UTF-16 offset just after its last selector */
  end: number;
  /** selectors in it (header, manifest store and padding) */
  bytes: number;
  /** the version byte, when the wrapper reaches it */
  version?: number;
  /** the declared length of the manifest store in bytes, when the wrapper reaches it */
  length?: number;
  /** the label of the manifest store's JUMBF superbox ("c2pa"), when it has one */
  label?: string;
  /** why its framing is not valid; absent when it is */
  problem?: string;
  /**
   * whether it has its U+FEFF, the magic, version 1 and every declared byte: a wrapper to A.8 whatever its store
   * holds (`problem` also says when the store does not begin as a JUMBF superbox)
   */
  framed: boolean;
}

const MARKER = 0xfeff;
/**
 * The selectors of "C2" less their first unit (U+DB40, which every VS17+ begins with): searched for where a wrapper
 * that lost its U+FEFF may start, since indexOf finds a rare first unit far faster than a common one.
 */
const MAGIC_HEAD_TAIL = '\uDD33\uDB40\uDD22';
/** bytes decoded for the header and the start of the JUMBF superbox: its header, description box and label */
const HEAD_BYTES = C2PA_HEADER_BYTES + 16 + 25 + 256;
const JUMB = 0x6a756d62;
const JUMD = 0x6a756d64;
const LABEL_PRESENT = 0x02;

/**
 * The C2PA wrapper made of the selector run at `start` (the run's first selector; `end` just after its last), or
 * null. A run is one when it begins with the whole magic, or when it follows a U+FEFF and holds nothing but the
 * beginning of the magic (a wrapper cut short). A wrapper is the whole run: selectors after the declared manifest
 * store are its padding.
 */
export function c2paWrapperAt(text: string, start: number, end = selectorRunEnd(text, start)): C2paWrapper | null {
  const marker = start > 0 && text.charCodeAt(start - 1) === MARKER;
  // the magic first, without allocating: the decode scan asks this of every run that mayStartC2paWrapper (scan.ts)
  let matched = 0;
  let at = start;
  for (; at < end && matched < C2PA_TEXT_MAGIC.length; at += unitsAt(text, at), matched++) {
    if (byteAt(text, at) !== C2PA_TEXT_MAGIC[matched]) return null;
  }
  if (matched < C2PA_TEXT_MAGIC.length && !marker) return null;
  const head = new Uint8Array(HEAD_BYTES);
  head.set(C2PA_TEXT_MAGIC.subarray(0, matched));
  let read = matched;
  for (; at < end && read < HEAD_BYTES; at += unitsAt(text, at)) head[read++] = byteAt(text, at);
  let bytes = read;
  for (; at < end; at += unitsAt(text, at)) bytes++;

  const wrapper: C2paWrapper = { index: marker ? start - 1 : start, end, bytes, framed: false };
  const problems: string[] = marker ? [] : ['no U+FEFF before it'];
  if (bytes < C2PA_HEADER_BYTES) {
    problems.push(`cut short in its header (${bytes} of ${C2PA_HEADER_BYTES} bytes)`);
  } else {
    wrapper.version = head[8];
    wrapper.length = uint32(head, 9);
    const present = bytes - C2PA_HEADER_BYTES;
    if (wrapper.version !== C2PA_TEXT_VERSION) {
      problems.push(`wrapper version ${wrapper.version} is unknown (C2PA 2.3 defines ${C2PA_TEXT_VERSION})`);
    }
    if (wrapper.length > present) problems.push(`declares ${wrapper.length} manifest bytes, ${present} present`);
    wrapper.framed = problems.length === 0;
    const store = head.subarray(C2PA_HEADER_BYTES, Math.min(read, C2PA_HEADER_BYTES + wrapper.length));
    const superbox = readSuperbox(store, wrapper.length);
    if (superbox.label !== undefined) wrapper.label = superbox.label;
    // a store cut short is already reported above; what is there must still begin like a superbox
    if (superbox.problem && !(wrapper.length > present && store.length < 8)) problems.push(superbox.problem);
  }
  if (problems.length > 0) wrapper.problem = problems.join('; ');
  return wrapper;
}

/** Every C2PA wrapper in the text, in order. Looks only where one can start: after a U+FEFF, or at "C2". */
export function findC2paWrappers(text: string): C2paWrapper[] {
  const found: C2paWrapper[] = [];
  // a start is the U+DB40 before the tail found (checked below); a tail at 0 has none
  const magicFrom = (from: number): number => {
    const tail = text.indexOf(MAGIC_HEAD_TAIL, Math.max(from, 1));
    return tail < 0 ? -1 : tail - 1;
  };
  let marker = text.indexOf('\uFEFF');
  let magic = magicFrom(1);
  while (marker >= 0 || magic >= 0) {
    let start: number;
    if (magic < 0 || (marker >= 0 && marker + 1 <= magic)) {
      start = marker + 1;
      marker = text.indexOf('\uFEFF', start);
    } else {
      start = magic;
      magic = magicFrom(start + 2);
    }
    const last = found[found.length - 1];
    if ((last && start < last.end) || byteAt(text, start) < 0 || selectorEndsAt(text, start)) continue;
    const wrapper = c2paWrapperAt(text, start);
    if (wrapper) found.push(wrapper);
  }
  return found;
}

// Selectors read through the shared byte mapping (selectors.ts); the decode scan keeps its own inlined readers
// (scan.ts) for its hot loop, and asks this module only of the runs that may start a wrapper.

/** The byte the selector at `index` carries, or -1 when no selector starts there. */
const byteAt = (text: string, index: number): number => byteForSelector(text.codePointAt(index) ?? -1);

/** UTF-16 units of the selector at `index` (caller checked there is one). */
const unitsAt = (text: string, index: number): number => (text.charCodeAt(index) === 0xdb40 ? 2 : 1);

/** UTF-16 offset just after the selector run that starts at `start`. */
function selectorRunEnd(text: string, start: number): number {
  let end = start;
  while (byteAt(text, end) >= 0) end += unitsAt(text, end);
  return end;
}

/** Whether a variation selector ends right before `index` (then no run starts there). */
function selectorEndsAt(text: string, index: number): boolean {
  const unit = text.charCodeAt(index - 1);
  if (unit >= 0xfe00 && unit <= 0xfe0f) return true;
  return unit >= 0xdd00 && unit <= 0xddef && text.charCodeAt(index - 2) === 0xdb40;
}

/**
 * The start of the manifest store (ISO 19566-5 JUMBF): a superbox ('jumb') no longer than the declared length,
 * whose first box is its description ('jumd': type UUID, toggles, then the label when toggle bit 1 is set).
 */
function readSuperbox(store: Uint8Array, declared: number): { label?: string; problem?: string } {
  if (store.length < 8 || uint32(store, 4) !== JUMB)
    return { problem: "the manifest store is not a JUMBF superbox ('jumb')" };
  const size = uint32(store, 0);
  const extended = size === 1;
  if (extended ? uint32(store, 8) !== 0 || uint32(store, 12) > declared : size !== 0 && (size < 8 || size > declared)) {
    return {
      problem: `its JUMBF superbox claims ${extended ? 'more' : size} bytes, not within the ${declared} declared`,
    };
  }
  const description = extended ? 16 : 8;
  if (store.length < description + 25) return {};
  if (uint32(store, description + 4) !== JUMD)
    return { problem: "its JUMBF superbox does not begin with a description box ('jumd')" };
  if ((store[description + 24] & LABEL_PRESENT) === 0) return {};
  const from = description + 25;
  const terminator = store.indexOf(0, from);
  if (terminator < 0) return {};
  try {
    return { label: strictUtf8Text(store.subarray(from, terminator)) };
  } catch {
    return {};
  }
}

const uint32 = (bytes: Uint8Array, at: number): number =>
  ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;

// Writing (C2PA 2.4, A.8): the wrapper's UTF-8 length goes into the manifest's own data hash (its exclusion), while
// each byte takes 3 UTF-8 bytes (b < 16) or 4: so the wrapper is padded to a length that depends on the manifest's
// size alone, with the padding the specification fixes, and every conforming writer emits the same wrapper.

/** UTF-8 bytes of the wrapper of a manifest store of `storeBytes` bytes, padded: 3 + (13 + M) · 4 + 6. */
export const c2paWrapperUtf8Length = (storeBytes: number): number => 3 + (C2PA_HEADER_BYTES + storeBytes) * 4 + 6;

/**
 * The padding bytes whose selectors take exactly `gap` UTF-8 bytes: (gap − 4·(gap mod 3)) / 3 bytes 0x00 (3 UTF-8
 * bytes each), then gap mod 3 bytes 0x10 (4 each). A gap of 1, 2 or 5 has none; the target's margin of 6 avoids them.
 */
export function c2paPadding(gap: number): Uint8Array {
  const fours = gap % 3;
  if (gap < 4 * fours) throw new RangeError(`no padding takes exactly ${gap} UTF-8 bytes`);
  const padding = new Uint8Array((gap - 4 * fours) / 3 + fours);
  padding.fill(0x10, padding.length - fours);
  return padding;
}

/** The C2PATextManifestWrapper of a manifest store: U+FEFF, header, store and padding, as selectors. */
export function c2paWrapperText(store: Uint8Array, { padded = true }: { padded?: boolean } = {}): string {
  const header = new Uint8Array(C2PA_HEADER_BYTES);
  header.set(C2PA_TEXT_MAGIC);
  header[8] = C2PA_TEXT_VERSION;
  new DataView(header.buffer).setUint32(9, store.length);
  const wrapper = `\uFEFF${selectorsForBytes(header)}${selectorsForBytes(store)}`;
  if (!padded) return wrapper;
  const gap = c2paWrapperUtf8Length(store.length) - utf8Length(wrapper);
  return wrapper + selectorsForBytes(c2paPadding(gap));
}

/**
 * The manifest store a framed wrapper carries (its declared bytes, padding left out), or null when it is not
 * `framed`.
 */
export function c2paManifestStore(text: string, wrapper: C2paWrapper): Uint8Array | null {
  if (!wrapper.framed || wrapper.length === undefined) return null;
  const store = new Uint8Array(wrapper.length);
  let at = wrapper.index + 1;
  for (let skipped = 0; skipped < C2PA_HEADER_BYTES; skipped++) at += unitsAt(text, at);
  for (let read = 0; read < store.length; read++, at += unitsAt(text, at)) store[read] = byteAt(text, at);
  return store;
}

/** UTF-8 bytes of a selector run after a U+FEFF: 3 for U+FEFF and VS1–VS16, 4 for VS17–VS256 (surrogate pairs). */
function utf8Length(run: string): number {
  let bytes = 0;
  for (let i = 0; i < run.length; i++) bytes += run.charCodeAt(i) === 0xdb40 ? (i++, 4) : 3;
  return bytes;
}

/** The text without its C2PA wrappers (each U+FEFF through its last selector), every other character kept. */
export function withoutC2paWrappers(text: string): string {
  let kept = '';
  let from = 0;
  for (const wrapper of findC2paWrappers(text)) {
    kept += text.slice(from, wrapper.index);
    from = wrapper.end;
  }
  return from === 0 ? text : kept + text.slice(from);
}
