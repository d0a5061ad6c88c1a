import { createRequire } from 'node:module';

/** (a) The practical limit: one native regex pass that finds every variation selector. */
const SELECTOR = /[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/g;

export function regexScan(text: string): number {
  SELECTOR.lastIndex = 0;
  let count = 0;
  while (SELECTOR.exec(text) !== null) count++;
  return count;
}

/** The cost of a plain copy of the carrier: UTF-16 string → UTF-8 bytes → string. */
export const bufferRoundTrip = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

function byteOfSelector(codePoint: number): number | null {
  if (codePoint >= 0xfe00 && codePoint <= 0xfe0f) return codePoint - 0xfe00;
  if (codePoint >= 0xe0100 && codePoint <= 0xe01ef) return codePoint - 0xe0100 + 16;
  return null;
}

/**
 * (b) How the widely used emoji-encoder scheme decodes (paulgb/emoji-encoder): Array.from over code points,
 * each selector mapped to a byte, TextDecoder at the end. Written here as the baseline; unlike the original it
 * reads the whole text instead of stopping after the first run, so it does the same work as our decode.
 */
export function emojiEncoderDecode(text: string): string {
  const bytes: number[] = [];
  for (const char of Array.from(text)) {
    const byte = byteOfSelector(char.codePointAt(0)!);
    if (byte !== null) bytes.push(byte);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

interface StegCloakInstance {
  hide(message: string, password: string, cover: string): string;
  reveal(data: string, password: string): string;
}

/** (c) StegCloak (npm), encryption on, HMAC off: zero-width characters after the cover's first word. */
export function loadStegCloak(): StegCloakInstance | null {
  try {
    const StegCloak = createRequire(import.meta.url)('stegcloak') as new (
      encrypt: boolean,
      integrity: boolean,
    ) => StegCloakInstance;
    return new StegCloak(true, false);
  } catch {
    return null;
  }
}
