/** An operation this database adapter does not offer (e.g. `backup` on a server database); the message says why. */
export class UnsupportedByStoreError extends Error {
  override readonly name = 'UnsupportedByStoreError';
  readonly code = 'UNSUPPORTED_BY_STORE';
}
