import {
  createGroupCommit,
  type ChargeableAccount,
  type NewLedgerEntry,
  type Store,
  type UnitOfWork,
} from '../store/index.js';
import type { DomainConfig } from './config.js';
import { accountGone, DomainError, isDomainError } from './errors.js';
import type { DomainObserver } from './observer.js';
import { quotaPeriod } from './quota.js';
import { kebabNameOf, type OperationName } from './operation-rules.js';
import type { Plan } from './types.js';

/*
 * The money path: how a watermark operation is charged. Its rules, all here:
 * - Only a success is charged: `creditCost` credits and one operation against the plan's monthly quota for each of
 *   its units (an issue of copies has one per copy; every other operation one). A failed operation, or a robust
 *   decode that found nothing, records the token's use and costs nothing.
 * - The quota before the credits: an exhausted quota is reported (QUOTA_EXHAUSTED) before missing credits
 *   (PAYMENT_REQUIRED).
 * - The balance never goes below zero: a charge is admitted only while the balance covers it, decided on the
 *   balance read in the same unit of work that writes it (and the database refuses a negative balance as a last
 *   line of defence).
 * - One ledger row per admitted charge, with the balance after it; the period's counter rises by one per charge.
 * - A charge is answered only after its commit: nobody gets a result that is not paid for in the database.
 *
 * The uses submitted during one event-loop turn are applied together (group commit): one unit of work, and in it
 * one account at a time, whose balance and counter are read once, its charges decided in order exactly as if each
 * ran alone, and written once for all it admitted. Under load a turn holds dozens of charges of a few accounts,
 * and per-charge statements and commits were most of the server's write cost (docs/PERFORMANCE.md).
 */

/** One use of an API token by a watermark operation. */
export interface TokenUse {
  userId: string;
  plan: Plan;
  operation: OperationName;
  tokenId: string;
  /** the operation succeeded and is charged; otherwise only the token's use is recorded */
  charge: boolean;
  /** what it is charged as, in operations: the copies of an issue; 1 when not given */
  units?: number;
}

export interface Charges {
  /**
   * Submits a use and answers it once committed: for a charge, the balance after it, or the refusal thrown
   * (QUOTA_EXHAUSTED, PAYMENT_REQUIRED; UNAUTHENTICATED when the account is gone), with nothing charged; for a use
   * that is not charged, undefined.
   */
  submit(use: TokenUse): Promise<number | undefined>;
}

/** The answer to one use: the balance after its charge (none when not charged), or why it was refused. */
type Answer = { balance?: number } | { refusal: unknown };

export function createCharges(options: {
  store: Store;
  config: DomainConfig;
  now: () => Date;
  observer?: DomainObserver;
}): Charges {
  const { config, now, observer = {} } = options;
  const submit = createGroupCommit<TokenUse, Answer>(options.store, (tx, uses) => applyUses(tx, uses, config, now()), {
    // every row a charge decides on is locked first (charges.chargeableAccount): see UnitOfWorkOptions.lockedRows
    unitOfWork: { lockedRows: true },
    committed: (uses) => observer.batch?.(uses),
  });
  return {
    async submit(use) {
      const answer = await submit(use);
      if ('refusal' in answer) {
        if (use.charge) observer.charge?.(refusalCode(answer.refusal));
        throw answer.refusal;
      }
      if (use.charge) observer.charge?.('charged');
      return answer.balance;
    },
  };
}

/** The code a refusal is counted under: the DomainError's, else `failed` (the database refused the write). */
export const refusalCode = (refusal: unknown): string => (isDomainError(refusal) ? refusal.code : 'failed');

/**
 * Why an operation of `units` units is refused to an account on `plan` with `made` operations in the period ending
 * at `periodEnd` and `balance` credits, or undefined: an exhausted quota is reported before missing credits.
 */
export function chargeRefusal(
  config: DomainConfig,
  plan: Plan,
  made: number,
  balance: number,
  periodEnd: Date,
  units = 1,
): DomainError | undefined {
  const limit = config.monthlyRequestsByPlan[plan];
  if (made + units > limit) {
    const message =
      units === 1 || made >= limit
        ? `Monthly limit of ${limit} watermark operations reached`
        : `Monthly limit of ${limit} watermark operations: ${made} made, and these ${units} copies count one each`;
    return new DomainError('QUOTA_EXHAUSTED', message, { resetsAt: periodEnd });
  }
  const cost = config.creditCost * units;
  if (balance < cost) {
    const what = units === 1 ? 'the operation costs' : `these ${units} copies cost ${config.creditCost} each,`;
    const message = `Insufficient credits: balance is ${balance}, ${what} ${cost}`;
    return new DomainError('PAYMENT_REQUIRED', message, { balance, cost });
  }
  return undefined;
}

/** One turn's uses: each account's charges in a savepoint of its own, so one account's failure stays its own. */
async function applyUses(
  tx: UnitOfWork,
  uses: readonly TokenUse[],
  config: DomainConfig,
  now: Date,
): Promise<Answer[]> {
  const answers = new Array<Answer>(uses.length);
  const usedTokens = new Set<string>();
  const chargesByAccount = new Map<string, number[]>();
  uses.forEach((use, index) => {
    if (!use.charge) {
      answers[index] = {};
      usedTokens.add(use.tokenId);
      return;
    }
    const indexes = chargesByAccount.get(use.userId);
    if (indexes) indexes.push(index);
    else chargesByAccount.set(use.userId, [index]);
  });
  // accounts in one order everywhere: two units of work that lock the same accounts cannot deadlock
  for (const [userId, indexes] of [...chargesByAccount].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const charges = indexes.map((index) => uses[index]);
    let decided: Answer[];
    try {
      decided = await tx.savepoint((account) => chargeAccount(account, userId, charges, config, now));
    } catch (error) {
      decided = charges.map(() => ({ refusal: error }));
    }
    indexes.forEach((index, k) => {
      answers[index] = decided[k]!;
      if (!('refusal' in decided[k])) usedTokens.add(uses[index].tokenId);
    });
  }
  // a refused charge does not count as the token's use
  if (usedTokens.size > 0) await tx.charges.markTokensUsed([...usedTokens], now.getTime());
  return answers;
}

/** Reads one account, decides its charges and writes what they admitted. */
async function chargeAccount(
  tx: UnitOfWork,
  userId: string,
  charges: readonly TokenUse[],
  config: DomainConfig,
  now: Date,
): Promise<Answer[]> {
  const { start, end } = quotaPeriod(now);
  const account = await tx.charges.chargeableAccount(userId, start.getTime());
  if (!account) throw accountGone();
  const { answers, entries, requests } = decideCharges(config, account, charges, end, now.getTime());
  if (entries.length > 0) {
    const debit = -entries.reduce((sum, entry) => sum + entry.credits, 0);
    await tx.charges.recordCharges(userId, { periodStart: start.getTime(), debit, requests, entries });
  }
  return answers;
}

/** The charges of one account, in order, each decided as if it ran alone after those before it. */
function decideCharges(
  config: DomainConfig,
  account: ChargeableAccount,
  charges: readonly TokenUse[],
  periodEnd: Date,
  at: number,
): { answers: Answer[]; entries: NewLedgerEntry[]; requests: number } {
  let { balance, requestsMade } = account;
  const madeBefore = requestsMade;
  const entries: NewLedgerEntry[] = [];
  const answers = charges.map((charge): Answer => {
    const units = charge.units ?? 1;
    const refusal = chargeRefusal(config, charge.plan, requestsMade, balance, periodEnd, units);
    if (refusal) return { refusal };
    const cost = config.creditCost * units;
    balance -= cost;
    requestsMade += units;
    const { operation, tokenId } = charge;
    // the usage history names an operation by its kebab name (docs/SERVER.md)
    entries.push({ operation: kebabNameOf(operation), credits: -cost, balanceAfter: balance, tokenId, createdAt: at });
    return { balance };
  });
  return { answers, entries, requests: requestsMade - madeBefore };
}
