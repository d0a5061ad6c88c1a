import { spawn, spawnSync } from 'node:child_process';
import { WM } from './codec-harness.js';

// A real terminal for the CLI: util-linux `script` runs it on a pseudo-terminal; answers are typed only once the
// prompt has appeared, as a person would.

export const hasScript = spawnSync('script', ['--version']).status === 0;

const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

/** `wm ARGS` on a terminal, answering each prompt of `dialogue` in turn; what the screen showed, without colours. */
export function onTerminal(
  args: string[],
  dialogue: [prompt: RegExp, answer: string][],
  env: Record<string, string> = {},
): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, WM, ...args].map((word) => `'${word}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...process.env, WM_SCRYPT_LN: '10', WM_HOME: '', WM_MASTER_KEY: '', ...env },
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
