import type { StoredNameKeys } from './users.js';

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
  /** the owner asks for the channel's signing keys to be in the public key set */
  keysPublic: boolean;
  /** the name the public key set gives the channel's keys; null: the channel name */
  signerName: string | null;
  /** when the operator approved publishing the keys under that name; null: not (or not since the name changed) */
  publicationApprovedAt: number | null;
}

/**
 * What the owner decides about publishing a channel's signing keys, with the keys of the name it claims while it
 * asks for publication (null: it claims none) and the operator's approval.
 */
export type ChannelPublication = Pick<ChannelRow, 'keysPublic' | 'signerName' | 'publicationApprovedAt'> & {
  signerKeys: StoredNameKeys | null;
};

/** A channel that asks for publication and waits for the operator's approval, with its owner. */
export interface ChannelAwaitingApproval extends ChannelRow {
  ownerEmail: string;
  ownerUsername: string;
  ownerVerified: boolean;
}

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
  /**
   * The new channel (active), or undefined when the account has a channel of that name already or another channel
   * claims a signer-name key of `signerKeys` (look the name up to tell which).
   */
  insert(
    channel: Omit<ChannelRow, 'isActive' | 'deactivatedAt' | 'publicationApprovedAt'> & {
      signerKeys: StoredNameKeys | null;
    },
  ): Promise<ChannelRow | undefined>;
  deactivate(id: string, at: number): Promise<void>;
  /** False, changing nothing, when another channel claims a key of `publication.signerKeys`. */
  setPublication(id: string, publication: ChannelPublication): Promise<boolean>;
  /** every channel that asks for publication without the operator's approval, oldest first */
  awaitingApproval(): Promise<ChannelAwaitingApproval[]>;
  /** Withdraws the operator's approval of every channel of the account (its username changed); how many had one. */
  withdrawApprovals(userId: string): Promise<number>;
  /** the channels that ask for publication without the keys of their signer name (made by an older release) */
  publicWithoutSignerKeys(): Promise<ChannelRow[]>;
  /** every channel's sealed key (master-key rotation) */
  sealedKeys(): Promise<Pick<ChannelRow, 'id' | 'sealedKey'>[]>;
  /** the sealed keys of the `limit` newest channels (the master-key check at start) */
  newestSealedKeys(limit: number): Promise<Pick<ChannelRow, 'id' | 'sealedKey'>[]>;
  replaceSealedKey(id: string, sealedKey: Uint8Array): Promise<void>;
}
