import { OPERATION_USAGE_LABELS } from '../../../api/usage-labels.generated.js';
import type { UsageRecord } from '../api-types.js';
import { formatDateTime, formatNumber } from '../format.js';

/** Every kind of record has a name here (an operation's from its row): the type makes a missing one an error. */
const OPERATION_NAMES: Record<UsageRecord['operation'], string> = {
  ...OPERATION_USAGE_LABELS,
  'signup-grant': 'Sign-up credits',
  grant: 'Credits added',
};

/** Credit history rows; `tokenNames` turns token ids into names (revoked tokens keep their id only). */
export function UsageTable({ records, tokenNames }: { records: UsageRecord[]; tokenNames: Map<string, string> }) {
  return (
    <div class="table-wrap">
      <table class="stack">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Operation</th>
            <th scope="col">API token</th>
            <th scope="col" class="num">
              Credits
            </th>
            <th scope="col" class="num">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              <td data-label="When">{formatDateTime(record.created_at)}</td>
              <td data-label="Operation">{OPERATION_NAMES[record.operation] ?? record.operation}</td>
              <td data-label="API token">
                {record.token_id ? (
                  (tokenNames.get(record.token_id) ?? <span class="muted">revoked token</span>)
                ) : (
                  <span class="muted">—</span>
                )}
              </td>
              <td data-label="Credits" class="num">
                {record.credits > 0 ? `+${formatNumber(record.credits)}` : formatNumber(record.credits)}
              </td>
              <td data-label="Balance" class="num">
                {formatNumber(record.balance_after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
