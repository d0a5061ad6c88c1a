import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runWm, startServe, type ServeProcess } from './serve-process.js';

let home: string | undefined;
let serve: ServeProcess | undefined;
afterAll(async () => {
  await serve?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

async function outputMatches(process: ServeProcess, pattern: RegExp): Promise<void> {
  while (!pattern.test(process.output())) await new Promise((resolve) => setTimeout(resolve, 10));
}

it('SIGTERM lets an in-flight request finish, then exits 0 with the database closed', async () => {
  home = mkdtempSync(join(tmpdir(), 'wm-shutdown-'));
  // the OWASP scrypt cost (no WM_SCRYPT_LN) makes registration take a few hundred milliseconds: long enough to be in
  // flight
  const env = { ...process.env, WM_SCRYPT_LN: '', WM_HOME: '', WM_SMTP_URL: '', WM_TRUST_PROXY: 'loopback' };
  serve = await startServe(home, env);
  expect(serve.output()).toContain('proxies:     client addresses from X-Forwarded-For (trust: loopback)');
  const inFlight = fetch(`${serve.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'late@example.com', password: 'Correct horse 42', username: 'late' }),
  });
  // SIGTERM once the server has the request (its log says so), not after a fixed pause that a busy machine outlasts
  await outputMatches(serve, /"method":"POST","url":"\/api\/auth\/register"/);
  const exitCode = serve.stop();
  expect((await inFlight).status).toBe(201);
  expect(await exitCode).toBe(0);
  expect(serve.output()).toMatch(/SIGTERM: finishing in-flight requests/);
  const listed = runWm(home, env, 'users', 'list', '--json');
  expect(listed.status, listed.stderr).toBe(0);
  expect(listed.stdout).toContain('late@example.com');
});
