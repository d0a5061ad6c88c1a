import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, makeTempDir, runWm } from './codec-harness.js';

const FORBID = fileURLToPath(new URL('./fixtures/admin-forbid-server-modules.cjs', import.meta.url));
const nodeArgs = ['--require', FORBID];

const temp = makeTempDir();
afterAll(() => temp.remove());

describe('admin commands load no HTTP server or mail code', () => {
  it('the guard itself rejects fastify and nodemailer', () => {
    for (const name of ['fastify', '@fastify/cookie', 'nodemailer']) {
      const run = spawnSync(process.execPath, [...nodeArgs, '-e', `require('${name}')`], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(`forbidden module loaded: ${name}`);
    }
  });

  it('the guard catches wm serve, which needs Fastify', async () => {
    const run = await runWm(['serve', '--port', '0', '--home', temp.path('serve-home')], { nodeArgs });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('forbidden module loaded: ');
  });

  it('every admin command group runs under the guard', async () => {
    const home = ['--home', temp.path('home')];
    const env = { WM_SCRYPT_LN: '10', WM_HOME: undefined, WM_MASTER_KEY: undefined };
    const wm = (args: string[], input?: string) => runWm([...args, ...home], { nodeArgs, env, input });
    const runs = [
      await wm(['db', 'migrate']),
      await wm(
        ['users', 'create', '--email', 'ada@example.com', '--username', 'ada', '--verified', '--password-stdin'],
        'Correct horse 42\n',
      ),
      await wm(['users', 'set-plan', 'ada@example.com', 'starter']),
      await wm(['channels', 'create', 'news', '--user', 'ada@example.com']),
      await wm(['tokens', 'create', '--user', 'ada@example.com', '--name', 'ci', '--permissions', 'encode,decode']),
      await wm(['credits', 'grant', 'ada@example.com', '5']),
      await wm(['users', 'list']),
      await wm(['db', 'info']),
    ];
    for (const run of runs) {
      expect(run.stderr).not.toContain('forbidden module');
      expect(run.code, run.stderr).toBe(0);
    }
  });
});
