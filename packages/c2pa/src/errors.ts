/** Why a text cannot be signed: its state (already signed), or the signer's credentials. */
export class C2paSignError extends Error {
  override readonly name = 'C2paSignError';
}

/** Why a key or a certificate cannot sign, or a PEM text holds no certificate. */
export class CredentialError extends Error {
  override readonly name = 'CredentialError';
}
