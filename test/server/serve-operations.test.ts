import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import { WM_BIN, runWm, startServe, type ServeProcess } from './serve-process.js';

const env = { ...process.env, WM_SCRYPT_LN: '10', WM_HOME: '', WM_SMTP_URL: '', WM_MASTER_KEY: '' };
const EMAIL = 'ops@example.com';
const DAY_MS = 24 * 3600 * 1000;

const homes: string[] = [];
const serves: ServeProcess[] = [];
afterEach(async () => {
  for (const serve of serves.splice(0)) await serve.stop();
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

/** A data folder with one account made by `wm users create`, which each test copies (none tests the creation). */
let template: string;
beforeAll(() => {
  template = join(mkdtempSync(join(tmpdir(), 'wm-ops-template-')), 'home');
  const created = spawnSync(
    process.execPath,
    [WM_BIN, 'users', 'create', '--email', EMAIL, '--username', 'ops', '--password-stdin', '--home', template],
    { env, input: 'Correct horse 42\n', encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
});
afterAll(() => rmSync(join(template, '..'), { recursive: true, force: true }));

/** A data folder with one account, whose history has `oldEntries` records of 60 days ago. */
async function dataFolder(oldEntries = 0): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'wm-ops-'));
  homes.push(home);
  cpSync(template, home, { recursive: true });
  const store = openSqliteStore(join(home, 'wm.db'), { create: false });
  const user = (await store.users.byEmail(EMAIL))!;
  // an account of 90 days ago: its history can be older than the retention
  store.sqlite.prepare('UPDATE users SET created_at = ? WHERE id = ?').run(Date.now() - 90 * DAY_MS, user.id);
  for (let i = 0; i < oldEntries; i++) {
    const entry = { operation: 'decode', credits: 0, balanceAfter: user.balance, tokenId: null };
    await store.ledger.append(user.id, { ...entry, createdAt: Date.now() - 60 * DAY_MS + i });
  }
  await store.close();
  return home;
}

const usageOf = (home: string) => JSON.parse(runWm(home, env, 'credits', 'usage', EMAIL, '--json').stdout);

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 15_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('retention', () => {
  it('wm db prune deletes the history older than the duration, and says so', async () => {
    const home = await dataFolder(3);
    expect(usageOf(home)).toMatchObject({ pruned_before: null });
    expect(usageOf(home).usage).toHaveLength(4);
    const pruned = runWm(home, env, 'db', 'prune', '--usage-older-than', '30d', '--json');
    expect(pruned.status, pruned.stderr).toBe(0);
    expect(JSON.parse(pruned.stdout)).toMatchObject({ entries_deleted: 3, counters_deleted: 0 });
    const usage = usageOf(home);
    expect(usage.usage.map((u: { operation: string }) => u.operation)).toEqual(['signup-grant']);
    expect(Date.parse(usage.pruned_before)).toBeCloseTo(Date.now() - 30 * DAY_MS, -5);
    const human = runWm(home, env, 'credits', 'usage', EMAIL);
    expect(human.stdout).toMatch(/records older than \S+ were deleted by retention/);

    const missing = runWm(home, env, 'db', 'prune');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("required option '--usage-older-than <duration>' not specified");
    const wrong = runWm(home, env, 'db', 'prune', '--usage-older-than', '30 days');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^wm: --usage-older-than must be a duration such as 90d/);
  });

  it('wm serve --usage-retention prunes at start and logs what it deleted', async () => {
    const home = await dataFolder(2);
    const serve = await startServe(home, env, ['--usage-retention', '30d', '--log-format', 'json']);
    serves.push(serve);
    expect(serve.output()).toContain('retention:   usage history older than 30d is deleted (at start, then hourly)');
    await until(() => serve.output().includes('usage history pruned'), 'the pruning log line');
    const line = serve
      .output()
      .split('\n')
      .find((text) => text.includes('usage history pruned'))!;
    expect(JSON.parse(line)).toMatchObject({ level: 30, entriesDeleted: 2, retention: '30d' });
    expect(usageOf(home).usage).toHaveLength(1);
  });
});

describe('logs', () => {
  it('are JSON lines by default off a terminal: one line per request with its route, status and time', async () => {
    const json = await startServe(await dataFolder(), env);
    serves.push(json);
    await fetch(`${json.url}/healthz`);
    await fetch(`${json.url}/api/v2/tokens/abc`, { method: 'DELETE' });
    await until(() => json.output().split('request completed').length === 3, 'two request logs');
    const logged = json
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = logged.filter((entry) => entry.req !== undefined);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: 'req-1',
      req: { method: 'GET', url: '/healthz', remoteAddress: '127.0.0.1' },
      route: '/healthz',
      res: { statusCode: 200 },
    });
    expect(typeof requests[0].responseTime).toBe('number');
    expect(requests[1]).toMatchObject({ route: '/api/v2/tokens/:tokenId', res: { statusCode: 401 } });
    // what only debug adds
    expect(requests[1]).not.toHaveProperty('failure');
  });

  it('--log-level debug adds the sizes and what a refused client was told', async () => {
    const debug = await startServe(await dataFolder(), env, ['--log-level', 'debug']);
    serves.push(debug);
    await fetch(`${debug.url}/api/v2/tokens/abc`, { method: 'DELETE' });
    await until(() => debug.output().includes('request completed'), 'a request log');
    const line = debug
      .output()
      .split('\n')
      .find((text) => text.includes('request completed'))!;
    expect(JSON.parse(line)).toMatchObject({
      level: 30,
      res: { statusCode: 401 },
      requestBytes: 0,
      failure: { error: 'Unauthorized' },
    });
    expect((JSON.parse(line) as { responseBytes: number }).responseBytes).toBeGreaterThan(0);
  });

  it('readable lines with --log-format pretty, one per request', async () => {
    const pretty = await startServe(await dataFolder(), env, ['--log-format', 'pretty']);
    serves.push(pretty);
    await fetch(`${pretty.url}/healthz?token=secret-value`);
    await until(() => pretty.output().includes('→ 200'), 'a request log');
    const lines = pretty.output().split('\n');
    // the redaction holds in every format
    const request =
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: req-1 GET \/healthz\?token=\[redacted\] → 200 in [\d.]+ ms from 127\.0\.0\.1$/;
    expect(
      lines.filter((line) => request.test(line)),
      pretty.output(),
    ).toHaveLength(1);
    expect(lines.filter((line) => line.includes('req-1'))).toHaveLength(1);
    expect(pretty.output()).not.toContain('secret-value');
  });

  it('--log-level warn leaves out the request lines', async () => {
    const quiet = await startServe(await dataFolder(), env, ['--log-level', 'warn']);
    serves.push(quiet);
    expect((await fetch(`${quiet.url}/healthz`)).status).toBe(200);
    await quiet.stop();
    expect(quiet.output()).not.toContain('request completed');
    expect(quiet.output()).toContain('wm serve stopped');
  });
});

describe('signals and the data folder lock', () => {
  it('SIGHUP stops the server gracefully, and the lock goes with it', async () => {
    const home = await dataFolder();
    const serve = await startServe(home, env);
    serves.push(serve);
    const refused = runWm(home, env, 'db', 'rotate-master-key');
    expect(refused.status).toBe(4);
    expect(refused.stderr).toContain(`wm: a wm serve (or a restore or key rotation) is using the data folder ${home}`);
    serve.child.kill('SIGHUP');
    expect(await serve.exited).toBe(0);
    expect(serve.output()).toContain('SIGHUP: finishing in-flight requests, then closing the database');
    expect(runWm(home, env, 'db', 'rotate-master-key').status).toBe(0);
  });

  /**
   * What `npx wm serve &` then `kill $!` does: npm passes the signal to the shell it ran wm in, which dies
   * without passing it on.
   */
  async function serveUnderShell(home: string, npmCommand: string | undefined) {
    const command = `"${process.execPath}" "${WM_BIN}" serve --port 0 --home "${home}"; exit $?`;
    const shell = spawn('sh', ['-c', command], {
      env: { ...env, npm_command: npmCommand },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Fastify's log line (with the pid) is written asynchronously, so it may follow wm's own lines.
    await until(
      () => /listening on http:\/\/127\.0\.0\.1:[1-9]/.test(output) && /"pid":\d+/.test(output),
      'wm serve to listen and log its pid',
    );
    const pid = Number(/"pid":(\d+)/.exec(output)![1]);
    shell.kill('SIGTERM');
    return { output: () => output, pid, url: /listening on (\S+)/.exec(output)![1] };
  }

  it('started by npm, it stops when npm goes: the port and the lock are free again', async () => {
    const home = await dataFolder();
    const served = await serveUnderShell(home, 'exec');
    await until(() => served.output().includes('wm serve stopped'), 'wm serve to stop');
    expect(served.output()).toContain('npm exited: finishing in-flight requests, then closing the database');
    await expect(fetch(`${served.url}/healthz`)).rejects.toThrow();
    expect(runWm(home, env, 'db', 'rotate-master-key').status).toBe(0);
  });

  it('started by a shell that exits, it goes on (nohup, `wm serve &` in a script)', async () => {
    const home = await dataFolder();
    const served = await serveUnderShell(home, undefined);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await fetch(`${served.url}/healthz`)).status).toBe(200);
    } finally {
      process.kill(served.pid, 'SIGTERM');
      await until(() => served.output().includes('wm serve stopped'), 'wm serve to stop');
    }
  });
});
