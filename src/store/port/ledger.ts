/** One entry of the credit history. Times: Unix ms. */
export interface LedgerRow {
  /** increasing: a later entry has a larger id */
  id: number;
  userId: string;
  /** a watermark operation, `signup-grant` or `grant` */
  operation: string;
  /** negative (or 0) for charges, positive for grants */
  credits: number;
  balanceAfter: number;
  /** the API token of a charge */
  tokenId: string | null;
  createdAt: number;
}

export type NewLedgerEntry = Omit<LedgerRow, 'id' | 'userId'>;

/** Totals of one day of the usage chart: `day` counts from the day asked for as the first. */
export interface DayTotals {
  day: number;
  operations: number;
  /** credits spent (charges as positive numbers) */
  credits: number;
}

export interface LedgerRepository {
  append(userId: string, entry: NewLedgerEntry): Promise<void>;
  /** newest first: at most `limit` entries, only those older than the entry `before` when given */
  history(userId: string, options: { limit: number; before?: number }): Promise<LedgerRow[]>;
  /** entries of `operations` from `from` (Unix ms) on, totalled per `dayMs`; days without entries are absent */
  dailyTotals(
    userId: string,
    options: { from: number; dayMs: number; operations: readonly string[] },
  ): Promise<DayTotals[]>;
  /** the successful watermark operations of the account in the quota period starting at `periodStart` */
  requestsMade(userId: string, periodStart: number): Promise<number>;
  /**
   * Retention: deletes entries created before `before`, oldest first, at most `limit` of them; the number deleted.
   * Fewer than `limit` may be deleted while older ones remain (entries out of time order after a clock was set
   * back): a later call removes them. Balances and counters are not touched.
   */
  deleteOlderThan(before: number, limit: number): Promise<number>;
  /** Retention: deletes the usage counters of the quota periods that started before `periodStart`; how many. */
  deleteCountersBefore(periodStart: number): Promise<number>;
  /** The instant from which the history is complete (older entries may have been deleted); undefined: never pruned. */
  completeSince(): Promise<number | undefined>;
  /** Records that entries created before `since` may be gone; never moves the recorded instant back. */
  markCompleteSince(since: number): Promise<void>;
}

/** What a charge decision reads of an account. */
export interface ChargeableAccount {
  balance: number;
  /** operations counted in the quota period */
  requestsMade: number;
}

/** What the charges of one account admitted, written together. */
export interface AdmittedCharges {
  periodStart: number;
  /** credits taken from the balance in all */
  debit: number;
  /** operations added to the period's count */
  requests: number;
  /** one ledger entry per admitted charge, in order */
  entries: NewLedgerEntry[];
}

/** The writes of the money path (src/domain/charges.ts holds its rules). */
export interface ChargeRepository {
  /**
   * The account's balance and count in the period, to decide charges on. Adapters that lock rows lock the
   * account here until the unit of work ends. Undefined when the account no longer exists.
   */
  chargeableAccount(userId: string, periodStart: number): Promise<ChargeableAccount | undefined>;
  /** Takes `debit` from the balance, adds `requests` to the period's count and appends the entries. */
  recordCharges(userId: string, admitted: AdmittedCharges): Promise<void>;
  /** Sets the tokens' `last_used_at`. */
  markTokensUsed(tokenIds: readonly string[], at: number): Promise<void>;
}
