// `npm run screenshots`: every dashboard page at 1280 and 360 px wide, in the light and the dark theme, into
// docs/screenshots/, from a real `wm serve` on a temporary data folder holding a demo account. Its usage history is
// made by the real watermark operations, run through the domain with a clock moved back day by day so that the
// 30-day chart has something to show.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { createDomain } from '../src/domain/index.js';
import { openDataFolder } from '../src/store/index.js';
import {
  PASSWORD,
  makeAccount,
  openBrowser,
  signInThroughPage,
  startLiveServer,
  type Browser,
  type LiveServer,
} from '../test/web/e2e/harness.js';
import { MEMO } from '../test/domain/copies/texts.js';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const EMAIL = 'ada@example.com';
/** An account that never opened its verification link. */
const UNVERIFIED = 'grace@example.com';
const CARRIER =
  'The quarterly report goes to the press office on Monday morning, and nobody else should see it before then.';

/** The fields the demo reads of what it creates: a channel's id, a token's secret, the texts of issued copies. */
interface Created {
  channel: { id: string };
  token: string;
  copies: { recipient: string; text: string }[];
}

async function api(server: LiveServer, method: string, path: string, token: string, body?: unknown): Promise<Created> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Created;
}

/**
 * A starter account with two channels (one signing, its keys published, and holding a C2PA certificate), three
 * tokens, a month of operations and a memo issued in copies. Returns a passage of one of the copies, to trace on the
 * Copies page.
 */
async function seed(server: LiveServer): Promise<string> {
  await makeAccount(server, EMAIL, { plan: 'starter' });
  server.wm('credits', 'grant', EMAIL, '5000');
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const press = await api(server, 'POST', '/api/v2/channels', accessToken, {
    channel_name: 'press',
    signing: true,
    keys_public: true,
    signer_name: 'Ada News',
  });
  const approved = server.wm('channels', 'publish', 'press', '--user', EMAIL, '--approve');
  if (approved.status !== 0) throw new Error(`approving the publication of press: ${approved.stderr}`);
  await api(server, 'PUT', `/api/v2/channels/${press.channel.id}/c2pa-certificate`, accessToken, {
    signer_name: 'Ada News',
    algorithm: 'es256',
  });
  await api(server, 'POST', '/api/v2/channels', accessToken, { channel_name: 'contracts' });
  const laptop = await api(server, 'POST', '/api/v2/tokens', accessToken, {
    name: 'laptop',
    permissions: ['encode', 'decode'],
  });
  await api(server, 'POST', '/api/v2/tokens', accessToken, { name: 'CI pipeline', permissions: ['encode'] });
  const pressToken = await api(server, 'POST', '/api/v2/tokens', accessToken, {
    name: 'press office',
    permissions: ['encode', 'decode'],
    signing_channel_id: press.channel.id,
    sign: true,
  });

  const { store, masterKey } = await openDataFolder({ home: server.home, env: {}, create: false });
  let clock = Date.now() - 29 * 86_400_000;
  const domain = createDomain({ store, masterKey, now: () => new Date(clock) });
  try {
    for (let day = 0; day < 30; day++, clock += 86_400_000) {
      const operations = Math.round(6 + 5 * Math.sin(day / 3) + (day % 7 === 5 || day % 7 === 6 ? -4 : day / 4));
      for (let n = 0; n < operations; n++) {
        const token = n % 3 === 0 ? pressToken.token : laptop.token;
        const made = await domain.watermark.encode(token, { text: CARRIER, secret: `copy #${day}-${n}` });
        if (n % 2 === 0) await domain.watermark.decode(token, { text: made.encoded });
      }
    }
  } finally {
    await store.close();
  }
  const issued = await api(server, 'POST', '/api/v2/copies', pressToken.token, {
    text: MEMO,
    name: 'board-memo.txt',
    recipients: ['alice@example.com', 'bob@example.com', 'carol@example.com'],
  });
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: UNVERIFIED, password: PASSWORD, username: 'grace' }),
  });
  if (registered.status !== 201) throw new Error(`register ${UNVERIFIED}: ${registered.status}`);
  return issued.copies[1].text.split('\n\n')[1];
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 600 ? 900 : 780 });
  // let the layout settle at the new width before the picture
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: true });
}

/** Opens `path` and waits for its heading and for its data (no loading placeholder left). */
async function open(page: Page, server: LiveServer, path: string, heading: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.locator('.skeleton').first().waitFor({ state: 'detached' });
}

/** Every page and dialog, at 1280 and 360 px, in one theme (`suffix` '' or '-dark' in the file names). */
async function shootEveryPage(server: LiveServer, browser: Browser, suffix: string, leaked: string): Promise<void> {
  const page = await browser.newPage();
  const both = async (name: string) => {
    for (const width of [1280, 360]) await shoot(page, `${name}${suffix}`, width);
  };
  await page.setViewportSize({ width: 1280, height: 900 });

  for (const [path, heading, name] of [
    ['/signin', 'Sign in', 'sign-in'],
    ['/signup', 'Create an account', 'sign-up'],
    ['/signup/sent', 'Check your mail', 'check-mail'],
    ['/forgot-password', 'Forgot your password?', 'forgot-password'],
    ['/verify-email/resend', 'Verify your address again', 'resend-verification'],
    ['/reset-password#token=from-the-mail', 'Choose a new password', 'reset-password'],
    ['/verify-email?result=verified', 'Email verified', 'verify-email'],
    ['/verify-email?result=already', 'Already verified — sign in', 'verify-email-again'],
    ['/verify-email?result=invalid', 'This link does not work', 'verify-email-invalid'],
  ] as const) {
    await open(page, server, path, heading);
    await both(name);
  }
  await open(page, server, '/forgot-password', 'Forgot your password?');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  await page.getByText('If an account uses this address').waitFor();
  await both('forgot-password-sent');
  await open(page, server, '/check', 'Checker');
  await both('checker-signed-out');

  await signInThroughPage(page, server, EMAIL);
  await page.locator('table').first().waitFor();
  await both('overview');
  for (const [path, heading, ready] of [
    ['/tokens', 'API tokens', 'table'],
    ['/channels', 'Channels', 'table'],
    ['/usage', 'Usage', 'svg.chart'],
    ['/profile', 'Profile', 'form'],
  ] as const) {
    await open(page, server, path, heading);
    await page.locator(ready).first().waitFor();
    await both(path.slice(1));
  }

  // the certificate dialog: a channel's first (the form), then press's renewed (what it made, its root to download)
  await open(page, server, '/channels', 'Channels');
  await page.getByRole('button', { name: 'Make a C2PA certificate for contracts' }).click();
  await page.getByLabel('Signer name').waitFor();
  await both('channel-c2pa');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Make a C2PA certificate for press' }).click();
  await page.getByRole('button', { name: 'Make a new certificate' }).click();
  await page.locator('#c2pa-certificate-made').waitFor();
  await both('channel-c2pa-made');
  await page.getByRole('button', { name: 'Done' }).click();

  await open(page, server, '/copies', 'Copies');
  const pressOffice = 'press office — encode, decode · channel press · signs';
  const picker = page.getByLabel('Run as your API token');
  await picker.locator('option', { hasText: pressOffice }).waitFor({ state: 'attached' });
  await picker.selectOption({ label: pressOffice });
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByText('“board-memo.txt” — 3 copies').waitFor();
  await page.getByLabel('Leaked text').fill(leaked);
  await page.getByRole('button', { name: 'Trace' }).click();
  await page.getByText(/This text is the copy issued to bob@example.com/).waitFor();
  await both('copies');

  await open(page, server, '/tokens', 'API tokens');
  await page.getByLabel('Name').fill(`staging${suffix}`);
  await page.getByRole('button', { name: 'Create token' }).click();
  await page.getByRole('dialog').waitFor();
  await both('token-created');
  await page.getByRole('button', { name: /close/ }).click();

  await open(page, server, '/check', 'Checker');
  await page.getByRole('tab', { name: 'Hide a secret' }).click();
  await page.getByLabel('Text to carry the secret').fill(CARRIER);
  await page.getByLabel('Secret to hide').fill('copy #17');
  await page.getByRole('button', { name: 'Hide the secret' }).click();
  await page.getByRole('heading', { name: 'Marked text' }).waitFor();
  await both('checker-encode');
  await page.getByLabel(/^On this server/).check();
  await page.getByLabel('Run as your API token').locator('option').first().waitFor({ state: 'attached' });
  await both('checker-server');
  await page.getByLabel(/^In this browser/).check();
  await page.getByRole('button', { name: 'Hide the secret' }).click();
  await page.getByRole('heading', { name: 'Marked text' }).waitFor();
  await page.getByRole('button', { name: 'Check it' }).click();
  await page.getByRole('heading', { name: 'Watermarks', exact: true }).waitFor();
  await both('checker');

  // an article signed by the press office's token, its text bound, checked against this server's key set
  await page.getByRole('tab', { name: 'Hide a secret' }).click();
  await page.getByLabel(/^On this server/).check();
  await picker.locator('option', { hasText: pressOffice }).waitFor({ state: 'attached' });
  await picker.selectOption({ label: pressOffice });
  await page.getByLabel('Sign the visible text too').check();
  await page.getByLabel('Text to carry the secret').fill(CARRIER);
  await page.getByLabel('Secret to hide').fill('story 4711');
  await page.getByRole('button', { name: 'Hide the secret' }).click();
  await page.getByRole('heading', { name: 'Marked text' }).waitFor();
  await page.getByRole('button', { name: 'Check it' }).click();
  await page.getByText('Signed by Ada News — text unchanged.').waitFor();
  await both('checker-signed');

  // the same article signed with Content Credentials of press's C2PA certificate, verified in the page
  await page.getByRole('tab', { name: 'Sign with Content Credentials' }).click();
  await picker.locator('option', { hasText: pressOffice }).waitFor({ state: 'attached' });
  await page.getByLabel('Text to sign').fill(CARRIER);
  await page.getByLabel('Title (optional)').fill('Quarterly report');
  await page.getByRole('button', { name: 'Sign with Content Credentials' }).click();
  await page.locator('#c2pa-verdict', { hasText: 'Signed by Ada News, unknown signer' }).waitFor();
  await both('checker-sign');

  // an account whose address is not verified yet: the notice above every page, and its Profile
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInThroughPage(page, server, UNVERIFIED);
  await page.getByRole('complementary', { name: 'Email address not verified' }).waitFor();
  await page.locator('.skeleton').first().waitFor({ state: 'detached' });
  await both('overview-unverified');
  await open(page, server, '/profile', 'Profile');
  await both('profile-unverified');
  await page.close();
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startLiveServer();
  try {
    const leaked = await seed(server);
    for (const [colorScheme, suffix] of [
      ['light', ''],
      ['dark', '-dark'],
    ] as const) {
      const browser = await openBrowser({ colorScheme });
      try {
        await shootEveryPage(server, browser, suffix, leaked);
      } finally {
        await browser.close();
      }
    }
    console.log(`screenshots in ${OUT}`);
  } finally {
    await server.stop();
  }
}

await main();
