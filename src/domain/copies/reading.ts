import { decode } from 'wm-watermark-codec/decode';
import { CodecError } from 'wm-watermark-codec/errors';
import { decodeRobust } from 'wm-watermark-codec/robust';
import type { DecodeResult, DecodeRobustResult } from 'wm-watermark-codec/types';

/**
 * The evidence for one copy id: marks that authenticated under the account's copy-mark key (AES-256-GCM), which only
 * the account's issues use. Nothing else names a copy: an unkeyed mark, a mark of another key or a frame that fails
 * its check is never read.
 */
export interface CopyEvidence {
  copyId: string;
  /** whole keyed VS frames carrying it */
  vsFrames: number;
  /** robust watermarks carrying it, with how many of their copies were found and how many agreed */
  robust: { copiesFound: number; copiesAgreeing: number; bitsRecovered: number }[];
}

/** The codec's answer, or undefined when it found nothing that opens with this key. */
function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof CodecError) return undefined;
    throw error;
  }
}

/**
 * Every copy id a mark of `text` sealed with `key` (the account's copy-mark key) carries: the text is opened once,
 * whatever the account holds. A text spliced from two copies yields both ids.
 */
export function readCopyMarks(text: string, key: Uint8Array): CopyEvidence[] {
  const found = new Map<string, CopyEvidence>();
  const evidenceOf = (copyId: string) => {
    let evidence = found.get(copyId);
    if (!evidence) found.set(copyId, (evidence = { copyId, vsFrames: 0, robust: [] }));
    return evidence;
  };
  const framed: DecodeResult | undefined = attempt(() => decode(text, { key }));
  for (const mark of framed?.watermarks ?? []) {
    if (mark.kind === 'vs' && mark.keyed) evidenceOf(mark.decoded).vsFrames++;
  }
  const robust: DecodeRobustResult | undefined = attempt(() => decodeRobust(text, { key }));
  for (const mark of robust?.watermarks ?? []) {
    if (!mark.keyed) continue;
    evidenceOf(mark.decoded).robust.push({
      copiesFound: mark.copies_found,
      copiesAgreeing: mark.copies_agreeing,
      bitsRecovered: mark.bits_recovered,
    });
  }
  return [...found.values()];
}
