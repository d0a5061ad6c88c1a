import { useState } from 'preact/hooks';
import type { ApiToken, DailyUsage, UsagePage as UsagePageBody } from '../api-types.js';
import { api } from '../session.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { Loading } from '../ui/skeleton.js';
import { UsageChart } from '../ui/usage-chart.js';
import { UsageTable } from '../ui/usage-table.js';
import { useLoad } from '../use-load.js';
import { API_PATHS } from '../../../api/paths.js';

const PAGE_SIZE = 20;

export function UsagePage() {
  const chart = useLoad(() => api<{ days: DailyUsage[] }>('GET', `${API_PATHS.dailyUsage}?days=30`));
  const tokens = useLoad(() => api<ApiToken[]>('GET', API_PATHS.tokens));
  // the `before` cursor of each page visited; the last is the page shown (undefined: the newest)
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const query = `limit=${PAGE_SIZE}${before ? `&before=${encodeURIComponent(before)}` : ''}`;
  const history = useLoad(() => api<UsagePageBody>('GET', `${API_PATHS.usage}?${query}`), [before]);
  const tokenNames = new Map((tokens.data ?? []).map((token) => [token.id, token.name]));
  const page = history.data;
  return (
    <main id="main">
      <PageTitle title="Usage">
        <p>Every watermark operation and credit grant of your account.</p>
      </PageTitle>
      <section class="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Operations per day</h2>
        {chart.error && <Notice kind="error">{chart.error}</Notice>}
        {chart.data ? (
          <UsageChart days={chart.data.days} />
        ) : (
          !chart.error && <Loading what="the chart" shape="chart" />
        )}
      </section>
      <section class="card" aria-labelledby="history-title">
        <div class="page-head">
          <h2 id="history-title">History</h2>
          <nav class="actions" aria-label="History pages">
            <button
              type="button"
              class="button"
              disabled={cursors.length === 1 || history.loading}
              onClick={() => setCursors((list) => list.slice(0, -1))}
            >
              Newer
            </button>
            <span class="muted small">Page {cursors.length}</span>
            <button
              type="button"
              class="button"
              disabled={!page?.next_before || history.loading}
              onClick={() => setCursors((list) => [...list, page!.next_before!])}
            >
              Older
            </button>
          </nav>
        </div>
        {page?.pruned_before && (
          <p class="muted small">
            This server keeps the history from {page.pruned_before.slice(0, 10)} on; older records were removed.
          </p>
        )}
        {history.error && <Notice kind="error">{history.error}</Notice>}
        {history.loading && !page ? (
          <Loading what="the history" lines={8} />
        ) : page && page.usage.length > 0 ? (
          <div aria-busy={history.loading ? 'true' : undefined}>
            <UsageTable records={page.usage} tokenNames={tokenNames} />
          </div>
        ) : (
          page && <p class="empty">Nothing yet: operations show up here as soon as a token is used.</p>
        )}
      </section>
    </main>
  );
}
