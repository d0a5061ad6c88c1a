import { findMarks } from 'wm-watermark-codec/findings';
import { payloadBytes } from 'wm-watermark-codec/scan';
import { base64Of, sha256 } from './bytes.js';

/**
 * The soft binding (c2pa.soft-binding) that names the wm watermark a text carries: a digest of the text's hidden
 * payload bytes (every selector run of ours, C2PA wrappers left out), so whoever decodes the marks of a copy that
 * lost its manifest can recompute it and look the manifest up. The secret itself never enters the manifest. The
 * algorithm's name is entity-specific (the npm package's): C2PA's list of soft binding algorithms does not hold it,
 * and other readers show it without checking it.
 */
export const SOFT_BINDING_ALGORITHM = 'wm-watermark.text-marks.1';
const DIGEST_LABEL = new TextEncoder().encode('wm soft binding v1\0');

/** The soft binding value of a text's watermark (base64), or undefined when it carries none. */
export function watermarkBinding(text: string): string | undefined {
  const found = findMarks(text);
  if (found.watermarks.length === 0 && found.robust.length === 0) return undefined;
  const payload = payloadBytes(text);
  const labelled = new Uint8Array(DIGEST_LABEL.length + payload.length);
  labelled.set(DIGEST_LABEL);
  labelled.set(payload, DIGEST_LABEL.length);
  return base64Of(sha256(labelled));
}

export const softBindingAssertion = (value: string) => ({
  alg: SOFT_BINDING_ALGORITHM,
  blocks: [{ scope: {}, value }],
  name: 'wm watermark',
});

/** The algorithm and first value of a soft binding assertion as read. */
export function declaredSoftBinding(content: unknown): { alg: string; value: string } | undefined {
  const { alg, blocks } = (content ?? {}) as { alg?: unknown; blocks?: { value?: unknown }[] };
  const value = Array.isArray(blocks) ? blocks[0]?.value : undefined;
  return typeof alg === 'string' && typeof value === 'string' ? { alg, value } : undefined;
}
