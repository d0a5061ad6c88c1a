// The paths of the platform table that run in Debian's Chromium: copying a shown text, and pasting it into editors.
import type { Page } from 'playwright-core';
import type { PlatformPath } from './text-paths.js';
import { copiesFromPage } from '../../../test/render/copy.js';
import { loadEditors, pasteInto, type Editor } from '../editors.js';

const pasteEach = (page: Page, editor: Editor) => async (texts: string[]) => {
  const pasted: string[] = [];
  for (const text of texts) pasted.push(await pasteInto(page, text, editor));
  return pasted;
};

/** The paths; the page must be a render page (openRenderBrowser) and is given the editors first. */
export async function browserPaths(page: Page): Promise<PlatformPath[]> {
  const copy = async (texts: string[]) => copiesFromPage(page, texts, 'sans-serif');
  // the copies need the render page's boxes, and loading the editors replaces the page's body only when they paste
  await loadEditors(page);
  return [
    { family: 'Chromium', name: 'select and copy a shown text', run: copy },
    { family: 'Chromium', name: 'copy, paste into a contenteditable', run: pasteEach(page, 'contenteditable') },
    { family: 'Chromium', name: 'copy, paste into Quill 2', run: pasteEach(page, 'quill') },
  ];
}
