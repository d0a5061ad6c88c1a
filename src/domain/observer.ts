/**
 * What the domain tells about its work as it happens, for metrics (`GET /metrics`); each method is optional and
 * must return at once.
 */
export interface DomainObserver {
  /**
   * A charge of a watermark operation was committed (`charged`) or refused: by the code of its refusal
   * (QUOTA_EXHAUSTED, PAYMENT_REQUIRED, …), early (before the codec ran) or when its group commit decided it.
   */
  charge?(outcome: string): void;
  /** A group commit committed `uses` uses of API tokens in one unit of work. */
  batch?(uses: number): void;
}
