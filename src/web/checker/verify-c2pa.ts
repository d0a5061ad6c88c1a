import type { C2paVerification } from 'wm-watermark-c2pa/verify';

/**
 * The C2PA package's verification (the same code as `wm verify`), loaded into the page the first time a text carries
 * a C2PA wrapper: its X.509 and CBOR libraries are a chunk of their own, not part of the checker's first download.
 */
const load = () => import('wm-watermark-c2pa/verify');

/** The verification of the text's manifest against the reader's trust anchors (DER); the text has a wrapper. */
export async function verifyContentCredentials(text: string, anchors: Uint8Array[]): Promise<C2paVerification> {
  const { verifyText } = await load();
  return (await verifyText(text, { trustAnchors: anchors }))!;
}

/** The DER certificates of a PEM text, or the reason it holds none. */
export async function certificatesOf(pem: string): Promise<Uint8Array[] | string> {
  const { parseCertificates, CredentialError } = await load();
  try {
    const certificates = parseCertificates(pem);
    return certificates.length > 0 ? certificates : 'No PEM certificate (-----BEGIN CERTIFICATE-----) in it.';
  } catch (error) {
    if (error instanceof CredentialError) return `${error.message[0].toUpperCase()}${error.message.slice(1)}.`;
    throw error;
  }
}
