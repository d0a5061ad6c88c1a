import { describe, expect, test } from 'vitest';
import { BOX_WIDTH, useRenderPage } from './chromium.js';
import { FALLBACK_FAMILIES, fontFamiliesFor } from './fonts.js';
import { loadCorpus } from '../../packages/codec/test/corpus/load.js';

// An installed family that lacks a script's glyphs would leave them to another font: the render check would then
// compare fewer families than it names. Chromium says which fonts drew a node's text (CSS.getPlatformFontsForNode).

const renderPage = useRenderPage();

interface PlatformFont {
  familyName: string;
  glyphCount: number;
}

/** The fonts Chromium drew `text` with under the CSS font-family list `font`, most glyphs first. */
async function fontsDrawing(text: string, font: string): Promise<PlatformFont[]> {
  const page = renderPage();
  // a string: the test files are type-checked without the DOM library
  await page.evaluate(`wmRender.layout([${JSON.stringify({ text, font, width: BOX_WIDTH })}])`);
  const devtools = await page.context().newCDPSession(page);
  try {
    await devtools.send('DOM.enable');
    await devtools.send('CSS.enable');
    const { root } = await devtools.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await devtools.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.box' });
    const { fonts } = await devtools.send('CSS.getPlatformFontsForNode', { nodeId });
    return [...fonts].sort((a, b) => b.glyphCount - a.glyphCount);
  } finally {
    await devtools.detach();
  }
}

describe.each(loadCorpus())('$name', ({ name, text }) => {
  test.each(fontFamiliesFor(name))('is drawn by %s itself', async (font) => {
    const listed = font.split(', ').map((family) => family.replaceAll('"', ''));
    const drawn = await fontsDrawing(text, font);
    // no font from outside the list (no system fallback), and the text's own families (those before the symbol
    // and emoji fonts every list ends in) draw nearly all of it
    expect(drawn.map((used) => used.familyName).filter((family) => !listed.includes(family))).toEqual([]);
    const total = drawn.reduce((sum, used) => sum + used.glyphCount, 0);
    const own = drawn
      .filter((used) => !FALLBACK_FAMILIES.includes(used.familyName))
      .reduce((sum, used) => sum + used.glyphCount, 0);
    expect(own / total, JSON.stringify(drawn)).toBeGreaterThanOrEqual(name === 'emoji' ? 0.8 : 0.9);
  });
});
