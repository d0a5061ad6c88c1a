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
    forCapture(boxes: Box[], maxHeight: number): Promise<{ rects: Rect[]; copied: string[] }>;
    copy(index: number): string;
    graphemeAt(index: number, x: number, y: number): { grapheme: number; segment: string } | null;
  };
}
// Callbacks below run inside the page, so each names its global itself (no closure crosses to the browser).

/** The tallest stack of boxes one screenshot takes: well under Chromium's 16384-pixel texture limit. */
const MAX_STACK_HEIGHT = 12_000;
/** The most boxes laid out for one stack (those beyond its height are laid out, then dropped, for nothing). */
const MAX_STACK_BOXES = 40;

/**
 * Renders `original` and each variant in boxes of one width and font, and compares each variant's pixels with it.
 * A string drawn again in the same font and width draws the same pixels (the control box of each caller proves the
 * drawing deterministic), so each distinct variant is drawn once and its comparison answers for its repeats.
 */
export async function compareRenderings(
  page: Page,
  original: string,
  variants: string[],
  font: string,
  width = BOX_WIDTH,
): Promise<Comparison[]> {
  const compared = new Map<string, Comparison>();
  let pending = [...new Set(variants)];
  while (pending.length > 0) {
    const { results, rest } = await compareStack(page, original, pending, font, width);
    results.forEach((result, i) => compared.set(pending[i], result));
    pending = rest;
  }
  return variants.map((variant) => compared.get(variant)!);
}

/**
 * Draws the original above the variants and compares the variants that fit in one screenshot with it; returns
 * their comparisons and the variants left for the next stack.
 */
async function compareStack(
  page: Page,
  original: string,
  variants: string[],
  font: string,
  width: number,
): Promise<{ results: Comparison[]; rest: string[] }> {
  const boxes = [original, ...variants.slice(0, MAX_STACK_BOXES - 1)].map((text) => ({ text, font, width }));
  const { rects, copied } = await page.evaluate(
    ([list, maxHeight]) => (globalThis as unknown as InPage).wmRender.forCapture(list, maxHeight),
    [boxes, MAX_STACK_HEIGHT] as const,
  );
  for (const rect of rects) {
    if (!rect.every(Number.isInteger))
      throw new Error(`box at ${rect.join(',')} is not pixel-aligned: comparison invalid`);
  }
  const clip = boundsOf(rects);
  const image = PNG.sync.read(await screenshot(page, clip));
  const results: Comparison[] = [];
  for (let i = 1; i < rects.length; i++) {
    const difference = firstDifference(image, clip, rects[0], rects[i]);
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
  return { results, rest: variants.slice(rects.length - 1) };
}

/** The smallest rectangle holding every box: the only pixels compared, so the only ones captured. */
function boundsOf(rects: Rect[]): Rect {
  const left = Math.min(...rects.map(([x]) => x));
  const top = Math.min(...rects.map(([, y]) => y));
  const right = Math.max(...rects.map(([x, , w]) => x + w));
  const bottom = Math.max(...rects.map(([, y, , h]) => y + h));
  return [left, top, right - left, bottom - top];
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The page's rectangle `clip` as a PNG, drawn as Playwright's fullPage screenshot draws it (beyond the viewport),
 * but asked of Chromium with `optimizeForSpeed`: a quicker zlib level, the same pixels (PNG is lossless).
 * Half the render check's time went into Playwright's screenshots.
 */
async function screenshot(page: Page, [x, y, width, height]: Rect): Promise<Buffer> {
  if (!sessions.has(page)) sessions.set(page, page.context().newCDPSession(page));
  const session = await sessions.get(page)!;
  const { data } = await session.send('Page.captureScreenshot', {
    format: 'png',
    optimizeForSpeed: true,
    captureBeyondViewport: true,
    clip: { x, y, width, height, scale: 1 },
  });
  return Buffer.from(data, 'base64');
}

type Image = { width: number; data: Buffer };
type Rect = [number, number, number, number];

/** `image` is the page's rectangle `clip`; the boxes' rectangles are the page's. */
function firstDifference(image: Image, clip: Rect, original: Rect, variant: Rect): Difference | null {
  const [cx, cy] = clip;
  const [ox, oy, width, originalHeight] = [original[0] - cx, original[1] - cy, original[2], original[3]];
  const [vx, vy, , variantHeight] = [variant[0] - cx, variant[1] - cy, variant[2], variant[3]];
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
