import { decode } from 'wm-watermark-codec/decode';
import { CodecError } from 'wm-watermark-codec/errors';
import { decodeRobust } from 'wm-watermark-codec/robust';
import type { DecodeResult, DecodeRobustResult } from 'wm-watermark-codec/types';

/** A key that may have sealed copies: a channel's. */
export interface CopyKey {
  channelId: string;
  key: Uint8Array;
}

/**
 * The evidence for one copy id: marks that authenticated under one channel's key (AES-256-GCM), so the id is one
 * that key's holder wrote. Nothing else names a copy: an unkeyed mark or a frame that fails its check is never read.
 */
export interface CopyEvidence {
  copyId: string;
  channelId: string;
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
 * Every copy id a keyed mark of `text` carries, under each of `keys`. A key opens only the marks sealed with it, so
 * each id is found under the channel that wrote it; a text spliced from two copies yields both ids.
 */
export function readCopyMarks(text: string, keys: readonly CopyKey[]): CopyEvidence[] {
  const found = new Map<string, CopyEvidence>();
  const evidenceOf = (copyId: string, channelId: string) => {
    const id = `${channelId}\u0000${copyId}`;
    let evidence = found.get(id);
    if (!evidence) found.set(id, (evidence = { copyId, channelId, vsFrames: 0, robust: [] }));
    return evidence;
  };
  for (const { channelId, key } of keys) {
    const framed: DecodeResult | undefined = attempt(() => decode(text, { key }));
    for (const mark of framed?.watermarks ?? []) {
      if (mark.kind === 'vs' && mark.keyed) evidenceOf(mark.decoded, channelId).vsFrames++;
    }
    const robust: DecodeRobustResult | undefined = attempt(() => decodeRobust(text, { key }));
    for (const mark of robust?.watermarks ?? []) {
      if (!mark.keyed) continue;
      evidenceOf(mark.decoded, channelId).robust.push({
        copiesFound: mark.copies_found,
        copiesAgreeing: mark.copies_agreeing,
        bitsRecovered: mark.bits_recovered,
      });
    }
  }
  return [...found.values()];
}
