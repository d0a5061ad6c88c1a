import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CARRIER, ROOT, WM, countSelectors, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

const ESC = '\u001b[';

async function encoded(secret = 'look'): Promise<Buffer> {
  return (await runWm(['encode', '--secret', secret, '--method', 'single'], { input: CARRIER })).stdout;
}

describe('wm analyze', () => {
  it('--json prints the analyze fields of the HTTP endpoint', async () => {
    const text = await encoded();
    writeFileSync(temp.path('original.txt'), CARRIER);
    const run = await runWm(['analyze', '--json', '--original', temp.path('original.txt')], { input: text });
    const body = JSON.parse(run.out) as Record<string, number>;
    expect(Object.keys(body).sort()).toEqual([
      'base_characters',
      'encoded_bytes',
      'encoded_length',
      'original_length',
      'ratio',
      'variation_selectors',
    ]);
    expect(body.variation_selectors).toBe(countSelectors(text.toString('utf8')));
    expect(body.encoded_bytes).toBe(body.variation_selectors);
    expect(body.original_length).toBe(CARRIER.length);
    expect(body.ratio).toBeGreaterThan(1);
  });

  it('-o writes the table to a file, like every codec command', async () => {
    const run = await runWm(['analyze', '-o', temp.path('analysis.txt')], { input: await encoded() });
    expect({ code: run.code, out: run.out }).toEqual({ code: 0, out: '' });
    expect(readFileSync(temp.path('analysis.txt'), 'utf8')).toMatch(/^visible graphemes\s+\d+\n/);
  });

  it('prints an aligned table by default; the original length and ratio only when an original was given', async () => {
    const labels = (out: string) =>
      out
        .trimEnd()
        .split('\n')
        .map((line) => line.split(/\s{2,}/)[0]);
    const alone = await runWm(['analyze'], { input: await encoded() });
    expect(alone.code).toBe(0);
    expect(labels(alone.out)).toEqual(['visible graphemes', 'variation selectors', 'hidden bytes', 'encoded length']);
    writeFileSync(temp.path('original.txt'), CARRIER);
    const compared = await runWm(['analyze', '--original', temp.path('original.txt')], { input: await encoded() });
    expect(labels(compared.out)).toEqual([
      'visible graphemes',
      'variation selectors',
      'hidden bytes',
      'encoded length',
      'original length',
      'ratio',
    ]);
    const lines = compared.out.trimEnd().split('\n');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});

describe('wm strip', () => {
  it('removes the marks; --json prints {text}', async () => {
    const text = await encoded();
    expect((await runWm(['strip'], { input: text })).out).toBe(CARRIER);
    expect(JSON.parse((await runWm(['strip', '--json'], { input: text })).out)).toEqual({ text: CARRIER });
  });
});

describe('wm reveal', () => {
  it('is plain in a pipe, shows tokens instead of the marks', async () => {
    const run = await runWm(['reveal'], { input: await encoded() });
    expect(run.code).toBe(0);
    expect(run.out).not.toContain(ESC);
    expect(countSelectors(run.out)).toBe(0);
    expect(run.out.length).toBeGreaterThan(CARRIER.length);
  });

  it('FORCE_COLOR colours the same tokens (so the plain checks can fail)', async () => {
    const text = Buffer.concat([Buffer.from('I ❤️ NY\u200d '), await encoded()]);
    const coloured = await runWm(['reveal'], { input: text, env: { FORCE_COLOR: '1' } });
    expect(coloured.out).toContain(ESC);
    const plain = await runWm(['reveal'], { input: text });
    expect(coloured.out.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain.out);
  });

  it('NO_COLOR wins even over FORCE_COLOR', async () => {
    const run = await runWm(['reveal'], { input: await encoded(), env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(run.out).not.toContain(ESC);
  });

  it('colours on a terminal unless NO_COLOR is set', async () => {
    writeFileSync(temp.path('marked.txt'), await encoded());
    const onTerminal = (env: NodeJS.ProcessEnv) =>
      spawnSync('script', ['-qec', `"${process.execPath}" "${WM}" reveal "${temp.path('marked.txt')}"`, '/dev/null'], {
        cwd: ROOT,
        encoding: 'utf8',
        input: '',
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm-256color', ...env },
      }).stdout;
    expect(onTerminal({})).toContain(ESC);
    expect(onTerminal({ NO_COLOR: '1' })).not.toContain(ESC);
  });

  it('--json prints {segments, text}', async () => {
    const text = await encoded();
    const run = await runWm(['reveal', '--json'], { input: text });
    const body = JSON.parse(run.out) as { segments: { text: string; hidden: boolean }[]; text: string };
    expect(body.segments.some((segment) => segment.hidden)).toBe(true);
    expect(body.segments.map((segment) => segment.text).join('')).toBe(text.toString('utf8'));
    expect(body.text).toBe((await runWm(['reveal'], { input: text })).out);
  });
});

describe('wm --help', () => {
  it('lists the exit codes and the codec commands', async () => {
    const run = await runWm(['--help']);
    expect(run.code).toBe(0);
    for (const code of ['0', '1', '2', '3', '4']) expect(run.out).toMatch(new RegExp(`^\\s+${code}\\s+\\S`, 'm'));
    for (const command of [
      'encode',
      'decode',
      'analyze',
      'encode-robust',
      'decode-robust',
      'strip',
      'reveal',
      'keygen',
    ]) {
      expect(run.out).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
  });

  it('a reader that is already gone (`wm --help | head -0`) is no crash', async () => {
    const child = spawn(process.execPath, [WM, '--help'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('encode --help documents the secret-file newline rule', async () => {
    const run = await runWm(['encode', '--help']);
    expect(run.out).toMatch(/one trailing newline\s+is removed/);
  });
});
