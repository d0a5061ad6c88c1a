import type { Plan } from './types.js';

/**
 * Whose records an account operation works on (./account-operations.ts): an account, and on a server its plan, whose
 * caps apply (offline the operator runs it on the account's own data, uncapped).
 */
export interface AccountOwner {
  userId: string;
  plan?: Plan;
}
