import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredentials, readCredentials, signText, type SigningCredentials } from 'wm-watermark-c2pa';
import {
  accessibilityViolations,
  openBrowser,
  pageWatchingApi,
  startLiveServer,
  type Browser,
  type LiveServer,
} from './harness.js';

const TEXT = 'The council approved the budget on Tuesday evening, after a long debate about the library.\n';

let server: LiveServer;
let browser: Browser;
let page: Page;
/** requests the checker made to the API while verifying: none, the verification runs in the page */
let apiRequests: string[];

beforeAll(async () => {
  server = await startLiveServer();
  browser = await openBrowser();
  ({ page, apiRequests } = await pageWatchingApi(browser));
  await page.goto(`${server.url}/check`);
  await page.getByRole('heading', { level: 1, name: 'Checker' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signer(algorithm: 'es256' | 'ed25519', name: string) {
  const made = await newCredentials({ algorithm, name, days: 30 });
  return { credentials: await readCredentials(made.privateKeyPem, made.chainPem), rootPem: made.rootPem };
}

const signed = (credentials: SigningCredentials): string =>
  signText(TEXT, {
    credentials,
    generator: { name: 'wm', version: 'test' },
    sourceType: 'digitalCreation',
    actions: ['c2pa.published'],
  }).text;

/** The verdict on `text`, never the one left from the text before: the field is emptied and the card gone first. */
async function check(text: string): Promise<{ verdict: string; codes: string }> {
  await page.locator('#check-text').fill('');
  await page.locator('#c2pa-title').waitFor({ state: 'detached' });
  await page.locator('#check-text').fill(text);
  const verdict = page.locator('#c2pa-verdict');
  await verdict.waitFor();
  return { verdict: await verdict.innerText(), codes: await page.locator('#c2pa-codes').innerText() };
}

describe('the checker shows a text’s Content Credentials, verified in the page by the C2PA package', () => {
  it('a signed text: its signer, its actions, "unknown signer" until its root is trusted, then trusted', async () => {
    const { credentials, rootPem } = await signer('es256', 'Ada Valley News');
    const { verdict, codes } = await check(signed(credentials));
    expect(verdict).toContain('Signed by Ada Valley News, unknown signer');
    expect(codes).toContain('signingCredential.untrusted');
    expect(codes).toContain('claimSignature.validated');
    expect(codes).toContain('assertion.dataHash.match');
    expect(await page.locator('#c2pa-signer').innerText()).toBe('Ada Valley News');
    const actions = await page.locator('#c2pa-actions').innerText();
    expect(actions).toMatch(/c2pa\.created \(digitalCreation\)/);
    expect(actions).toContain('c2pa.published');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Trust a signer’s root certificate').fill(rootPem);
    await page.getByRole('button', { name: 'Trust it' }).click();
    await expect.poll(() => page.locator('#c2pa-verdict').innerText()).toContain('Signed by Ada Valley News — trusted');
    expect(await page.locator('#c2pa-codes').innerText()).toContain('signingCredential.trusted');
    await page.getByRole('button', { name: 'Stop trusting it' }).click();
    await expect.poll(() => page.locator('#c2pa-verdict').innerText()).toContain('unknown signer');
    expect(apiRequests).toEqual([]);
  });

  it('an Ed25519 signature verifies in the browser too', async () => {
    const { credentials } = await signer('ed25519', 'Bea Press');
    const { verdict, codes } = await check(signed(credentials));
    expect(verdict).toContain('Signed by Bea Press, unknown signer');
    expect(codes).toContain('claimSignature.validated');
  });

  it('a tampered text: the hard binding fails and the page says the text was changed', async () => {
    const { credentials } = await signer('es256', 'Ada Valley News');
    const { verdict, codes } = await check(signed(credentials).replace('Tuesday', 'Thursday'));
    expect(verdict).toContain('Signed by Ada Valley News — but the text was changed after it was signed');
    expect(codes).toContain('assertion.dataHash.mismatch');
    expect(codes).toContain('claimSignature.validated');

    const twice = await check(signed(credentials) + signed(credentials));
    expect(twice.verdict).toContain('do not verify: manifest.text.multipleWrappers');
  });

  it('a bad trust anchor is refused with the reason, and a text without a manifest shows no credentials', async () => {
    const { credentials } = await signer('es256', 'Ada Valley News');
    await check(signed(credentials));
    await page.getByLabel('Trust a signer’s root certificate').fill('not a certificate');
    await page.getByRole('button', { name: 'Trust it' }).click();
    await expect.poll(() => page.locator('#trust-anchor-error').innerText()).toContain('No PEM certificate');
    await page.locator('#check-text').fill(TEXT);
    await page.getByRole('heading', { name: 'Hidden characters' }).waitFor();
    expect(await page.locator('#c2pa-title').count()).toBe(0);
  });
});
