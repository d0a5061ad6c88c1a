import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, runWm, WM } from './codec-harness.js';

// a real terminal for the CLI: util-linux `script` runs it on a pseudo-terminal; answers are typed only once the
// prompt has appeared, as a person would
const hasScript = spawnSync('script', ['--version']).status === 0;
const temp = makeTempDir();
const home = join(temp.dir, 'data');
const env = { WM_SCRYPT_LN: '10', WM_HOME: undefined, WM_MASTER_KEY: undefined };
afterAll(() => temp.remove());

const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

function onTerminal(
  args: string[],
  dialogue: [prompt: RegExp, answer: string][],
): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, WM, ...args].map((word) => `'${word}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...process.env, WM_SCRYPT_LN: '10', WM_HOME: '', WM_MASTER_KEY: '' },
    });
    let screen = '';
    let answeredUpTo = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
      const next = dialogue[0];
      if (next && next[0].test(plain(screen.slice(answeredUpTo)))) {
        dialogue.shift();
        answeredUpTo = screen.length;
        child.stdin.write(next[1]);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen: plain(screen) }));
  });
}

describe.skipIf(!hasScript)('admin commands on a terminal', () => {
  it('ask for missing values, masking the password', async () => {
    const password = 'Typed password 99';
    const run = await onTerminal(
      ['users', 'create', '--home', home],
      [
        [/Email/, 'typed@example.com\r'],
        [/Username/, 'typed\r'],
        [/\? Password/, `${password}\r`],
        [/Repeat the password/, `${password}\r`],
      ],
    );
    expect(run.code).toBe(0);
    expect(run.screen).toMatch(/Created typed@example\.com/);
    expect(run.screen).not.toContain(password);
    expect(run.screen).toMatch(/\*{17}/);
    const shown = await runWm(['users', 'show', 'typed@example.com', '--home', home, '--json'], { env });
    expect(JSON.parse(shown.out).user.username).toBe('typed');
  });

  it('ask for a missing argument too, and stop with exit 2 on Ctrl-C', async () => {
    const shown = await onTerminal(['users', 'show', '--home', home], [[/Email/, 'typed@example.com\r']]);
    expect(shown.code).toBe(0);
    expect(shown.screen).toMatch(/username:\s+typed/);
    const cancelled = await onTerminal(['users', 'show', '--home', home], [[/Email/, '\x03']]);
    expect(cancelled.code).toBe(2);
    expect(cancelled.screen).toMatch(/wm: cancelled at the prompt/);
  });
});
