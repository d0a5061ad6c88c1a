import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface PackedFile {
  path: string;
  size: number;
}

/** `npm pack --dry-run` of the package in `dir` as built (the test run builds it first: test/global-setup.ts). */
export function packDryRun(dir: string): { size: number; unpackedSize: number; files: PackedFile[] } {
  const json = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(json) as { size: number; unpackedSize: number; files: PackedFile[] }[])[0];
}

/**
 * The first `js` example of the README of the package in `dir`, run as written from that folder (so it imports the
 * built package by its name), and what it printed; the example must import `name`.
 */
export function runReadmeExample(dir: string, name: string): string {
  const readme = readFileSync(`${dir}README.md`, 'utf8');
  const example = /```js\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  if (!example.includes(`from '${name}'`)) throw new Error(`the README's example does not import ${name}`);
  return execFileSync(process.execPath, ['--input-type=module', '-e', example], { cwd: dir, encoding: 'utf8' });
}
