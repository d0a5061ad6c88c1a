import type { Quota } from '../api-types.js';
import { formatDate, formatNumber } from '../format.js';

/** The month's quota as a bar: used of the limit, and when it resets. */
export function QuotaBar({ quota }: { quota: Quota }) {
  const used = quota.requests_limit > 0 ? Math.min(1, quota.requests_made / quota.requests_limit) : 1;
  const level = used >= 1 ? 'full' : used >= 0.8 ? 'high' : '';
  return (
    <div>
      <p class="stat">
        {formatNumber(quota.requests_made)}{' '}
        <span class="muted small">of {formatNumber(quota.requests_limit)} operations</span>
      </p>
      <div
        class={`meter ${level}`}
        role="progressbar"
        aria-label="Operations used this month"
        aria-valuemin={0}
        aria-valuemax={quota.requests_limit}
        aria-valuenow={quota.requests_made}
        aria-valuetext={`${formatNumber(quota.requests_made)} of ${formatNumber(quota.requests_limit)} operations used`}
      >
        <span style={{ width: `${(used * 100).toFixed(1)}%` }} />
      </div>
      <p class="stat-sub">
        {formatNumber(quota.requests_remaining)} left this month · resets {formatDate(quota.resets_at)}
      </p>
    </div>
  );
}
