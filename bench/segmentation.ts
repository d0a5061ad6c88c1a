import { countGraphemes } from 'unicode-segmenter/grapheme';
import { CARRIER_KINDS, carrierOf, utf8Bytes, type CarrierKind } from './carriers.js';
import { SIZES_MB } from './codec.js';
import { QUICK, median, medianRatio, round, timeRounds } from './measure.js';

/**
 * Intl.Segmenter is quadratic on Node 20 (1 MiB does not finish in minutes), so it only gets small
 * slices; the rows show its per-MB rate falling as the slice grows, beside unicode-segmenter on the same slice.
 */
const INTL_SLICES_KB = QUICK ? [4, 16] : [4, 16, 64];

const intl = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
function intlCount(text: string): number {
  let count = 0;
  for (const _ of intl.segment(text)) count++;
  return count;
}

export interface SegmentationRow {
  carrier: CarrierKind;
  size: string;
  unicodeSegmenterMbPerSecond: number;
  intlSegmenterMbPerSecond: number | null;
  /** unicode-segmenter speed / Intl.Segmenter speed on the same text */
  speedup: number | null;
}

export function measureSegmentation(log: (line: string) => void): SegmentationRow[] {
  const rows: SegmentationRow[] = [];
  for (const kind of Object.keys(CARRIER_KINDS) as CarrierKind[]) {
    log(`segmentation: ${kind}…`);
    for (const mb of SIZES_MB) {
      const text = carrierOf(kind, mb * 1e6);
      const times = timeRounds({ segmenter: () => countGraphemes(text) }, 3, 0);
      rows.push({
        carrier: kind,
        size: `${mb} MB`,
        unicodeSegmenterMbPerSecond: round(utf8Bytes(text) / 1e6 / (median(times.segmenter) / 1000), 3),
        intlSegmenterMbPerSecond: null,
        speedup: null,
      });
    }
    for (const kb of INTL_SLICES_KB) {
      const text = sliceOf(carrierOf(kind, kb * 1000 + 1000), kb * 1000);
      const mbs = utf8Bytes(text) / 1e6;
      const times = timeRounds(
        { segmenter: () => countGraphemes(text), intl: () => intlCount(text) },
        3,
        QUICK ? 20 : 100,
      );
      rows.push({
        carrier: kind,
        size: `${kb} KB`,
        unicodeSegmenterMbPerSecond: round(mbs / (median(times.segmenter) / 1000), 3),
        intlSegmenterMbPerSecond: round(mbs / (median(times.intl) / 1000), 3),
        speedup: round(medianRatio(times.intl, times.segmenter)),
      });
    }
  }
  return rows;
}

/** About `bytes` UTF-8 bytes of `text`, cut at a line end. */
function sliceOf(text: string, bytes: number): string {
  const cut = text.lastIndexOf('\n', Buffer.from(text).subarray(0, bytes).toString().length);
  return text.slice(0, cut + 1);
}
