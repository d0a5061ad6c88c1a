/** The fingerprint of visible text: which document a leak comes from once its marks are gone (docs/TRACING.md). */
export {
  FINGERPRINT_KEY_BYTES,
  FINGERPRINT_PARAMETERS,
  FINGERPRINT_VERSION,
  computeFingerprint,
  fingerprintKey,
  type Fingerprint,
  type FingerprintKey,
  type FingerprintParameters,
} from './fingerprint.js';
export {
  MATCH_THRESHOLDS,
  compareFingerprints,
  isTraceable,
  rankMatches,
  sharedHashCount,
  type FingerprintMatch,
  type SharedHashes,
} from './match.js';
export { FingerprintIndex } from './memory-index.js';
