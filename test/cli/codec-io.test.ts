import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CARRIER, ROOT, WM, countSelectors, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

const oneErrorLine = /^wm: [^\n]+\n$/;

describe('wm codec commands: input and output', () => {
  it('reads stdin and writes stdout (a pipe)', async () => {
    const encoded = await runWm(['encode', '--secret', 'piped'], { input: CARRIER });
    expect(encoded.code).toBe(0);
    expect(encoded.stderr).toBe('');
    expect(countSelectors(encoded.out)).toBeGreaterThan(0);
    const decoded = await runWm(['decode'], { input: encoded.stdout });
    expect(decoded).toMatchObject({ code: 0, out: 'piped\n', stderr: '' });
  });

  it('reads a FILE argument, and "-" means stdin', async () => {
    writeFileSync(temp.path('carrier.txt'), CARRIER);
    const fromFile = await runWm(['encode', temp.path('carrier.txt'), '--secret', 'from file']);
    expect(fromFile.code).toBe(0);
    const fromDash = await runWm(['decode', '-'], { input: fromFile.stdout });
    expect(fromDash.out).toBe('from file\n');
  });

  it.each([
    ['no trailing newline', CARRIER],
    ['a trailing newline', `${CARRIER}\n`],
    ['CRLF line ends', `${CARRIER}\r\nsecond line\r\n`],
    ['a byte-order mark', `\uFEFF${CARRIER}\n`],
    ['only-whitespace tail', `${CARRIER}\n\n  \t\n`],
  ])('round-trips byte for byte with %s', async (_name, text) => {
    const encoded = await runWm(['encode', '--secret', 'exact'], { input: text });
    expect(encoded.code).toBe(0);
    const stripped = await runWm(['strip'], { input: encoded.stdout });
    expect(stripped.stdout.equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect((await runWm(['decode'], { input: encoded.stdout })).out).toBe('exact\n');
  });

  it('-o writes the file and nothing to stdout', async () => {
    const out = temp.path('encoded.txt');
    const run = await runWm(['encode', '--secret', 'to file', '-o', out], { input: CARRIER });
    expect(run).toMatchObject({ code: 0, out: '', stderr: '' });
    expect((await runWm(['decode', out])).out).toBe('to file\n');
  });

  it('-o leaves an existing file untouched and no temporary file when the command fails', async () => {
    const dir = temp.path('failing');
    mkdirSync(dir);
    writeFileSync(`${dir}/result.txt`, 'precious');
    const run = await runWm(
      ['encode', '--secret', 'a secret far too long for the carrier', '--method', 'single', '-o', `${dir}/result.txt`],
      { input: 'Hi' },
    );
    expect(run.code).toBe(2);
    expect(readFileSync(`${dir}/result.txt`, 'utf8')).toBe('precious');
    expect(readdirSync(dir)).toEqual(['result.txt']);
  });

  it('-o failing at the final rename exits 4 and removes its temporary file', async () => {
    const dir = temp.path('rename');
    mkdirSync(`${dir}/target`, { recursive: true });
    writeFileSync(`${dir}/target/keep`, 'x');
    const run = await runWm(['encode', '--secret', 's', '-o', `${dir}/target`], { input: CARRIER });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(oneErrorLine);
    expect(readdirSync(dir)).toEqual(['target']);
  });

  it('-o into a missing directory exits 4', async () => {
    const run = await runWm(['strip', '-o', temp.path('no/such/dir/out.txt')], { input: CARRIER });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^wm: cannot write .*no such file or directory\n$/);
  });

  it('a missing input file exits 4 with one line and no stack trace', async () => {
    const run = await runWm(['decode', temp.path('missing.txt')]);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^wm: cannot read .*missing\.txt: no such file or directory\n$/);
  });

  it('WM_DEBUG=1 adds the stack trace', async () => {
    const run = await runWm(['decode', temp.path('missing.txt')], { env: { WM_DEBUG: '1' } });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/\n\s+at /);
  });

  it('rejects invalid UTF-8 with exit 2', async () => {
    const run = await runWm(['encode', '--secret', 's'], { input: Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x20]) });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('wm: standard input is not valid UTF-8 text\n');
  });

  it('rejects binary input (NUL bytes, e.g. UTF-16) with exit 2', async () => {
    writeFileSync(temp.path('utf16.txt'), Buffer.from(CARRIER, 'utf16le'));
    const run = await runWm(['strip', temp.path('utf16.txt')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/looks binary/);
  });

  it('empty input: encode says carrier too short (2), decode says no watermark (1)', async () => {
    const encoded = await runWm(['encode', '--secret', 's'], { input: '' });
    expect(encoded.code).toBe(2);
    expect(encoded.stderr).toMatch(/required length: \d+/);
    const decoded = await runWm(['decode'], { input: '' });
    expect(decoded.code).toBe(1);
    expect(decoded.stderr).toMatch(oneErrorLine);
  });

  it('a reader that closes the pipe early gets exit 4 and one line, not a crash', async () => {
    writeFileSync(temp.path('long.txt'), `${CARRIER}\n`.repeat(50_000));
    const child = spawn(process.execPath, [WM, 'strip', temp.path('long.txt')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(4);
    expect(stderr).toBe('wm: cannot write standard output: the reader closed the pipe\n');
  });

  // a pipe another process made non-blocking (Node's own stdout does that, and the child shares it): the direct
  // write of src/cli/stdout.ts meets EAGAIN once the pipe is full and leaves the rest to Node's stream, in order
  it('a full non-blocking pipe still gets every byte, in order', async () => {
    const long = `${CARRIER}\n`.repeat(50_000);
    writeFileSync(temp.path('long.txt'), long);
    const nonBlocking = temp.path('non-blocking-stdout.cjs');
    writeFileSync(nonBlocking, 'process.stdout;\n');
    const child = spawn(process.execPath, ['--require', nonBlocking, WM, 'strip', temp.path('long.txt')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk)).resume();
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    expect(Buffer.concat(chunks).toString('utf8') === long).toBe(true);
  });

  it('handles a 20 MB input exactly', async () => {
    const line = `${CARRIER} Ünïcödé 👩‍👩‍👧 done.\n`;
    const big = line.repeat(Math.ceil(20_000_000 / Buffer.byteLength(line)));
    const bigFile = temp.path('big.txt');
    writeFileSync(bigFile, big);
    const encodedFile = temp.path('big.encoded.txt');
    const encoded = await runWm(['encode', bigFile, '--secret', 'large', '-o', encodedFile]);
    expect(encoded.code).toBe(0);
    const stripped = await runWm(['strip', '-'], { input: readFileSync(encodedFile) });
    expect(stripped.stdout.equals(Buffer.from(big))).toBe(true);
    expect((await runWm(['decode', encodedFile])).out).toBe('large\n');
  });
});
