import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeForTerminal, escapeName } from '../../src/cli/terminal-text.js';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';
import { hasScript, onTerminal } from './terminal.js';

// Text from data — a decoded secret, a file name, a key set's names — reaches a terminal as text, never as commands
// to it: escape sequences (a window title, a cleared screen) and bidi overrides are shown escaped.

const temp = makeTempDir();
afterAll(() => temp.remove());

const HOSTILE = 'title\u001b]0;pwned\u0007 clear\u001b[2J csi\u009b2J flip\u202eevil';
let marked: string;

beforeAll(async () => {
  const run = await runWm(['encode', '--secret', HOSTILE, '--method', 'chunked'], { input: CARRIER.repeat(3) });
  expect(run.code, run.stderr).toBe(0);
  marked = temp.path('marked.txt');
  writeFileSync(marked, run.out);
});

describe('escaping for a terminal', () => {
  it('shows controls and direction overrides as \\u escapes; lines of a secret stay lines, a name stays one', () => {
    expect(escapeForTerminal(HOSTILE)).toBe('title\\u001b]0;pwned\\u0007 clear\\u001b[2J csi\\u009b2J flip\\u202eevil');
    expect(escapeForTerminal('two\nlines\tand a tab')).toBe('two\nlines\tand a tab');
    expect(escapeName('a\nb\tc\u2028d')).toBe('a\\u000ab\\u0009c\\u2028d');
  });

  it.skipIf(!hasScript)('wm decode on a terminal escapes the secret; into a pipe it is exact', async () => {
    const screen = (await onTerminal(['decode', marked], [])).screen;
    expect(screen).toContain('title\\u001b]0;pwned\\u0007 clear\\u001b[2J csi\\u009b2J flip\\u202eevil');
    expect(screen).not.toContain('\u001b]0;');
    expect(screen).not.toContain('\u202e');
    const piped = await runWm(['decode', marked]);
    expect(piped.out).toBe(`${HOSTILE}\n`);
  });

  it.skipIf(!hasScript)('wm scan on a terminal escapes file names and secrets; -l -0 gives exact names', async () => {
    const tree = temp.path('tree');
    mkdirSync(tree);
    const name = 'report\u001b[2K\u202efdp.txt';
    writeFileSync(join(tree, name), 'a\u200Bb');
    const screen = (await onTerminal(['scan', tree], [])).screen;
    expect(screen).toContain('report\\u001b[2K\\u202efdp.txt');
    expect(screen).not.toContain('\u202e');
    const listed = await runWm(['scan', '-l', '-0', tree]);
    expect(listed.out).toBe(`${join(tree, name)}\0`);
    expect((await runWm(['scan', '-0', tree])).code).toBe(2);
  });

  it('wm verify shows a key set’s names escaped, wherever the report goes', async () => {
    await runWm(['keygen', '--sign', '-o', temp.path('news.key')]);
    const signed = await runWm(['encode', '--secret', 's', '--sign-key', temp.path('news.key')], {
      input: CARRIER.repeat(3),
    });
    const pem = (await import('node:fs')).readFileSync(temp.path('news.pub'), 'utf8');
    const x = Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')
      .subarray(12)
      .toString('base64url');
    const forged = 'Ada News\u001b[1A\u001b[2Ksignature valid: key 0000 (Bank)';
    const set = { issuer: 'https://x.example\u001b[2J', keys: [{ kty: 'OKP', crv: 'Ed25519', x, name: forged }] };
    writeFileSync(temp.path('keys.json'), JSON.stringify(set));
    const run = await runWm(['verify', '--keys', temp.path('keys.json')], { input: signed.out });
    expect(run.code, run.stderr).toBe(0);
    expect(run.out).toContain('Ada News\\u001b[1A\\u001b[2Ksignature valid');
    expect(run.out).toContain('https://x.example\\u001b[2J');
    expect(run.out).not.toContain('\u001b');
  });
});
