import type { UserRecord } from '../../domain/index.js';
import { readPassword, requireEmail, requireValue, type PasswordSources } from './ask.js';
import { fields, print, table, withDomain, type AdminOptions, type FieldValue } from './output.js';

export interface CreateUserOptions extends AdminOptions, PasswordSources {
  email?: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  verified?: boolean;
  plan?: string;
}

export async function createUser(options: CreateUserOptions): Promise<void> {
  const email = await requireValue(options.email, '--email', 'Email');
  const username = await requireValue(options.username, '--username', 'Username');
  const password = await readPassword(options);
  // a new account is the one admin action that can start from nothing: it creates the data folder
  await withDomain({ ...options, create: true }, async (domain) => {
    const user = await domain.admin.createUser({
      email,
      username,
      password,
      firstName: options.firstName,
      lastName: options.lastName,
      verified: options.verified,
      plan: options.plan as UserRecord['plan'] | undefined,
    });
    print(options, { user }, [`Created ${user.email} (id ${user.id}, plan ${user.plan}, balance ${user.balance})`]);
  });
}

export async function listUsers(options: AdminOptions): Promise<void> {
  await withDomain(options, async (domain) => {
    const users = await domain.admin.listUsers();
    const rows = users.map((u) => [
      u.email,
      u.username,
      u.plan,
      String(u.balance),
      u.email_verified ? 'yes' : 'no',
      u.suspended ? 'SUSPENDED' : '',
    ]);
    print(
      options,
      { users },
      users.length ? table([['EMAIL', 'USERNAME', 'PLAN', 'BALANCE', 'VERIFIED', ''], ...rows]) : 'No users.',
    );
  });
}

export async function showUser(email: string | undefined, options: AdminOptions): Promise<void> {
  const address = await requireEmail(email);
  await withDomain(options, async (domain) => {
    const user = await domain.admin.showUser(address);
    print(
      options,
      { user },
      describe(user, [
        [
          'monthly limit',
          `${user.quota.requests_made}/${user.quota.requests_limit} operations this month ` +
            `(resets ${user.quota.resets_at})`,
        ],
        ['renews at', user.renews_at],
      ]),
    );
  });
}

export async function verifyUser(email: string | undefined, options: AdminOptions): Promise<void> {
  const address = await requireEmail(email);
  await withDomain(options, async (domain) => {
    const user = await domain.admin.verifyUser(address);
    print(options, { user }, `Verified ${user.email}`);
  });
}

export async function setPlan(
  email: string | undefined,
  plan: string | undefined,
  options: AdminOptions & { status?: string },
): Promise<void> {
  const address = await requireEmail(email);
  const newPlan = await requireValue(plan, 'the plan argument', 'Plan (free, starter, pro)');
  await withDomain(options, async (domain) => {
    const user = await domain.admin.setPlan(address, newPlan, options.status);
    print(
      options,
      { user },
      `${user.email}: plan ${user.plan}, subscription ${user.subscription_status}, renews ${user.renews_at ?? '-'}`,
    );
  });
}

export async function suspendUser(
  email: string | undefined,
  options: AdminOptions & { reason?: string },
): Promise<void> {
  const address = await requireEmail(email);
  await withDomain(options, async (domain) => {
    const user = await domain.admin.suspend(address, options.reason);
    print(options, { user }, `Suspended ${user.email}${user.suspension_reason ? ` (${user.suspension_reason})` : ''}`);
  });
}

export async function unsuspendUser(email: string | undefined, options: AdminOptions): Promise<void> {
  const address = await requireEmail(email);
  await withDomain(options, async (domain) => {
    const user = await domain.admin.unsuspend(address);
    print(options, { user }, `Lifted the suspension of ${user.email}`);
  });
}

export async function deleteUser(email: string | undefined, options: AdminOptions): Promise<void> {
  const address = await requireEmail(email);
  await withDomain(options, async (domain) => {
    const deleted = await domain.admin.deleteUser(address);
    print(options, { deleted }, `Deleted ${deleted.email} and everything it owned`);
  });
}

export async function changePassword(
  email: string | undefined,
  options: AdminOptions & PasswordSources,
): Promise<void> {
  const address = await requireEmail(email);
  const password = await readPassword(options);
  await withDomain(options, async (domain) => {
    const user = await domain.admin.setPassword(address, password);
    print(options, { message: 'Password changed' }, `Password of ${user.email} changed; its sessions were ended`);
  });
}

function describe(user: UserRecord, extra: [string, FieldValue][]): string[] {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return fields([
    ['email', user.email],
    ['id', user.id],
    ['username', user.username],
    ['name', name || undefined],
    ['verified', user.email_verified ? 'yes' : 'no'],
    ['plan', user.plan],
    ['subscription', user.subscription_status],
    ['balance', user.balance],
    ['suspended', user.suspended ? `yes${user.suspension_reason ? ` (${user.suspension_reason})` : ''}` : 'no'],
    ['created', user.created_at],
    ...extra,
  ]);
}
