import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CARRIER, refreshCookieOf, startLiveServer, type LiveServer } from './live-server.js';

const servers: LiveServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

it('wm db rotate-master-key: keyed, signed marks readable, old access tokens die, refresh tokens live on', async () => {
  const live = await startLiveServer();
  servers.push(live);
  const account = await live.signUp('rotate@example.com', { plan: 'starter' });
  const auth = `Bearer ${account.accessToken}`;
  const channel = await live.api('POST', '/api/v2/channels', { auth, body: { channel_name: 'press', signing: true } });
  const keyId = channel.json.channel.signing_keys[0].key_id;
  const { token } = await live.apiToken(account, { signing_channel_id: channel.json.channel.id, sign: true });
  const encoded = await live.api('POST', '/api/watermark/encode', {
    auth: `Bearer ${token}`,
    body: { text: CARRIER, secret: 'before rotation' },
  });
  expect(encoded.json).toMatchObject({ keyed: true, signature: { key_id: keyId } });
  const keyFile = join(live.home, 'master.key');
  const oldKey = readFileSync(keyFile);

  await live.serve.stop();
  const rotated = live.wm('db', 'rotate-master-key', '--json');
  expect(rotated.status, rotated.stderr).toBe(0);
  expect(JSON.parse(rotated.stdout)).toEqual({
    channels_resealed: 1,
    channels_already_resealed: 0,
    signing_keys_resealed: 1,
    signing_keys_already_resealed: 0,
    fingerprint_keys_resealed: 0,
    fingerprint_keys_already_resealed: 0,
    c2pa_keys_resealed: 0,
    c2pa_keys_already_resealed: 0,
    master_key: 'master.key',
  });
  const newKey = readFileSync(keyFile);
  expect(newKey).toHaveLength(32);
  expect(newKey.equals(oldKey)).toBe(false);
  expect(existsSync(join(live.home, 'master.key.new'))).toBe(false);
  expect(statSync(keyFile).mode & 0o777).toBe(0o600);

  await live.restart();
  expect((await live.api('GET', '/api/v2/users/me', { auth })).status).toBe(401);
  const refreshed = await live.api('POST', '/api/auth/refresh', { cookie: account.cookie });
  expect(refreshed.status).toBe(200);
  expect(refreshCookieOf(refreshed.headers)).toBeDefined();
  expect((await live.api('GET', '/api/v2/users/me', { auth: `Bearer ${refreshed.json.accessToken}` })).status).toBe(
    200,
  );
  const decoded = await live.api('POST', '/api/watermark/decode', {
    auth: `Bearer ${token}`,
    body: { text: encoded.json.encoded },
  });
  expect(decoded.json).toMatchObject({ decoded: 'before rotation', keyed: true, signature: { status: 'valid' } });
  // the signing key itself did not change: new marks name the same key
  const signedAgain = await live.api('POST', '/api/watermark/encode', {
    auth: `Bearer ${token}`,
    body: { text: CARRIER, secret: 'after rotation' },
  });
  expect(signedAgain.json.signature).toEqual({ key_id: keyId, text_bound: false });
  await live.serve.stop();
  const file = join(live.home, 'encoded.txt');
  writeFileSync(file, encoded.json.encoded);
  const offline = live.wm('decode', file, '--channel', 'press', '--user', account.email);
  expect(offline.stdout, offline.stderr).toBe('before rotation\n');
});

it('with WM_MASTER_KEY, the new key must come from --new-key-env and no file is written', async () => {
  const oldHex = 'a'.repeat(64);
  const live = await startLiveServer({ WM_MASTER_KEY: oldHex });
  servers.push(live);
  const account = await live.signUp('env@example.com', { plan: 'starter' });
  const channel = await live.api('POST', '/api/v2/channels', {
    auth: `Bearer ${account.accessToken}`,
    body: { channel_name: 'press' },
  });
  const { token } = await live.apiToken(account, { signing_channel_id: channel.json.channel.id });
  const encoded = await live.api('POST', '/api/watermark/encode', {
    auth: `Bearer ${token}`,
    body: { text: CARRIER, secret: 'env key' },
  });
  await live.serve.stop();

  const refused = live.wm('db', 'rotate-master-key');
  expect(refused.status).toBe(2);
  expect(refused.stderr).toMatch(/--new-key-env/);
  const newHex = 'b'.repeat(64);
  live.env.NEXT_KEY = newHex;
  const rotated = live.wm('db', 'rotate-master-key', '--new-key-env', 'NEXT_KEY');
  expect(rotated.status, rotated.stderr).toBe(0);
  expect(rotated.stdout).toMatch(/Set WM_MASTER_KEY to the value of NEXT_KEY/);
  expect(existsSync(join(live.home, 'master.key'))).toBe(false);

  // an interrupted or repeated run to the same key finds nothing left to do, and says so
  const again = live.wm('db', 'rotate-master-key', '--new-key-env', 'NEXT_KEY', '--json');
  expect(again.status, again.stderr).toBe(0);
  expect(JSON.parse(again.stdout)).toMatchObject({ channels_resealed: 0, channels_already_resealed: 1 });
  live.env.WM_MASTER_KEY = newHex;
  await live.restart();
  const decoded = await live.api('POST', '/api/watermark/decode', {
    auth: `Bearer ${token}`,
    body: { text: encoded.json.encoded },
  });
  expect(decoded.json).toMatchObject({ decoded: 'env key', keyed: true });
});
