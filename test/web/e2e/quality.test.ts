import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  layoutShifts,
  makeAccount,
  openBrowser,
  signInThroughPage,
  startLiveServer,
  type Browser,
  type LiveServer,
} from './harness.js';

let server: LiveServer;
const EMAIL = 'grace@example.com';

beforeAll(async () => {
  server = await startLiveServer();
  await makeAccount(server, EMAIL, { plan: 'starter' });
});
afterAll(async () => {
  await server?.stop();
});

const SIGNED_OUT: [string, string][] = [
  ['/signin', 'Sign in'],
  ['/signup', 'Create an account'],
  ['/signup/sent', 'Check your mail'],
  ['/forgot-password', 'Forgot your password?'],
  ['/verify-email/resend', 'Verify your address again'],
  ['/reset-password', 'Choose a new password'],
  ['/verify-email?result=already', 'Already verified — sign in'],
  ['/verify-email?result=invalid', 'This link does not work'],
  ['/check', 'Checker'],
];
const SIGNED_IN: [string, string][] = [
  ['/', 'Overview'],
  ['/tokens', 'API tokens'],
  ['/channels', 'Channels'],
  ['/usage', 'Usage'],
  ['/profile', 'Profile'],
  ['/check', 'Checker'],
];

/**
 * Each page, loaded afresh (the session restored from the cookie, the data fetched), drawn and settled (no
 * loading placeholder left). Whatever jumped while it loaded is a problem.
 */
async function visit(page: Page, path: string, title: string): Promise<string[]> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.locator('.skeleton').first().waitFor({ state: 'detached' });
  const { score, moved } = await layoutShifts(page);
  // 0.01: a few pixels of one small element; the web's own "good" limit is ten times that
  return score > 0.01 ? [`layout shifted while loading (${score.toFixed(3)}: ${[...new Set(moved)].join(', ')})`] : [];
}

/** Problems a person would meet on this page at this width: axe's serious/critical findings, sideways scrolling. */
async function pageProblems(page: Page, width: number): Promise<string[]> {
  const problems = await accessibilityViolations(page);
  const overflow = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  if (overflow > width) problems.push(`the page is ${overflow} px wide at ${width} px`);
  return problems;
}

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`every page in the ${colorScheme} theme, at 1280 and 360 px`, () => {
    let browser: Browser;
    let page: Page;
    beforeAll(async () => {
      browser = await openBrowser({ colorScheme });
      page = await browser.newPage();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('signed out: no serious or critical axe violation, nothing wider than the screen, nothing jumps', async () => {
      const found: string[] = [];
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const [path, title] of SIGNED_OUT) {
          const problems = [...(await visit(page, path, title)), ...(await pageProblems(page, width))];
          found.push(...problems.map((problem) => `${path} @${width}: ${problem}`));
        }
        await page.getByRole('tab', { name: 'Hide a secret' }).click();
        found.push(...(await pageProblems(page, width)).map((problem) => `/check (encode) @${width}: ${problem}`));
      }
      expect(found).toEqual([]);
    });

    it('signed in, dialogs and checker results included: the same', async () => {
      const found: string[] = [];
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInThroughPage(page, server, EMAIL);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const [path, title] of SIGNED_IN) {
          const problems = [...(await visit(page, path, title)), ...(await pageProblems(page, width))];
          found.push(...problems.map((problem) => `${path} @${width}: ${problem}`));
        }
        await page.getByLabel('Text to check').fill('Hello\u200B world \u202Ecd\u202C');
        await page.getByRole('button', { name: 'Remove hidden marks' }).click();
        found.push(...(await pageProblems(page, width)).map((problem) => `/check (results) @${width}: ${problem}`));
        await visit(page, '/tokens', 'API tokens');
        await page.getByLabel('Name').fill(`token ${width}`);
        await page.getByRole('button', { name: 'Create token' }).click();
        await page.getByRole('dialog').waitFor();
        found.push(
          ...(await pageProblems(page, width)).map((problem) => `/tokens (secret dialog) @${width}: ${problem}`),
        );
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      expect(found).toEqual([]);
      expect(browser.problems).toEqual([]);
    });
  });
}

describe('on a phone and on a long page', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await openBrowser({ width: 360, height: 780 });
    page = await browser.newPage();
    await signInThroughPage(page, server, EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * The elements matching `selector`, each with whether it is drawn whole inside the window's width and is what a tap
   * on its middle reaches (a string: the test files are type-checked without the DOM library).
   */
  const shown = async (selector: string) =>
    (await page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return [element.textContent.trim(),
        box.left >= 0 && box.right <= innerWidth && box.width > 0 && !!hit && element.contains(hit)];
    })`)) as [string, boolean][];

  it('at 360 px every destination and the account are in view, without a sideways scroll', async () => {
    for (const [path, title] of [
      ['/', 'Overview'],
      ['/usage', 'Usage'],
    ]) {
      await visit(page, path, title);
      expect(await shown('nav[aria-label="Dashboard"] a'), path).toEqual(
        ['Overview', 'API tokens', 'Channels', 'Usage', 'Copies', 'Checker', 'Profile'].map((name) => [name, true]),
      );
      expect(await shown('.who'), path).toEqual([[EMAIL, true]]);
      expect(await shown('.header-end button'), path).toEqual([['Sign out', true]]);
      expect(await page.evaluate('document.documentElement.scrollWidth'), path).toBeLessThanOrEqual(360);
    }
  });

  it("the usage page ends with its footer (no blank scroll); the chart's labels are readable on a phone", async () => {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 780 });
      await visit(page, '/usage', 'Usage');
      await page.locator('svg.chart text').first().waitFor();
      const [scrollHeight, footerEnd] = (await page.evaluate(
        '[document.documentElement.scrollHeight, ' +
          'document.querySelector("footer").getBoundingClientRect().bottom + scrollY]',
      )) as [number, number];
      expect(scrollHeight, `@${width}`).toBeLessThanOrEqual(Math.ceil(footerEnd) + 1);
      const [heights, chartWidth] = (await page.evaluate(`[
        [...document.querySelectorAll('svg.chart text')].map((text) => text.getBoundingClientRect().height),
        document.querySelector('svg.chart').getBoundingClientRect().width,
      ]`)) as [number[], number];
      expect(Math.min(...heights), `@${width}`).toBeGreaterThanOrEqual(12);
      expect(chartWidth, `@${width}`).toBeGreaterThan(width / 2 - 60);
    }
  });
});

/**
 * The focused control, and whether its focus is drawn: an outline of at least 2 px on it, or for a visually hidden
 * file input, on the button-like label after it.
 */
const FOCUSED = `(() => {
  const e = document.activeElement;
  const shown = e.matches('input[type=file].visually-hidden') ? e.nextElementSibling : e;
  const style = getComputedStyle(shown);
  const name = e.getAttribute('aria-label') || e.id || e.textContent.trim().slice(0, 30) || e.getAttribute('name');
  return { name: e.tagName.toLowerCase() + ' ' + name, body: e === document.body,
    at: [...document.querySelectorAll('*')].indexOf(e),
    outlined: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
})()`;

describe('by keyboard, on every page', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await openBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Tabs through the page from its start until focus leaves it: the controls reached, those without a focus ring. */
  async function tabThrough(label: string): Promise<{ reached: number; unseen: string[] }> {
    const reached = new Set<number>();
    const unseen: string[] = [];
    await page.locator('body').focus();
    for (let step = 0; step < 120; step++) {
      await page.keyboard.press('Tab');
      const focused = (await page.evaluate(FOCUSED)) as { name: string; at: number; body: boolean; outlined: boolean };
      if (focused.body || reached.has(focused.at)) break;
      reached.add(focused.at);
      if (!focused.outlined) unseen.push(`${label}: ${focused.name}`);
    }
    return { reached: reached.size, unseen };
  }

  it('reaches the controls of every page with Tab, each with a visible focus', async () => {
    const unseen: string[] = [];
    const visitAndTab = async (path: string, title: string, minimum: number) => {
      await visit(page, path, title);
      const result = await tabThrough(path);
      expect(result.reached, path).toBeGreaterThanOrEqual(minimum);
      unseen.push(...result.unseen);
    };
    await visitAndTab('/signin', 'Sign in', 10);
    await visitAndTab('/signup', 'Create an account', 12);
    await visitAndTab('/check', 'Checker', 8);
    await page.getByRole('tab', { name: 'Hide a secret' }).click();
    unseen.push(...(await tabThrough('/check (encode)')).unseen);
    await signInThroughPage(page, server, EMAIL);
    for (const [path, title] of SIGNED_IN.filter(([path]) => path !== '/check')) await visitAndTab(path, title, 10);
    expect(unseen).toEqual([]);
  });
});

describe('keyboard, session and what the browser keeps', () => {
  // access tokens of 8 s: the page renews them from the cookie after 5 s (its shortest wait)
  let shortLived: LiveServer;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];
  beforeAll(async () => {
    shortLived = await startLiveServer({ WM_ACCESS_TTL: '8' });
    await makeAccount(shortLived, EMAIL);
    browser = await openBrowser();
    page = await browser.newPage();
    page.on('request', (request) => requested.push(request.url()));
  });
  afterAll(async () => {
    await browser?.close();
    await shortLived?.stop();
  });

  it('axe is really looking: an unlabelled field is reported', async () => {
    await page.goto(`${shortLived.url}/signin`);
    await page.getByLabel('Email').waitFor();
    await page.evaluate('document.querySelector("label[for=email]").remove()');
    expect((await accessibilityViolations(page)).join('\n')).toMatch(/^label \(critical\)/m);
  });

  it('signs in by keyboard alone, every focused control visibly outlined', async () => {
    await page.goto(`${shortLived.url}/signin`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const outlined: string[] = [];
    const focusStyle = `(() => { const e = document.activeElement; const s = getComputedStyle(e);
      const outlined = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
      return e.tagName + '#' + (e.id || e.textContent.trim()) + ':' + outlined; })()`;
    // skip link, brand, navigation links, then the form
    do {
      await page.keyboard.press('Tab');
      outlined.push((await page.evaluate(focusStyle)) as string);
    } while ((await page.evaluate('document.activeElement.id')) !== 'email' && outlined.length < 20);
    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Tab');
    outlined.push((await page.evaluate(focusStyle)) as string);
    await page.keyboard.type('Correct horse 42');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(outlined.length).toBeGreaterThan(3);
    expect(outlined.filter((entry) => !entry.endsWith(':true'))).toEqual([]);
  });

  it('keeps the access token in memory only (not storage, cookies or URLs); a reload signs in by cookie', async () => {
    const stored = await page.evaluate(
      'JSON.stringify([Object.keys(localStorage), Object.keys(sessionStorage), document.cookie])',
    );
    expect(stored).toBe('[[],[],""]');
    const cookies = await browser.context.cookies();
    expect(cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.path])).toEqual([
      ['refreshToken', true, '/api/auth/refresh'],
    ]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(requested.every((url) => !/token=|accessToken|wm_/.test(new URL(url).search))).toBe(true);
    expect(requested.every((url) => url.startsWith(shortLived.url))).toBe(true);
  });

  it('renews the access token silently before it expires, and keeps working', async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Usage', exact: true }).click();
    const renewed = await page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'), {
      timeout: 20_000,
    });
    expect(renewed.status()).toBe(200);
    // past the first token's 8 s: the page still gets data with the renewed one
    await page.waitForTimeout(4_000);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'API tokens', exact: true })
      .click();
    await page.getByText('No API tokens yet').waitFor();
  });

  it('a refused renewal returns to sign-in with a message, and back to the same page afterwards', async () => {
    await browser.context.clearCookies();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('status').filter({ hasText: 'Your session has ended' }).count()).toBe(1);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('Correct horse 42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
    expect(browser.problems).toEqual([]);
  });
});
