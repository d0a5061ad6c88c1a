import { buildFrame } from './frame.js';
import { placeAuto } from './methods/auto.js';
import { placeInPattern } from './methods/pattern.js';
import type { Placement } from './methods/placement.js';
import { placeChunks } from './methods/spread.js';
import { placeInFirstWord } from './methods/word.js';
import { checkEncodeOptions, checkSecret, checkText, type CheckedEncodeOptions } from './options.js';
import { countCodePoints } from './scan.js';
import { selectorsForBytes } from './selectors.js';
import type { EncodeOptions, EncodeResult } from './types.js';

/** Hides `secret` in `text` as variation selectors after carrier graphemes (docs/FORMAT.md). */
export function encode(text: string, secret: string, options?: EncodeOptions): EncodeResult {
  checkText(text);
  const secretBytes = checkSecret(secret);
  const checked = checkEncodeOptions(options);
  return embedFrame(text, buildFrame(secretBytes, checked.key), checked, secretBytes.length);
}

/** Embeds an already built frame (test vectors build theirs with a fixed nonce). */
export function embedFrame(text: string, frame: Uint8Array, options: CheckedEncodeOptions, secretLength: number): EncodeResult {
  const placement = place(text, frame.length, options);
  const parts: string[] = [];
  let copied = 0;
  let offset = 0;
  for (const carrier of placement.carriers) {
    const end = carrier.index + carrier.segment.length;
    const take = Math.min(placement.bytesPerCarrier, frame.length - offset);
    parts.push(options.output === 'tokens' ? carrier.segment : text.slice(copied, end), selectorsForBytes(frame, offset, offset + take));
    copied = end;
    offset += take;
  }
  if (options.output === 'full') parts.push(text.slice(copied));
  const encoded = parts.join('');
  const originalLength = countCodePoints(text);
  return {
    encoded,
    keyed: options.key !== undefined,
    stats: {
      originalLength,
      secretLength,
      encodedLength: options.output === 'full' ? originalLength + frame.length : countCodePoints(encoded),
      ...(placement.chunkSize !== undefined ? { chunkSize: placement.chunkSize } : {}),
      method: placement.method,
    },
  };
}

function place(text: string, frameLength: number, options: CheckedEncodeOptions): Placement {
  switch (options.method) {
    case 'auto':
      return placeAuto(text, frameLength);
    case 'single':
      return placeChunks(text, frameLength, 1, 'single');
    case 'chunked':
      return placeChunks(text, frameLength, options.chunkSize, 'chunked');
    case 'char':
      return placeInFirstWord(text, frameLength, options.firstLetterOnly);
    case 'pattern':
      return placeInPattern(text, frameLength, options.pattern);
  }
}
