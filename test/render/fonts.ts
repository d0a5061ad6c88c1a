/**
 * Font lists, all from Debian packages (APT_PACKAGES), named explicitly so the check never depends on fontconfig's
 * fallback. Every corpus text is drawn with at least two font families of different makers where Debian has them:
 * Noto first, then another family (DejaVu, WenQuanYi, AR PL UKai, Nanum, Lohit, TLWG, Phetsarath, Khmer OS, Padauk,
 * Tibetan Machine, LKLUG, Abyssinica, Scheherazade). Japanese puts IPAmj Mincho first: it carries the Ideographic
 * Variation Database glyphs, so a selector after a registered kanji would visibly change it.
 */
const SYMBOLS = ['Noto Sans Math', 'Noto Sans Symbols', 'Noto Sans Symbols2'];
const EMOJI = 'Noto Color Emoji';

const FAMILIES: Record<string, string[][]> = {
  chinese: [['Noto Sans CJK SC'], ['WenQuanYi Zen Hei'], ['Noto Serif CJK SC']],
  'chinese-traditional': [['Noto Sans CJK TC'], ['AR PL UKai TW'], ['Noto Serif CJK TC']],
  japanese: [['IPAmjMincho', 'Noto Sans CJK JP'], ['Noto Serif CJK JP']],
  korean: [['Noto Sans CJK KR'], ['NanumGothic']],
  devanagari: [['Noto Sans Devanagari'], ['Lohit Devanagari']],
  bengali: [['Noto Sans Bengali'], ['Lohit Bengali']],
  tamil: [['Noto Sans Tamil'], ['Lohit Tamil']],
  telugu: [['Noto Sans Telugu'], ['Lohit Telugu']],
  arabic: [['Noto Sans Arabic'], ['Scheherazade'], ['DejaVu Sans']],
  persian: [['Noto Sans Arabic'], ['Scheherazade']],
  urdu: [['Noto Nastaliq Urdu'], ['Scheherazade']],
  hebrew: [['Noto Sans Hebrew'], ['DejaVu Sans']],
  thai: [['Noto Sans Thai'], ['Garuda'], ['Noto Serif Thai']],
  lao: [['Noto Sans Lao'], ['Phetsarath OT']],
  khmer: [['Noto Sans Khmer'], ['Khmer OS']],
  myanmar: [['Noto Sans Myanmar'], ['Padauk']],
  tibetan: [['Noto Serif Tibetan'], ['Tibetan Machine Uni']],
  sinhala: [['Noto Sans Sinhala'], ['LKLUG']],
  amharic: [['Noto Sans Ethiopic'], ['Abyssinica SIL']],
  georgian: [['Noto Sans Georgian'], ['DejaVu Sans']],
  armenian: [['Noto Sans Armenian'], ['DejaVu Sans']],
  'mixed-bidi': [['Noto Sans', 'Noto Sans Hebrew', 'Noto Sans Arabic'], ['DejaVu Sans']],
  math: [
    ['Noto Sans', 'Noto Sans Math'],
    ['DejaVu Sans', 'DejaVu Math TeX Gyre'],
  ],
};
/** Latin, Cyrillic and Greek texts, emoji and the rest. */
const DEFAULT: string[][] = [['Noto Sans'], ['DejaVu Serif']];

/** What every list ends in, for the symbols and emoji the text's own families lack. */
export const FALLBACK_FAMILIES = [...SYMBOLS, EMOJI];

/** The CSS font-family lists a corpus text is drawn with: one per family, each ending in symbols and emoji. */
export function fontFamiliesFor(corpusName: string): string[] {
  const lists = FAMILIES[corpusName] ?? DEFAULT;
  return lists.map((fonts) => [...fonts, ...FALLBACK_FAMILIES].map((font) => `"${font}"`).join(', '));
}

/** The first of them (the survival report copies from one rendering). */
export const fontFamilyFor = (corpusName: string): string => fontFamiliesFor(corpusName)[0];

/** Installs everything the render check needs (Debian 12): Chromium, the fonts, poppler's pdftotext. */
export const APT_PACKAGES = [
  'chromium',
  'fonts-noto-core',
  'fonts-noto-cjk',
  'fonts-noto-color-emoji',
  'fonts-ipamj-mincho',
  'fonts-dejavu-core',
  'fonts-dejavu-extra',
  'fonts-wqy-zenhei',
  'fonts-arphic-ukai',
  'fonts-nanum',
  'fonts-lohit-deva',
  'fonts-lohit-beng-bengali',
  'fonts-lohit-taml',
  'fonts-lohit-telu',
  'fonts-sil-scheherazade',
  'fonts-thai-tlwg',
  'fonts-lao',
  'fonts-khmeros',
  'fonts-sil-padauk',
  'fonts-tibetan-machine',
  'fonts-lklug-sinhala',
  'fonts-sil-abyssinica',
  // pdftotext: the PDF check (pdf.test.ts) reads the printed pages with it
  'poppler-utils',
].join(' ');
