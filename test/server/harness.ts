import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DomainConfig } from '../../src/domain/index.js';
import type { HashGate } from '../../src/domain/hash-gate.js';
import type { WorkRunner } from '../../src/domain/work/runner.js';
import { buildApp } from '../../src/server/index.js';
import type { ServerConfig } from '../../src/server/index.js';
import type { MailMessage, Mailer } from '../../src/server/mail/index.js';
import { makeFixture, type Fixture } from '../domain/fixture.js';

export const PASSWORD = 'Correct horse 42';

export interface TestServer {
  app: FastifyInstance;
  fixture: Fixture;
  mails: MailMessage[];
  close(): Promise<void>;
}

/**
 * The whole app over a fresh data folder (low scrypt cost, test clock) with an in-memory mailer, and a per-address
 * password-attempt allowance that the tests do not reach unless they set `domain.passwordAttemptsPerMinute`.
 */
export async function makeServer(
  options: {
    config?: Partial<ServerConfig>;
    domain?: Partial<DomainConfig>;
    hashGate?: HashGate;
    /** where the domain runs its jobs (default: this thread) */
    work?: WorkRunner;
    logStream?: NodeJS.WritableStream;
    /** the built dashboard to serve (dist/web/ by default); a folder without one serves the API alone */
    dashboardFolder?: string;
    mailer?: Mailer;
  } = {},
): Promise<TestServer> {
  const fixture = await makeFixture(
    { passwordAttemptsPerMinute: 100_000, ...options.domain },
    { hashGate: options.hashGate, work: options.work },
  );
  const mails: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    send: async (message) => {
      mails.push(message);
    },
    close: async () => {},
  };
  const app = await buildApp({
    domain: fixture.domain,
    dataDir: fixture.dir,
    config: { publicUrl: 'http://wm.test', ...options.config },
    mailer,
    now: () => fixture.clock.now,
    log: { level: options.logStream ? 'info' : 'silent', stream: options.logStream },
    dashboardFolder: options.dashboardFolder,
  });
  return {
    app,
    fixture,
    mails,
    close: async () => {
      await app.close();
      await fixture.close();
    },
  };
}

/** Runs `use` against a server of its own (settings other than the shared one's), closing it afterwards. */
export async function withServer<T>(
  options: Parameters<typeof makeServer>[0],
  use: (server: TestServer) => Promise<T>,
): Promise<T> {
  const server = await makeServer(options);
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

let counter = 0;

export const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });

export function tokenFromMail(mail: MailMessage): string {
  const match = /verify-email\?token=([^\s]+)/.exec(mail.text);
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

export function cookieOf(response: LightMyRequestResponse, name = 'refreshToken') {
  return response.cookies.find((cookie) => cookie.name === name);
}

export interface SignedInUser {
  email: string;
  username: string;
  id: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers through HTTP, optionally verifies (through the mailed link) and sets the plan, then logs in. */
export async function signUp(
  server: TestServer,
  options: { verified?: boolean; plan?: 'free' | 'starter' | 'pro'; email?: string } = {},
): Promise<SignedInUser> {
  counter += 1;
  const email = options.email ?? `person${counter}@example.com`;
  const username = `person${counter}`;
  const registered = await server.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: PASSWORD, username },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  if (options.verified ?? true) {
    const token = tokenFromMail(server.mails.at(-1)!);
    const verified = await server.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  }
  if (options.plan) await server.fixture.domain.admin.setPlan(email, options.plan);
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return {
    email,
    username,
    id: login.json().user.id,
    accessToken: login.json().accessToken,
    refreshToken: cookieOf(login)!.value,
  };
}

/** Creates an API token through HTTP and returns its secret and id. */
export async function createApiToken(
  server: TestServer,
  user: SignedInUser,
  body: { name?: string; permissions?: string[]; signing_channel_id?: string | null; sign?: boolean } = {},
): Promise<{ token: string; id: string }> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v2/tokens',
    headers: bearer(user.accessToken),
    payload: { name: 'test', permissions: ['encode', 'decode'], ...body },
  });
  if (response.statusCode !== 201) throw new Error(`token creation failed: ${response.body}`);
  return { token: response.json().token, id: response.json().id };
}

export async function createChannel(server: TestServer, user: SignedInUser, name: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v2/channels',
    headers: bearer(user.accessToken),
    payload: { channel_name: name },
  });
  if (response.statusCode !== 201) throw new Error(`channel creation failed: ${response.body}`);
  return response.json().channel.id;
}

/** One successful encode with the API token (a charge of the account). */
export async function encodeOnce(server: TestServer, token: string): Promise<void> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/watermark/encode',
    headers: bearer(token),
    payload: { text: 'Some words to carry it', secret: 's' },
  });
  if (response.statusCode !== 200) throw new Error(`encode failed: ${response.statusCode} ${response.body}`);
}
