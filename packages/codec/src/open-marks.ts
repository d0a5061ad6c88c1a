import { CodecError } from './errors.js';
import { openFrame, type Frame } from './frame.js';
import { strictUtf8Text } from './utf8.js';

/**
 * What decode and decode-robust share when they open verified frames: the secret as text, the rule that a key means
 * keyed, and which failure to report when nothing opens (docs/FORMAT.md, "Decoding").
 */

export const corrupted = (detail = ''): CodecError =>
  new CodecError('CORRUPTED', `Watermark data corrupted (integrity check fails)${detail}`);

/** The secret of a verified frame; KEY_REQUIRED, KEY_MISMATCH or CORRUPTED (tag, or a secret that is no UTF-8). */
export function secretOf(frame: Frame, key: Uint8Array | undefined): string {
  const bytes = openFrame(frame, key);
  try {
    return strictUtf8Text(bytes);
  } catch {
    throw corrupted();
  }
}

/**
 * A key means keyed: with a key and without acceptUnkeyed, an unkeyed mark is no answer. Anyone can make one
 * (a raw run read as text included), so it says nothing about who holds the key.
 */
export function refuseUnkeyed(keyed: boolean, key: Uint8Array | undefined, acceptUnkeyed: boolean): void {
  if (keyed || key === undefined || acceptUnkeyed) return;
  throw new CodecError(
    'UNKEYED',
    'The watermark found is not keyed, though a key was given: anyone can make an unkeyed mark, so it does not ' +
      'show who holds this key',
  );
}

/** What the caller is told when unkeyed marks were left out beside the keyed ones it gets. */
export const unkeyedLeftOut = (count: number): string =>
  `${count} unkeyed watermark${count === 1 ? '' : 's'} left out: a key was given, and anyone can make an unkeyed mark`;

/** What the caller is told when it accepted unkeyed marks with a key: they are in the answer, and not the key's. */
export const unkeyedAccepted = (count: number, of: number): string =>
  `${count === of ? (of === 1 ? 'the watermark is' : 'the watermarks are') : `${count} of the ${of} watermarks are`} ` +
  'not keyed: anyone can make such a mark, so it does not show who holds the key';

const FAILURE_RANK: Partial<Record<CodecError['code'], number>> = {
  KEY_MISMATCH: 4,
  UNKEYED: 3,
  KEY_REQUIRED: 2,
  CORRUPTED: 1,
};

/** The failure that says most: a wrong key, an unkeyed mark, a missing key, damage; the first of equals. */
export function mostInformative(failures: readonly CodecError[]): CodecError {
  return failures.reduce((best, next) =>
    (FAILURE_RANK[next.code] ?? 0) > (FAILURE_RANK[best.code] ?? 0) ? next : best,
  );
}
