import { hostname } from 'node:os';
import { createApiToken, endSession, findChannelId, revokeOwnToken, signIn } from '../../client/account.js';
import { WmClient } from '../../client/client.js';
import { NotWmServerError } from '../../client/errors.js';
import { requireValue } from '../admin/ask.js';
import { fields, print } from '../admin/output.js';
import { CliError, EXIT } from '../errors.js';
import { readStoredLogin, removeStoredLogin, writeStoredLogin, type StoredLogin } from './stored-login.js';

export interface LoginOptions {
  server?: string;
  email?: string;
  passwordStdin?: boolean;
  permissions: string;
  channel?: string;
  /** the token signs its marks with the channel's signing key */
  sign?: boolean;
  name?: string;
  home?: string;
  json?: boolean;
  /** send the password to a plain http:// server that is not this machine */
  insecure?: boolean;
}

const PERMISSIONS = ['encode', 'decode'];
const TOKEN_NAME_MAX = 100;

function parsePermissions(list: string): string[] {
  const permissions = [
    ...new Set(
      list
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = permissions.filter((p) => !PERMISSIONS.includes(p));
  if (permissions.length === 0 || unknown.length > 0) {
    throw new CliError(EXIT.USAGE, `--permissions takes encode, decode or encode,decode (got ${JSON.stringify(list)})`);
  }
  return permissions;
}

/** The token is named after the machine, so that its owner recognises it in the token list. */
const machineTokenName = (): string => `wm login on ${hostname()}`.slice(0, TOKEN_NAME_MAX);

async function readPasswordLine(options: LoginOptions): Promise<string> {
  if (options.passwordStdin) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/, 1)[0];
    if (!line) throw new CliError(EXIT.USAGE, 'the password is empty');
    return line;
  }
  if (process.stdin.isTTY !== true) {
    throw new CliError(EXIT.USAGE, 'missing password: use --password-stdin when standard input is not a terminal');
  }
  const { password } = await import('@inquirer/prompts');
  try {
    return await password({ message: 'Password', mask: '*' }, { output: process.stderr });
  } catch (error) {
    if ((error as Error).name === 'ExitPromptError') throw new CliError(EXIT.USAGE, 'cancelled at the prompt');
    throw error;
  }
}

/** Host names of this machine: a password sent there over plain HTTP crosses no network. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Plain http:// carries the password readable by anyone on the way: refused unless the server is this machine or
 * --insecure says so. (An unparsable URL is the client's to refuse.)
 */
function refusePlainHttp(server: string, insecure: boolean): void {
  if (insecure || !URL.canParse(server)) return;
  const { protocol, hostname: host } = new URL(server);
  if (protocol !== 'http:' || LOOPBACK_HOST.test(host)) return;
  throw new CliError(
    EXIT.USAGE,
    `--server ${new URL(server).origin} is plain http: the password would cross the network unencrypted. Use ` +
      'https://, or --insecure to send it anyway',
  );
}

/** A wm server answers GET /healthz with its status and version: anything else is refused before a password is sent. */
async function requireWmServer(client: WmClient): Promise<void> {
  const health = await client.get<{ status?: unknown; version?: unknown }>('/healthz', null);
  if (health.status !== 'ok' || typeof health.version !== 'string') {
    throw new NotWmServerError(`${client.server} does not answer like a wm server (GET /healthz)`);
  }
}

/**
 * Signs in with email and password, creates an API token for this machine, ends the session again and stores the
 * server and the token (mode 0600). The password and the session are never stored.
 */
export async function runLogin(options: LoginOptions): Promise<void> {
  if (!options.server) throw new CliError(EXIT.USAGE, 'missing --server URL');
  refusePlainHttp(options.server, options.insecure === true);
  const permissions = parsePermissions(options.permissions);
  const client = new WmClient({ server: options.server });
  await requireWmServer(client);
  const email = await requireValue(options.email, '--email', 'Email');
  const password = await readPasswordLine(options);
  const { accessToken, user } = await signIn(client, email, password);
  let created: Awaited<ReturnType<typeof createApiToken>>;
  try {
    const channelId = options.channel === undefined ? null : await findChannelId(client, accessToken, options.channel);
    if (channelId === undefined)
      throw new CliError(EXIT.USAGE, `no active channel named ${options.channel} in ${user.email}`);
    created = await createApiToken(client, accessToken, {
      name: options.name ?? machineTokenName(),
      permissions,
      signing_channel_id: channelId,
      ...(options.sign ? { sign: true } : {}),
    });
  } finally {
    await endSession(client, accessToken).catch(() => undefined);
  }
  const previous = await readStoredLogin(options.home).catch(() => undefined);
  const login: StoredLogin = {
    server: client.server,
    token: created.token,
    token_id: created.id,
    token_name: created.name,
    email: user.email,
    created_at: created.created_at,
  };
  const path = await writeStoredLogin(options.home, login);
  if (previous && previous.token !== login.token) await retire(previous);
  const { token: _secret, ...shown } = created;
  const channel = created.signing_channel_id ? [`channel ${options.channel}`] : [];
  if (created.sign) channel.push('signs');
  print(options, { server: client.server, email: user.email, token: shown, stored_in: path }, [
    `Logged in to ${client.server} as ${user.email}.`,
    ...fields([
      ['token', `${created.name} (${[...created.permissions, ...channel].join(', ')})`],
      ['stored in', path],
    ]),
  ]);
}

/** The token of a replaced login is revoked, so that logging in again leaves no token behind. */
async function retire(previous: StoredLogin): Promise<void> {
  try {
    await revokeOwnToken(new WmClient({ server: previous.server, token: previous.token }));
    process.stderr.write(
      `wm: revoked the token of the previous login (${previous.token_name} on ${previous.server})\n`,
    );
  } catch (error) {
    process.stderr.write(
      `wm: could not revoke the previous login's token ${previous.token_name} on ${previous.server}: ` +
        `${(error as Error).message}\n`,
    );
  }
}

export interface LogoutOptions {
  home?: string;
  json?: boolean;
}

/** Revokes the stored login's token on its server, then forgets it. A token already revoked is no obstacle. */
export async function runLogout(options: LogoutOptions): Promise<void> {
  const login = await readStoredLogin(options.home);
  if (!login) throw new CliError(EXIT.USAGE, 'not logged in');
  let revoked = true;
  try {
    await revokeOwnToken(new WmClient({ server: login.server, token: login.token }));
  } catch (error) {
    if ((error as { status?: number }).status !== 401) throw error;
    revoked = false;
  }
  await removeStoredLogin(options.home);
  print(options, { server: login.server, token_id: login.token_id, revoked }, [
    revoked
      ? `Logged out of ${login.server}: token ${login.token_name} revoked.`
      : `Logged out of ${login.server}: the token was already revoked.`,
  ]);
}
