import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runWm as runWmAsync } from '../cli/codec-harness.js';
import { startServe, type ServeProcess } from '../server/serve-process.js';
import { CARRIER, PASSWORD, startLiveServer, type LiveServer } from './live-server.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

interface Entry {
  operation: string;
  credits: number;
  balance_after: number;
  token_id: string | null;
  created_at: string;
}

/** The whole credit history through HTTP, newest first, without the opaque ids. */
async function history(base: string, accessToken: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let before: string | null = ''; before !== null;) {
    const query = before ? `&before=${before}` : '';
    const response = await fetch(`${base}/api/v2/credits/usage?limit=500${query}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const page = (await response.json()) as { usage: (Entry & { id: string })[]; next_before: string | null };
    entries.push(...page.usage.map(({ id: _id, ...entry }) => entry));
    before = page.next_before;
  }
  return entries;
}

async function post(base: string, path: string, auth: string | undefined, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

it('a backup taken under a write load restores into a new folder that answers as the original did then', async () => {
  const live: LiveServer = await startLiveServer();
  cleanup.push(() => live.stop());
  const ada = await live.signUp('ada@example.com', { plan: 'starter' });
  expect(live.wm('credits', 'grant', ada.email, '100000').status).toBe(0);
  const auth = `Bearer ${ada.accessToken}`;
  const channel = await live.api('POST', '/api/v2/channels', { auth, body: { channel_name: 'press' } });
  const keyed = await live.apiToken(ada, { signing_channel_id: channel.json.channel.id });
  const plain = await live.apiToken(ada);
  const sealed = await post(live.url, '/api/watermark/encode', `Bearer ${keyed.token}`, {
    text: CARRIER,
    secret: 'before the backup',
  });
  expect(sealed.json.keyed).toBe(true);

  // the load: four clients encoding without pause, with both tokens, until told to stop
  let stop = false;
  let done = 0;
  const client = async (index: number) => {
    while (!stop) {
      const token = index % 2 === 0 ? keyed.token : plain.token;
      const answer = await post(live.url, '/api/watermark/encode', `Token ${token}`, {
        text: CARRIER,
        secret: `n${done}`,
      });
      expect(answer.status).toBe(200);
      done += 1;
    }
  };
  const load = Promise.all([0, 1, 2, 3].map(client));
  while (done < 40) await new Promise((resolve) => setTimeout(resolve, 20));

  const backupDir = mkdtempSync(join(tmpdir(), 'wm-backup-'));
  cleanup.push(() => rmSync(backupDir, { recursive: true, force: true }));
  const file = join(backupDir, 'wm.backup');
  const atStart = done;
  const backup = await runWmAsync(['db', 'backup', file, '--home', live.home], { env: live.env });
  expect(backup.code, backup.stderr).toBe(0);
  const whileBackingUp = done - atStart;
  // a little more load after the backup, which the restored copy must not have
  const atEnd = done;
  while (done < atEnd + 20) await new Promise((resolve) => setTimeout(resolve, 20));
  stop = true;
  await load;
  expect(whileBackingUp, 'the load went on during the backup').toBeGreaterThan(0);
  const original = await history(live.url, ada.accessToken);
  // a running server holds its data folder: no restore replaces the database underneath it
  const underneath = await runWmAsync(['db', 'restore', file, '--home', live.home, '--force'], { env: live.env });
  expect(underneath.code).toBe(4);
  expect(underneath.stderr).toContain(
    `a wm serve (or a restore or key rotation) is using the data folder ${live.home}`,
  );

  // restore into a new folder, with the master key copied beside it, and serve it
  const home = mkdtempSync(join(tmpdir(), 'wm-restored-'));
  cleanup.push(() => rmSync(home, { recursive: true, force: true }));
  copyFileSync(join(live.home, 'master.key'), join(home, 'master.key'));
  const restore = await runWmAsync(['db', 'restore', file, '--home', home], { env: live.env });
  expect(restore.code, restore.stderr).toBe(0);
  const restored: ServeProcess = await startServe(home, live.env);
  cleanup.push(async () => void (await restored.stop()));

  // a login, the API tokens, a keyed decode
  const login = await post(restored.url, '/api/auth/login', undefined, { email: ada.email, password: PASSWORD });
  expect(login.status).toBe(200);
  const decoded = await post(restored.url, '/api/watermark/decode', `Bearer ${keyed.token}`, {
    text: sealed.json.encoded,
  });
  expect(decoded.json).toMatchObject({ decoded: 'before the backup', keyed: true });
  const encoded = await post(restored.url, '/api/watermark/encode', `Bearer ${plain.token}`, {
    text: CARRIER,
    secret: 'x',
  });
  expect(encoded.status).toBe(200);

  // the history is the original's up to one instant: its oldest part, whole, and the balance of that instant
  // without the decode and encode just made
  const copy = (await history(restored.url, login.json.accessToken)).slice(2);
  expect(copy.length).toBeGreaterThan(40);
  expect(copy.length).toBeLessThan(original.length);
  expect(copy).toEqual(original.slice(original.length - copy.length));
  const balance = await fetch(`${restored.url}/api/v2/credits/balance`, {
    headers: { authorization: `Bearer ${login.json.accessToken}` },
  });
  expect(((await balance.json()) as { balance: number }).balance).toBe(copy[0].balance_after - 2);
});
