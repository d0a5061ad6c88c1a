import { parseCertificates, verifyText, CredentialError, type C2paVerification } from 'wm-watermark-c2pa';
import { CliError, EXIT } from '../errors.js';
import { readPemFile } from './pem-files.js';

/** What `wm verify` learns of a text's C2PA manifest: the verification, its exit code and its lines for people. */
export interface C2paVerdict {
  verification: C2paVerification;
  exitCode: number;
  /** why the exit code is not 0 */
  message?: string;
  report: string;
}

/** The C2PA verification of a text that carries a wrapper, against the anchors of the --trust files. */
export async function verifyC2pa(text: string, trustFiles: readonly string[]): Promise<C2paVerdict> {
  const anchors: Uint8Array[] = [];
  for (const file of trustFiles) {
    try {
      const found = parseCertificates(await readPemFile(file, '--trust'));
      if (found.length === 0) throw new CredentialError('it holds no PEM certificate');
      anchors.push(...found);
    } catch (error) {
      if (error instanceof CredentialError) throw new CliError(EXIT.USAGE, `--trust ${file}: ${error.message}`);
      throw error;
    }
  }
  const verification = (await verifyText(text, { trustAnchors: anchors }))!;
  return { verification, ...verdictOf(verification), report: reportOf(verification) };
}

/** trusted → 0; signed by an unknown signer → 9; only the text changed → 10; anything else → 8. */
function verdictOf(verification: C2paVerification): { exitCode: number; message?: string } {
  const failed = verification.failure.map(({ code }) => code);
  if (verification.state === 'trusted') return { exitCode: EXIT.OK };
  if (verification.state === 'valid') {
    return { exitCode: EXIT.UNKNOWN_SIGNER, message: 'the C2PA manifest is valid, but its signer is not in --trust' };
  }
  const signatureHolds = verification.success.some(({ code }) => code === 'claimSignature.validated');
  const onlyText = failed.every(
    (code) => code === 'assertion.dataHash.mismatch' || code === 'signingCredential.untrusted',
  );
  if (signatureHolds && onlyText) {
    return { exitCode: EXIT.TEXT_CHANGED, message: 'the C2PA manifest is signed, but the text was changed since' };
  }
  return { exitCode: EXIT.SIGNATURE_INVALID, message: `the C2PA manifest does not verify (${failed.join(', ')})` };
}

const STATE: Record<C2paVerification['state'], string> = {
  trusted: 'valid, signer trusted',
  valid: 'valid, signer unknown (not in --trust)',
  invalid: 'INVALID',
};

function reportOf(verification: C2paVerification): string {
  const lines = [
    `C2PA manifest${verification.manifest ? ` ${verification.manifest}` : ''}: ${STATE[verification.state]}`,
  ];
  const { signer } = verification;
  if (signer) {
    const organization = signer.organization && signer.organization !== signer.name ? ` (${signer.organization})` : '';
    const algorithm = verification.algorithm ? `, ${verification.algorithm === 'es256' ? 'ES256' : 'Ed25519'}` : '';
    lines.push(`  signed by ${signer.name}${organization}, certificate issued by ${signer.issuer}${algorithm}`);
  }
  if (verification.claimGenerator) lines.push(`  written by ${verification.claimGenerator}`);
  if (verification.title) lines.push(`  title: ${verification.title}`);
  for (const action of verification.actions ?? []) {
    const source = action.digitalSourceType ? ` (${action.digitalSourceType.split('/').pop()})` : '';
    const when = action.when ? ` ${action.when}` : '';
    lines.push(`  action ${action.action}${source}${when}${action.softwareAgent ? ` by ${action.softwareAgent}` : ''}`);
  }
  if (verification.softBinding) {
    const { alg, matches } = verification.softBinding;
    lines.push(
      `  soft binding ${alg}: ${matches ? "names this text's wm watermark" : "does not match this text's wm marks"}`,
    );
  }
  for (const { code, explanation } of verification.failure) {
    lines.push(`  failure ${code}${explanation ? `: ${explanation}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
