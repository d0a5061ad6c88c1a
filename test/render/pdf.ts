import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { BOX_WIDTH } from './chromium.js';

const run = promisify(execFile);

interface InPage {
  wmRender: { layout(boxes: { text: string; font: string; width?: number }[]): unknown };
}

/**
 * Chromium's "print to PDF" of the texts, each in a box of the render check's style on a page of its own, as a
 * reader would print a page holding the text.
 */
export async function printToPdf(page: Page, texts: string[], font: string, width = BOX_WIDTH): Promise<Buffer> {
  // Each box on its own page, far from the page's edges, so no glyph of one text bleeds onto the next page
  const style = await page.addStyleTag({ content: '.box { break-after: page; margin: 80px 8px; }' });
  try {
    await page.evaluate(
      (boxes) => (globalThis as unknown as InPage).wmRender.layout(boxes),
      texts.map((text) => ({ text, font, width })),
    );
    return await page.pdf({ format: 'A4', margin: { top: '20px', bottom: '20px', left: '20px', right: '20px' } });
  } finally {
    await style.evaluate((node) => (node as unknown as { remove(): void }).remove());
  }
}

/**
 * poppler's `pdftotext` (Debian's poppler-utils) of each page: the text most Linux viewers and pipelines extract;
 * `raw`: with `-raw`, the characters in the order the page draws them (no column or reading-order analysis).
 */
export async function popplerPages(pdf: Buffer, raw = false): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'wm-pdf-'));
  try {
    const file = join(folder, 'printed.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', [...(raw ? ['-raw'] : []), '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 1 << 28,
    });
    // pdftotext ends every page with a form feed
    return stdout.split('\f').slice(0, -1);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
