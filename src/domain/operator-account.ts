import { randomBytes } from 'node:crypto';
import { noCopiesRunner, operatorRunner, type AccountRunner } from './account-operations.js';
import { createAccount } from './accounts.js';
import type { DomainContext } from './context.js';
import { findUserByEmail } from './users.js';

/**
 * The data folder's own account, whose copies offline `wm copies`, `wm trace` and `wm mcp` issue and trace when no
 * account is named: the box's operator needs no set-up. `.invalid` is reserved (RFC 2606): no mail can reach it.
 */
export const OPERATOR_EMAIL = 'operator@wm.invalid';
const OPERATOR_USERNAME = 'wm operator';

/** The operator's account operations, and whether this call made the account. */
export interface OperatorOperations {
  run: AccountRunner;
  created: boolean;
}

/**
 * The account operations of the operator account (free and uncapped, as offline for every account: its plan, free,
 * would only apply if it ever signed in to a server). `create`: make the account when missing (a first issue);
 * without it, a data folder that has none answers as an account that issued nothing, and nothing is made.
 *
 * The account is verified and its password is 32 random bytes that are hashed like any password and never shown:
 * nobody can sign in as it unless the operator sets a password (`wm users passwd`).
 */
export async function operatorOperations(
  context: DomainContext,
  { create }: { create: boolean },
): Promise<OperatorOperations> {
  const existing = await findUserByEmail(context, OPERATOR_EMAIL);
  if (existing) return { run: operatorRunner(context, existing.id), created: false };
  if (!create) return { run: noCopiesRunner, created: false };
  try {
    const { user } = await createAccount(context, {
      email: OPERATOR_EMAIL,
      username: OPERATOR_USERNAME,
      password: randomBytes(32).toString('base64url'),
      verified: true,
    });
    return { run: operatorRunner(context, user.id), created: true };
  } catch (error) {
    // another process made it first (two first issues at once): use that one
    const made = await findUserByEmail(context, OPERATOR_EMAIL);
    if (made) return { run: operatorRunner(context, made.id), created: false };
    throw error;
  }
}
