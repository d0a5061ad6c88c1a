import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderBusyError, lockDataFolder, type DataFolderLock } from '../../src/store/index.js';

const held: DataFolderLock[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-lock-'));
  dirs.push(dir);
  return dir;
};
const lock = async (home: string, holder: 'server' | 'maintenance') => {
  const taken = await lockDataFolder(home, holder);
  held.push(taken);
  return taken;
};

describe("the data folder's lock", () => {
  it('is shared by servers and refused to maintenance while one holds it, until it is released', async () => {
    const home = folder();
    const first = await lock(home, 'server');
    await lock(home, 'server');
    const refused = await lockDataFolder(home, 'maintenance').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataFolderBusyError);
    expect(refused).toMatchObject({ code: 'EBUSY' });
    expect((refused as Error).message).toBe(
      `a wm serve (or a restore or key rotation) is using the data folder ${home} (it holds ${home}/wm.lock); ` +
        'stop it first',
    );
    first.release();
    held.splice(0).forEach((taken) => taken.release());
    await lock(home, 'maintenance');
  });

  it('held for maintenance, keeps a server from starting and a second maintenance out', async () => {
    const home = folder();
    await lock(home, 'maintenance');
    await expect(lockDataFolder(home, 'server')).rejects.toThrow(
      `the data folder ${home} is being restored or its master key rotated`,
    );
    await expect(lockDataFolder(home, 'maintenance')).rejects.toBeInstanceOf(DataFolderBusyError);
    expect(statSync(join(home, 'wm.lock')).mode & 0o777).toBe(0o600);
  });
});
