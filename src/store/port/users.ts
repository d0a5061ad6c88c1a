import type { Plan, SubscriptionStatus } from './values.js';

/** An account as stored. Times are Unix milliseconds. */
export interface UserRow {
  id: string;
  /** trimmed and lower-cased */
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  /** PHC string of the password's scrypt hash */
  passwordHash: string;
  /** raised by every password change; sessions and access tokens carry the value they started under */
  sessionEpoch: number;
  emailVerifiedAt: number | null;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  renewsAt: number | null;
  /** never below zero (the database refuses it too) */
  balance: number;
  suspendedAt: number | null;
  suspensionReason: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * A name's two confusable-name keys (packages/codec/src/unicode/name-key.ts): the store keeps each unique, so that
 * no two accounts have usernames a reader could take for each other.
 */
export interface StoredNameKeys {
  key: string;
  keyCased: string;
}

export type NewUser = Pick<
  UserRow,
  'id' | 'email' | 'username' | 'firstName' | 'lastName' | 'passwordHash' | 'emailVerifiedAt' | 'plan' | 'createdAt'
> & { usernameKeys: StoredNameKeys };

/** What an update may change; `updatedAt` is set with every update. */
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'username'
    | 'firstName'
    | 'lastName'
    | 'emailVerifiedAt'
    | 'plan'
    | 'subscriptionStatus'
    | 'renewsAt'
    | 'suspendedAt'
    | 'suspensionReason'
  >
> & { usernameKeys?: StoredNameKeys };

export interface UserRepository {
  byId(id: string): Promise<UserRow | undefined>;
  /** `email` as stored: trimmed and lower-cased */
  byEmail(email: string): Promise<UserRow | undefined>;
  /** every account, oldest first (then by email) */
  list(): Promise<UserRow[]>;
  /**
   * The new account (balance 0, session epoch 0), or undefined when the email address or a username key is taken
   * (look the email up to tell which).
   */
  insert(user: NewUser): Promise<UserRow | undefined>;
  /** The account after the change, or undefined when there is none. A username key taken: NameTakenError. */
  update(id: string, changes: UserChanges, updatedAt: number): Promise<UserRow | undefined>;
  /** up to `limit` accounts whose username has no keys yet (made by a release before the keys) */
  withoutUsernameKeys(limit: number): Promise<Pick<UserRow, 'id' | 'username'>[]>;
  /** Gives an account without them its username's keys; false when another account holds one of them. */
  setUsernameKeys(id: string, keys: StoredNameKeys): Promise<boolean>;
  /** Deletes the account and everything it owns; false when there was none. */
  delete(id: string): Promise<boolean>;
  /**
   * Stores a new password hash; with `expected`, only while the stored hash is still that one. `updatedAt`, when
   * given, is set too. False when nothing changed.
   */
  replacePasswordHash(
    id: string,
    passwordHash: string,
    options: { expected?: string; updatedAt?: number },
  ): Promise<boolean>;
  /** Raises the session epoch by one; the new epoch, or undefined when there is no such account. */
  raiseSessionEpoch(id: string, updatedAt: number): Promise<number | undefined>;
  sessionEpoch(id: string): Promise<number | undefined>;
  /**
   * Adds `credits` to the balance unless the result would exceed `maxBalance`; the new balance, or undefined when
   * it would (or there is no such account), and then nothing changed.
   */
  addCredits(id: string, credits: number, maxBalance: number): Promise<number | undefined>;
}
