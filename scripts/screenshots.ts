// `npm run screenshots`: every dashboard page at 1280 and 360 px wide (and a few in the dark theme) into
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
  type LiveServer,
} from '../test/web/e2e/harness.js';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const EMAIL = 'ada@example.com';
const CARRIER =
  'The quarterly report goes to the press office on Monday morning, and nobody else should see it before then.';

/** The fields the demo reads of what it creates: a channel's id, a token's secret. */
interface Created {
  channel: { id: string };
  token: string;
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

/** A starter account with two channels (one signing, its keys published), three tokens and a month of operations. */
async function seed(server: LiveServer): Promise<void> {
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
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 600 ? 900 : 780 });
  // let the layout settle at the new width before the picture
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: true });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startLiveServer();
  const browser = await openBrowser();
  try {
    await seed(server);
    const page = await browser.newPage();
    const both = async (name: string) => {
      for (const width of [1280, 360]) await shoot(page, name, width);
    };

    await page.goto(`${server.url}/signin`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await both('sign-in');
    await page.goto(`${server.url}/signup`);
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await both('sign-up');

    await signInThroughPage(page, server, EMAIL);
    await page.locator('table').first().waitFor();
    await both('overview');
    for (const [path, heading, ready] of [
      ['/tokens', 'API tokens', 'table'],
      ['/channels', 'Channels', 'table'],
      ['/usage', 'Usage', 'svg.chart'],
      ['/profile', 'Profile', 'form'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.locator(ready).first().waitFor();
      await both(path.slice(1));
    }

    await page.goto(`${server.url}/tokens`);
    await page.getByLabel('Name').fill('staging');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('dialog').waitFor();
    await both('token-created');
    await page.getByRole('button', { name: /close/ }).click();

    await page.goto(`${server.url}/check`);
    await page.getByRole('tab', { name: 'Hide a secret' }).click();
    await page.getByLabel('Text to carry the secret').fill(CARRIER);
    await page.getByLabel('Secret to hide').fill('copy #17');
    await page.getByRole('button', { name: 'Hide the secret' }).click();
    await page.getByRole('heading', { name: 'Marked text' }).waitFor();
    await both('checker-encode');
    await page.getByRole('button', { name: 'Check it' }).click();
    await page.getByRole('heading', { name: 'Watermarks', exact: true }).waitFor();
    await both('checker');

    const dark = await openBrowser({ colorScheme: 'dark' });
    try {
      const darkPage = await dark.newPage();
      await signInThroughPage(darkPage, server, EMAIL);
      await darkPage.locator('table').first().waitFor();
      await shoot(darkPage, 'overview-dark', 1280);
      await darkPage.goto(`${server.url}/usage`);
      await darkPage.locator('svg.chart').waitFor();
      await shoot(darkPage, 'usage-dark', 1280);
    } finally {
      await dark.close();
    }
    console.log(`screenshots in ${OUT}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
