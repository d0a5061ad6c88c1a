import { asc, eq } from 'drizzle-orm';
import { users } from '../store/index.js';
import { createAccount, setPassword } from './accounts.js';
import { deleteApiToken, insertApiToken, listTokenMetadata } from './api-tokens.js';
import { channelKeyOf, deactivateChannel, findChannelByName, insertChannel, listChannels } from './channels.js';
import type { DomainContext } from './context.js';
import { balanceOf, usageOf } from './credits.js';
import { DomainError, invalid } from './errors.js';
import { grantCredits, quotaOf } from './ledger.js';
import {
  PLANS,
  SUBSCRIPTION_STATUSES,
  type ApiTokenMetadata,
  type ApiTokenWithSecret,
  type Channel,
  type ChannelListItem,
  type CreditBalance,
  type Permission,
  type Plan,
  type Quota,
  type SubscriptionStatus,
  type UsageRecord,
  type UserRecord,
} from './types.js';
import { requireUserByEmail, toUserRecord, type UserRow } from './users.js';
import { passwordProblem, requireValid } from './validation.js';

export interface NewUserByAdmin {
  email: string;
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** skip email verification */
  verified?: boolean;
  plan?: Plan;
}

/** Operator actions, addressed by email. They apply the same rules as the API, except the suspension check. */
export interface Admin {
  createUser(input: NewUserByAdmin): Promise<UserRecord>;
  listUsers(): UserRecord[];
  showUser(email: string): UserRecord & { quota: Quota; renews_at: string | null };
  verifyUser(email: string): UserRecord;
  setPlan(email: string, plan: string, status?: string): UserRecord & CreditBalance;
  suspend(email: string, reason?: string): UserRecord;
  unsuspend(email: string): UserRecord;
  deleteUser(email: string): { id: string; email: string };
  /** Sets a new password (same policy as registration) and ends every refresh session of the account. */
  setPassword(email: string, password: string): Promise<UserRecord>;
  createToken(
    email: string,
    input: { name: string; permissions: Permission[]; channelName?: string },
  ): ApiTokenWithSecret;
  listTokens(email: string): ApiTokenMetadata[];
  /** By id, bare or `tok_`-prefixed; returns the canonical (bare) id. */
  revokeToken(tokenId: string): { id: string };
  createChannel(email: string, channelName: string): Channel;
  listChannels(email: string): ChannelListItem[];
  deactivateChannel(email: string, channelName: string): { id: string; channel_name: string };
  credits(email: string): CreditBalance & { quota: Quota };
  grantCredits(email: string, credits: number): CreditBalance;
  usage(email: string, limit?: number): UsageRecord[];
  /** The plain key of a user's channel (active or not), for offline `wm encode/decode --channel --user`. */
  channelKey(email: string, channelName: string): Uint8Array;
}

export function createAdmin(context: DomainContext): Admin {
  const byEmail = (email: string) => requireUserByEmail(context, email);
  const update = (row: UserRow, changes: Partial<UserRow>): UserRow =>
    context.db
      .update(users)
      .set({ ...changes, updatedAt: context.now().getTime() })
      .where(eq(users.id, row.id))
      .returning()
      .get()!;
  const channelByName = (owner: UserRow, name: string) => {
    const channel = findChannelByName(context, owner.id, name);
    if (!channel) throw new DomainError('NOT_FOUND', `${owner.email} has no signing channel named "${name}"`);
    return channel;
  };

  return {
    createUser: async (input) => {
      if (input.plan !== undefined) requirePlan(input.plan);
      const { user } = await createAccount(context, input);
      return toUserRecord(byEmail(user.email));
    },
    listUsers: () => context.db.select().from(users).orderBy(asc(users.createdAt), asc(users.email)).all().map(toUserRecord),
    showUser: (email) => {
      const row = byEmail(email);
      return { ...toUserRecord(row), renews_at: balanceOf(row).renews_at, quota: quotaOf(context, row.id, row.plan) };
    },
    verifyUser: (email) => {
      const row = byEmail(email);
      return toUserRecord(row.emailVerifiedAt === null ? update(row, { emailVerifiedAt: context.now().getTime() }) : row);
    },
    setPlan: (email, plan, status) => {
      const row = byEmail(email);
      requirePlan(plan);
      if (status !== undefined) requireStatus(status);
      const renewsAt = plan === 'free' ? null : plan === row.plan && row.renewsAt !== null ? row.renewsAt : oneMonthAfter(context.now());
      const updated = update(row, {
        plan,
        subscriptionStatus: (status as SubscriptionStatus | undefined) ?? row.subscriptionStatus,
        renewsAt,
      });
      return { ...toUserRecord(updated), ...balanceOf(updated) };
    },
    suspend: (email, reason) =>
      toUserRecord(update(byEmail(email), { suspendedAt: context.now().getTime(), suspensionReason: reason?.trim() || null })),
    unsuspend: (email) => toUserRecord(update(byEmail(email), { suspendedAt: null, suspensionReason: null })),
    deleteUser: (email) => {
      const row = byEmail(email);
      // everything the account owns goes with it (ON DELETE CASCADE)
      context.db.delete(users).where(eq(users.id, row.id)).run();
      return { id: row.id, email: row.email };
    },
    setPassword: async (email, password) => {
      const row = byEmail(email);
      requireValid({ password: passwordProblem(password ?? '', row.email, row.username) });
      await setPassword(context, row.id, password);
      return toUserRecord(row);
    },
    createToken: (email, { name, permissions, channelName }) => {
      const owner = byEmail(email);
      const channelId = channelName === undefined ? null : channelByName(owner, channelName).id;
      return insertApiToken(context, owner.id, { name, permissions, signing_channel_id: channelId });
    },
    listTokens: (email) => listTokenMetadata(context, byEmail(email).id),
    revokeToken: (tokenId) => ({ id: deleteApiToken(context, tokenId) }),
    createChannel: (email, channelName) => insertChannel(context, byEmail(email), channelName),
    listChannels: (email) => listChannels(context, byEmail(email).id),
    deactivateChannel: (email, channelName) => deactivateChannel(context, channelByName(byEmail(email), channelName)),
    credits: (email) => {
      const row = byEmail(email);
      return { ...balanceOf(row), quota: quotaOf(context, row.id, row.plan) };
    },
    grantCredits: (email, credits) => {
      if (!Number.isSafeInteger(credits) || credits <= 0) {
        throw invalid({ credits: 'must be a positive whole number' }, 'Credits must be a positive whole number');
      }
      const row = byEmail(email);
      context.db.transaction((tx) => grantCredits(context, tx, row.id, credits, 'grant'), { behavior: 'immediate' });
      return balanceOf(byEmail(email));
    },
    usage: (email, limit) => usageOf(context, byEmail(email).id, limit),
    channelKey: (email, channelName) => channelKeyOf(context, channelByName(byEmail(email), channelName)),
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
