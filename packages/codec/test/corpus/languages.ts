/**
 * The languages of the coverage table (scripts/coverage-table.ts) and of the bench's per-script figures, in the
 * table's order: corpus file name (packages/codec/test/corpus/<name>.txt) → label.
 */
export const LANGUAGES: [string, string][] = [
  ['english', 'English (reference)'],
  ['chinese', 'Chinese, Simplified'],
  ['chinese-traditional', 'Chinese, Traditional'],
  ['japanese', 'Japanese'],
  ['korean', 'Korean'],
  ['devanagari', 'Hindi'],
  ['bengali', 'Bengali'],
  ['tamil', 'Tamil'],
  ['telugu', 'Telugu'],
  ['arabic', 'Arabic'],
  ['persian', 'Persian'],
  ['urdu', 'Urdu'],
  ['hebrew', 'Hebrew'],
  ['russian', 'Russian'],
  ['greek', 'Greek'],
  ['thai', 'Thai'],
  ['lao', 'Lao'],
  ['khmer', 'Khmer'],
  ['myanmar', 'Myanmar'],
  ['tibetan', 'Tibetan'],
  ['sinhala', 'Sinhala'],
  ['amharic', 'Amharic'],
  ['georgian', 'Georgian'],
  ['armenian', 'Armenian'],
  ['vietnamese', 'Vietnamese'],
];
