/** A signing channel. Times: Unix ms. */
export interface ChannelRow {
  id: string;
  userId: string;
  name: string;
  /** the channel key sealed under the master-derived wrapping key (nonce | ciphertext | tag) */
  sealedKey: Uint8Array;
  isActive: boolean;
  createdAt: number;
  deactivatedAt: number | null;
  /** the owner lists the channel's signing keys in the public key set */
  keysPublic: boolean;
  /** the name the public key set gives the channel's keys; null: the channel name */
  signerName: string | null;
}

/** What the owner decides about publishing a channel's signing keys. */
export type ChannelPublication = Pick<ChannelRow, 'keysPublic' | 'signerName'>;

export interface ChannelRepository {
  /** hot: the channel of a keyed API token */
  byId(id: string): Promise<ChannelRow | undefined>;
  /** The channel `id` if it is `userId`'s. */
  ofUser(userId: string, id: string): Promise<ChannelRow | undefined>;
  byName(userId: string, name: string): Promise<ChannelRow | undefined>;
  /** the account's channels, oldest first, each with the number of API tokens bound to it */
  listOf(userId: string): Promise<(ChannelRow & { boundTokens: number })[]>;
  /**
   * The channels of an account that still work, and so count against its plan: the active ones, and the
   * deactivated ones an API token is still bound to (such a token keeps encoding and decoding with the key).
   */
  countInUse(userId: string): Promise<number>;
  /** The new channel (active), or undefined when the account has a channel of that name already. */
  insert(channel: Omit<ChannelRow, 'isActive' | 'deactivatedAt'>): Promise<ChannelRow | undefined>;
  deactivate(id: string, at: number): Promise<void>;
  setPublication(id: string, publication: ChannelPublication): Promise<void>;
  /** every channel's sealed key (master-key rotation) */
  sealedKeys(): Promise<Pick<ChannelRow, 'id' | 'sealedKey'>[]>;
  /** the sealed keys of the `limit` newest channels (the master-key check at start) */
  newestSealedKeys(limit: number): Promise<Pick<ChannelRow, 'id' | 'sealedKey'>[]>;
  replaceSealedKey(id: string, sealedKey: Uint8Array): Promise<void>;
}
