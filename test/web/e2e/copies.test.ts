import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { generatedProse } from '../../../packages/codec/test/variants/generated-prose.js';
import { MEMO } from '../../domain/copies/texts.js';
import {
  makeAccount,
  openBrowser,
  signInThroughPage,
  startLiveServer,
  type Browser,
  type LiveServer,
} from './harness.js';

let server: LiveServer;
let browser: Browser;
let page: Page;
const folder = mkdtempSync(join(tmpdir(), 'wm-web-copies-'));
// enough variant sites to name one of two recipients; far too few against 8 colluders
const REPORT = generatedProse(7, 4000);

beforeAll(async () => {
  server = await startLiveServer();
  browser = await openBrowser();
  page = await browser.newPage();
  // a free account and a token without a channel: copies need neither a plan nor a channel
  await makeAccount(server, 'grace@example.com');
  const made = server.wm(
    'tokens',
    'create',
    '--user',
    'grace@example.com',
    '--name',
    'copies',
    '--permissions',
    'encode,decode',
  );
  expect(made.status, made.stderr).toBe(0);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** The stored entries of a zip: name → text (the archive's own layout, read without a library). */
function storedEntries(zip: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50;) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    entries.set(name, zip.subarray(at + 30 + nameLength, at + 30 + nameLength + size).toString('utf8'));
    at += 30 + nameLength + size;
  }
  return entries;
}

describe('the Copies page', () => {
  it('issues copies, downloads them as a zip, and traces one back', async () => {
    await signInThroughPage(page, server, 'grace@example.com');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Copies', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Copies' }).waitFor();
    // what copies need is said before the form, with a link to where a token is made
    await page.getByText(/Copies need a verified email address/).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'API token' }).getAttribute('href')).toBe('/tokens');
    // a chosen file fills the document and names it
    await page
      .locator('#copies-text-file')
      .setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from(MEMO) });
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('memo.txt');
    expect(await page.getByLabel('Document', { exact: true }).inputValue()).toBe(MEMO);
    await page.getByLabel('Recipients, one a line').fill('alice@example.com\nbob');
    await page.getByRole('button', { name: 'Issue copies' }).click();
    await page.getByText('2 copies of “memo.txt”').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download all (zip)' }).click(),
    ]);
    const file = join(folder, download.suggestedFilename());
    await download.saveAs(file);
    const entries = storedEntries(readFileSync(file));
    expect([...entries.keys()]).toEqual(['memo.alice@example.com.txt', 'memo.bob.txt']);

    await page.getByLabel('Leaked text').fill(entries.get('memo.bob.txt')!.split('\n\n')[1]);
    await page.getByRole('button', { name: 'Trace' }).click();
    await page.getByText(/This text is the copy issued to bob/).waitFor();

    // the issued documents, one opened: who got which copy, and that copies are not kept
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText(/— 2 copies,/).waitFor();
    await page.getByRole('button', { name: '“memo.txt”' }).click();
    await page.getByRole('cell', { name: 'alice@example.com' }).waitFor();
    await page.getByRole('cell', { name: 'bob', exact: true }).waitFor();
    expect(await page.getByText(/never the copies themselves/).count()).toBeGreaterThan(0);
    expect(browser.problems).toEqual([]);
  });

  it('with visible variants: a preview (sites, capacity, differences, or the refusal), then the issue', async () => {
    await page.getByLabel('Document', { exact: true }).fill(REPORT);
    await page.getByLabel('Name').fill('report.txt');
    await page.getByLabel('Recipients, one a line').fill('carol\ndave');
    expect(await page.getByRole('button', { name: 'Preview' }).count()).toBe(0);
    await page.getByLabel('Visible variants too').check();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Enough for 2 recipients: an issue would be made.').waitFor();
    await page.getByText(/variant sites in \d+ words .* independent choices \(bits\)/).waitFor();
    await page.getByText(/^carol: \d+ differences$/).waitFor();
    // more colluders need more text: the same preview refuses, with the numbers
    await page.getByLabel('Recipients who might mix their copies').fill('8');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(/This text has \d+ variant sites .* needs about \d+/).waitFor();
    await page.getByLabel('Recipients who might mix their copies').fill('1');
    // the classes, each on as the CLI's and the API's default: one turned off is left out of the preview and issue
    expect(await page.getByLabel('Serial comma', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Serial comma', { exact: true }).uncheck();
    const asked: { classes?: string[] }[] = [];
    const listen = (request: Request) => {
      if (request.method() === 'POST' && /\/copies(\/preview)?$/.test(request.url()))
        asked.push(request.postDataJSON().variants);
    };
    page.on('request', listen);
    await page.getByRole('button', { name: 'Preview' }).click();
    const byClass = page.getByText(/^Sites by class: /);
    await byClass.waitFor();
    expect(await byClass.textContent()).not.toContain('Serial comma');
    await page.getByRole('button', { name: 'Issue copies' }).click();
    await page.getByText(/2 copies of “report.txt”\. With visible variants: \d+ variant sites/).waitFor();
    page.off('request', listen);
    expect(asked).toHaveLength(2);
    for (const variants of asked) {
      expect(variants.classes).toContain('spellings');
      expect(variants.classes).not.toContain('serial-comma');
    }
    expect(browser.problems).toEqual([]);
  });

  it('tells an account that cannot issue why, before the form, with where to fix it', async () => {
    await makeAccount(server, 'hal@example.com', { unverified: true });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await signInThroughPage(page, server, 'hal@example.com');
    await page.goto(`${server.url}/copies`);
    const blockers = page.getByRole('main').getByText('You cannot issue copies yet:');
    await blockers.waitFor();
    await page.getByText(/your email address is not confirmed yet/).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    const notice = (await blockers.boundingBox())!;
    const form = (await page.getByLabel('Document', { exact: true }).boundingBox())!;
    expect(notice.y).toBeLessThan(form.y);
    expect(await page.getByRole('button', { name: 'Issue copies' }).isDisabled()).toBe(true);
    expect(browser.problems).toEqual([]);
  });
});
