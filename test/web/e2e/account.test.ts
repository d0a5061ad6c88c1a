import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import {
  PASSWORD,
  heapHolds,
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

beforeAll(async () => {
  server = await startLiveServer();
  browser = await openBrowser();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const heading = (name: string) => page.getByRole('heading', { level: 1, name });
const nav = (name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });

async function apiToken(email: string, name: string): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const created = await fetch(`${server.url}/api/v2/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ name, permissions: ['encode', 'decode'] }),
  });
  return ((await created.json()) as { token: string }).token;
}

describe('the dashboard in Chromium, against wm serve', () => {
  it('sign up (errors next to their fields) → check your mail → the mailed link → sign in', async () => {
    expect(server.serve.output()).toContain(`dashboard:   ${server.url}/`);
    await makeAccount(server, 'taken@example.com');
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Email').fill('taken@example.com');
    await page.getByLabel('Username').fill('ada');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    // the API's details, each under its own field, and the first one focused
    await expect.poll(() => page.locator('#password-error').textContent()).toMatch(/10 characters|weak|at least/i);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('#email-error').textContent()).toContain('already registered');
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Create account' }).click();
    await heading('Check your mail').waitFor();
    const sent = await page.locator('main').textContent();
    expect(sent).toContain('ada@example.com');
    expect(sent).toContain('outbox.jsonl');
    expect(sent).toContain('wm users verify ada@example.com');
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await page.getByText('If an account with this address is waiting for verification').waitFor();
    await expect.poll(() => server.mailsTo('ada@example.com').length).toBe(2);

    const link = server.verificationLink('ada@example.com');
    await page.goto(link);
    await heading('Email verified').waitFor();
    // a second click on the link (or on the first mail's) says so, in the dashboard's own page, and leads on
    await page.goto(link);
    await heading('Already verified — sign in').waitFor();
    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await heading('Sign in').waitFor();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('wrong password 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading('Overview').waitFor();
  });

  it('overview: balance, plan, status, the quota bar with its reset date, recent usage', async () => {
    const token = await apiToken('ada@example.com', 'script');
    const encoded = await fetch(`${server.url}/api/watermark/encode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: 'Some words to carry it', secret: 's' }),
    });
    expect(encoded.status).toBe(200);
    await page.reload();
    await heading('Overview').waitFor();
    await page.locator('table tbody tr').first().waitFor();
    const text = (await page.locator('main').textContent())!;
    expect(text).toMatch(/Credits\s*99/);
    expect(text).toContain('Free');
    expect(text).toContain('Active');
    expect(text).toMatch(/resets/);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(await page.locator('table tbody tr').first().textContent()).toContain('Encode');
  });

  it('tokens: secret shown once, copied, gone with the dialog; listed by prefix; revoked if confirmed', async () => {
    await nav('API tokens').click();
    await heading('API tokens').waitFor();
    await page.getByLabel('Name').fill('laptop');
    await page.getByLabel(/^decode/).uncheck();
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const secret = (await dialog.locator('#secret-value').textContent())!;
    expect(secret).toMatch(/^wm_/);
    await dialog.getByRole('button', { name: 'Copy token' }).click();
    await dialog.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    // the heap check below is real: while the dialog is open, the page holds the secret
    const unique = secret.slice(12);
    expect(await heapHolds(page, unique)).toBe(true);
    await dialog.getByRole('button', { name: /close/ }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);
    expect(page.url()).not.toContain(secret);
    // gone from the page's memory too, not only from the DOM: no state, closure or response body keeps it. Asked
    // again for a few seconds: a forced collection right after the dialog closes left the string once in CI and
    // once in seven local runs (a detached node or a task still in flight); what the page keeps stays to the end.
    await expect.poll(() => heapHolds(page, unique), { timeout: 6000, interval: 500 }).toBe(false);

    const row = page.locator('tr', { hasText: 'laptop' });
    expect(await row.textContent()).toContain(`${secret.slice(0, 8)}`);
    expect(await row.textContent()).toContain('encode');
    expect(await row.textContent()).not.toContain('decode');
    expect(await row.textContent()).toContain('never');

    await row.getByRole('button', { name: 'Revoke laptop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'laptop' }).count()).toBe(1);
    await row.getByRole('button', { name: 'Revoke laptop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'laptop' }).count()).toBe(0);
    const refused = await fetch(`${server.url}/api/watermark/encode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ text: 'Some words to carry it', secret: 's' }),
    });
    expect(refused.status).toBe(401);
  });

  it('channels: free plan explained; created on starter; a bound token; deactivated with what it keeps', async () => {
    await nav('Channels').click();
    await heading('Channels').waitFor();
    await page.getByText('Channels come with the starter plan').waitFor();
    expect(server.wm('users', 'set-plan', 'ada@example.com', 'starter').status).toBe(0);
    await page.reload();
    await page.getByLabel('Channel name').fill('press');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.locator('tr', { hasText: 'press' }).waitFor();
    await page.getByLabel('Channel name').fill('press');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await expect.poll(() => page.locator('#channel-name-error').textContent()).toContain('already exists');
    for (const name of ['two', 'three']) {
      await page.getByLabel('Channel name').fill(name);
      await page.getByRole('button', { name: 'Create channel' }).click();
      await page.locator('tr', { hasText: name }).waitFor();
    }
    await page.getByLabel('Channel name').fill('four');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.getByText('allows 3 active channels').waitFor();

    await nav('API tokens').click();
    await page.getByLabel('Name').fill('press office');
    await page.getByLabel('Channel (optional)').selectOption({ label: 'press' });
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /close/ }).click();
    expect(await page.locator('tr', { hasText: 'press office' }).textContent()).toContain('press');

    await nav('Channels').click();
    const press = page.locator('tr', { hasText: 'press' });
    await expect.poll(() => press.locator('td[data-label="Active tokens"]').textContent()).toBe('1');
    await press.getByRole('button', { name: 'Deactivate press' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('can still be decoded');
    expect(await dialog.textContent()).toContain('keeps working until you revoke');
    await dialog.getByRole('button', { name: 'Deactivate channel' }).click();
    await expect.poll(() => press.textContent()).toContain('deactivated');
  });

  it('signing: a channel with a signing key, published under a name, rotated; a token that signs', async () => {
    expect(server.wm('users', 'set-plan', 'ada@example.com', 'pro').status).toBe(0);
    await nav('Channels').click();
    await page.getByLabel('Channel name').fill('newsroom');
    await page.getByLabel('With a signing key').check();
    await page.getByRole('button', { name: 'Create channel' }).click();
    const row = page.locator('tr', { hasText: 'newsroom' });
    await expect
      .poll(() => row.locator('td[data-label="Signing key"]').textContent())
      .toMatch(/^[0-9a-f]{16}not published$/);
    const firstKey = (await row.locator('td[data-label="Signing key"] code').textContent())!;

    await row.getByRole('button', { name: 'Publish the keys of newsroom' }).click();
    const publish = page.getByRole('dialog');
    expect(await publish.textContent()).toContain('/.well-known/wm-keys.json');
    await publish.getByLabel('Signer name (optional)').fill('Ada News');
    await publish.getByRole('button', { name: 'Publish keys' }).click();
    const badge = row.locator('td[data-label="Signing key"] .badge');
    // asking is not publishing: the operator approves (wm serve's default, docs/SERVER.md), and the badge says so
    await expect.poll(() => badge.textContent()).toBe('waiting to be published as Ada News');
    expect(server.wm('channels', 'publish', 'newsroom', '--user', 'ada@example.com', '--approve').status).toBe(0);
    const published = (await (await fetch(`${server.url}/.well-known/wm-keys.json`)).json()) as {
      keys: { kid: string; name: string }[];
    };
    expect(published.keys).toContainEqual(expect.objectContaining({ kid: firstKey, name: 'Ada News' }));

    await row.getByRole('button', { name: 'Rotate the signing key of newsroom' }).click();
    const rotate = page.getByRole('dialog');
    expect(await rotate.textContent()).toContain(`${firstKey} is retired`);
    await rotate.getByRole('button', { name: 'Rotate key' }).click();
    await expect.poll(() => row.textContent()).toContain('1 retired');
    expect(await badge.textContent()).toBe('published as Ada News');
    expect(await row.locator('td[data-label="Signing key"] code').textContent()).not.toBe(firstKey);

    await nav('API tokens').click();
    await page.getByLabel('Name').fill('signer');
    await page.getByLabel('Channel (optional)').selectOption({ label: 'newsroom' });
    await page.getByLabel("Sign its marks with the channel's signing key").check();
    await page.getByLabel('Also encrypt the secret').uncheck();
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.locator('#secret-value').textContent())!;
    await page.getByRole('dialog').getByRole('button', { name: /close/ }).click();
    expect(await page.locator('tr', { hasText: 'signer' }).textContent()).toContain('signs, not encrypted');

    const call = async (operation: string, body: object) =>
      (await (
        await fetch(`${server.url}/api/watermark/${operation}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
          body: JSON.stringify(body),
        })
      ).json()) as { encoded: string; keyed: boolean; signature: { status: string; signer: string } };
    const encoded = await call('encode', { text: 'Some words to carry a signed mark', secret: 's', bind_text: true });
    expect(encoded.keyed).toBe(false);
    expect((await call('decode', { text: encoded.encoded })).signature).toMatchObject({
      status: 'valid',
      signer: 'Ada News',
    });
  });

  it('usage: a chart of the last 30 days and the history in pages', async () => {
    const token = await apiToken('ada@example.com', 'bulk');
    for (let i = 0; i < 24; i++) {
      const response = await fetch(`${server.url}/api/watermark/encode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: 'Some words to carry it', secret: `n${i}` }),
      });
      expect(response.status).toBe(200);
    }
    await nav('Usage').click();
    await heading('Usage').waitFor();
    await page.locator('svg.chart').waitFor();
    expect(await page.locator('svg.chart rect.bar').count()).toBe(30);
    // with the signing test's encode and decode
    expect(await page.locator('figcaption').textContent()).toContain('27 operations in the last 30 days');
    await page.locator('table.stack tbody tr').first().waitFor();
    expect(await page.locator('table.stack tbody tr').count()).toBe(20);
    expect(await page.locator('table.stack tbody tr').first().textContent()).toContain('bulk');
    await page.getByRole('button', { name: 'Older' }).click();
    await page.getByText('Page 2').waitFor();
    await expect.poll(() => page.locator('table.stack tbody tr').count()).toBe(8);
    expect(await page.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Newer' }).click();
    await page.getByText('Page 1').waitFor();
  });

  it('profile: names saved; a wrong current password at its field; what a password change did', async () => {
    await nav('Profile').click();
    await heading('Profile').waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile saved.').waitFor();
    await page.reload();
    expect(await page.getByLabel('Last name').inputValue()).toBe('Lovelace');

    await page.getByLabel('Current password').fill('not my password 1');
    await page.getByLabel('New password').fill('Another horse 43');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.locator('#currentPassword-error').textContent()).toContain('wrong password');

    // another browser signed in to the same account
    const other = await openBrowser();
    try {
      const otherPage = await other.newPage();
      await signInThroughPage(otherPage, server, 'ada@example.com');

      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      // this session goes on with the fresh token the server answered; the page says what happened to the others
      await page.getByText('Password changed. Other sessions have been signed out.').waitFor();
      await nav('Overview').click();
      await heading('Overview').waitFor();
      await page
        .getByText(/Credits/)
        .first()
        .waitFor();

      await otherPage.reload();
      await otherPage.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(other.problems).toEqual([]);
    } finally {
      await other.close();
    }
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await heading('Sign in').waitFor();
    expect(await page.locator('main').textContent()).toContain('You are signed out.');
    await page.goto(`${server.url}/tokens`);
    await heading('Sign in').waitFor();
  });

  it('tokens: only what the server takes is sent — an empty name stays here; Enter then a click: one', async () => {
    await signInThroughPage(page, server, 'ada@example.com', 'Another horse 43');
    const posts: number[] = [];
    const watch = (response: Response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v2/tokens') {
        posts.push(response.status());
      }
    };
    page.on('response', watch);
    try {
      await nav('API tokens').click();
      await page.getByLabel('Name').fill('  ');
      await page.getByRole('button', { name: 'Create token' }).click();
      await expect.poll(() => page.locator('#token-name-error').textContent()).toBe('Give the token a name');
      await page.getByLabel('Name').fill('twice');
      await page.getByLabel('Name').press('Enter');
      // the same form again at once, as a hurried person or a script does (force: past any dialog in the way)
      await page.getByRole('button', { name: /^Create/ }).click({ force: true });
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /close/ }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(posts).toEqual([201]);
      expect(await page.locator('#token-name-error').count()).toBe(0);
    } finally {
      page.off('response', watch);
    }
  });

  it('forgot password: the mailed link sets a new one, signs in here and signs out every other session', async () => {
    const other = await openBrowser();
    try {
      const otherPage = await other.newPage();
      await signInThroughPage(otherPage, server, 'ada@example.com', 'Another horse 43');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await heading('Sign in').waitFor();
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await heading('Forgot your password?').waitFor();
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByRole('button', { name: 'Mail me a link' }).click();
      await page.getByText('If an account uses this address, a link to set a new password').waitFor();
      expect(await page.locator('main').textContent()).toContain('wm users passwd ada@example.com');
      await expect
        .poll(() => server.mailsTo('ada@example.com').filter((m) => /new password/.test(m.subject)))
        .toHaveLength(1);
      const mail = server.mailsTo('ada@example.com').at(-1)!;
      const link = /(http:\/\/\S+\/reset-password#token=\S+)/.exec(mail.text)![1];

      await page.goto(link);
      await heading('Choose a new password').waitFor();
      // the token leaves the address bar (and so the history) as soon as the page has it
      expect(page.url()).toBe(`${server.url}/reset-password`);
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'Set the password and sign in' }).click();
      await expect.poll(() => page.locator('#newPassword-error').textContent()).toMatch(/10 characters|at least/i);
      await page.getByLabel('New password').fill('Reset horse 44');
      await page.getByRole('button', { name: 'Set the password and sign in' }).click();
      await heading('Overview').waitFor();
      await page.getByText('Your new password is set. Every other session is signed out').waitFor();

      await otherPage.reload();
      await otherPage.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(other.problems).toEqual([]);

      // the link worked once
      await page.goto(link);
      await page.getByLabel('New password').fill('Third horse 45');
      await page.getByRole('button', { name: 'Set the password and sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'invalid, used or expired' }).waitFor();
      await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    } finally {
      await other.close();
    }
  });

  it('resend verification: from the sign-in page, a new link by mail that verifies the address', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await heading('Sign in').waitFor();
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bo@example.com', password: PASSWORD, username: 'bo' }),
    });
    expect(registered.status).toBe(201);
    await page.getByRole('link', { name: 'Send it again' }).click();
    await heading('Verify your address again').waitFor();
    await page.getByLabel('Email').fill('bo@example.com');
    await page.getByRole('button', { name: 'Mail a new link' }).click();
    await page.getByText('If an account with this address is waiting for verification').waitFor();
    await expect.poll(() => server.mailsTo('bo@example.com').length).toBe(2);
    const [first, second] = server
      .mailsTo('bo@example.com')
      .map((mail) => /(http:\/\/\S+verify-email\?token=\S+)/.exec(mail.text)![1]);
    expect(second).not.toBe(first);
    await page.goto(second);
    await heading('Email verified').waitFor();
    // the first mail's link, opened afterwards: the address is verified already
    await page.goto(first);
    await heading('Already verified — sign in').waitFor();
    await page.goto(`${server.url}/api/auth/verify-email?token=made-up`);
    await heading('This link does not work').waitFor();
    await page.getByRole('link', { name: 'ask for a new link' }).click();
    await heading('Verify your address again').waitFor();
  });

  it('left no CSP violation or page error behind', () => {
    expect(browser.problems).toEqual([]);
  });
});
