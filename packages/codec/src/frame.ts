import { crc32 } from './crc32.js';
import { CodecError } from './errors.js';
import { KEY_ID_BYTES, NONCE_BYTES, TAG_BYTES, keyIdOf, newNonce, openBytes, sealBytes } from './seal.js';
import { TEXT_DIGEST_BYTES } from './bound-text.js';
import { SIGNATURE_BYTES, SIGNER_ID_BYTES, signMessage, signerIdOf, type SigningKey } from './signing.js';

/**
 * Frame layout v1 (docs/FORMAT.md):
 *   magic 0xF7 | flags | body length (LEB128) | [key id (4) | nonce (12)] | [signer id (8)] | [text digest (32)]
 *   | body | [signature (64)] | CRC-32 (4, big-endian)
 * 0xF7 can never begin valid UTF-8, so a framed run is never mistaken for a raw UTF-8 run.
 * The body is the secret's UTF-8 bytes, or, when keyed, its AES-256-GCM ciphertext and tag with the
 * header (magic through text digest) as associated data. A signed frame's Ed25519 signature covers a label and
 * every byte from the magic to the end of the body. The CRC covers every byte before it.
 */
export const FRAME_MAGIC = 0xf7;
/**
 * Frame v2, the same frame for carriers after which VS1-VS16 change the rendering (Myanmar): 0xF8, then the v1
 * frame's bytes after its magic, each byte below 0x10 and each 0xFF written as two, 0xFF and 0x10 + the byte (0x20 for
 * 0xFF), so that no byte maps to U+FE00-U+FE0F. Decoders read it back into the v1 frame and check that.
 */
export const STUFFED_MAGIC = 0xf8;
const ESCAPE = 0xff;
export const FLAG_KEYED = 0x01;
export const FLAG_SIGNED = 0x02;
/** only together with FLAG_SIGNED: the header holds the digest of the visible text (bound-text.ts) */
export const FLAG_TEXT_BOUND = 0x04;
const KNOWN_FLAGS = FLAG_KEYED | FLAG_SIGNED | FLAG_TEXT_BOUND;
const CRC_BYTES = 4;
const MAX_LENGTH_BYTES = 4; // body up to 2^28 - 1 bytes
/** What an Ed25519 signature is made over: this label, then the frame from its magic to the end of its body. */
const SIGNATURE_LABEL = new TextEncoder().encode('wm signed mark v1\0');

export interface Frame {
  keyed: boolean;
  keyId: Uint8Array | null;
  nonce: Uint8Array | null;
  signed: boolean;
  signerId: Uint8Array | null;
  /** SHA-256 of the visible text the signature binds (boundTextDigest); null when no text is bound */
  textDigest: Uint8Array | null;
  signature: Uint8Array | null;
  /** the label and the v1 frame from magic to the end of the body: what the signature covers (signed frames) */
  signedMessage: Uint8Array | null;
  /** magic through the text digest: the associated data of a keyed frame */
  header: Uint8Array;
  body: Uint8Array;
  /** offset of the byte after the frame in the buffer it was parsed from */
  end: number;
}

/** How buildFrame signs: the key, and the digest of the visible text when the signature binds it. */
export interface FrameSigning {
  key: SigningKey;
  textDigest?: Uint8Array;
}

const validFlags = (flags: number): boolean =>
  (flags & ~KNOWN_FLAGS) === 0 && ((flags & FLAG_TEXT_BOUND) === 0 || (flags & FLAG_SIGNED) !== 0);

/** Header bytes after the length field that the flags call for. */
const headerExtraBytes = (flags: number): number =>
  ((flags & FLAG_KEYED) !== 0 ? KEY_ID_BYTES + NONCE_BYTES : 0) +
  ((flags & FLAG_SIGNED) !== 0 ? SIGNER_ID_BYTES : 0) +
  ((flags & FLAG_TEXT_BOUND) !== 0 ? TEXT_DIGEST_BYTES : 0);

/** Bytes after the body: the signature, if any, and the CRC. */
const trailerBytes = (flags: number): number => ((flags & FLAG_SIGNED) !== 0 ? SIGNATURE_BYTES : 0) + CRC_BYTES;

/** The most bytes a frame can have beyond its length field and body: robust decode bounds its search with it. */
export const frameOverheadFor = (flags: number): number =>
  validFlags(flags)
    ? headerExtraBytes(flags) + trailerBytes(flags)
    : headerExtraBytes(KNOWN_FLAGS) + trailerBytes(KNOWN_FLAGS);

function encodeLength(length: number): number[] {
  const out: number[] = [];
  do {
    let byte = length & 0x7f;
    length >>>= 7;
    if (length > 0) byte |= 0x80;
    out.push(byte);
  } while (length > 0);
  return out;
}

/**
 * Frames a secret; seals it with AES-256-GCM when a key is given, then signs the result when `signing` is given
 * (encrypt, then sign: docs/FORMAT.md says why). `nonce` is for test vectors only.
 */
export function buildFrame(
  secret: Uint8Array,
  key?: Uint8Array,
  nonce?: Uint8Array,
  signing?: FrameSigning,
): Uint8Array {
  const keyed = key !== undefined;
  const bodyLength = keyed ? secret.length + TAG_BYTES : secret.length;
  if (bodyLength >= 2 ** (7 * MAX_LENGTH_BYTES)) {
    throw new CodecError('INVALID_INPUT', `Secret too large (${secret.length} bytes)`);
  }
  if (signing?.textDigest && signing.textDigest.length !== TEXT_DIGEST_BYTES) {
    throw new CodecError('INVALID_INPUT', `A text digest is ${TEXT_DIGEST_BYTES} bytes`);
  }
  const flags = (keyed ? FLAG_KEYED : 0) | (signing ? FLAG_SIGNED : 0) | (signing?.textDigest ? FLAG_TEXT_BOUND : 0);
  // a plain array for the unkeyed header and the CRC written by hand: each small typed array or DataView allocates,
  // a measurable part of encoding into a 1 KB text
  let header: ArrayLike<number> = [FRAME_MAGIC, flags, ...encodeLength(bodyLength)];
  const usedNonce = keyed ? (nonce ?? newNonce()) : undefined;
  if (keyed || signing) {
    const parts: Uint8Array[] = [Uint8Array.from(header)];
    if (keyed) parts.push(keyIdOf(key), usedNonce!);
    if (signing) parts.push(signerIdOf(signing.key.publicKey));
    if (signing?.textDigest) parts.push(signing.textDigest);
    header = concat(parts);
  }
  const body = keyed ? sealBytes(key, usedNonce!, secret, header as Uint8Array) : secret;
  const signatureLength = signing ? SIGNATURE_BYTES : 0;
  const frame = new Uint8Array(header.length + body.length + signatureLength + CRC_BYTES);
  frame.set(header, 0);
  frame.set(body, header.length);
  const bodyEnd = header.length + body.length;
  if (signing) frame.set(signMessage(signing.key, signedMessageOf(frame, 0, bodyEnd)), bodyEnd);
  const crcAt = frame.length - CRC_BYTES;
  const crc = crc32(frame, 0, crcAt);
  // big-endian; a Uint8Array keeps the low 8 bits of each
  frame[crcAt] = crc >>> 24;
  frame[crcAt + 1] = crc >>> 16;
  frame[crcAt + 2] = crc >>> 8;
  frame[crcAt + 3] = crc;
  return frame;
}

function signedMessageOf(bytes: Uint8Array, start: number, bodyEnd: number): Uint8Array {
  const message = new Uint8Array(SIGNATURE_LABEL.length + bodyEnd - start);
  message.set(SIGNATURE_LABEL, 0);
  message.set(bytes.subarray(start, bodyEnd), SIGNATURE_LABEL.length);
  return message;
}

/**
 * How many candidate frames have reached the CRC comparison in this thread: each is a 2^-32 chance that bytes which
 * are no frame pass for one (`npm run test:truth` reports it, docs/FORMAT.md "A decode never lies").
 */
export const crcComparisons = { count: 0 };

/** The frame starting at `start`, or null when none starts there or its CRC does not match. */
export function parseFrameAt(bytes: Uint8Array, start: number): Frame | null {
  const head = readHeader(bytes, start);
  if (!head) return null;
  const { flags, bodyLength, lengthEnd } = head;
  const keyed = (flags & FLAG_KEYED) !== 0;
  const signed = (flags & FLAG_SIGNED) !== 0;
  const headerEnd = lengthEnd + headerExtraBytes(flags);
  const bodyEnd = headerEnd + bodyLength;
  const crcAt = bodyEnd + (signed ? SIGNATURE_BYTES : 0);
  const end = crcAt + CRC_BYTES;
  if (end > bytes.length || (keyed && bodyLength < TAG_BYTES)) return null;
  const stored = ((bytes[crcAt] << 24) | (bytes[crcAt + 1] << 16) | (bytes[crcAt + 2] << 8) | bytes[crcAt + 3]) >>> 0;
  crcComparisons.count++;
  if (stored !== crc32(bytes, start, crcAt)) return null;
  let pos = lengthEnd;
  const field = (present: boolean, length: number): Uint8Array | null => {
    if (!present) return null;
    pos += length;
    return bytes.subarray(pos - length, pos);
  };
  const keyId = field(keyed, KEY_ID_BYTES);
  const nonce = field(keyed, NONCE_BYTES);
  const signerId = field(signed, SIGNER_ID_BYTES);
  const textDigest = field((flags & FLAG_TEXT_BOUND) !== 0, TEXT_DIGEST_BYTES);
  return {
    keyed,
    keyId,
    nonce,
    signed,
    signerId,
    textDigest,
    signature: signed ? bytes.subarray(bodyEnd, crcAt) : null,
    signedMessage: signed ? signedMessageOf(bytes, start, bodyEnd) : null,
    header: bytes.subarray(start, headerEnd),
    body: bytes.subarray(headerEnd, bodyEnd),
    end,
  };
}

/** Flags and body length of the v1 header at `start`, and where its length field ends; null when it is no header. */
function readHeader(bytes: Uint8Array, start: number): { flags: number; bodyLength: number; lengthEnd: number } | null {
  if (bytes[start] !== FRAME_MAGIC || start + 2 >= bytes.length) return null;
  const flags = bytes[start + 1];
  if (!validFlags(flags)) return null;
  let bodyLength = 0;
  let pos = start + 2;
  for (let shift = 0; ; shift += 7) {
    if (pos >= bytes.length || shift >= 7 * MAX_LENGTH_BYTES) return null;
    const byte = bytes[pos++];
    bodyLength += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) break;
  }
  return { flags, bodyLength, lengthEnd: pos };
}

/** The v2 form of a v1 frame (STUFFED_MAGIC): no byte below 0x10. */
export function stuffFrame(frame: Uint8Array): Uint8Array {
  const out: number[] = [STUFFED_MAGIC];
  for (let i = 1; i < frame.length; i++) {
    const byte = frame[i];
    if (byte < 0x10) out.push(ESCAPE, 0x10 + byte);
    else if (byte === ESCAPE) out.push(ESCAPE, 0x20);
    else out.push(byte);
  }
  return Uint8Array.from(out);
}

/** The v2 frame starting at `start` read back into its v1 frame, with `end` in `bytes`; null when none starts there. */
export function parseStuffedFrameAt(bytes: Uint8Array, start: number): Frame | null {
  const head = readStuffedHeader(bytes, start);
  if (!head) return null;
  const { header, frameLength, next } = head;
  // every unstuffed byte takes at least one byte of `bytes`: a length beyond them is no frame (and costs nothing)
  if (frameLength - header.length > bytes.length - next.pos()) return null;
  const v1 = new Uint8Array(frameLength);
  v1.set(header);
  for (let i = header.length; i < v1.length; i++) {
    const byte = next();
    if (byte < 0) return null;
    v1[i] = byte;
  }
  const frame = parseFrameAt(v1, 0);
  return frame && { ...frame, end: next.pos() };
}

/**
 * The v1 header of the v2 frame starting at `start` (unstuffed), the length of the whole v1 frame it declares, and
 * the reader of the unstuffed bytes after it; null when no v2 header starts there.
 */
function readStuffedHeader(
  bytes: Uint8Array,
  start: number,
): { header: number[]; frameLength: number; next: { (): number; pos: () => number } } | null {
  if (bytes[start] !== STUFFED_MAGIC) return null;
  let pos = start + 1;
  const next = (): number => {
    if (pos >= bytes.length) return -1;
    const byte = bytes[pos++];
    if (byte < 0x10) return -1;
    if (byte !== ESCAPE) return byte;
    const escaped = pos < bytes.length ? bytes[pos++] : -1;
    return escaped < 0x10 || escaped > 0x20 ? -1 : escaped === 0x20 ? ESCAPE : escaped - 0x10;
  };
  const header = [FRAME_MAGIC];
  for (let i = 0; i < 1 + MAX_LENGTH_BYTES; i++) {
    const byte = next();
    if (byte < 0) return null;
    header.push(byte);
    if (i > 0 && (byte & 0x80) === 0) break;
  }
  const probe = parseHeader(Uint8Array.from(header), 0);
  return probe && { header, frameLength: probe.frameLength, next: Object.assign(next, { pos: () => pos }) };
}

/** How long the whole frame whose v1 header is at `start` is, or null when it is no header. */
function parseHeader(bytes: Uint8Array, start: number): { frameLength: number } | null {
  const head = readHeader(bytes, start);
  if (!head) return null;
  const { flags, bodyLength, lengthEnd } = head;
  return { frameLength: lengthEnd - start + headerExtraBytes(flags) + bodyLength + trailerBytes(flags) };
}

/**
 * How many bytes the frame that begins at `start` says it has, when its first bytes are wm's signature
 * (docs/FORMAT.md, "wm's signature"): the magic 0xF7 with valid flags and a length, or 0xF8 with the same after it
 * unstuffed (a v2 frame takes at least that many bytes). Null when they are not: what is left of a damaged mark of
 * ours is told from other data so.
 */
export function declaredFrameLength(bytes: Uint8Array, start: number): number | null {
  if (bytes[start] === FRAME_MAGIC) return parseHeader(bytes, start)?.frameLength ?? null;
  return readStuffedHeader(bytes, start)?.frameLength ?? null;
}

/**
 * Every well-formed frame (v1 or v2) in `bytes`, in order, where each starts, and whether a magic began something
 * that did not parse.
 */
export function findFrames(bytes: Uint8Array): { frames: Frame[]; starts: number[]; damaged: boolean } {
  const frames: Frame[] = [];
  const starts: number[] = [];
  let damaged = false;
  let v1 = bytes.indexOf(FRAME_MAGIC);
  let v2 = bytes.indexOf(STUFFED_MAGIC);
  while (v1 >= 0 || v2 >= 0) {
    const i = v2 < 0 || (v1 >= 0 && v1 < v2) ? v1 : v2;
    const frame = i === v1 ? parseFrameAt(bytes, i) : parseStuffedFrameAt(bytes, i);
    const from = frame ? frame.end : i + 1;
    if (frame) {
      frames.push(frame);
      starts.push(i);
    } else damaged = true;
    if (v1 >= 0 && v1 < from) v1 = bytes.indexOf(FRAME_MAGIC, from);
    if (v2 >= 0 && v2 < from) v2 = bytes.indexOf(STUFFED_MAGIC, from);
  }
  return { frames, starts, damaged };
}

/** The secret bytes of a frame: KEY_REQUIRED, KEY_MISMATCH and CORRUPTED are distinct failures. */
export function openFrame(frame: Frame, key?: Uint8Array): Uint8Array {
  if (!frame.keyed) return frame.body;
  if (!key) throw new CodecError('KEY_REQUIRED', 'This watermark is encrypted: a key is needed to read it');
  if (!equalBytes(keyIdOf(key), frame.keyId!)) {
    throw new CodecError(
      'KEY_MISMATCH',
      'Decryption failed: this watermark was made with a different key (wrong channel)',
    );
  }
  const plain = openBytes(key, frame.nonce!, frame.body, frame.header);
  if (!plain) throw new CodecError('CORRUPTED', 'Watermark data corrupted (integrity check fails)');
  return plain;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
