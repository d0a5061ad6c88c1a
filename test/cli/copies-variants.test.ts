import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strip } from 'wm-watermark-codec/strip';
import { generatedProse } from '../../packages/codec/test/variants/generated-prose.js';
import { MEMO } from '../domain/copies/texts.js';
import { makeTempDir, runWm } from './codec-harness.js';

// `wm copies issue --variants` offline (docs/CLI.md): its preview (`wm copies preview`, or `issue --dry-run`) shows
// the sites, the capacity and each copy's differences and writes, records and charges nothing; an issue with
// variants names its recipient from a copy stripped of every mark; too few sites are refused with the numbers (exit
// 2), before anything is written.

const temp = makeTempDir();
const EMAIL = 'ada@example.com';
const env = { WM_HOME: temp.path('home') };
const wm = (args: string[], input?: string) => runWm(args, { env, input });
const offline = ['--user', EMAIL];
// about 40 independent choices: enough to name one of 8 recipients from a whole copy (23 needed)
const REPORT = generatedProse(7, 4000);
const READERS = Array.from({ length: 8 }, (_, i) => `reader-${i}@example.com`);

beforeAll(async () => {
  const created = await wm(
    ['users', 'create', '--email', EMAIL, '--username', 'ada', '--verified', '--plan', 'starter', '--password-stdin'],
    'correct horse battery 42\n',
  );
  expect(created.code, created.stderr).toBe(0);
  writeFileSync(temp.path('report.txt'), REPORT);
  writeFileSync(temp.path('memo.txt'), MEMO);
  writeFileSync(temp.path('readers.txt'), READERS.join('\n'));
});
afterAll(() => temp.remove());

/** `wm copies issue FILE ARGS… --user`, FILE in the temporary folder. */
const issue = (file: string, ...args: string[]) => wm(['copies', 'issue', temp.path(file), ...args, ...offline]);
const toReaders = ['--to-file', temp.path('readers.txt')];
/** `wm copies preview FILE ARGS… --user`. */
const preview = (file: string, ...args: string[]) => wm(['copies', 'preview', temp.path(file), ...args, ...offline]);

const documentsListed = async () => JSON.parse((await wm(['copies', 'list', '--json', ...offline])).out).documents;

describe('wm copies issue --variants', () => {
  it('wm copies preview prints the sites, the capacity and each copy’s differences, and writes nothing', async () => {
    const shown = await preview('report.txt', ...toReaders);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.out).toMatch(/^dry run of "report.txt" \(\d+ characters\): nothing written, recorded or charged\n/);
    expect(shown.out).toMatch(/variants: \d+ sites in \d+ words .* independent choices \(bits\)/);
    expect(shown.out).toContain('enough for 8 recipients: an issue would be made');
    for (const reader of READERS) expect(shown.out).toMatch(new RegExp(`\\n${reader}: \\d+ differences\\n`));

    const json = await preview('report.txt', '--to', 'a', '--to', 'b', '--json');
    expect(json.code, json.stderr).toBe(0);
    const previewed = JSON.parse(json.out);
    expect(previewed.variants).toMatchObject({ enough: true, refusal: null, collusion: 1 });
    expect(previewed.sites).toHaveLength(previewed.variants.sites);
    for (const site of previewed.sites) expect(REPORT.slice(site.start, site.end)).toBe(site.text);
    // every site is shown at its line:column of the file
    const lines = REPORT.split('\n');
    const first = previewed.sites[0];
    const line = REPORT.slice(0, first.start).split('\n').length;
    const column = [...REPORT.slice(0, first.start).split('\n').pop()!].length + 1;
    expect(lines[line - 1].slice(column - 1)).toContain(first.text);
    expect(shown.out).toMatch(new RegExp(`\\n  ${line}:${column}\\t${first.class}\\t…[^\\t]*\\[[^\\t]*\\][^\\t]*…\\t`));
    expect(shown.out).toContain(`[${first.text.replace(/\s+/g, ' ')}]`);
    expect(previewed.copies.map((copy: { recipient: string }) => copy.recipient)).toEqual(['a', 'b']);
    expect(await documentsListed()).toEqual([]);

    // its first spelling: the same sites and capacity (each copy's differences are another draw)
    const dryRun = await issue('report.txt', '--to', 'a', '--to', 'b', '--variants', '--dry-run', '--json');
    expect(dryRun.code, dryRun.stderr).toBe(0);
    const { sites, variants } = JSON.parse(dryRun.out);
    expect({ sites, variants }).toEqual({ sites: previewed.sites, variants: previewed.variants });
    expect(await documentsListed()).toEqual([]);
  });

  it('a preview whose issue would be refused prints it, then the refusal with the numbers (exit 2)', async () => {
    for (const refused of [
      await preview('memo.txt', ...toReaders, '--colluders', '2'),
      await issue('memo.txt', ...toReaders, '--variants', '--colluders', '2', '--dry-run'),
    ]) {
      expect(refused.code).toBe(2);
      expect(refused.out).toMatch(/refused: This text has \d+ variant sites/);
      expect(refused.stderr).toMatch(/^wm: This text has \d+ variant sites .* needs about \d+/);
    }
    expect(await documentsListed()).toEqual([]);
  });

  it('issues variant copies; a copy stripped of every mark still names its recipient', async () => {
    const out = temp.path('varied');
    const issued = await issue('report.txt', ...toReaders, '--variants', '-o', out, '--json');
    expect(issued.code, issued.stderr).toBe(0);
    const body = JSON.parse(issued.out);
    expect(body.document.variants).toMatchObject({ collusion: 1, false_accusation: 1e-6 });
    const bob = body.copies[1];
    expect(bob.variants.differences.length).toBeGreaterThan(0);
    const text = readFileSync(bob.file, 'utf8');
    expect(strip(text, { all: true })).not.toBe(REPORT);

    const traced = await wm(['trace', ...offline], strip(text, { all: true }));
    expect(traced.code, traced.stderr).toBe(0);
    expect(traced.out).toContain(`recipient: ${bob.recipient}\n`);
    expect(traced.out).toMatch(
      /named by its variants; evidence: 0 keyed VS frames; visible variants: score [\d.]+ \(threshold [\d.]+\)/,
    );
    expect(traced.out).toMatch(
      /visible variants of "report.txt" .*: named, \d+ positions read .*layers: variants only/,
    );

    const plain = await issue('report.txt', '--to', 'x', '-o', temp.path('plain'));
    expect(plain.out).not.toContain('variants:');
    expect(strip(readFileSync(temp.path('plain/report.x.txt'), 'utf8'), { all: true })).toBe(REPORT);
  });

  it('refuses before writing anything: too few sites, an unknown class, an option without --variants', async () => {
    const out = temp.path('refused');
    const before = (await documentsListed()).length;
    const few = await issue('memo.txt', ...toReaders, '--variants', '--colluders', '2', '-o', out);
    expect(few.code).toBe(2);
    expect(few.stderr).toMatch(/^wm: This text has \d+ variant sites .* needs about \d+/);
    const unknown = await issue('report.txt', '--to', 'a', '--variants', '--classes', 'spellings,nope', '-o', out);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown class .*nope.* \(known: /);
    const alone = await issue('report.txt', '--to', 'a', '--dry-run', '--colluders', '2');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('wm: --colluders, --dry-run shape visible variant copies: add --variants\n');
    expect(existsSync(out)).toBe(false);
    expect((await documentsListed()).length).toBe(before);
  });
});
