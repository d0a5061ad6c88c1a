import { afterAll, beforeAll } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { APT_PACKAGES } from './fonts.js';

export const CHROMIUM = '/usr/bin/chromium';
/** The widest box: narrow enough that every corpus text wraps several times. */
export const BOX_WIDTH = 320;
/** Every text is drawn at these widths, so that line breaks fall at different places. */
export const BOX_WIDTHS = [BOX_WIDTH, 250, 190];
export const LINE_HEIGHT = 28;

const STYLE = `
  html, body { margin: 0; padding: 0; background: #fff; }
  .box { width: ${BOX_WIDTH}px; margin: 0 0 ${LINE_HEIGHT}px 8px; padding: 0; color: #000; background: #fff;
         font-size: 18px; line-height: ${LINE_HEIGHT}px; white-space: pre-wrap; unicode-bidi: plaintext;
         text-align: start; }
`;

// No background networking: this machine's closed network would refuse Chromium's calls home.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
];

export interface RenderBrowser {
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile and one page that holds the render boxes. */
export async function openRenderBrowser(): Promise<RenderBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y ${APT_PACKAGES}`);
  const profile = mkdtempSync(join(tmpdir(), 'wm-render-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: BOX_WIDTH + 16, height: 600 },
      deviceScaleFactor: 1,
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body></body></html>`,
  );
  await page.addScriptTag({ path: fileURLToPath(new URL('./in-page.js', import.meta.url)) });
  return {
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One browser for the test file: opened before its tests, closed after; returns the page to draw on. */
export function useRenderPage(): () => Page {
  let browser: RenderBrowser | undefined;
  beforeAll(async () => {
    browser = await openRenderBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!.page;
}
