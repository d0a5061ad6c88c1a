import type { Page } from 'playwright-core';

interface InPage {
  wmRender: { layout(boxes: { text: string; font: string; width?: number }[]): unknown; copy(index: number): string };
}

const BATCH = 50;

/** What a reader gets by selecting each text rendered in the page and copying it (the selection's text). */
export async function copiesFromPage(page: Page, texts: string[], font: string): Promise<string[]> {
  const copies: string[] = [];
  for (let start = 0; start < texts.length; start += BATCH) {
    const boxes = texts.slice(start, start + BATCH).map((text) => ({ text, font }));
    copies.push(
      ...(await page.evaluate((list) => {
        const render = (globalThis as unknown as InPage).wmRender;
        render.layout(list);
        return list.map((_, index) => render.copy(index));
      }, boxes)),
    );
  }
  return copies;
}
