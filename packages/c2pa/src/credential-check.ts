import { equalBytes } from './bytes.js';
import { CredentialError } from './errors.js';
import { certificateOf, x509 } from './x509.js';

/**
 * The checks of C2PA's certificate profile (C2PA 2.x, "Certificate profile") and of a signer's chain against the trust
 * anchors a reader gives: no node:crypto, so that the checker page runs them as `wm verify` does.
 */

/** id-kp-documentSigning (RFC 9336) and c2pa-kp-claimSigning: the extended key usages a C2PA signer names */
export const DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';
export const C2PA_CLAIM_SIGNING = '1.3.6.1.4.1.62558.2.1';
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';
const ANY_EXTENDED_KEY_USAGE = '2.5.29.37.0';
const SIGNER_USAGES = [DOCUMENT_SIGNING, C2PA_CLAIM_SIGNING, EMAIL_PROTECTION];

/** The DER certificates of a PEM text, in order. */
export function parseCertificates(pem: string): Uint8Array[] {
  const blocks = [...pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)];
  return blocks.map(([block]) => {
    try {
      return new Uint8Array(new x509.X509Certificate(block).rawData);
    } catch {
      throw new CredentialError('a PEM certificate does not parse as X.509');
    }
  });
}

export type CredentialStatus =
  | 'signingCredential.trusted'
  | 'signingCredential.untrusted'
  | 'signingCredential.invalid'
  | 'signingCredential.expired';

export interface SignerIdentity {
  /** the signer certificate's common name, or its whole subject */
  name: string;
  organization?: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
}

export interface CredentialCheck {
  status: CredentialStatus;
  /** absent when the signer's certificate does not parse */
  signer?: SignerIdentity;
  /** why, when not trusted */
  explanation?: string;
  /** the anchor the chain ends at, when trusted */
  anchor?: string;
}

/**
 * The signer's chain checked as a C2PA validator does: the signer's certificate in C2PA's profile and valid at `at`,
 * each certificate issued (signed) by the next, and the chain ending at one of `anchors` (or at a certificate one of
 * them issued). With no anchor, a sound chain is `untrusted`: signed, by a signer the reader has not said it trusts.
 */
export async function checkCredentials(
  chainDer: Uint8Array[],
  anchorsDer: Uint8Array[],
  at = new Date(),
): Promise<CredentialCheck> {
  try {
    return await checkChain(
      chainDer.map((der) => certificateOf(der)),
      anchorsDer,
      at,
    );
  } catch (error) {
    const explanation = `a certificate of the chain does not parse: ${(error as Error).message}`;
    return { status: 'signingCredential.invalid', explanation };
  }
}

async function checkChain(chain: x509.X509Certificate[], anchorsDer: Uint8Array[], at: Date): Promise<CredentialCheck> {
  const leaf = chain[0];
  const signer = identityOf(leaf);
  const expired = chain.find((certificate) => !validAt(certificate, at));
  if (expired)
    return {
      status: 'signingCredential.expired',
      signer,
      explanation: `${expired.subject} is not valid at ${at.toISOString()}`,
    };
  const invalid = signerProblem(leaf, at) ?? (await chainProblem(chain));
  if (invalid) return { status: 'signingCredential.invalid', signer, explanation: invalid };
  const anchors = anchorsDer.map((der) => certificateOf(der));
  const last = chain[chain.length - 1];
  for (const anchor of anchors) {
    if (
      equalBytes(new Uint8Array(anchor.rawData), new Uint8Array(last.rawData)) ||
      (anchor.subject === last.issuer && (await signedBy(last, anchor)))
    ) {
      if (!validAt(anchor, at)) continue;
      return { status: 'signingCredential.trusted', signer, anchor: anchor.subject };
    }
  }
  const explanation =
    anchors.length === 0
      ? 'no trust anchors were given: the signature holds, but nothing says who the signer is'
      : `the chain ends at ${last.issuer === last.subject ? last.subject : last.issuer}, ` +
        `which none of the ${anchors.length} trust anchors is`;
  return { status: 'signingCredential.untrusted', signer, explanation };
}

/** Who a DER certificate names: its common name and organisation, its issuer and its validity. */
export const signerOf = (der: Uint8Array): SignerIdentity => identityOf(certificateOf(der));

/** What puts a signer's certificate outside C2PA's profile, or undefined. */
export function signerProblem(certificate: x509.X509Certificate, at: Date): string | undefined {
  if (!validAt(certificate, at))
    return `it is valid from ${certificate.notBefore.toISOString()} to ${certificate.notAfter.toISOString()}`;
  if (certificate.subject === certificate.issuer)
    return 'it is self-signed (a signer needs a certificate issued by a CA, even one of its own)';
  const usages = certificate.getExtension(x509.KeyUsagesExtension);
  if (!usages?.critical || !(usages.usages & x509.KeyUsageFlags.digitalSignature))
    return 'its key usage is not a critical digitalSignature';
  if (certificate.getExtension(x509.BasicConstraintsExtension)?.ca) return 'it is a CA certificate';
  const extended = certificate.getExtension(x509.ExtendedKeyUsageExtension)?.usages.map(String) ?? [];
  if (extended.includes(ANY_EXTENDED_KEY_USAGE)) return 'it allows any extended key usage';
  if (!extended.some((usage) => SIGNER_USAGES.includes(usage)))
    return 'its extended key usage names neither document signing, C2PA claim signing nor e-mail protection';
  if (!certificate.getExtension(x509.AuthorityKeyIdentifierExtension)) return 'it has no authority key identifier';
  return undefined;
}

/** Whether each certificate of the chain is issued by the next, which is a CA; undefined when it is. */
export async function chainProblem(chain: x509.X509Certificate[]): Promise<string | undefined> {
  for (let i = 0; i + 1 < chain.length; i++) {
    const [child, issuer] = [chain[i], chain[i + 1]];
    if (child.issuer !== issuer.subject || !(await signedBy(child, issuer)))
      return `${child.subject} is not issued by ${issuer.subject}, the next in the chain`;
    if (!issuer.getExtension(x509.BasicConstraintsExtension)?.ca)
      return `${issuer.subject} issues a certificate but is no CA`;
  }
  return undefined;
}

async function signedBy(certificate: x509.X509Certificate, issuer: x509.X509Certificate): Promise<boolean> {
  try {
    return await certificate.verify({ publicKey: issuer, signatureOnly: true });
  } catch {
    return false;
  }
}

function identityOf(certificate: x509.X509Certificate): SignerIdentity {
  const [commonName] = certificate.subjectName.getField('CN');
  const [organization] = certificate.subjectName.getField('O');
  return {
    name: commonName ?? certificate.subject,
    ...(organization ? { organization } : {}),
    issuer: certificate.issuer,
    notBefore: certificate.notBefore.toISOString(),
    notAfter: certificate.notAfter.toISOString(),
  };
}

const validAt = (certificate: x509.X509Certificate, at: Date): boolean =>
  certificate.notBefore.getTime() <= at.getTime() && at.getTime() <= certificate.notAfter.getTime();

/** The bytes of a certificate's SubjectPublicKeyInfo (DER), which WebCrypto imports. */
export const spkiOf = (der: Uint8Array): Uint8Array => new Uint8Array(certificateOf(der).publicKey.rawData);
