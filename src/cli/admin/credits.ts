import { CliError, EXIT } from '../errors.js';
import { requireEmail, requireValue } from './ask.js';
import { fields, print, table, withDomain, type AdminOptions } from './output.js';

export async function showCredits(email: string | undefined, options: AdminOptions): Promise<void> {
  const address = await requireEmail(email);
  await withDomain(options, async (domain) => {
    const credits = await domain.admin.credits(address);
    const { quota } = credits;
    print(
      options,
      credits,
      fields([
        ['balance', credits.balance],
        ['plan', credits.plan],
        ['subscription', credits.subscription_status],
        ['renews at', credits.renews_at],
        [
          'operations',
          `${quota.requests_made} of ${quota.requests_limit} this month, ${quota.requests_remaining} left`,
        ],
        ['resets at', quota.resets_at],
      ]),
    );
  });
}

export async function grantCredits(
  email: string | undefined,
  amount: string | undefined,
  options: AdminOptions,
): Promise<void> {
  const address = await requireEmail(email);
  const credits = wholeNumber(await requireValue(amount, 'the number of credits', 'Credits to grant'), 'N');
  await withDomain(options, async (domain) => {
    const balance = await domain.admin.grantCredits(address, credits);
    print(options, balance, `Granted ${credits} credits; balance is now ${balance.balance}`);
  });
}

export async function showUsage(email: string | undefined, options: AdminOptions & { limit?: string }): Promise<void> {
  const address = await requireEmail(email);
  const limit = wholeNumber(options.limit ?? '100', '--limit');
  await withDomain(options, async (domain) => {
    const usage = await domain.admin.usage(address, limit);
    const prunedBefore = await domain.admin.prunedBefore(address);
    const rows = usage.map((u) => [
      u.created_at,
      u.operation,
      signed(u.credits),
      String(u.balance_after),
      u.token_id ?? '-',
    ]);
    print(options, { usage, pruned_before: prunedBefore }, [
      ...(usage.length ? table([['TIME', 'OPERATION', 'CREDITS', 'BALANCE', 'TOKEN'], ...rows]) : ['No usage yet.']),
      ...(prunedBefore ? [`(records older than ${prunedBefore} were deleted by retention)`] : []),
    ]);
  });
}

/** A positive whole number: granting 0 credits or listing 0 entries means nothing. */
function wholeNumber(text: string, name: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) === 0) {
    throw new CliError(EXIT.USAGE, `${name} must be a positive whole number, got "${text}"`);
  }
  return Number(text);
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
