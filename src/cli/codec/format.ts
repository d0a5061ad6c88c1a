import type { AnalyzeResult } from '../../codec/types.js';

/** --json output: the HTTP response object, one document per run. */
export const formatJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A secret is a value, not a carrier: it is printed with one newline (which --secret-file removes again). */
export const formatSecretLine = (secret: string): string => `${secret}\n`;

const ANALYZE_ROWS: [label: string, field: keyof AnalyzeResult][] = [
  ['visible graphemes', 'base_characters'],
  ['variation selectors', 'variation_selectors'],
  ['hidden bytes', 'encoded_bytes'],
  ['encoded length', 'encoded_length'],
  ['original length', 'original_length'],
  ['ratio', 'ratio'],
];

const formatNumber = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(3));

/** Labels left-aligned, numbers right-aligned. */
export function formatAnalyzeTable(result: AnalyzeResult): string {
  const cells = ANALYZE_ROWS.map(([label, field]) => [label, formatNumber(result[field])] as const);
  const labelWidth = Math.max(...cells.map(([label]) => label.length));
  const valueWidth = Math.max(...cells.map(([, value]) => value.length));
  return cells.map(([label, value]) => `${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}\n`).join('');
}
