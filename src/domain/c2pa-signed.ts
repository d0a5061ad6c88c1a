import type { SignedText, SigningAlgorithm } from 'wm-watermark-c2pa';

/**
 * What signing with C2PA answers, on every face: a server's c2pa_sign (REST, MCP) and `wm c2pa sign --json` offline.
 * The signed text and who signed it.
 */
export interface C2paSigned {
  text: string;
  manifest: string;
  bytes: number;
  soft_binding: boolean;
  signer: string;
  issuer: string;
  algorithm: SigningAlgorithm;
}

export const c2paSignedAnswer = (signed: SignedText): C2paSigned => ({
  text: signed.text,
  manifest: signed.manifest,
  bytes: signed.bytes,
  soft_binding: signed.softBinding,
  signer: signed.signer.name,
  issuer: signed.signer.issuer,
  algorithm: signed.algorithm,
});
