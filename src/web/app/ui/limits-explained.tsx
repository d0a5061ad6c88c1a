import type { Balance, Quota } from '../api-types.js';
import { formatDate, formatNumber, planName } from '../format.js';

const credits = (n: number) => `${formatNumber(n)} credit${n === 1 ? '' : 's'}`;

/**
 * Credits and the monthly limit both stop watermark operations, for different reasons: what each one limits, what
 * happens at the end of it, and how to get more on a server someone runs for you.
 */
export function LimitsExplained({ balance, quota, email }: { balance: Balance; quota: Quota; email: string }) {
  const cost = balance.cost_per_operation;
  return (
    <section class="card" aria-labelledby="limits-title">
      <h2 id="limits-title">Credits and the monthly limit</h2>
      <dl class="explain">
        <dt>Credits</dt>
        <dd>
          What you spend: each successful watermark operation uses {cost === 0 ? 'no credits here' : credits(cost)};
          failed ones cost nothing. Credits do not expire. At zero, operations are refused (HTTP 402) until credits are
          added.
        </dd>
        <dt>Monthly limit</dt>
        <dd>
          The {planName(balance.plan)} plan allows {formatNumber(quota.requests_limit)} operations in a calendar month
          (UTC), whatever the balance. At the limit, operations are refused (HTTP 429) until it resets on{' '}
          {formatDate(quota.resets_at)}.
        </dd>
        <dt>Getting more</dt>
        <dd>
          Ask the person who runs this server. They add credits with <code>wm credits grant {email} 1000</code> and
          raise the limit by changing the plan: <code>wm users set-plan {email} pro</code>.
        </dd>
      </dl>
    </section>
  );
}
