import type { Repositories } from '../store/index.js';
import { DomainError, invalid } from './errors.js';

/**
 * The most credits an account can hold: 2^53 − 1, so that every balance, charge and `balance_after` is an exact
 * JavaScript number and an exact JSON number for clients that read numbers as doubles (above it, a 1-credit charge
 * could move a balance by 2 and the ledger would disagree with the balance).
 */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;

/**
 * Adds credits (signup grant or operator grant) and records them in the ledger; give it a unit of work, so the
 * two writes go together. A grant that would take the balance above MAX_BALANCE is refused (VALIDATION) and
 * changes nothing. Returns the new balance.
 */
export async function grantCredits(
  tx: Repositories,
  at: number,
  userId: string,
  credits: number,
  operation: 'signup-grant' | 'grant',
): Promise<number> {
  if (!Number.isSafeInteger(credits) || credits < 0) {
    throw invalid({ credits: 'must be a whole number of credits' }, 'Credits must be a whole number');
  }
  const balance = await tx.users.addCredits(userId, credits, MAX_BALANCE);
  if (balance === undefined) {
    const current = await tx.users.byId(userId);
    if (!current) throw new DomainError('NOT_FOUND', 'No such user');
    const room = Math.max(0, MAX_BALANCE - current.balance);
    throw invalid(
      { credits: `at most ${room} can be granted (a balance holds at most ${MAX_BALANCE})` },
      `A balance holds at most ${MAX_BALANCE} credits; with ${current.balance} now, at most ${room} can be granted`,
    );
  }
  await tx.ledger.append(userId, { operation, credits, balanceAfter: balance, tokenId: null, createdAt: at });
  return balance;
}
