/** An Ed25519 signing key of a channel. Times: Unix ms. */
export interface SigningKeyRow {
  /** 16 hex digits, a hash of the public key: the id a signed mark names */
  keyId: string;
  channelId: string;
  /** the raw 32-byte public key */
  publicKey: Uint8Array;
  /** the 32-byte private seed sealed under the master-derived wrapping key (nonce | ciphertext | tag) */
  sealedSeed: Uint8Array;
  createdAt: number;
  /** when a newer key replaced it; null for the channel's current key */
  retiredAt: number | null;
}

/** A key's public part with what a verifier and the key set need of its channel: no sealed seed. */
export interface PublicSigningKeyRow extends Omit<SigningKeyRow, 'sealedSeed'> {
  /** the channel's owner */
  userId: string;
  channelName: string;
  /** the channel's keys are in the public key set */
  keysPublic: boolean;
  signerName: string | null;
  /** the operator's approval of the publication (ChannelRow) */
  publicationApprovedAt: number | null;
  /** the owner's username and whether the owner verified the email address */
  ownerUsername: string;
  ownerVerified: boolean;
}

export interface SigningKeyRepository {
  /** the channel's current key (the one not retired) */
  currentOf(channelId: string): Promise<SigningKeyRow | undefined>;
  /** the public parts of every key of the account's channels, newest first */
  publicOfUser(userId: string): Promise<PublicSigningKeyRow[]>;
  /** the public parts of the keys with these ids (unknown ids are left out) */
  publicByIds(keyIds: readonly string[]): Promise<PublicSigningKeyRow[]>;
  /**
   * every key, current and retired, of the channels whose owners ask for publication: oldest channel first, then
   * oldest key (whether each is published is the domain's rule)
   */
  published(): Promise<PublicSigningKeyRow[]>;
  /** how many keys the channel has, current and retired */
  countOf(channelId: string): Promise<number>;
  /** Retires the channel's current key, if any, at `at`. */
  retireCurrent(channelId: string, at: number): Promise<void>;
  /** Adds a current key; call retireCurrent first in the same unit of work (one current key per channel). */
  insert(key: Omit<SigningKeyRow, 'retiredAt'>): Promise<void>;
  /** Deletes a retired key of the channel (a withdrawn, compromised key); false when there is no such key. */
  deleteRetired(channelId: string, keyId: string): Promise<boolean>;
  /** every key's sealed seed (master-key rotation) */
  sealedSeeds(): Promise<Pick<SigningKeyRow, 'keyId' | 'channelId' | 'sealedSeed'>[]>;
  replaceSealedSeed(keyId: string, sealedSeed: Uint8Array): Promise<void>;
}
