import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../render/chromium.js';
import { runWm, startServe, type ServeProcess } from '../../server/serve-process.js';

export const PASSWORD = 'Correct horse 42';
const AXE = fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url));

/** A real `wm serve` on a temporary data folder (outbox mail, cheap password hashing), and the CLI on that folder. */
export interface LiveServer {
  url: string;
  home: string;
  serve: ServeProcess;
  wm(...args: string[]): ReturnType<typeof runWm>;
  /** the verification link of the last mail to `email`, from the outbox */
  verificationLink(email: string): string;
  /** the mails to `email` in the outbox, oldest first (recovery mail is written just after its request's answer) */
  mailsTo(email: string): { subject: string; text: string }[];
  stop(): Promise<void>;
}

/** `env`: more settings for `wm serve`, e.g. WM_ACCESS_TTL. */
export async function startLiveServer(env: NodeJS.ProcessEnv = {}): Promise<LiveServer> {
  const home = mkdtempSync(join(tmpdir(), 'wm-web-'));
  env = { ...process.env, WM_SCRYPT_LN: '10', WM_HOME: '', WM_SMTP_URL: '', WM_AUTH_RATE_LIMIT: '1000', ...env };
  const serve = await startServe(home, env);
  const mailsTo = (email: string) => {
    const outbox = join(home, 'outbox.jsonl');
    if (!existsSync(outbox)) return [];
    return readFileSync(outbox, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === email);
  };
  return {
    url: serve.url,
    home,
    serve,
    wm: (...args) => runWm(home, env, ...args),
    mailsTo,
    verificationLink(email) {
      const mail = mailsTo(email).at(-1);
      if (!mail) throw new Error(`no mail to ${email}`);
      return /(http:\/\/\S+\/api\/auth\/verify-email\?token=\S+)/.exec(mail.text)![1];
    },
    stop: async () => {
      await serve.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  /** a new tab; page errors and refused resources (CSP, 4xx other than the API's expected ones) are collected */
  newPage(): Promise<Page>;
  /** what went wrong in any page: uncaught errors and CSP violations */
  problems: string[];
  close(): Promise<void>;
}

export async function openBrowser(
  options: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    /** accept the self-signed certificate of a test's HTTPS server */
    ignoreHTTPSErrors?: boolean;
  } = {},
): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const profile = mkdtempSync(join(tmpdir(), 'wm-web-browser-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    acceptDownloads: true,
    deviceScaleFactor: 1,
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to|TrustedHTML|TrustedScript/i.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    problems,
    newPage: async () => {
      const page = await context.newPage();
      return page;
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new page, and the requests it makes to the watermark endpoints (the checker working locally makes none). */
export async function pageWatchingApi(browser: Browser): Promise<{ page: Page; apiRequests: string[] }> {
  const page = await browser.newPage();
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    // (loading a page asks /api/auth/refresh whether a session exists; that sends no text)
    if (new URL(request.url()).pathname.startsWith('/api/watermark/')) apiRequests.push(request.url());
  });
  return { page, apiRequests };
}

/** axe-core's serious and critical violations on the page as it is now (evaluated past the page's own CSP). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate('typeof window.axe !== "undefined"');
  if (!loaded) await page.evaluate(readFileSync(AXE, 'utf8'));
  // a string: the test files are type-checked without the DOM library
  const violations = (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) =>
      ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  })()`)) as { id: string; impact: string; help: string; nodes: string[] }[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.slice(0, 3).join(', ')}`,
    );
}

/**
 * How far the page's layout jumped since it was loaded: the sum of Chromium's layout-shift scores (the web's
 * Cumulative Layout Shift, without the shifts that follow the user's own input), with what moved.
 */
export async function layoutShifts(page: Page): Promise<{ score: number; moved: string[] }> {
  // a string: the test files are type-checked without the DOM library
  return (await page.evaluate(`new Promise((resolve) => {
    const shifts = [];
    new PerformanceObserver((list) => shifts.push(...list.getEntries()))
      .observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => {
      const counted = shifts.filter((shift) => !shift.hadRecentInput);
      const name = (node) => node.nodeName.toLowerCase() + (node.className ? '.' + node.className : '');
      resolve({
        score: counted.reduce((sum, shift) => sum + shift.value, 0),
        moved: counted.flatMap((shift) => shift.sources.map((source) => (source.node ? name(source.node) : '?'))),
      });
    }, 100);
  })`)) as { score: number; moved: string[] };
}

/**
 * What of the elements matching `selector` a reader cannot see whole across the page: each text's lines, and each
 * element's box (a button's border, a badge), that reach past the window's sides, past the card or dialog they sit
 * in, or past an ancestor that clips or scrolls what overflows it; and any box whose content is wider than the box.
 * Each as "what: why". Hidden elements (display: none, visually-hidden) are not looked at.
 */
export async function clippedParts(page: Page, selector: string): Promise<string[]> {
  // a string: the test files are type-checked without the DOM library
  return (await page.evaluate(`(() => {
    const found = new Set();
    const name = (node) => {
      const element = node.nodeType === 1 ? node : node.parentElement;
      const text = (node.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40);
      const classes = typeof element.className === 'string' && element.className ? '.' + element.className : '';
      return element.tagName.toLowerCase() + classes.split(' ').join('.') + (text ? ' "' + text + '"' : '');
    };
    const clips = (element) => getComputedStyle(element).overflowX !== 'visible';
    const check = (node, box) => {
      if (box.width === 0 && box.height === 0) return;
      if (box.left < -0.5 || box.right > innerWidth + 0.5) found.add(name(node) + ': beyond the window');
      for (let outer = node.parentElement; outer && outer !== document.body; outer = outer.parentElement) {
        const frame = outer.matches('.card, dialog');
        if (!frame && !clips(outer)) continue;
        const edge = outer.getBoundingClientRect();
        if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5)
          found.add(name(node) + ': beyond ' + name(outer).split(' ')[0]);
      }
    };
    for (const root of document.querySelectorAll(${JSON.stringify(selector)})) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.currentNode; node; node = walker.nextNode()) {
        const element = node.nodeType === 1 ? node : node.parentElement;
        if (element.closest('.visually-hidden') || !element.checkVisibility()) continue;
        if (node.nodeType === 3) {
          if (!node.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const line of range.getClientRects()) check(node, line);
          continue;
        }
        check(node, node.getBoundingClientRect());
        // a text field scrolls its own value: that is how it shows a long one
        if (node.matches('input, textarea, select')) continue;
        if (node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1)
          found.add(name(node) + ': its content is ' + (node.scrollWidth - node.clientWidth) + ' px wider than it');
      }
    }
    return [...found];
  })()`)) as string[];
}

/**
 * Whether the page's JavaScript heap still holds a string containing `needle`, after two full garbage collections:
 * what a script of the page (or a heap dump) could still find.
 */
export async function heapHolds(page: Page, needle: string): Promise<boolean> {
  const devtools = await page.context().newCDPSession(page);
  try {
    await devtools.send('HeapProfiler.enable');
    await devtools.send('HeapProfiler.collectGarbage');
    await devtools.send('HeapProfiler.collectGarbage');
    const chunks: string[] = [];
    devtools.on('HeapProfiler.addHeapSnapshotChunk', (event) => chunks.push(event.chunk));
    await devtools.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    const { strings } = JSON.parse(chunks.join('')) as { strings: string[] };
    return strings.some((string) => string.includes(needle));
  } finally {
    await devtools.detach();
  }
}

/** The headers of a signed-in API call for `email` (password PASSWORD), for what a test sets up through the API. */
export async function sessionHeaders(server: LiveServer, email: string): Promise<Record<string, string>> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
}

/** POSTs `body` as JSON and answers the JSON it gets back; any status but 2xx throws. */
export async function postJson<T>(
  server: LiveServer,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Registers, verifies through the outboxed link (unless `unverified`) and sets a plan, with the CLI where the browser
 * is not the point.
 */
export async function makeAccount(
  server: LiveServer,
  email: string,
  options: { plan?: 'free' | 'starter' | 'pro'; unverified?: true } = {},
): Promise<void> {
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, username: email.split('@')[0] }),
  });
  if (response.status !== 201) throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
  if (options.unverified) return;
  const verified = await fetch(server.verificationLink(email), { headers: { accept: 'application/json' } });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status}`);
  if (options.plan && options.plan !== 'free') {
    const set = server.wm('users', 'set-plan', email, options.plan);
    if (set.status !== 0) throw new Error(set.stderr);
  }
}

/** Signs in through the sign-in page and waits for the overview. */
export async function signInThroughPage(
  page: Page,
  server: LiveServer,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await page.goto(`${server.url}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}
