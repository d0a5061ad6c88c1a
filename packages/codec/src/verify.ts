import { CodecError } from './errors.js';
import { findFrames, openFrame, type Frame } from './frame.js';
import { corrupted } from './open-marks.js';
import { checkKey, checkText, checkVerifyingKeys } from './options.js';
import { findRobustWatermarks, noVerifiedCopy } from './robust/watermarks.js';
import { payloadBytes } from './scan.js';
import { keyringOf, reportSignature, textDigestMemo, type SignatureReport } from './signature-report.js';
import type { KeyOption, VerifyOption } from './types.js';
import { strictUtf8Text } from './utf8.js';

/**
 * The verdict over every mark of a text, most serious first: `invalid` (some signature does not verify: a forgery
 * or a changed mark), `valid` (a known key's signature verifies, and its bound text, if any, still matches),
 * `text_changed` (verifies, but the bound text was edited), `unknown_key` (signed by a key the reader does not
 * know), `unsigned` (marks without signatures).
 */
export const VERIFY_STATUSES = ['invalid', 'valid', 'text_changed', 'unknown_key', 'unsigned'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

export interface VerifiedMark {
  mode: 'vs' | 'robust';
  /** the secret; null when it is encrypted and no (or another) AES key was given: a signature verifies without it */
  decoded: string | null;
  keyed: boolean;
  signature: SignatureReport;
}

export interface VerifyResult {
  status: VerifyStatus;
  marks: VerifiedMark[];
}

/**
 * Checks the signatures of every watermark in `text`, VS frames and robust marks, with the reader's public keys.
 * An encrypted mark's signature verifies without its AES key (docs/FORMAT.md: encrypt, then sign).
 * No marks at all: NO_WATERMARK; marks of which none can be read (robust marks, or unframed selectors: no
 * integrity check holds for them): CORRUPTED.
 */
export function verify(text: string, options: KeyOption & VerifyOption = {}): VerifyResult {
  checkText(text);
  const key = checkKey(options.key);
  const keyring = keyringOf(checkVerifyingKeys(options.keys));
  const digestOfText = textDigestMemo(text);
  const marked = (mode: VerifiedMark['mode'], frame: Frame): VerifiedMark => ({
    mode,
    decoded: secretOf(frame, key),
    keyed: frame.keyed,
    signature: reportSignature(frame, keyring, digestOfText),
  });

  const payload = payloadBytes(text);
  // concat, not push(...): a text can hold more marks than a call takes arguments
  const robust = findRobustWatermarks(text);
  const marks = findFrames(payload)
    .frames.map((frame) => marked('vs', frame))
    .concat(robust.frames.map((found) => marked('robust', found.frame)));
  if (marks.length === 0) {
    if (robust.synced) throw noVerifiedCopy();
    if (payload.length > 0) throw corrupted(': selectors found, but no watermark verifies');
    throw new CodecError('NO_WATERMARK', 'No watermark found in text');
  }
  return { status: verdictOf(marks.map((mark) => mark.signature)), marks };
}

function secretOf(frame: Frame, key: Uint8Array | undefined): string | null {
  try {
    return strictUtf8Text(openFrame(frame, key));
  } catch {
    return null;
  }
}

function verdictOf(reports: SignatureReport[]): VerifyStatus {
  if (reports.some((r) => r.status === 'invalid')) return 'invalid';
  if (reports.some((r) => r.status === 'valid' && r.text_matches !== false)) return 'valid';
  if (reports.some((r) => r.status === 'valid')) return 'text_changed';
  if (reports.some((r) => r.status === 'unknown_key')) return 'unknown_key';
  return 'unsigned';
}
