/** Why a text cannot be signed: its state (already signed), or the signer's credentials. */
export class C2paSignError extends Error {
  override readonly name = 'C2paSignError';
}
