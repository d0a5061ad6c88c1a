/** An operation this database adapter does not offer (e.g. `backup` on a server database); the message says why. */
export class UnsupportedByStoreError extends Error {
  override readonly name = 'UnsupportedByStoreError';
  readonly code = 'UNSUPPORTED_BY_STORE';
}

/**
 * A name whose confusable-name key another row holds already (a username, a signer name): the unique index
 * refused it, also when two requests raced for it.
 */
export class NameTakenError extends Error {
  override readonly name = 'NameTakenError';
  readonly code = 'NAME_TAKEN';
}
