import { createPrivateKey, createPublicKey, webcrypto, type KeyObject } from 'node:crypto';
import type { SigningAlgorithm } from './cose.js';
import { certificateOf, x509 } from './x509.js';

/**
 * The signer's X.509 credentials: a new certificate made on request, a chain read from PEM, and the checks of C2PA's
 * certificate profile (C2PA 2.x, "Certificate profile") and of a chain against the trust anchors a reader gives.
 */

/** id-kp-documentSigning (RFC 9336) and c2pa-kp-claimSigning: the extended key usages a C2PA signer names */
const DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';
const C2PA_CLAIM_SIGNING = '1.3.6.1.4.1.62558.2.1';
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';
const ANY_EXTENDED_KEY_USAGE = '2.5.29.37.0';
const SIGNER_USAGES = [DOCUMENT_SIGNING, C2PA_CLAIM_SIGNING, EMAIL_PROTECTION];

const ALGORITHMS = {
  es256: { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' },
  ed25519: { name: 'Ed25519' },
} as const;

export class CredentialError extends Error {
  override readonly name = 'CredentialError';
}

export interface NewCredentials {
  /** PKCS #8 PEM of the signing key */
  privateKeyPem: string;
  /** the signer's certificate, then the root that issued it (PEM) */
  chainPem: string;
  /** the root alone: the trust anchor a reader adds to trust this signer (PEM) */
  rootPem: string;
}

export interface NewCredentialsOptions {
  algorithm: SigningAlgorithm;
  /** who signs: the certificates' common name and organization */
  name: string;
  days: number;
  now?: Date;
}

/**
 * A signing certificate and the root that issued it, both made here. C2PA readers refuse a self-signed signing
 * certificate, so the self-signed one is a root (a CA of one signer) whose private key is used once and dropped:
 * nothing else can ever be issued under it. A reader trusts it only by adding the root to its trust anchors.
 */
export async function newCredentials(options: NewCredentialsOptions): Promise<NewCredentials> {
  const algorithm = ALGORITHMS[options.algorithm];
  const notBefore = options.now ?? new Date();
  const notAfter = new Date(notBefore.getTime() + options.days * 86_400_000);
  const rootKeys = await generate(algorithm);
  const signerKeys = await generate(algorithm);
  const name = distinguishedName(options.name);
  const rootName = distinguishedName(`${options.name} (root)`, options.name);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: rootName,
    notBefore,
    notAfter,
    signingAlgorithm: algorithm,
    keys: rootKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: name,
    issuer: root.subject,
    notBefore,
    notAfter,
    signingAlgorithm: algorithm,
    publicKey: signerKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([DOCUMENT_SIGNING, C2PA_CLAIM_SIGNING], false),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(root),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', signerKeys.privateKey);
  return {
    privateKeyPem: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'),
    chainPem: `${signer.toString('pem')}\n${root.toString('pem')}\n`,
    rootPem: `${root.toString('pem')}\n`,
  };
}

export interface SigningCredentials {
  privateKey: KeyObject;
  algorithm: SigningAlgorithm;
  /** DER, the signer's certificate first */
  chain: Uint8Array[];
}

/**
 * Reads a private key and its certificate chain (PEM), refusing what a reader would reject: a key that is not the
 * certificate's, an algorithm other than ES256 (P-256) or Ed25519, a certificate outside C2PA's profile.
 */
export async function readCredentials(keyPem: string, chainPem: string, now = new Date()): Promise<SigningCredentials> {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(keyPem);
  } catch {
    throw new CredentialError('the key file holds no PEM private key');
  }
  const chain = parseCertificates(chainPem);
  if (chain.length === 0) throw new CredentialError('the certificate file holds no PEM certificate');
  const leaf = certificateOf(chain[0]);
  const leafKey = createPublicKey({ key: Buffer.from(leaf.publicKey.rawData), format: 'der', type: 'spki' });
  const derived = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  if (!derived.equals(leafKey.export({ format: 'der', type: 'spki' }))) {
    throw new CredentialError("the private key is not the certificate's (the first certificate must be the signer's)");
  }
  const algorithm = algorithmOf(privateKey);
  const problem = signerProblem(leaf, now) ?? (await chainProblem(chain.map((der) => certificateOf(der))));
  if (problem) throw new CredentialError(`readers would reject this certificate: ${problem}`);
  return { privateKey, algorithm, chain };
}

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
      equalBytes(anchor.rawData, last.rawData) ||
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

/** The public key of a DER certificate, for node:crypto. */
export const publicKeyOf = (der: Uint8Array): KeyObject =>
  createPublicKey({ key: Buffer.from(certificateOf(der).publicKey.rawData), format: 'der', type: 'spki' });

/** What puts a signer's certificate outside C2PA's profile, or undefined. */
function signerProblem(certificate: x509.X509Certificate, at: Date): string | undefined {
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
async function chainProblem(chain: x509.X509Certificate[]): Promise<string | undefined> {
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

function algorithmOf(key: KeyObject): SigningAlgorithm {
  if (key.asymmetricKeyType === 'ed25519') return 'ed25519';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'es256';
  throw new CredentialError('the key is neither ES256 (ECDSA P-256) nor Ed25519');
}

const validAt = (certificate: x509.X509Certificate, at: Date): boolean =>
  certificate.notBefore.getTime() <= at.getTime() && at.getTime() <= certificate.notAfter.getTime();

const generate = (algorithm: webcrypto.EcKeyGenParams | webcrypto.Algorithm): Promise<webcrypto.CryptoKeyPair> =>
  webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;

/** A positive 16-byte serial number (RFC 5280: at most 20 octets, unique per issuer). */
const serial = (): string => `01${Buffer.from(webcrypto.getRandomValues(new Uint8Array(15))).toString('hex')}`;

/** CN and O, escaped for the library's string form of a name. */
function distinguishedName(commonName: string, organization = commonName): string {
  const escape = (value: string): string => value.replace(/([,+"\\<>;=#])/g, '\\$1');
  return `CN=${escape(commonName)}, O=${escape(organization)}`;
}

function equalBytes(a: ArrayBuffer, b: ArrayBuffer): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}
