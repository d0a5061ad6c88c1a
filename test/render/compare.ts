import { PNG } from 'pngjs';
import type { CDPSession, Page } from 'playwright-core';
import { BOX_WIDTH, LINE_HEIGHT } from './chromium.js';

/** Where a variant's pixels first differ from the original's. */
export interface Difference {
  /** 1-based line of the box (by line height) holding the first differing pixel row */
  line: number;
  /** that pixel, relative to the box */
  x: number;
  y: number;
  /** the original's grapheme drawn there (0-based index among its graphemes), when one is */
  grapheme: { index: number; segment: string } | null;
  differingPixels: number;
  /** box heights in lines [original, variant] when the variant wraps into a different number of lines */
  lines?: [number, number];
}

export interface Comparison {
  /** null: pixel-identical to the original */
  difference: Difference | null;
  /** the browser's copy of the rendered variant (its selection's text) */
  copied: string;
}

type Box = { text: string; font: string; width: number };

interface InPage {
  wmRender: {
    layout(boxes: Box[]): Rect[];
    forCapture(boxes: Box[]): Promise<{ rects: Rect[]; size: { width: number; height: number }; copied: string[] }>;
    copy(index: number): string;
    graphemeAt(index: number, x: number, y: number): { grapheme: number; segment: string } | null;
  };
}
// Callbacks below run inside the page, so each names its global itself (no closure crosses to the browser).

/** Boxes per screenshot: keeps the page well under Chromium's 16384-pixel texture limit. */
const BATCH = 12;

/** Renders `original` and each variant in boxes of one width and font, and compares each variant's pixels with it. */
export async function compareRenderings(
  page: Page,
  original: string,
  variants: string[],
  font: string,
  width = BOX_WIDTH,
): Promise<Comparison[]> {
  const results: Comparison[] = [];
  for (let start = 0; start < variants.length; start += BATCH) {
    results.push(...(await compareBatch(page, original, variants.slice(start, start + BATCH), font, width)));
  }
  return results;
}

async function compareBatch(
  page: Page,
  original: string,
  variants: string[],
  font: string,
  width: number,
): Promise<Comparison[]> {
  const boxes = [original, ...variants].map((text) => ({ text, font, width }));
  const { rects, size, copied } = await page.evaluate(
    (list) => (globalThis as unknown as InPage).wmRender.forCapture(list),
    boxes,
  );
  for (const rect of rects) {
    if (!rect.every(Number.isInteger))
      throw new Error(`box at ${rect.join(',')} is not pixel-aligned: comparison invalid`);
  }
  const image = PNG.sync.read(await wholePage(page, size));
  const results: Comparison[] = [];
  for (let i = 1; i < boxes.length; i++) {
    const difference = firstDifference(image, rects[0], rects[i]);
    if (difference) {
      const [x0, y0] = rects[0];
      const hit = await page.evaluate(
        ([x, y]) => (globalThis as unknown as InPage).wmRender.graphemeAt(0, x, y),
        [x0 + difference.x, y0 + difference.y],
      );
      difference.grapheme = hit ? { index: hit.grapheme, segment: hit.segment } : null;
    }
    results.push({ difference, copied: copied[i] });
  }
  return results;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The whole page as a PNG, drawn as Playwright's fullPage screenshot draws it (the document's size, beyond the
 * viewport), but asked of Chromium with `optimizeForSpeed`: a quicker zlib level, the same pixels (PNG is lossless).
 * Half the render check's time went into Playwright's screenshots.
 */
async function wholePage(page: Page, size: { width: number; height: number }): Promise<Buffer> {
  if (!sessions.has(page)) sessions.set(page, page.context().newCDPSession(page));
  const session = await sessions.get(page)!;
  const { data } = await session.send('Page.captureScreenshot', {
    format: 'png',
    optimizeForSpeed: true,
    captureBeyondViewport: true,
    clip: { x: 0, y: 0, ...size, scale: 1 },
  });
  return Buffer.from(data, 'base64');
}

type Image = { width: number; data: Buffer };
type Rect = [number, number, number, number];

function firstDifference(image: Image, original: Rect, variant: Rect): Difference | null {
  const [ox, oy, width, originalHeight] = original;
  const [vx, vy, , variantHeight] = variant;
  const height = Math.min(originalHeight, variantHeight);
  const rowBytes = width * 4;
  let first: { x: number; y: number } | null = null;
  let differingPixels = 0;
  for (let y = 0; y < height; y++) {
    const a = ((oy + y) * image.width + ox) * 4;
    const b = ((vy + y) * image.width + vx) * 4;
    if (image.data.compare(image.data, b, b + rowBytes, a, a + rowBytes) === 0) continue;
    for (let x = 0; x < width; x++) {
      if (image.data.readUInt32BE(a + x * 4) !== image.data.readUInt32BE(b + x * 4)) {
        first ??= { x, y };
        differingPixels++;
      }
    }
  }
  const sameHeight = originalHeight === variantHeight;
  if (!first && sameHeight) return null;
  const at = first ?? { x: 0, y: height };
  return {
    line: Math.floor(at.y / LINE_HEIGHT) + 1,
    ...at,
    grapheme: null,
    differingPixels,
    ...(sameHeight ? {} : { lines: [originalHeight / LINE_HEIGHT, variantHeight / LINE_HEIGHT] as [number, number] }),
  };
}

/** A one-line account of a difference for a failing test's message. */
export function describeDifference(difference: Difference): string {
  const where = difference.grapheme
    ? `grapheme #${difference.grapheme.index} ${JSON.stringify(difference.grapheme.segment)}`
    : 'no grapheme at that point';
  const wrap = difference.lines ? `; wraps into ${difference.lines[1]} lines instead of ${difference.lines[0]}` : '';
  const pixel = `pixel (${difference.x}, ${difference.y})`;
  return `line ${difference.line}, ${pixel}, ${where}, ${difference.differingPixels} pixels differ${wrap}`;
}
