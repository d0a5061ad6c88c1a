import { isAscii, isUtf8 } from 'node:buffer';

/**
 * The encodings `wm scan` reads: UTF-8 (with or without a byte order mark), and UTF-16 when a byte order mark says
 * which. Anything else is binary: a NUL byte in the first 8000 bytes (git's test; UTF-32 and UTF-16 without a BOM
 * have them too) or bytes that are not UTF-8.
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

const BINARY_SNIFF_BYTES = 8000;

export type Sniffed = { encoding: TextEncoding } | { binary: string };

/** What the first bytes of a file say it is. */
export function sniffEncoding(head: Uint8Array): Sniffed {
  if (head[0] === 0xff && head[1] === 0xfe && !(head[2] === 0 && head[3] === 0)) return { encoding: 'utf-16le' };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be' };
  if (head.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { binary: 'NUL bytes' };
  return { encoding: 'utf-8' };
}

/**
 * The text of `bytes` (whole characters of the encoding); a byte order mark stays as U+FEFF. Bytes that are not UTF-8
 * read as U+FFFD, as grep and ripgrep read them (isValidText says whether there are any).
 */
export function decodeText(bytes: Buffer, encoding: TextEncoding): string {
  if (encoding === 'utf-8') {
    // V8 makes a one-byte string of ASCII at memcpy speed
    return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  }
  if (encoding === 'utf-16le') return bytes.toString('utf16le');
  return Buffer.from(bytes).swap16().toString('utf16le');
}

/** Whether the bytes are exactly text in the encoding, so that writing the decoded text back gives them again. */
export const isValidText = (bytes: Buffer, encoding: TextEncoding): boolean =>
  encoding === 'utf-8' ? isUtf8(bytes) : bytes.length % 2 === 0;

/** `text` in `encoding`, byte for byte as it was read (a U+FEFF at the start is the byte order mark). */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  const bytes = Buffer.from(text, 'utf16le');
  return encoding === 'utf-16le' ? bytes : bytes.swap16();
}

/** Bytes per code unit: cut points of UTF-16 must be even. */
export const unitBytes = (encoding: TextEncoding): number => (encoding === 'utf-8' ? 1 : 2);
