import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../packages/codec/test/corpus/load.js';
import { WM_BIN } from '../../server/serve-process.js';
import {
  PASSWORD,
  makeAccount,
  openBrowser,
  pageWatchingApi,
  signInThroughPage,
  startLiveServer,
  type Browser,
  type LiveServer,
  sessionHeaders,
} from './harness.js';

const CORPUS = fileURLToPath(new URL('../../../packages/codec/test/corpus/', import.meta.url));
const SECRET = 'copy #17 — ünïcødé ✓';
const CARRIER_LONG =
  'The quarterly report goes to the press office on Monday morning, and nobody else should see it before then. ' +
  'Every word of this sentence can carry a little of the hidden message, and the robust kind needs many of them.';

let server: LiveServer;
let browser: Browser;
let page: Page;
/** requests the checker page made to the API (it must make none while working locally) */
let apiRequests: string[];

beforeAll(async () => {
  server = await startLiveServer();
  browser = await openBrowser();
  ({ page, apiRequests } = await pageWatchingApi(browser));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const outcomes = new Map<string, Buffer | string>();

/**
 * The CLI's bytes for the same operation, or its one-line error. Asked once per command line: those this file
 * repeats (encoding a corpus file) give the same bytes every time, as the encode test finds them in the page.
 */
function cliOutcome(...args: string[]): Buffer | string {
  const command = JSON.stringify(args);
  if (!outcomes.has(command)) {
    const run = spawnSync(process.execPath, [WM_BIN, ...args], { encoding: 'buffer' });
    outcomes.set(command, run.status === 0 ? run.stdout : run.stderr.toString());
  }
  return outcomes.get(command)!;
}

function cli(...args: string[]): Buffer {
  const outcome = cliOutcome(...args);
  if (typeof outcome === 'string') throw new Error(`wm ${args.join(' ')}: ${outcome}`);
  return outcome;
}

async function download(button: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return readFileSync(await file.path());
}

async function openChecker(tab: 'Check a text' | 'Hide a secret'): Promise<void> {
  if (!page.url().endsWith('/check')) {
    await page.goto(`${server.url}/check`);
    await page.getByRole('heading', { level: 1, name: 'Checker' }).waitFor();
  }
  await page.getByRole('tab', { name: tab }).click();
}

/** Encodes a corpus file in the page (loaded through the file input): the downloaded result, or the error shown. */
async function encodeInPage(file: string, family: 'vs' | 'robust'): Promise<Buffer | string> {
  await openChecker('Hide a secret');
  await page.locator('#encode-text-file').setInputFiles(join(CORPUS, file));
  await page.getByLabel('Secret to hide').fill(SECRET);
  await page.getByLabel(family === 'vs' ? /^Variation selectors/ : /^Robust/).check();
  if (family === 'robust') await page.getByLabel('Distribution').selectOption('even');
  await page.getByRole('button', { name: 'Hide the secret' }).click();
  const error = page.locator('#encode-text-error');
  await page.getByRole('heading', { name: 'Marked text' }).or(error).waitFor();
  const made = (await error.isVisible()) ? (await error.textContent())! : await download('Download marked.txt');
  // back to a clean form for the next text
  await page.getByRole('tab', { name: 'Check a text' }).click();
  return made;
}

describe('the checker against the CLI, on every corpus text', () => {
  const files = loadCorpus().map((text) => `${text.name}.txt`);

  it('encodes byte for byte as `wm encode` and `wm encode-robust` do', async () => {
    const same = (page: Buffer | string, cli: Buffer | string) =>
      typeof page === 'string'
        ? typeof cli === 'string' && cli.includes(page)
        : Buffer.isBuffer(cli) && page.equals(cli);
    let compared = 0;
    for (const file of files) {
      const path = join(CORPUS, file);
      const vs = [await encodeInPage(file, 'vs'), cliOutcome('encode', path, '--secret', SECRET)] as const;
      expect(same(...vs), `${file} vs: ${vs[0]}`).toBe(true);
      const robust = [
        await encodeInPage(file, 'robust'),
        cliOutcome('encode-robust', path, '--secret', SECRET, '--distribution', 'even'),
      ] as const;
      expect(same(...robust), `${file} robust: ${robust[0]}`).toBe(true);
      compared += [vs[0], robust[0]].filter(Buffer.isBuffer).length;
    }
    // (a text with no carrier, such as Thai, gives the CLI's "too short" error in both; most texts encode)
    expect(compared).toBeGreaterThan(files.length);
  });

  it('reads and strips them as `wm decode` and `wm strip` do: one verdict per mark, robust ones too', async () => {
    for (const file of files) {
      if (typeof cliOutcome('encode', join(CORPUS, file), '--secret', SECRET) === 'string') continue;
      const marked = cli('encode', join(CORPUS, file), '--secret', SECRET);
      const robust = cli('encode-robust', join(CORPUS, file), '--secret', `${SECRET}!`);
      const both = Buffer.concat([marked, Buffer.from('\n'), robust]);
      await openChecker('Check a text');
      await page.locator('#check-text-file').setInputFiles({ name: file, mimeType: 'text/plain', buffer: both });
      await page.getByRole('heading', { name: 'Hidden characters' }).waitFor();
      const decoded = JSON.parse(
        spawnSync(process.execPath, [WM_BIN, 'decode', '--json'], { input: both }).stdout.toString(),
      );
      const secrets = await page.locator('.decoded').allTextContents();
      // wm decode reads both marks, the robust one too: each shown once, intact, and nothing called damaged
      expect(
        decoded.watermarks.map((w: { kind: string }) => w.kind),
        file,
      ).toEqual(['vs', 'robust']);
      expect(secrets, file).toEqual(decoded.watermarks.map((w: { decoded: string }) => w.decoded));
      expect(await page.getByText('damaged').count(), file).toBe(0);

      await page.getByRole('button', { name: 'Remove hidden marks' }).click();
      const clean = await download('Download clean.txt');
      const stripped = spawnSync(process.execPath, [WM_BIN, 'strip'], { input: both }).stdout;
      expect(clean.equals(stripped), file).toBe(true);
      expect(clean.toString()).toBe(
        `${readFileSync(join(CORPUS, file), 'utf8')}\n${readFileSync(join(CORPUS, file), 'utf8')}`,
      );
    }
  });

  it('an intact robust mark alone is one intact verdict; selectors that are no mark are listed, not read', async () => {
    const robust = cli('encode-robust', join(CORPUS, 'english.txt'), '--secret', SECRET);
    await openChecker('Check a text');
    await page.locator('#check-text').fill(robust.toString());
    await page.getByText('Robust watermark', { exact: true }).waitFor();
    expect(await page.locator('.decoded').allTextContents()).toEqual([SECRET]);
    expect(await page.getByText('damaged').count()).toBe(0);
    // "hi" as another selector tool writes it: its bytes shown, no secret read
    await page.locator('#check-text').fill(`Hi${String.fromCodePoint(0xe0158, 0xe0159)} there`);
    await page.getByText('No watermark: only selectors that are none (right).').waitFor();
    await page.getByText('68 69', { exact: true }).waitFor();
    expect(await page.locator('.decoded').count()).toBe(0);
  });

  it('a signed mark of a key this server does not publish: its signer unknown, its secret read', async () => {
    const key = join(mkdtempSync(join(tmpdir(), 'wm-checker-')), 'news.key');
    const keyId = cli('keygen', '--sign', '-o', key).toString().trim();
    const text = 'A signed paragraph: the mayor opened the new bridge today, and the whole town came to see it.';
    const args = ['encode', '--secret', SECRET, '--sign-key', key, '--bind-text'];
    const marked = spawnSync(process.execPath, [WM_BIN, ...args], { input: text }).stdout;
    await openChecker('Check a text');
    await page.locator('#check-text').fill(marked.toString());
    await page.getByText(/^Signed by an unknown signer: the key is in no key set this page has/).waitFor();
    await page.getByText(`Key ${keyId}`).waitFor();
    expect(await page.locator('.decoded').allTextContents()).toEqual([SECRET]);
  });

  it('counts what `wm analyze` counts, and sent nothing to the server', async () => {
    const marked = cli('encode', join(CORPUS, 'english.txt'), '--secret', SECRET);
    const analysed = JSON.parse(
      spawnSync(process.execPath, [WM_BIN, 'analyze', '--json'], { input: marked }).stdout.toString(),
    );
    await openChecker('Check a text');
    await page
      .locator('#check-text-file')
      .setInputFiles({ name: 'marked.txt', mimeType: 'text/plain', buffer: marked });
    const legend = page.getByRole('list', { name: 'Hidden characters by kind' });
    await expect.poll(() => legend.textContent()).toContain(`Watermark selectors: ${analysed.encoded_bytes}`);
    expect(apiRequests).toEqual([]);
  });
});

/** `wm ARGS` with `input` on stdin: its stdout bytes (it must succeed). */
function cliWithInput(input: string, ...args: string[]): Buffer {
  const run = spawnSync(process.execPath, [WM_BIN, ...args], { input });
  if (run.status !== 0) throw new Error(`wm ${args.join(' ')}: ${run.stderr.toString()}`);
  return run.stdout;
}

describe('the encode panel, option by option, against the CLI', () => {
  const TEXT = readFileSync(join(CORPUS, 'english.txt'), 'utf8').replace(/\n$/, '');
  const PATTERN = loadCorpus().find((entry) => entry.name === 'english')!.pattern;

  /** Fills the panel (typed, not from a file), hides SECRET and returns the marked text the page shows. */
  async function encodeWith(choose: () => Promise<void>): Promise<string> {
    await page.goto(`${server.url}/check`);
    await page.getByRole('tab', { name: 'Hide a secret' }).click();
    await page.getByLabel('Text to carry the secret').fill(TEXT);
    await page.getByLabel('Secret to hide').fill(SECRET);
    await choose();
    await page.getByRole('button', { name: 'Hide the secret' }).click();
    await page.getByRole('heading', { name: 'Marked text' }).waitFor();
    return page.locator('#encoded-text').inputValue();
  }
  const method = async (name: string) => {
    await page.getByLabel(/^Variation selectors/).check();
    await page.getByLabel('Method').selectOption(name);
  };

  it('every method and output of the variation-selector codec gives `wm encode`’s bytes', async () => {
    const cases: [string[], () => Promise<void>][] = [
      [['--method', 'single'], () => method('single')],
      [
        ['--method', 'chunked', '--chunk-size', '3'],
        async () => {
          await method('chunked');
          await page.getByLabel('Bytes per character').fill('3');
        },
      ],
      [['--method', 'char'], () => method('char')],
      [
        ['--first-letter-only'],
        async () => {
          await method('char');
          await page.getByLabel('First letter only').check();
        },
      ],
      [
        ['--pattern', PATTERN],
        async () => {
          await method('pattern');
          await page.getByLabel('Pattern').fill(PATTERN);
        },
      ],
      [
        ['--output', 'tokens'],
        async () => {
          await method('auto');
          await page.getByLabel('Output').selectOption('tokens');
        },
      ],
    ];
    for (const [args, choose] of cases) {
      const made = await encodeWith(choose);
      expect(made, args.join(' ')).toBe(cliWithInput(TEXT, 'encode', '--secret', SECRET, ...args).toString());
    }
  });

  it('every stealth level and distribution of encode-robust: `wm encode-robust`’s bytes, or its secret', async () => {
    const robust = async (stealth: string, distribution: string) => {
      await page.getByLabel(/^Robust/).check();
      await page.getByLabel('Stealth level').selectOption(stealth);
      await page.getByLabel('Distribution').selectOption(distribution);
    };
    for (const stealth of ['standard', 'high', 'maximum']) {
      for (const distribution of ['even', 'clustered', 'random']) {
        const made = await encodeWith(() => robust(stealth, distribution));
        const label = `${stealth}/${distribution}`;
        const args = ['encode-robust', '--secret', SECRET, '--stealth', stealth, '--distribution', distribution];
        // the page draws the random distribution's seed itself: its bytes differ, the CLI still reads the secret
        if (distribution === 'random') {
          expect(cliWithInput(made, 'decode-robust').toString(), label).toBe(`${SECRET}\n`);
          expect(cliWithInput(made, 'strip').toString(), label).toBe(TEXT);
        } else expect(made, label).toBe(cliWithInput(TEXT, ...args).toString());
      }
    }
    expect(apiRequests).toEqual([]);
  });
});

describe('the check panel: a dropped file, and the clean text copied', () => {
  it('reads a text file dropped on the text area, and copies the clean text', async () => {
    const marked = cli('encode', join(CORPUS, 'english.txt'), '--secret', SECRET);
    await page.goto(`${server.url}/check`);
    await page.getByRole('heading', { level: 1, name: 'Checker' }).waitFor();
    // a string: the test files are type-checked without the DOM library
    const dropped = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(${JSON.stringify([...marked])});
      transfer.items.add(new File([bytes], 'marked.txt', { type: 'text/plain' }));
      return transfer;
    })()`);
    await page.locator('#check-text').dispatchEvent('drop', { dataTransfer: dropped });
    await page.locator('.decoded').filter({ hasText: SECRET }).waitFor();
    expect(await page.locator('#check-text').inputValue()).toBe(marked.toString());

    await page.getByRole('button', { name: 'Remove hidden marks' }).click();
    await page.getByRole('button', { name: 'Copy clean text' }).click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(copied).toBe(readFileSync(join(CORPUS, 'english.txt'), 'utf8'));
    expect(apiRequests).toEqual([]);
  });
});

describe('the checker on foreign marks and keyed watermarks', () => {
  it('tells tags, zero-width characters, direction controls and emoji presentation apart', async () => {
    await page.goto(`${server.url}/check`);
    const text =
      'Hi\u200B\u200Bthere \u202Eevil\u202C tag\u{E0041}\u{E0042} ❤️ and 👨‍👩‍👧 and ' +
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    await page.getByLabel('Text to check').fill(text);
    const legend = page.getByRole('list', { name: 'Hidden characters by kind' });
    await expect.poll(() => legend.textContent()).toContain('Zero-width characters: 2');
    const counts = (await legend.textContent())!;
    expect(counts).toContain('Tag characters: 2');
    expect(counts).toContain('Direction controls: 2');
    // FE0F of ❤️, the two ZWJ of the family, the five tags and CANCEL TAG of the flag of Scotland
    expect(counts).toContain('Part of the text: 9');
    expect(await page.locator('.revealed .mark.zero-width').count()).toBe(2);
    // the two tags spell "AB": drawn as those letters, and listed
    expect(await page.locator('.revealed .mark.tag').allTextContents()).toEqual(['AB']);
    await page.getByRole('heading', { name: 'Hidden text' }).waitFor();
    await page.getByRole('button', { name: 'Remove hidden marks' }).click();
    // direction controls change how the text reads, so strip (CLI and checker alike) keeps them
    expect(await page.locator('#clean-text').inputValue()).toBe(
      'Hithere \u202Eevil\u202C tag ❤️ and 👨‍👩‍👧 and 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
    );
  });

  it('keyed: encodes on the server with a pasted channel token, and reads it back only with it', async () => {
    await makeAccount(server, 'keyed@example.com', { plan: 'starter' });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keyed@example.com', password: PASSWORD }),
    });
    const session = {
      'content-type': 'application/json',
      authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
    };
    const channelResponse = await fetch(`${server.url}/api/v2/channels`, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ channel_name: 'press' }),
    });
    const channel = (await channelResponse.json()) as { channel: { id: string } };
    const created = await fetch(`${server.url}/api/v2/tokens`, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({
        name: 'press',
        permissions: ['encode', 'decode'],
        signing_channel_id: channel.channel.id,
      }),
    });
    const token = ((await created.json()) as { token: string }).token;

    const balance = async () => {
      const answer = await fetch(`${server.url}/api/v2/credits/balance`, { headers: session });
      return ((await answer.json()) as { balance: number }).balance;
    };
    const before = await balance();

    await openChecker('Hide a secret');
    await page.getByLabel('Text to carry the secret').fill('The quarterly report goes to the press office on Monday.');
    await page.getByLabel('Secret to hide').fill('leak-42');
    await page.getByLabel(/^On this server/).check();
    await page.getByLabel('API token', { exact: true }).fill(token);
    await page.getByRole('button', { name: 'Hide the secret' }).click();
    await page.getByText(/, encrypted with the channel key\. It looks exactly like/).waitFor();
    expect(page.url()).not.toContain(token);
    await page.getByRole('button', { name: 'Check it' }).click();
    await page.getByText('An encrypted watermark: only an API token of its channel').first().waitFor();
    await page.getByRole('button', { name: 'Decode on the server' }).click();
    await page.locator('.notice.ok .decoded').filter({ hasText: 'leak-42' }).waitFor();
    expect(apiRequests.filter((url) => url.includes('/api/watermark/'))).toHaveLength(2);
    expect(apiRequests.every((url) => !url.includes(token))).toBe(true);
    // charged as usual, one credit a call; the pasted token is kept in the page's memory only
    expect(await balance()).toBe(before - 2);
    expect(await page.evaluate('JSON.stringify([Object.keys(localStorage), Object.keys(sessionStorage)])')).toBe(
      '[[],[]]',
    );
  });

  it('forgets an old result or message as soon as the text, the secret or an option changes', async () => {
    await page.goto(`${server.url}/check`);
    await openChecker('Hide a secret');
    await page.getByLabel(/^Robust/).check();
    await page.getByLabel('Text to carry the secret').fill('Too short.');
    await page.getByLabel('Secret to hide').fill('a longer secret');
    await page.getByRole('button', { name: 'Hide the secret' }).click();
    await page.locator('#encode-text-error').waitFor();
    await page.getByLabel('Text to carry the secret').fill(CARRIER_LONG);
    expect(await page.locator('#encode-text-error').count()).toBe(0);
    expect(await page.getByLabel('Text to carry the secret').getAttribute('aria-invalid')).toBeNull();

    await page.getByLabel(/^Variation selectors/).check();
    await page.getByRole('button', { name: 'Hide the secret' }).click();
    await page.getByText(/^Done: method/).waitFor();
    await page.getByLabel(/^Robust/).check();
    expect(await page.getByText(/^Done:/).count()).toBe(0);
    await page.getByRole('button', { name: 'Hide the secret' }).click();
    await page.getByText(/^Done: \d+ marks/).waitFor();
    await page.getByLabel('Secret to hide').fill('another');
    expect(await page.getByText(/^Done:/).count()).toBe(0);
  });

  it('signed in: server mode runs as one of your tokens, picked by name; no secret is pasted or sent', async () => {
    await makeAccount(server, 'picker@example.com', { plan: 'starter' });
    const session = await sessionHeaders(server, 'picker@example.com');
    const channel = (await (
      await fetch(`${server.url}/api/v2/channels`, {
        method: 'POST',
        headers: session,
        body: JSON.stringify({ channel_name: 'desk' }),
      })
    ).json()) as { channel: { id: string } };
    const create = async (name: string, permissions: string[]) =>
      (await (
        await fetch(`${server.url}/api/v2/tokens`, {
          method: 'POST',
          headers: session,
          body: JSON.stringify({ name, permissions, signing_channel_id: channel.channel.id }),
        })
      ).json()) as { id: string; token: string };
    const writer = await create('news desk', ['encode']);
    const reader = await create('archive', ['decode']);
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${new URL(request.url()).pathname} ${request.postData() ?? ''}`));
    await signInThroughPage(page, server, 'picker@example.com');
    const before = apiRequests.length;

    await page.goto(`${server.url}/check`);
    await openChecker('Hide a secret');
    await page.getByLabel('Text to carry the secret').fill(CARRIER_LONG);
    await page.getByLabel('Secret to hide').fill('desk-7');
    await page.getByLabel(/^On this server/).check();
    const picker = page.getByLabel('Run as your API token');
    // only the tokens that may encode
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual(['news desk — encode · channel desk']);
    await page.getByRole('button', { name: 'Hide the secret' }).click();
    await page.getByText(/, encrypted with the channel key\. It looks exactly like/).waitFor();
    await page.getByRole('button', { name: 'Check it' }).click();
    await page.getByText('An encrypted watermark').first().waitFor();
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual(['archive — decode · channel desk']);
    await page.getByRole('button', { name: 'Decode on the server' }).click();
    await page.locator('.notice.ok .decoded').filter({ hasText: 'desk-7' }).waitFor();

    expect(sent.filter((line) => line.includes('/watermark/')).map((line) => line.split(' ')[0])).toEqual([
      `/api/v2/tokens/${writer.id}/watermark/encode`,
      `/api/v2/tokens/${reader.id}/watermark/decode`,
    ]);
    expect(apiRequests.length).toBe(before);
    expect(sent.some((line) => line.includes(writer.token) || line.includes(reader.token))).toBe(false);
  });

  it('left no CSP violation or page error behind', () => {
    expect(browser.problems).toEqual([]);
  });
});
