import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER_MD = fileURLToPath(new URL('../../docs/SERVER.md', import.meta.url));

/** The units docs/SERVER.md gives: each ```ini block under a `<!-- unit: NAME … -->` line. */
function documentedUnits(): Map<string, string> {
  const units = new Map<string, string>();
  const pattern = /<!-- unit: (\S+)[^\n]*-->\n```ini\n([\s\S]*?)\n```/g;
  for (const [, name, text] of readFileSync(SERVER_MD, 'utf8').matchAll(pattern)) units.set(name, `${text}\n`);
  return units;
}

const analyzer = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const available = analyzer.status === 0;
if (!available) {
  console.warn(
    'SKIPPED: systemd-analyze is not installed here, so the systemd units of docs/SERVER.md are not verified',
  );
}

const dir = mkdtempSync(join(tmpdir(), 'wm-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** systemd-analyze verify on units written to a folder; it exits 0 even for unknown keys, so its output counts too. */
function verify(units: Map<string, string>) {
  const files = [...units].map(([name, text]) => {
    const file = join(dir, name);
    // the unit names Debian's node; verify checks that the program exists
    writeFileSync(file, text.replaceAll('/usr/bin/node', process.execPath));
    return file;
  });
  const run = spawnSync('systemd-analyze', ['verify', '--man=no', ...files], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

describe('the systemd units in docs/SERVER.md', () => {
  const units = documentedUnits();

  it('are the service, the backup service and its timer, with the hardening the docs describe', () => {
    expect([...units.keys()]).toEqual(['wm.service', 'wm-backup.service', 'wm-backup.timer']);
    const service = units.get('wm.service')!;
    for (const line of [
      'User=wm',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/wm',
      'CapabilityBoundingSet=',
      'ExecStart=/usr/bin/node /opt/wm/bin/wm.js serve --host 127.0.0.1 --port 8080',
    ]) {
      expect(service.split('\n')).toContain(line);
    }
    expect(units.get('wm-backup.service')).toContain('/opt/wm/bin/wm.js db backup ');
  });

  it.skipIf(!available)(
    `pass systemd-analyze verify without a warning${available ? '' : ' (skipped: systemd-analyze not installed)'}`,
    () => {
      expect(verify(units)).toEqual({ status: 0, output: '' });
      // the check can fail: a misspelt option is reported
      const misspelt = new Map([['wm.service', units.get('wm.service')!.replace('ProtectSystem=', 'ProtectSytem=')]]);
      expect(verify(misspelt).output).toMatch(/Unknown key.*ProtectSytem/);
    },
  );
});
