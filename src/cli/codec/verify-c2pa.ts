import { findC2paWrappers } from 'wm-watermark-codec/c2pa';
import type { C2paVerdict } from '../c2pa/verify.js';

/**
 * The C2PA side of `wm verify`: null for a text without a C2PA wrapper (the C2PA package is then never loaded),
 * otherwise its verification against the anchors of --trust.
 */
export async function c2paVerdictOf(text: string, trust: readonly string[] | undefined): Promise<C2paVerdict | null> {
  if (findC2paWrappers(text).length === 0) return null;
  return (await import('../c2pa/verify.js')).verifyC2pa(text, trust ?? []);
}
