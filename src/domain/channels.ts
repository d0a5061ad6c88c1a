import { randomBytes, randomUUID } from 'node:crypto';
import type { ChannelPublication, ChannelRow, PublicSigningKeyRow } from '../store/index.js';
import {
  c2paCertificateOf,
  setC2paCertificate,
  type C2paCertificateInfo,
  type C2paCertificateRequest,
} from './c2pa-certificates.js';
import type { DomainContext } from './context.js';
import { DomainError, invalid } from './errors.js';
import { sealKey, tryOpenSealedKey } from './keys.js';
import { MasterKeyMismatchError } from './master-key-check.js';
import { signerNameTaken, storedNameKeysOf } from './name-keys.js';
import { addSigningKey, isPublished, publishedNameOf, rotateSigningKey, toSigningKeyInfo } from './signing-keys.js';
import type { Channel, ChannelListItem, ChannelOptions, ChannelPublicationChange } from './types.js';
import { iso, requireActiveUser, type UserRow } from './users.js';
import { channelNameProblem, requireValid, signerNameProblem } from './validation.js';

export interface Channels {
  /**
   * Free plan: PLAN_REQUIRED; the plan's limit of channels in use (active, or deactivated with a live token bound)
   * reached: PLAN_LIMIT; name used in the account: CONFLICT.
   */
  create(userId: string, channelName: string, options?: ChannelOptions): Promise<Channel>;
  list(userId: string): Promise<ChannelListItem[]>;
  /** Keeps the key (old watermarks stay decodable) and the bound tokens (they keep working). Unknown: NOT_FOUND. */
  deactivate(userId: string, channelId: string): Promise<{ id: string; channel_name: string }>;
  /**
   * A new signing key for the channel (active or not): its first, or a rotation that retires the current one.
   * Retired keys stay listed (and published), so older marks keep verifying. Unknown: NOT_FOUND. A new key less
   * than `signingKeyIntervalSeconds` after the last: TOO_MANY_ATTEMPTS; `signingKeysPerChannel` kept: CONFLICT.
   */
  addSigningKey(userId: string, channelId: string): Promise<Channel>;
  /**
   * Whether the owner asks for the channel's keys to be in the public key set, and under which name (the name is
   * the channel's while it asks: one like another channel's is CONFLICT). Unknown: NOT_FOUND.
   */
  updatePublication(userId: string, channelId: string, change: ChannelPublicationChange): Promise<Channel>;
  /**
   * Deletes a retired key that must no longer verify (it leaked): it leaves the key set, and marks it signed read
   * as unknown_key. The current key: CONFLICT (rotate first). Unknown channel or key: NOT_FOUND.
   */
  withdrawSigningKey(userId: string, channelId: string, keyId: string): Promise<Channel>;
  /**
   * Gives the channel a C2PA signing certificate, replacing the one it held: made here (`make`: a root of its own
   * issues it) or imported with its chain and private key. A certificate C2PA readers would refuse, or a key that is
   * not the certificate's: VALIDATION. Unknown channel: NOT_FOUND.
   */
  setC2paCertificate(userId: string, channelId: string, request: C2paCertificateRequest): Promise<C2paCertificateInfo>;
  /** The channel's C2PA certificate; NOT_FOUND when it holds none. */
  c2paCertificate(userId: string, channelId: string): Promise<C2paCertificateInfo>;
}

const CHANNEL_KEY_BYTES = 32;

export function createChannels(context: DomainContext): Channels {
  const ownChannel = async (userId: string, channelId: string): Promise<ChannelRow> => {
    await requireActiveUser(context, userId);
    const row = await context.store.channels.ofUser(userId, channelId);
    if (!row) throw new DomainError('NOT_FOUND', 'No such channel');
    return row;
  };
  return {
    create: async (userId, channelName, options) =>
      insertChannel(context, await requireActiveUser(context, userId), channelName, options),
    list: async (userId) => {
      await requireActiveUser(context, userId);
      return listChannels(context, userId);
    },
    deactivate: async (userId, channelId) => deactivateChannel(context, await ownChannel(userId, channelId)),
    addSigningKey: async (userId, channelId) => newSigningKey(context, await ownChannel(userId, channelId), 'owner'),
    updatePublication: async (userId, channelId, change) =>
      updatePublication(context, await ownChannel(userId, channelId), change),
    withdrawSigningKey: async (userId, channelId, keyId) =>
      withdrawSigningKey(context, await ownChannel(userId, channelId), keyId),
    setC2paCertificate: async (userId, channelId, request) =>
      setC2paCertificate(context, await ownChannel(userId, channelId), request),
    c2paCertificate: async (userId, channelId) => c2paCertificateOf(context, await ownChannel(userId, channelId)),
  };
}

/** The one implementation of channel creation (also used by `wm channels create`). */
export async function insertChannel(
  context: DomainContext,
  owner: UserRow,
  rawName: string,
  options: ChannelOptions = {},
): Promise<Channel> {
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  const signing = options.signing ?? false;
  const keysPublic = options.keys_public ?? false;
  const signerName = signerNameOf(options.signer_name);
  requireValid({
    channel_name: channelNameProblem(name),
    signing: typeof signing === 'boolean' ? undefined : 'must be true or false',
    keys_public: typeof keysPublic === 'boolean' ? undefined : 'must be true or false',
    signer_name: signerName.problem,
  });
  const limit = context.config.activeChannelsByPlan[owner.plan];
  if (limit === 0) {
    throw new DomainError('PLAN_REQUIRED', `Channels need the starter or pro plan (current plan: ${owner.plan})`);
  }
  const id = randomUUID();
  const sealedKey = sealKey(context.keys.channelWrap, randomBytes(CHANNEL_KEY_BYTES), id);
  // counting and inserting in one unit of work: two concurrent creations can't both take the last slot
  const row = await context.store.transaction(async (tx) => {
    if ((await tx.channels.countInUse(owner.id)) >= limit) {
      throw new DomainError(
        'PLAN_LIMIT',
        `The ${owner.plan} plan allows ${limit} channels in use; a deactivated channel counts until the ` +
          'API tokens bound to it are revoked',
        { details: { limit: String(limit) } },
      );
    }
    const createdAt = context.now().getTime();
    const inserted = await tx.channels.insert({
      id,
      userId: owner.id,
      name,
      sealedKey,
      createdAt,
      keysPublic,
      signerName: signerName.value,
      signerKeys: keysPublic ? storedNameKeysOf(signerName.value ?? name) : null,
    });
    if (!inserted) throw (await tx.channels.byName(owner.id, name)) ? conflict(name) : signerNameTaken();
    if (signing) await addSigningKey(tx, context, id, createdAt);
    return inserted;
  });
  return channelOf(context, row);
}

export async function listChannels(context: DomainContext, userId: string): Promise<ChannelListItem[]> {
  const [rows, keys, owner] = await Promise.all([
    context.store.channels.listOf(userId),
    context.store.signingKeys.publicOfUser(userId),
    context.store.users.byId(userId),
  ]);
  const certified = new Set(
    (await context.store.c2paCertificates.channelsWith(rows.map((row) => row.id))).map((row) => row.channelId),
  );
  const verified = owner?.emailVerifiedAt != null;
  return rows.map((row) => ({
    ...toChannel(context, row, keys, verified),
    active_tokens: row.boundTokens,
    c2pa_certificate: certified.has(row.id),
  }));
}

/** One channel as the API shows it, with its signing keys. */
export async function channelOf(context: DomainContext, row: ChannelRow): Promise<Channel> {
  const [keys, owner] = await Promise.all([
    context.store.signingKeys.publicOfUser(row.userId),
    context.store.users.byId(row.userId),
  ]);
  return toChannel(context, row, keys, owner?.emailVerifiedAt != null);
}

export async function newSigningKey(
  context: DomainContext,
  row: ChannelRow,
  by: 'owner' | 'operator',
): Promise<Channel> {
  await rotateSigningKey(context, row.id, by);
  return channelOf(context, row);
}

export async function withdrawSigningKey(context: DomainContext, row: ChannelRow, keyId: string): Promise<Channel> {
  const keys = await context.store.signingKeys.publicOfUser(row.userId);
  const key = keys.find((candidate) => candidate.channelId === row.id && candidate.keyId === keyId);
  if (!key) throw new DomainError('NOT_FOUND', `The channel "${row.name}" has no signing key ${keyId}`);
  if (key.retiredAt === null) {
    throw new DomainError(
      'CONFLICT',
      `${keyId} is the channel's current signing key: rotate first (a new key), then withdraw the retired one`,
      { details: { key_id: 'is the current key' } },
    );
  }
  await context.store.signingKeys.deleteRetired(row.id, keyId);
  return channelOf(context, row);
}

export async function updatePublication(
  context: DomainContext,
  row: ChannelRow,
  change: ChannelPublicationChange,
): Promise<Channel> {
  const given = (field: keyof ChannelPublicationChange) => change[field] !== undefined;
  if (!given('keys_public') && !given('signer_name')) {
    throw invalid(
      { keys_public: 'give keys_public or signer_name' },
      'Nothing to change: give keys_public or signer_name',
    );
  }
  const signerName = given('signer_name') ? signerNameOf(change.signer_name) : { value: row.signerName };
  const keysPublic = change.keys_public ?? row.keysPublic;
  requireValid({
    keys_public: typeof keysPublic === 'boolean' ? undefined : 'must be true or false',
    signer_name: signerName.problem,
  });
  const name = signerName.value ?? row.name;
  // the operator approved one name for one continuous publication: a new name, or a pause, asks again
  const sameClaim = keysPublic && row.keysPublic && name === publishedNameOf(row);
  const publication: ChannelPublication = {
    keysPublic,
    signerName: signerName.value,
    signerKeys: keysPublic ? storedNameKeysOf(name) : null,
    publicationApprovedAt: sameClaim ? row.publicationApprovedAt : null,
  };
  if (!(await context.store.channels.setPublication(row.id, publication))) throw signerNameTaken();
  return channelOf(context, { ...row, ...publication });
}

/** A signer name as given: trimmed; null, absent or empty means "the channel name". */
function signerNameOf(given: unknown): { value: string | null; problem?: string } {
  if (given === undefined || given === null) return { value: null };
  if (typeof given !== 'string') return { value: null, problem: 'must be a string or null' };
  const trimmed = given.trim();
  return trimmed === '' ? { value: null } : { value: trimmed, problem: signerNameProblem(trimmed) };
}

export async function deactivateChannel(
  context: DomainContext,
  row: ChannelRow,
): Promise<{ id: string; channel_name: string }> {
  if (row.isActive) await context.store.channels.deactivate(row.id, context.now().getTime());
  return { id: row.id, channel_name: row.name };
}

export function findChannelByName(
  context: DomainContext,
  userId: string,
  name: string,
): Promise<ChannelRow | undefined> {
  return context.store.channels.byName(userId, name.trim());
}

/**
 * Unseals a channel key; only the watermark operations and the offline CLI key resolution call this. A key that
 * does not open is a master key that is not the database's (a command run with another WM_MASTER_KEY than the
 * servers', an instance left running through a key rotation): said so, not as the cipher's own words.
 */
export function channelKeyOf(context: DomainContext, row: Pick<ChannelRow, 'id' | 'sealedKey'>): Uint8Array {
  const key = tryOpenSealedKey(context.keys.channelWrap, row.sealedKey, row.id);
  if (key) return key;
  throw new MasterKeyMismatchError(
    `the master key does not open the key of channel ${row.id}: it is not the master key the database's channel ` +
      'keys were sealed with (every instance and command on one database needs the same WM_MASTER_KEY or master.key)',
  );
}

/** `keys`: signing keys of the owner's channels, newest first (the ones of other channels are passed over). */
function toChannel(
  context: DomainContext,
  row: ChannelRow,
  keys: readonly PublicSigningKeyRow[],
  ownerVerified: boolean,
): Channel {
  return {
    id: row.id,
    channel_name: row.name,
    is_active: row.isActive,
    created_at: iso(row.createdAt),
    signing_keys: keys.filter((key) => key.channelId === row.id).map(toSigningKeyInfo),
    keys_public: row.keysPublic,
    signer_name: row.signerName,
    keys_published: isPublished(context, { ...row, ownerVerified }),
  };
}

function conflict(name: string): DomainError {
  return new DomainError('CONFLICT', `A channel named "${name}" exists already in this account`, {
    details: { channel_name: 'already exists' },
  });
}
