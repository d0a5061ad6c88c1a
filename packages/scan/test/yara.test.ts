import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';

// The published YARA rule (packages/scan/yara/) run by Debian's `yara` (.ci/run installs it; in CI a missing yara
// fails): it matches selector payloads, GlassWorm's and emoji-encoder-style byte runs, and never a wm watermark,
// spread over a text or ending in one run because the text was short.

const RULE = fileURLToPath(new URL('../yara/hidden-selector-payload.yar', import.meta.url));
const yara = spawnSync('yara', ['--version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'wm-yara-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The names of the files the rule matches (yara prints `RULE PATH` per match). */
const matched = (): string[] =>
  execFileSync('yara', ['-r', RULE, dir], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(/[\\/]/).at(-1)!)
    .sort();

const longestRun = (text: string): number =>
  Math.max(...text.split(/[^\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u).map((run) => [...run].length));

describe.runIf(yara || process.env.CI)('the YARA rule', () => {
  it('matches selector payloads and no wm watermark', () => {
    const code = new TextEncoder().encode('console.log(process.env.NPM_TOKEN)');
    writeFileSync(join(dir, 'glassworm.js'), `const s = "|${selectorsForBytes(code)}";\n`);
    writeFileSync(
      join(dir, 'emoji-encoder.txt'),
      `😀${selectorsForBytes(Uint8Array.from([0, 5, 104, 105, 33, 0, 1, 2, 3]))}\n`,
    );
    const prose = 'The quick brown fox jumps over the lazy dog, and then it naps in the warm afternoon sun.';
    writeFileSync(join(dir, 'wm-spread.txt'), encode(prose, 'copy #17').encoded);
    const short = encode('Short.', 'a much longer secret for the board of directors').encoded;
    expect(longestRun(short)).toBeGreaterThanOrEqual(8);
    writeFileSync(join(dir, 'wm-short.txt'), short);
    writeFileSync(join(dir, 'emoji.txt'), 'I ❤️ NY 👨‍👩‍👧 ☀️ 1️⃣\n');
    expect(matched()).toEqual(['emoji-encoder.txt', 'glassworm.js']);
  });
});
