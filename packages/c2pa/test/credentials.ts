import { newCredentials, parseCertificates, readCredentials, type SigningAlgorithm } from 'wm-watermark-c2pa';

/** Credentials made once per algorithm for a test file (making keys and certificates takes a few ms each). */
const made = new Map<SigningAlgorithm, ReturnType<typeof make>>();

async function make(algorithm: SigningAlgorithm) {
  const files = await newCredentials({ algorithm, name: `Test Press ${algorithm}`, days: 30 });
  return {
    files,
    credentials: await readCredentials(files.privateKeyPem, files.chainPem),
    anchors: parseCertificates(files.rootPem),
  };
}

export const credentialsFor = (algorithm: SigningAlgorithm) => {
  if (!made.has(algorithm)) made.set(algorithm, make(algorithm));
  return made.get(algorithm)!;
};

export const GENERATOR = { name: 'wm-test', version: '0.0.0' };

/** The success codes, sorted, of a trusted manifest that wm wrote with two assertions and its hard binding. */
export const TRUSTED_CODES = [
  'assertion.dataHash.match',
  'assertion.hashedURI.match',
  'assertion.hashedURI.match',
  'claimSignature.validated',
  'signingCredential.trusted',
];
