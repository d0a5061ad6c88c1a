import { ambiguityOf, type FileKey } from 'wm-watermark-codec/key-set-check';
import { CliError, EXIT } from '../errors.js';

/**
 * Refuses (exit 2) keys a verifier could not tell apart: a key id listed twice, or confusable names of different
 * signers (the codec's rule, shared with the checker). A module apart: the names' Unicode tables load only here.
 */
export function refuseAmbiguousKeys(keys: readonly FileKey[]): void {
  const ambiguity = ambiguityOf(keys);
  if (ambiguity !== null) throw new CliError(EXIT.USAGE, `--keys: ${ambiguity}`);
}
