import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import type { Page } from 'playwright-core';

export type Editor = 'contenteditable' | 'quill';

interface InPage {
  wmEditors: {
    prepare(text: string, editor: Editor): void;
    focus(editor: Editor): void;
    read(editor: Editor): string;
    shownText(html: string): string;
  };
}
// Callbacks below run inside the page, so each names its global itself (no closure crosses to the browser).

/** Loads Quill (quill 2, from node_modules) and the helpers into the page. */
export async function loadEditors(page: Page): Promise<void> {
  await page.addScriptTag({ path: fileURLToPath(import.meta.resolve('quill/dist/quill.js')) });
  await page.addScriptTag({ path: fileURLToPath(new URL('./in-page-editors.js', import.meta.url)) });
}

/** Copies the text from a box on the page (Ctrl+C) and pastes it (Ctrl+V) into the editor; its text after that. */
export async function pasteInto(page: Page, text: string, editor: Editor): Promise<string> {
  await page.evaluate(([copied, target]) => (globalThis as unknown as InPage).wmEditors.prepare(copied, target), [
    text,
    editor,
  ] as const);
  await page.keyboard.press('Control+C');
  await page.evaluate((target) => (globalThis as unknown as InPage).wmEditors.focus(target), editor);
  await page.keyboard.press('Control+V');
  return page.evaluate((target) => (globalThis as unknown as InPage).wmEditors.read(target), editor);
}

const markdown = new MarkdownIt();

/** The text as Markdown (markdown-it, CommonMark defaults), rendered to HTML and shown in the page: what it reads. */
export async function markdownShown(page: Page, text: string): Promise<string> {
  return page.evaluate((html) => (globalThis as unknown as InPage).wmEditors.shownText(html), markdown.render(text));
}
