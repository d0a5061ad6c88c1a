import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newCredentials,
  parseCertificates,
  readCredentials,
  signText,
  verifyText,
  type SigningCredentials,
} from 'wm-watermark-c2pa';
import {
  accessibilityViolations,
  makeAccount,
  openBrowser,
  pageWatchingApi,
  signInThroughPage,
  startLiveServer,
  type Browser,
  type LiveServer,
  sessionHeaders,
  postJson,
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
    // the signed text's credentials were on the page: they go once the page has checked the new text
    await expect.poll(() => page.locator('#c2pa-title').count()).toBe(0);
  });
});

async function download(button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return readFileSync(await file.path(), 'utf8');
}

async function openSignTab(): Promise<void> {
  await page.goto(`${server.url}/check`);
  await page.getByRole('tab', { name: 'Sign with Content Credentials' }).click();
}

describe('the checker signs a text with Content Credentials of a channel that holds a certificate', () => {
  const EMAIL = 'ada@example.com';
  let blogToken: string;

  beforeAll(async () => {
    await makeAccount(server, EMAIL, { plan: 'starter' });
    const session = await sessionHeaders(server, EMAIL);
    for (const name of ['press', 'blog']) {
      const { channel } = await postJson<{ channel: { id: string } }>(server, '/api/v2/channels', session, {
        channel_name: name,
      });
      const token = await postJson<{ token: string }>(server, '/api/v2/tokens', session, {
        name: `${name} desk`,
        permissions: ['encode'],
        signing_channel_id: channel.id,
      });
      if (name === 'blog') blogToken = token.token;
    }
    // a channel with no token, to import a CA's certificate into
    await postJson(server, '/api/v2/channels', session, { channel_name: 'archive' });
  });

  it('signed out, a pasted token whose channel holds no certificate: the server’s refusal, as it says it', async () => {
    await openSignTab();
    await page.getByLabel('Text to sign').fill(TEXT);
    await page.getByLabel('API token', { exact: true }).fill(blogToken);
    await page.getByRole('button', { name: 'Sign with Content Credentials' }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toContain("Cannot sign with C2PA: the API token's channel holds no C2PA certificate");
  });

  it('signed in, no certificate: says how to get one; the Channels page makes one, and imports a CA’s', async () => {
    await signInThroughPage(page, server, EMAIL);
    await openSignTab();
    await expect
      .poll(() => page.locator('#c2pa-no-certificate').innerText())
      .toContain('None of your channels holds a C2PA certificate');
    expect(await page.getByRole('button', { name: 'Sign with Content Credentials' }).isDisabled()).toBe(true);

    await page.locator('#c2pa-no-certificate').getByRole('link', { name: 'Channels' }).click();
    await page.getByRole('button', { name: 'Make a C2PA certificate for press' }).click();
    await page.getByLabel('Signer name').fill('Ada Press');
    await page.getByRole('button', { name: 'Make certificate' }).click();
    await expect.poll(() => page.locator('#c2pa-certificate-made').innerText()).toContain('sign as Ada Press (ES256)');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(parseCertificates(await download('Download press.root.crt'))).toHaveLength(1);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('C2PA', { exact: true }).waitFor();

    // a chain a CA issued, imported with its key; the key of another certificate is refused at the chain
    const issued = await newCredentials({ algorithm: 'ed25519', name: 'Ada Archive', days: 30 });
    const other = await newCredentials({ algorithm: 'ed25519', name: 'Someone Else', days: 30 });
    await page.getByRole('button', { name: 'Make a C2PA certificate for archive' }).click();
    await page.getByLabel('Import one a certificate authority issued').check();
    await page.getByLabel('Certificate chain (PEM)').fill(issued.chainPem);
    await page.getByLabel('Private key (PEM)').fill(other.privateKeyPem);
    await page.getByRole('button', { name: 'Import certificate' }).click();
    await expect
      .poll(() => page.locator('#c2pa-chain-pem-error').innerText())
      .toContain("the private key is not the certificate's");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Private key (PEM)').fill(issued.privateKeyPem);
    await page.getByRole('button', { name: 'Import certificate' }).click();
    await expect
      .poll(() => page.locator('#c2pa-certificate-made').innerText())
      .toContain('sign as Ada Archive (Ed25519)');
    expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText('C2PA', { exact: true }).count()).toBe(2);
  });

  it('signs as the picked token, shows the signer "unknown" until its root is trusted; the text verifies', async () => {
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${new URL(request.url()).pathname} ${request.postData() ?? ''}`));
    await openSignTab();
    const picker = page.getByLabel('Run as your API token');
    // only the tokens whose channel holds a certificate
    await expect
      .poll(() => picker.locator('option').allTextContents())
      .toEqual(['press desk — encode · channel press']);
    await page.getByLabel('Text to sign').fill(TEXT);
    await page.getByLabel('Action').selectOption('published');
    await page.getByLabel('How the text was made').selectOption('trainedAlgorithmicMedia');
    await page.getByLabel('Title (optional)').fill('Council minutes');
    await page.getByRole('button', { name: 'Sign with Content Credentials' }).click();
    await expect.poll(() => page.locator('#signed-summary').innerText()).toContain('Signed by Ada Press');
    await expect.poll(() => page.locator('#c2pa-verdict').innerText()).toContain('Signed by Ada Press, unknown signer');
    expect(await page.locator('#c2pa-signer').innerText()).toBe('Ada Press');
    const actions = await page.locator('#c2pa-actions').innerText();
    expect(actions).toMatch(/c2pa\.created \(trainedAlgorithmicMedia\)/);
    expect(actions).toContain('c2pa.published');
    expect(await page.locator('#c2pa-codes').innerText()).toContain('assertion.dataHash.match');
    expect(await accessibilityViolations(page)).toEqual([]);

    const signed = await download('Download signed.txt');
    expect(signed).toBe(await page.locator('#signed-text').inputValue());
    // the page's output, verified as `wm verify` does: valid, unknown signer; trusted with the channel's root
    const unknown = (await verifyText(signed))!;
    expect(unknown).toMatchObject({ state: 'valid', signer: { name: 'Ada Press' }, title: 'Council minutes' });
    const session = await sessionHeaders(server, EMAIL);
    const { channels } = (await (await fetch(`${server.url}/api/v2/channels`, { headers: session })).json()) as {
      channels: { id: string; channel_name: string }[];
    };
    const press = channels.find((channel) => channel.channel_name === 'press')!;
    const certificate = (await (
      await fetch(`${server.url}/api/v2/channels/${press.id}/c2pa-certificate`, { headers: session })
    ).json()) as { certificate: { anchor_pem: string } };
    const anchors = parseCertificates(certificate.certificate.anchor_pem);
    expect((await verifyText(signed, { trustAnchors: anchors }))?.state).toBe('trusted');
    expect((await verifyText(signed.replace('Tuesday', 'Monday'), { trustAnchors: anchors }))?.state).toBe('invalid');

    await page.getByLabel('Trust a signer’s root certificate').fill(certificate.certificate.anchor_pem);
    await page.getByRole('button', { name: 'Trust it' }).click();
    await expect.poll(() => page.locator('#c2pa-verdict').innerText()).toContain('Signed by Ada Press — trusted');
    await page.getByRole('button', { name: 'Stop trusting it' }).click();

    // the session signs as the token, whose secret the page never holds
    expect(sent.filter((line) => line.includes('/watermark/')).map((line) => line.split(' ')[0])).toEqual([
      expect.stringMatching(/^\/api\/v2\/tokens\/[\w-]+\/watermark\/c2pa-sign$/),
    ]);
    expect(sent.some((line) => line.includes(blogToken))).toBe(false);

    // a signed text is refused until its manifest is removed: sign last, once
    await page.getByLabel('Text to sign').fill(signed);
    await page.locator('#sign-already-signed').waitFor();
    expect(await page.getByRole('button', { name: 'Sign with Content Credentials' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove its Content Credentials' }).click();
    expect(await page.getByLabel('Text to sign').inputValue()).toBe(TEXT);
    expect(await page.getByRole('button', { name: 'Sign with Content Credentials' }).isDisabled()).toBe(false);
  });

  it('left no CSP violation or page error behind', () => {
    expect(browser.problems).toEqual([]);
  });
});
