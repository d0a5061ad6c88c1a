import {
  c2paCertificateOf,
  setC2paCertificate,
  type C2paCertificateInfo,
  type C2paCertificateRequest,
} from './c2pa-certificates.js';
import type { UserChanges } from '../store/index.js';
import { createAccount, setPassword, type NewAccount } from './accounts.js';
import { deleteApiToken, insertApiToken, listTokenMetadata } from './api-tokens.js';
import {
  channelKeyOf,
  deactivateChannel,
  findChannelByName,
  insertChannel,
  listChannels,
  newSigningKey,
  updatePublication,
  withdrawSigningKey,
} from './channels.js';
import { operatorRunner, type AccountRunner } from './account-operations.js';
import type { DomainContext } from './context.js';
import { balanceOf, prunedBeforeOf, usageOf } from './credits.js';
import { DomainError, invalid } from './errors.js';
import { grantCredits } from './grants.js';
import { assignMissingUsernameKeys } from './name-keys.js';
import { approvePublication, claimMissingSignerNames, pendingPublications } from './publication.js';
import { quotaOf } from './quota.js';
import { operatorOperations, type OperatorOperations } from './operator-account.js';
import { pruneUsageHistory, type PruneResult, type Retention } from './retention.js';
import {
  PLANS,
  SUBSCRIPTION_STATUSES,
  type ApiTokenMetadata,
  type ApiTokenWithSecret,
  type Channel,
  type ChannelListItem,
  type ChannelOptions,
  type ChannelPublicationChange,
  type CreditBalance,
  type PendingPublication,
  type Permission,
  type Plan,
  type Quota,
  type SubscriptionStatus,
  type UsageRecord,
  type UserRecord,
} from './types.js';
import { requireUserByEmail, toUserRecord, type UserRow } from './users.js';
import { passwordProblem, requireValid } from './validation.js';

/**
 * Operator actions, addressed by email. They apply the same rules as the API, except the suspension check and the
 * interval between key rotations.
 */
export interface Admin {
  createUser(input: NewAccount): Promise<UserRecord>;
  listUsers(): Promise<UserRecord[]>;
  showUser(email: string): Promise<UserRecord & { quota: Quota; renews_at: string | null }>;
  verifyUser(email: string): Promise<UserRecord>;
  setPlan(email: string, plan: string, status?: string): Promise<UserRecord & CreditBalance>;
  suspend(email: string, reason?: string): Promise<UserRecord>;
  unsuspend(email: string): Promise<UserRecord>;
  deleteUser(email: string): Promise<{ id: string; email: string }>;
  /** Sets a new password (same policy as registration) and ends every refresh session of the account. */
  setPassword(email: string, password: string): Promise<UserRecord>;
  createToken(
    email: string,
    input: { name: string; permissions: Permission[]; channelName?: string; sign?: boolean; encrypt?: boolean },
  ): Promise<ApiTokenWithSecret>;
  listTokens(email: string): Promise<ApiTokenMetadata[]>;
  /** By id, bare or `tok_`-prefixed; returns the canonical (bare) id. */
  revokeToken(tokenId: string): Promise<{ id: string }>;
  createChannel(email: string, channelName: string, options?: ChannelOptions): Promise<Channel>;
  /**
   * A new signing key: the channel's first, or a rotation (the current key is retired and stays published). The
   * number of keys kept applies; the interval between rotations does not (a leaked key is replaced at once).
   */
  newSigningKey(email: string, channelName: string): Promise<Channel>;
  setPublication(email: string, channelName: string, change: ChannelPublicationChange): Promise<Channel>;
  /** The operator approves a channel's publication: its keys join the key set (docs/SERVER.md). */
  approvePublication(email: string, channelName: string): Promise<Channel>;
  /** The channels that ask for publication and wait for approval, oldest first. */
  pendingPublications(): Promise<PendingPublication[]>;
  /**
   * Gives the names of an older release's accounts and published channels their confusable-name keys (at server
   * start; does nothing when there are none).
   */
  claimMissingNames(): Promise<{ usernames: number; signerNames: number; withdrawnChannels: string[] }>;
  /** Deletes a retired signing key that leaked: it leaves the key set and verifies nothing any more. */
  withdrawSigningKey(email: string, channelName: string, keyId: string): Promise<Channel>;
  /** Gives the channel a C2PA signing certificate, made or imported (Channels.setC2paCertificate). */
  setC2paCertificate(email: string, channelName: string, request: C2paCertificateRequest): Promise<C2paCertificateInfo>;
  /** The channel's C2PA certificate; NOT_FOUND when it holds none. */
  c2paCertificate(email: string, channelName: string): Promise<C2paCertificateInfo>;
  listChannels(email: string): Promise<ChannelListItem[]>;
  deactivateChannel(email: string, channelName: string): Promise<{ id: string; channel_name: string }>;
  credits(email: string): Promise<CreditBalance & { quota: Quota }>;
  grantCredits(email: string, credits: number): Promise<CreditBalance>;
  usage(email: string, limit?: number): Promise<UsageRecord[]>;
  /** When the account's history was cut by retention (ISO), or null when it is complete. */
  prunedBefore(email: string): Promise<string | null>;
  /** Retention: deletes every account's usage history older than `retention`; balances and quotas stay. */
  pruneUsage(retention: Retention, signal?: AbortSignal): Promise<PruneResult>;
  /** The plain key of a user's channel (active or not), for offline `wm encode/decode --channel --user`. */
  channelKey(email: string, channelName: string): Promise<Uint8Array>;
  /**
   * The operations on the user's records (./account-operations.ts), for offline `wm copies` and `wm trace`: free and
   * without a plan's cap (the operator's own data); copies are sealed with the account's copy-mark key, so no
   * channel is needed.
   */
  accountOperations(email: string): Promise<AccountRunner>;
  /**
   * The same on the data folder's own operator account (./operator-account.ts), for offline copies without --user:
   * `create` makes the account on first use (an issue); without it, none answers as an account that issued nothing.
   */
  operatorOperations(options: { create: boolean }): Promise<OperatorOperations>;
}

export function createAdmin(context: DomainContext): Admin {
  const byEmail = (email: string) => requireUserByEmail(context, email);
  const update = async (row: UserRow, changes: UserChanges): Promise<UserRow> =>
    (await context.store.users.update(row.id, changes, context.now().getTime()))!;
  const channelByName = async (owner: UserRow, name: string) => {
    const channel = await findChannelByName(context, owner.id, name);
    if (!channel) throw new DomainError('NOT_FOUND', `${owner.email} has no channel named "${name}"`);
    return channel;
  };

  return {
    createUser: async (input) => {
      if (input.plan !== undefined) requirePlan(input.plan);
      const { user } = await createAccount(context, input);
      return toUserRecord(await byEmail(user.email));
    },
    listUsers: async () => (await context.store.users.list()).map(toUserRecord),
    showUser: async (email) => {
      const row = await byEmail(email);
      return {
        ...toUserRecord(row),
        renews_at: balanceOf(row).renews_at,
        quota: await quotaOf(context, row.id, row.plan),
      };
    },
    verifyUser: async (email) => {
      const row = await byEmail(email);
      return toUserRecord(
        row.emailVerifiedAt === null ? await update(row, { emailVerifiedAt: context.now().getTime() }) : row,
      );
    },
    setPlan: async (email, plan, status) => {
      const row = await byEmail(email);
      requirePlan(plan);
      if (status !== undefined) requireStatus(status);
      const renewsAt =
        plan === 'free'
          ? null
          : plan === row.plan && row.renewsAt !== null
            ? row.renewsAt
            : oneMonthAfter(context.now());
      const updated = await update(row, {
        plan,
        subscriptionStatus: status ?? row.subscriptionStatus,
        renewsAt,
      });
      return { ...toUserRecord(updated), ...balanceOf(updated) };
    },
    suspend: async (email, reason) =>
      toUserRecord(
        await update(await byEmail(email), {
          suspendedAt: context.now().getTime(),
          suspensionReason: reason?.trim() || null,
        }),
      ),
    unsuspend: async (email) =>
      toUserRecord(await update(await byEmail(email), { suspendedAt: null, suspensionReason: null })),
    deleteUser: async (email) => {
      const row = await byEmail(email);
      // everything the account owns goes with it
      await context.store.users.delete(row.id);
      return { id: row.id, email: row.email };
    },
    setPassword: async (email, password) => {
      const row = await byEmail(email);
      requireValid({ password: passwordProblem(password ?? '', row.email, row.username) });
      await setPassword(context, row.id, password);
      return toUserRecord(row);
    },
    createToken: async (email, { name, permissions, channelName, sign, encrypt }) => {
      const owner = await byEmail(email);
      const channelId = channelName === undefined ? null : (await channelByName(owner, channelName)).id;
      return insertApiToken(context, owner.id, { name, permissions, signing_channel_id: channelId, sign, encrypt });
    },
    listTokens: async (email) => listTokenMetadata(context, (await byEmail(email)).id),
    revokeToken: async (tokenId) => ({ id: await deleteApiToken(context, tokenId) }),
    createChannel: async (email, channelName, options) =>
      insertChannel(context, await byEmail(email), channelName, options),
    newSigningKey: async (email, channelName) =>
      newSigningKey(context, await channelByName(await byEmail(email), channelName), 'operator'),
    setPublication: async (email, channelName, change) =>
      updatePublication(context, await channelByName(await byEmail(email), channelName), change),
    approvePublication: async (email, channelName) => {
      const owner = await byEmail(email);
      return approvePublication(context, owner, await channelByName(owner, channelName));
    },
    pendingPublications: () => pendingPublications(context),
    claimMissingNames: async () => {
      const usernames = await assignMissingUsernameKeys(context);
      const { claimed, withdrawn } = await claimMissingSignerNames(context);
      return { usernames, signerNames: claimed, withdrawnChannels: withdrawn };
    },
    withdrawSigningKey: async (email, channelName, keyId) =>
      withdrawSigningKey(context, await channelByName(await byEmail(email), channelName), keyId),
    setC2paCertificate: async (email, channelName, request) =>
      setC2paCertificate(context, await channelByName(await byEmail(email), channelName), request),
    c2paCertificate: async (email, channelName) =>
      c2paCertificateOf(context, await channelByName(await byEmail(email), channelName)),
    listChannels: async (email) => listChannels(context, (await byEmail(email)).id),
    deactivateChannel: async (email, channelName) =>
      deactivateChannel(context, await channelByName(await byEmail(email), channelName)),
    credits: async (email) => {
      const row = await byEmail(email);
      return { ...balanceOf(row), quota: await quotaOf(context, row.id, row.plan) };
    },
    grantCredits: async (email, credits) => {
      if (!Number.isSafeInteger(credits) || credits <= 0) {
        throw invalid({ credits: 'must be a positive whole number' }, 'Credits must be a positive whole number');
      }
      const row = await byEmail(email);
      const now = context.now().getTime();
      await context.store.transaction((tx) => grantCredits(tx, now, row.id, credits, 'grant'));
      return balanceOf(await byEmail(email));
    },
    usage: async (email, limit) => usageOf(context, (await byEmail(email)).id, limit),
    prunedBefore: async (email) => prunedBeforeOf(context, await byEmail(email)),
    pruneUsage: (retention, signal) => pruneUsageHistory(context.store, context.now(), retention, signal),
    channelKey: async (email, channelName) =>
      channelKeyOf(context, await channelByName(await byEmail(email), channelName)),
    accountOperations: async (email) => operatorRunner(context, (await byEmail(email)).id),
    operatorOperations: (options) => operatorOperations(context, options),
  };
}

function requirePlan(plan: string): asserts plan is Plan {
  if (!(PLANS as readonly string[]).includes(plan)) {
    throw invalid({ plan: `must be one of ${PLANS.join(', ')}` }, `Unknown plan "${plan}" (use ${PLANS.join(', ')})`);
  }
}

function requireStatus(status: string): asserts status is SubscriptionStatus {
  if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) {
    const allowed = SUBSCRIPTION_STATUSES.join(', ');
    throw invalid({ status: `must be one of ${allowed}` }, `Unknown subscription status "${status}" (use ${allowed})`);
  }
}

function oneMonthAfter(now: Date): number {
  const next = new Date(now);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.getTime();
}
