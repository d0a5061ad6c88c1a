/**
 * The codec's public surface: pure functions, typed errors (CodecError). The CLI's codec commands import the
 * modules they need directly instead: loading the whole codec would slow every `wm decode` (docs/PERFORMANCE.md).
 */
export * from './types.js';
export { CodecError, isCodecError, type CodecErrorCode } from './errors.js';
export { KEY_BYTES } from './seal.js';
export { encode, encodeInsertions, type EncodeInsertions, type MarkInsertion } from './encode.js';
export { decode } from './decode.js';
export { analyze } from './analyze.js';
export { strip, stripResult, type StripOptions, type StripResult } from './strip.js';
export { reveal, revealText, revealToken, type RevealSegment } from './reveal.js';
export { isCarrier } from './carriers.js';
export {
  C2PA_HEADER_BYTES,
  C2PA_TEXT_MAGIC,
  C2PA_TEXT_VERSION,
  c2paWrapperAt,
  findC2paWrappers,
  type C2paWrapper,
} from './c2pa.js';
export { c2paLabel, c2paReport, describeC2pa, type C2paReport } from './c2pa-report.js';
export { encodeRobust, decodeRobust } from './robust/index.js';
export { createSigningKey, newSigningSeed, type SigningKey, type VerifyingKey } from './signing.js';
export { SIGNATURE_STATUSES, type SignatureReport, type SignatureStatus } from './signature-report.js';
export { verify, VERIFY_STATUSES, type VerifiedMark, type VerifyResult, type VerifyStatus } from './verify.js';
export { boundTextOf } from './bound-text.js';
export {
  parsePrivateKeyPem,
  parsePublicKeys,
  privateKeyPem,
  publicKeyPem,
  publishedKeySetOf,
  type PublishedKey,
  type PublishedKeySet,
  type PublicKeyInfo,
} from './key-files.js';
export { PROBE_KINDS, PROBE_LINES, probeCanary, type ProbeKind, type ProbeLine } from './probe/canary.js';
export {
  checkProbe,
  type ProbeKindReport,
  type ProbeOutcome,
  type ProbeReport,
  type VisibleTextVerdict,
} from './probe/check.js';
export * from './variants/index.js';
