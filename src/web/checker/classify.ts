import { c2paLabel } from '../../codec/c2pa-report.js';
import { FRAME_MAGIC, parseFrameAt } from '../../codec/frame.js';
import { ALPHABET_INDEX_OF_BYTE } from '../../codec/robust/alphabet.js';
import {
  byteOfSelectorAt,
  forEachSelectorRun,
  payloadBytes,
  selectorCodePointAt,
  selectorLengthAt,
} from '../../codec/scan.js';

/**
 * vs: bytes of a framed watermark (ours); robust: single bit-level marks; raw: other payload selectors (unframed,
 * e.g. from other tools); c2pa: a C2PA text manifest (its U+FEFF and selectors); text: invisible characters that
 * belong to the text (emoji presentation selectors, a joiner inside an emoji, a leading byte order mark, an emoji
 * tag sequence); tag, zero-width, bidi: foreign invisible characters.
 */
export type MarkKind = 'vs' | 'robust' | 'raw' | 'c2pa' | 'text' | 'tag' | 'zero-width' | 'bidi';

export const MARK_KINDS: { kind: MarkKind; name: string; description: string }[] = [
  { kind: 'vs', name: 'Watermark selectors', description: 'variation selectors carrying a framed wm watermark' },
  { kind: 'robust', name: 'Robust marks', description: 'one-bit marks of a robust watermark, one after a character' },
  { kind: 'raw', name: 'Other selectors', description: 'variation selectors carrying unframed data (other tools)' },
  {
    kind: 'c2pa',
    name: 'C2PA manifest',
    description: 'a content-provenance manifest (C2PA text embedding): not a watermark, kept by encode and strip',
  },
  { kind: 'tag', name: 'Tag characters', description: 'U+E0000–E007F outside an emoji flag' },
  {
    kind: 'zero-width',
    name: 'Zero-width characters',
    description: 'ZWSP, ZWJ/ZWNJ runs, word joiners, invisible operators, BOM, fillers',
  },
  { kind: 'bidi', name: 'Direction controls', description: 'bidirectional marks, embeddings, overrides and isolates' },
  {
    kind: 'text',
    name: 'Part of the text',
    description: 'emoji presentation selectors, joiners inside emoji, emoji flag tags',
  },
];

export interface Piece {
  text: string;
  kind?: MarkKind;
  /** the hidden characters' code points, e.g. "U+200B" or "VS·f7 00 02" */
  label?: string;
}

export interface Classified {
  pieces: Piece[];
  /** hidden code points of each kind in the whole text */
  counts: Record<MarkKind, number>;
  /** true when `pieces` stops before the end of a long text (the counts still cover all of it) */
  truncated: boolean;
}

const EMOJI_TAG_SEQUENCE = /^\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/u;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const ZERO_WIDTH = /[\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200D\u2060-\u2065\u3164\uFEFF\uFFA0]/;
const JOINERS = /[\u200C\u200D]/;
const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** Where each payload byte's selector sits: the byte ranges that parse as frames of ours. */
function frameRanges(bytes: Uint8Array): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = bytes.indexOf(FRAME_MAGIC); i >= 0;) {
    const frame = parseFrameAt(bytes, i);
    if (frame) ranges.push([i, frame.end]);
    i = bytes.indexOf(FRAME_MAGIC, frame ? frame.end : i + 1);
  }
  return ranges;
}

/** Splits `text` into visible stretches and hidden marks of each kind; draws at most `displayLimit` UTF-16 units. */
export function classify(text: string, displayLimit = 50_000): Classified {
  const counts: Record<MarkKind, number> = {
    vs: 0,
    robust: 0,
    raw: 0,
    c2pa: 0,
    text: 0,
    tag: 0,
    'zero-width': 0,
    bidi: 0,
  };
  const hidden = new Map<number, { end: number; kind: MarkKind; label: string }>();
  const ranges = frameRanges(payloadBytes(text));
  let byteIndex = 0;
  let range = 0;

  forEachSelectorRun(
    text,
    (run) => {
      if (run.payloadStart > run.start) {
        hidden.set(run.start, {
          end: run.payloadStart,
          kind: 'text',
          label: `${hex(selectorCodePointAt(text, run.start))} (emoji presentation)`,
        });
        counts.text += 1;
      }
      if (run.end === run.payloadStart) return;
      const bytes: number[] = [];
      for (let i = run.payloadStart; i < run.end; i += selectorLengthAt(text, i)) bytes.push(byteOfSelectorAt(text, i));
      while (range < ranges.length && ranges[range][1] <= byteIndex) range++;
      const inFrame = range < ranges.length && ranges[range][0] <= byteIndex;
      // robust marks use bytes that never make UTF-8 text (see the robust alphabet): a run of only those is robust
      // (several in a row when a short carrier's surplus follows its last character); anything else is other data
      const kind: MarkKind = inFrame
        ? 'vs'
        : bytes.every((byte) => ALPHABET_INDEX_OF_BYTE[byte] >= 0)
          ? 'robust'
          : 'raw';
      const shown = bytes.slice(0, 8).map((byte) => byte.toString(16).padStart(2, '0'));
      hidden.set(run.payloadStart, {
        end: run.end,
        kind,
        label: `VS·${shown.join(' ')}${bytes.length > 8 ? ` … (${bytes.length} bytes)` : ''}`,
      });
      counts[kind] += bytes.length;
      byteIndex += bytes.length;
    },
    (wrapper) => {
      hidden.set(wrapper.index, { end: wrapper.end, kind: 'c2pa', label: c2paLabel(wrapper) });
      counts.c2pa += wrapper.bytes;
    },
  );

  for (let i = 0; i < text.length;) {
    const codePoint = text.codePointAt(i)!;
    const width = codePoint > 0xffff ? 2 : 1;
    if (hidden.has(i)) {
      i = hidden.get(i)!.end;
      continue;
    }
    const char = String.fromCodePoint(codePoint);
    if (codePoint === 0x1f3f4) {
      const sequence = EMOJI_TAG_SEQUENCE.exec(text.slice(i, i + 64));
      if (sequence) {
        // the flag's tags are text; the black flag itself is visible
        hidden.set(i + 2, { end: i + sequence[0].length, kind: 'text', label: 'emoji flag tags' });
        counts.text += [...sequence[0]].length - 1;
        i += sequence[0].length;
        continue;
      }
    }
    if (codePoint >= 0xe0000 && codePoint <= 0xe007f) {
      hidden.set(i, { end: i + width, kind: 'tag', label: hex(codePoint) });
      counts.tag += 1;
    } else if (BIDI.test(char)) {
      hidden.set(i, { end: i + width, kind: 'bidi', label: hex(codePoint) });
      counts.bidi += 1;
    } else if (ZERO_WIDTH.test(char)) {
      const alone = JOINERS.test(char) && !ZERO_WIDTH.test(text[i - 1] ?? '') && !ZERO_WIDTH.test(text[i + 1] ?? '');
      const kind: MarkKind = alone || (codePoint === 0xfeff && i === 0) ? 'text' : 'zero-width';
      hidden.set(i, {
        end: i + width,
        kind,
        label: `${hex(codePoint)}${kind === 'text' ? ' (part of the text)' : ''}`,
      });
      counts[kind] += 1;
    }
    i += width;
  }

  const starts = [...hidden.keys()].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  let visibleFrom = 0;
  for (const start of starts) {
    if (start >= displayLimit) break;
    const mark = hidden.get(start)!;
    if (start > visibleFrom) pieces.push({ text: text.slice(visibleFrom, start) });
    pieces.push({ text: text.slice(start, mark.end), kind: mark.kind, label: mark.label });
    visibleFrom = mark.end;
  }
  const end = Math.min(text.length, Math.max(displayLimit, visibleFrom));
  if (visibleFrom < end) pieces.push({ text: text.slice(visibleFrom, end) });
  return { pieces, counts, truncated: end < text.length };
}
