import type { ApiToken, Balance, Profile, UsagePage } from '../api-types.js';
import { formatDate, formatNumber, planName, statusName } from '../format.js';
import { Link } from '../router.js';
import { useState } from 'preact/hooks';
import { api, overviewNotice } from '../session.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { QuotaBar } from '../ui/quota-bar.js';
import { LimitsExplained } from '../ui/limits-explained.js';
import { Loading } from '../ui/skeleton.js';
import { UsageTable } from '../ui/usage-table.js';
import { useLoad } from '../use-load.js';
import { API_PATHS } from '../../../api/paths.js';

interface OverviewData {
  balance: Balance;
  profile: Profile & { api_tokens: ApiToken[] };
  recent: UsagePage;
}

const loadOverview = async (): Promise<OverviewData> => {
  const [balance, profile, recent] = await Promise.all([
    api<Balance>('GET', API_PATHS.balance),
    api<OverviewData['profile']>('GET', API_PATHS.profile),
    api<UsagePage>('GET', `${API_PATHS.usage}?limit=5`),
  ]);
  return { balance, profile, recent };
};

const perOperation = (cost: number) =>
  cost === 0 ? 'operations cost nothing here' : `${formatNumber(cost)} per successful operation`;

export function OverviewPage() {
  const { data, error, loading } = useLoad(loadOverview);
  // shown once: what brought the person here (a password just set through a mailed link)
  const [arrival] = useState(() => {
    const notice = overviewNotice.value;
    overviewNotice.value = null;
    return notice;
  });
  return (
    <main id="main">
      <PageTitle title="Overview" />
      {arrival && <Notice kind="ok">{arrival}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      <div class="grid">
        <section class="card" aria-labelledby="balance-title">
          <h2 class="stat-label" id="balance-title">
            Credits
          </h2>
          {data ? (
            <>
              <p class="stat">{formatNumber(data.balance.balance)}</p>
              <p class="stat-sub">{perOperation(data.balance.cost_per_operation)}</p>
            </>
          ) : (
            <Loading what="credits" shape="stat" />
          )}
        </section>
        <section class="card" aria-labelledby="plan-title">
          <h2 class="stat-label" id="plan-title">
            Plan
          </h2>
          {data ? (
            <>
              <p class="stat">{planName(data.balance.plan)}</p>
              <p class="stat-sub">
                {statusName(data.balance.subscription_status)}
                {data.balance.renews_at ? ` · renews ${formatDate(data.balance.renews_at)}` : ''}
              </p>
            </>
          ) : (
            <Loading what="plan" shape="stat" />
          )}
        </section>
        <section class="card" aria-labelledby="quota-title">
          <h2 class="stat-label" id="quota-title">
            Monthly limit
          </h2>
          {data ? <QuotaBar quota={data.profile.quota} /> : <Loading what="quota" shape="quota" />}
        </section>
      </div>
      {data && data.balance.balance < data.balance.cost_per_operation && (
        <Notice kind="warn">
          You have no credits left: watermark operations are refused (HTTP 402) until the person who runs this server
          adds some.
        </Notice>
      )}
      <section class="card" aria-labelledby="recent-title">
        <div class="page-head">
          <h2 id="recent-title">Recent activity</h2>
          <Link href="/usage">All usage</Link>
        </div>
        {loading && !data ? (
          <Loading what="recent activity" lines={4} />
        ) : data && data.recent.usage.length > 0 ? (
          <UsageTable
            records={data.recent.usage}
            tokenNames={new Map(data.profile.api_tokens.map((token) => [token.id, token.name]))}
          />
        ) : (
          <p class="empty">No activity yet.</p>
        )}
      </section>
      {data && <LimitsExplained balance={data.balance} quota={data.profile.quota} email={data.profile.user.email} />}
      {data && data.profile.api_tokens.length === 0 && (
        <section class="card">
          <h2>Get started</h2>
          <p>
            Watermark requests use an API token. <Link href="/tokens">Create one</Link>, then send{' '}
            <code>Authorization: Bearer &lt;token&gt;</code> to <code>/api/watermark/encode</code> (see{' '}
            <a href="/docs">the API docs</a>
            ), or try the <Link href="/check">checker</Link> first.
          </p>
        </section>
      )}
    </main>
  );
}
