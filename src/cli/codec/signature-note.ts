import type { SignatureReport } from 'wm-watermark-codec/signature-report';
import { escapeName } from '../terminal-text.js';

/**
 * One line describing a signature report, as `wm verify` prints it per mark and decode on stderr. `origin`: where
 * the signer's key came from, said with its name ("account ada, key set of https://… in wm-keys.json").
 */
export function describeSignature(report: SignatureReport, origin?: string): string {
  if (!report.signed) return 'not signed';
  // names come from key files: shown, never obeyed (a control character in one could forge the verdict's line)
  const named = [report.signer, origin]
    .filter((part): part is string => Boolean(part))
    .map(escapeName)
    .join('; ');
  const signer = named ? ` (${named})` : '';
  switch (report.status) {
    case 'valid': {
      const text = report.text_bound
        ? report.text_matches
          ? ', text unchanged'
          : ', but the text was edited since'
        : '';
      return `signature valid: key ${report.key_id}${signer}${text}`;
    }
    case 'invalid':
      return `signature INVALID: it does not verify with key ${report.key_id}${signer} (forged or altered)`;
    default:
      return `signed by unknown key ${report.key_id}: give its public key with --keys to verify`;
  }
}

/** decode without --json: the secret goes to stdout as before, a signed mark's verdict to stderr. */
export function signatureNote(report: SignatureReport | undefined): void {
  if (report?.signed) process.stderr.write(`wm: ${describeSignature(report)}\n`);
}
