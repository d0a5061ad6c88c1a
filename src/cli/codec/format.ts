import { describeC2pa } from 'wm-watermark-codec/c2pa-report';
import type { OperationResults } from '../../ops/operations.js';

type AnalyzeResult = OperationResults['analyze'];

/** --json output: the HTTP response object, one document per run. */
export const formatJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A secret is a value, not a carrier: it is printed with one newline (which --secret-file removes again). */
export const formatSecretLine = (secret: string): string => `${secret}\n`;

type NumericField = {
  [F in keyof AnalyzeResult]-?: AnalyzeResult[F] extends number | undefined ? F : never;
}[keyof AnalyzeResult];

const ANALYZE_ROWS: [label: string, field: NumericField][] = [
  ['visible graphemes', 'base_characters'],
  ['variation selectors', 'variation_selectors'],
  ['hidden bytes', 'encoded_bytes'],
  ['C2PA manifest bytes', 'c2pa_bytes'],
  ['encoded length', 'encoded_length'],
  ['original length', 'original_length'],
  ['ratio', 'ratio'],
];

const formatNumber = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(3));

/** The rows that compare with the original: without one, its length and the ratio are 0 by the spec, not figures. */
const NEEDS_ORIGINAL: readonly NumericField[] = ['original_length', 'ratio'];

/**
 * Labels left-aligned, numbers right-aligned (rows of absent fields left out, and those about the original when
 * none was given); then the C2PA manifest, if any.
 */
export function formatAnalyzeTable(result: AnalyzeResult, { originalGiven }: { originalGiven: boolean }): string {
  const shown = ANALYZE_ROWS.filter(([, field]) => originalGiven || !NEEDS_ORIGINAL.includes(field));
  const cells = shown
    .filter(([, field]) => result[field] !== undefined)
    .map(([label, field]) => [label, formatNumber(result[field]!)] as const);
  const labelWidth = Math.max(...cells.map(([label]) => label.length));
  const valueWidth = Math.max(...cells.map(([, value]) => value.length));
  const table = cells.map(([label, value]) => `${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}\n`).join('');
  return result.c2pa ? `${table}${describeC2pa(result.c2pa)}\n` : table;
}
