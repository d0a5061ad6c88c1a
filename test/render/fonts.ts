/**
 * Font lists (all from Debian: fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji, fonts-ipamj-mincho), named
 * explicitly so the check never depends on fontconfig's fallback. Japanese puts IPAmj Mincho first: it carries the
 * Ideographic Variation Database glyphs, so a selector after a registered kanji would visibly change it.
 */
const BASE = [
  'Noto Sans',
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  'Noto Sans Devanagari',
  'Noto Sans Tamil',
  'Noto Sans Thai',
  'Noto Sans Math',
  'Noto Sans Symbols',
  'Noto Sans Symbols2',
];
const EMOJI = 'Noto Color Emoji';
const CJK: Record<string, string[]> = {
  japanese: ['IPAmjMincho', 'Noto Sans CJK JP'],
  chinese: ['Noto Sans CJK SC'],
  korean: ['Noto Sans CJK KR'],
};

/** The CSS font-family list for a corpus text. */
export function fontFamilyFor(corpusName: string): string {
  const fonts = CJK[corpusName] ? [...CJK[corpusName], ...BASE] : [...BASE, 'Noto Sans CJK JP'];
  return [...fonts, EMOJI].map((font) => `"${font}"`).join(', ');
}

/** Installs everything the render check needs (Debian 12). */
export const APT_PACKAGES = 'chromium fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-ipamj-mincho';
