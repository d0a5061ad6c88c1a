export const DATABASE_URL_VARIABLE = 'WM_DATABASE_URL';

/** Connections to PostgreSQL one process opens at most, unless `--database-pool-size` says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** The URL with its password hidden, for messages and output. */
export function withoutPassword(url: string): string {
  if (!URL.canParse(url)) return url.replace(/:[^:@/]*@/, ':***@').replace(SECRET_QUERY_PARAMETER, '$1***');
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  // the driver also takes the password (and the TLS key's) as query parameters: ?password=…, ?sslpassword=…
  for (const name of [...parsed.searchParams.keys()]) {
    if (/^(ssl)?password$/i.test(name)) parsed.searchParams.set(name, '***');
  }
  return parsed.href.replace(/%2A%2A%2A/g, '***');
}

const SECRET_QUERY_PARAMETER = /([?&](?:ssl)?password=)[^&#]*/gi;

/**
 * The PostgreSQL database named by `--database URL`, else by WM_DATABASE_URL; undefined when neither names one
 * (SQLite in the data folder, as without them). Throws a one-line Error naming the setting when the value is not a
 * postgres:// or postgresql:// URL.
 */
export function resolveDatabaseUrl(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const [name, raw] = flag !== undefined ? ['--database', flag] : [DATABASE_URL_VARIABLE, env[DATABASE_URL_VARIABLE]];
  const value = raw?.trim() ?? '';
  if (value === '') return undefined;
  const protocol = URL.canParse(value) ? new URL(value).protocol : undefined;
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new Error(
      `${name} must be a PostgreSQL URL such as postgres://user:password@host:5432/wm, got "${withoutPassword(value)}"`,
    );
  }
  return value;
}
