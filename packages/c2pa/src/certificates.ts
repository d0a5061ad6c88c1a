import { createPrivateKey, createPublicKey, webcrypto, type KeyObject } from 'node:crypto';
import type { SigningAlgorithm } from './cose.js';
import {
  C2PA_CLAIM_SIGNING,
  chainProblem,
  DOCUMENT_SIGNING,
  parseCertificates,
  signerProblem,
} from './credential-check.js';
import { CredentialError } from './errors.js';
import { certificateOf, x509 } from './x509.js';

/**
 * The signer's X.509 credentials, on Node.js: a new certificate made on request, a key and its chain read from PEM
 * and refused as a reader would refuse them (the profile's checks are credential-check.ts's).
 */

const ALGORITHMS = {
  es256: { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' },
  ed25519: { name: 'Ed25519' },
} as const;

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

function algorithmOf(key: KeyObject): SigningAlgorithm {
  if (key.asymmetricKeyType === 'ed25519') return 'ed25519';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'es256';
  throw new CredentialError('the key is neither ES256 (ECDSA P-256) nor Ed25519');
}

const generate = (algorithm: webcrypto.EcKeyGenParams | webcrypto.Algorithm): Promise<webcrypto.CryptoKeyPair> =>
  webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;

/** A positive 16-byte serial number (RFC 5280: at most 20 octets, unique per issuer). */
const serial = (): string => `01${Buffer.from(webcrypto.getRandomValues(new Uint8Array(15))).toString('hex')}`;

/** CN and O, escaped for the library's string form of a name. */
function distinguishedName(commonName: string, organization = commonName): string {
  const escape = (value: string): string => value.replace(/([,+"\\<>;=#])/g, '\\$1');
  return `CN=${escape(commonName)}, O=${escape(organization)}`;
}
