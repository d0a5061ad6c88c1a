import { selectorsForBytes } from 'wm-watermark-codec/selectors';

/**
 * C2PA text manifests built by the tests from the field layout (C2PA 2.3 A.7; ISO 19566-5 for JUMBF), not by the
 * code under test: a U+FEFF, then one selector per byte of magic "C2PATXT\0", version, 32-bit big-endian length,
 * the manifest store (a JUMBF superbox) and optional padding.
 */

const MAGIC = [0x43, 0x32, 0x50, 0x41, 0x54, 0x58, 0x54, 0x00];
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const uint32 = (value: number): number[] => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
/** the type UUID of a C2PA manifest store: "c2pa" 0011-0010-8000-00AA00389B71 */
const MANIFEST_STORE_UUID = [
  0x63, 0x32, 0x70, 0x61, 0x00, 0x11, 0x00, 0x10, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71,
];

/** A JUMBF superbox: its description box (UUID, toggles "requestable + label", the label) and `content` bytes. */
export function jumbfStore(label = 'c2pa', content: number[] = ascii('a manifest, signed elsewhere')): Uint8Array {
  const labelBytes = [...new TextEncoder().encode(label), 0];
  const description = [...ascii('jumd'), ...MANIFEST_STORE_UUID, 0x03, ...labelBytes];
  const jumd = [...uint32(8 + description.length), ...description];
  const inner = [...jumd, ...uint32(8 + content.length), ...ascii('json'), ...content];
  return Uint8Array.from([...uint32(8 + inner.length), ...ascii('jumb'), ...inner]);
}

export interface WrapperParts {
  /** default: a 67-byte store labelled "c2pa" */
  store?: Uint8Array;
  /** default 1 */
  version?: number;
  /** default: the store's length */
  declaredLength?: number;
  /** default true */
  marker?: boolean;
  /** bytes after the store (C2PA's deterministic padding writes 0x00 and 0x10) */
  padding?: number[];
  /** replace the magic */
  magic?: number[];
}

/** The bytes a wrapper's selectors carry. */
export function wrapperBytes(parts: WrapperParts = {}): Uint8Array {
  const store = parts.store ?? STORE_67;
  return Uint8Array.from([
    ...(parts.magic ?? MAGIC),
    parts.version ?? 1,
    ...uint32(parts.declaredLength ?? store.length),
    ...store,
    ...(parts.padding ?? []),
  ]);
}

/** A wrapper as text. */
export function c2paWrapper(parts: WrapperParts = {}): string {
  return `${parts.marker === false ? '' : '\uFEFF'}${selectorsForBytes(wrapperBytes(parts))}`;
}

/** A 67-byte manifest store (so the wrapper holds 80 bytes), as in the report that led to this support. */
export const STORE_67 = jumbfStore('c2pa', ascii('manifest signed elsew'));
if (STORE_67.length !== 67) throw new Error(`STORE_67 is ${STORE_67.length} bytes`);

/** The first `units` UTF-16 units of a wrapper, never ending inside a surrogate pair. */
export function cutWrapper(wrapper: string, selectors: number): string {
  let end = 0;
  for (let i = 0; i < selectors && end < wrapper.length; i++) end += wrapper.codePointAt(end)! > 0xffff ? 2 : 1;
  return wrapper.slice(0, end);
}

/** UTF-16 units of the selector at `index` of `text`, or 0 when none starts there. */
function selectorUnitsAt(text: string, index: number): number {
  const codePoint = text.codePointAt(index) ?? 0;
  if (codePoint >= 0xfe00 && codePoint <= 0xfe0f) return 1;
  return codePoint >= 0xe0100 && codePoint <= 0xe01ef ? 2 : 0;
}

/**
 * A text marked, then signed (the order that keeps every hash valid; encode refuses a text that carries a manifest):
 * `mark` runs on the carrier without its wrappers (U+FEFF and selectors), which are then put back where they were,
 * after the marks that end there. For carriers without selectors of their own: every selector `mark` adds is a mark.
 */
export function markedThenSigned(carrier: string, mark: (text: string) => string): string {
  const wrappers: { at: number; text: string }[] = [];
  let plain = '';
  let from = 0;
  for (const match of carrier.matchAll(/\uFEFF(?:[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF])+/g)) {
    plain += carrier.slice(from, match.index);
    wrappers.push({ at: plain.length, text: match[0] });
    from = match.index + match[0].length;
  }
  plain += carrier.slice(from);
  const marked = mark(plain);
  let out = '';
  let j = 0;
  const takeMarks = (): void => {
    for (let units = selectorUnitsAt(marked, j); units > 0; units = selectorUnitsAt(marked, j)) {
      out += marked.slice(j, j + units);
      j += units;
    }
  };
  let i = 0;
  for (const wrapper of wrappers) {
    for (; i < wrapper.at; i++) {
      takeMarks();
      out += marked[j++];
    }
    takeMarks();
    out += wrapper.text;
  }
  return out + marked.slice(j);
}
