import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CARRIER, ROOT, makeTempDir, runWm } from './codec-harness.js';
import { probeCanary } from 'wm-watermark-codec/probe/canary';

const FORBID = fileURLToPath(new URL('./fixtures/codec-forbid-server-modules.cjs', import.meta.url));
const nodeArgs = ['--require', FORBID];

const temp = makeTempDir();
afterAll(() => temp.remove());

describe('codec commands load no server, database or prompt code', () => {
  it('the guard itself rejects fastify and better-sqlite3', () => {
    const forbidden = ['fastify', 'better-sqlite3', 'drizzle-orm', '@modelcontextprotocol/sdk/server/index.js', 'zod'];
    for (const name of forbidden) {
      const run = spawnSync(process.execPath, [...nodeArgs, '-e', `require('${name}')`], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(`forbidden module loaded: ${name}`);
    }
  });

  it('the guard catches an admin command of the built CLI, which needs the database', async () => {
    // a data folder to read (without it, the command stops before opening a database)
    expect((await runWm(['db', 'migrate', '--home', temp.path('home')])).code).toBe(0);
    const run = await runWm(['users', 'list', '--home', temp.path('home')], { nodeArgs, env: { WM_DEBUG: '1' } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('forbidden module loaded: ');
  });

  it('every codec command runs under the guard', async () => {
    const keyFile = temp.path('guard.key');
    expect((await runWm(['keygen', '-o', keyFile], { nodeArgs })).code).toBe(0);
    const encoded = await runWm(['encode', '--secret', 'isolated', '--key-file', keyFile], {
      input: CARRIER,
      nodeArgs,
    });
    expect(encoded.stderr).toBe('');
    const encodedFile = temp.path('encoded.txt');
    writeFileSync(encodedFile, encoded.stdout);
    const robust = await runWm(['encode-robust', '--secret', 'r'], { input: CARRIER.repeat(4), nodeArgs });
    const runs = await Promise.all([
      runWm(['decode', encodedFile, '--key-file', keyFile], { nodeArgs }),
      runWm(['analyze', encodedFile], { nodeArgs }),
      runWm(['strip', encodedFile], { nodeArgs }),
      runWm(['reveal', encodedFile], { nodeArgs }),
      runWm(['decode-robust'], { input: robust.stdout, nodeArgs }),
      runWm(['--help'], { nodeArgs }),
      runWm(['probe', 'new', '-o', temp.path('canary.txt')], { nodeArgs }),
      runWm(['probe', 'check'], { input: probeCanary(), nodeArgs }),
      // a tree of files: read on worker threads, which load the guard too
      runWm(['scan', '-l', 'packages/codec/test/corpus', encodedFile], { nodeArgs }),
    ]);
    for (const run of [encoded, robust, ...runs]) {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
    }
  });
});
