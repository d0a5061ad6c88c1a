import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };
const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));

interface Locked {
  version: string;
  optional?: boolean;
  engines?: { node?: string };
}

/**
 * What `engines` allows and the locked packages ask for agree: npm warns EBADENGINE for an installed package whose
 * range leaves out the running Node (optional ones it does not check). Node 20 is checked by the suite itself: three
 * runtime packages ask for 22 there and run on 20 (README, "Node versions").
 */
describe('engines', () => {
  const { engines } = read('package.json') as { engines: { node: string } };
  const lock = read('package-lock.json') as { packages: Record<string, Locked> };

  it('is what the lockfile records', () => {
    expect(lock.packages[''].engines).toEqual(engines);
  });

  for (const major of [22, 24, 26]) {
    it(`allows no Node ${major} that a locked package leaves out`, () => {
      const lowest = /\^(\d+\.\d+\.\d+)/g;
      const first = [...engines.node.matchAll(lowest)].map((match) => match[1]).find((v) => v.startsWith(`${major}.`));
      expect(first, `engines names Node ${major}`).toBeDefined();
      const excluding = Object.entries(lock.packages).filter(
        ([path, locked]) =>
          path && !locked.optional && locked.engines?.node && !semver.satisfies(first!, locked.engines.node),
      );
      expect(excluding.map(([path, locked]) => `${path} ${locked.engines!.node}`)).toEqual([]);
    });
  }
});
