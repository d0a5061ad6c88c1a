import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, runWm } from './codec-harness.js';
import { hasScript, onTerminal } from './terminal.js';

const temp = makeTempDir();
const home = join(temp.dir, 'data');
const env = { WM_SCRYPT_LN: '10', WM_HOME: undefined, WM_MASTER_KEY: undefined };
afterAll(() => temp.remove());

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
