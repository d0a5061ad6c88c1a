import type { C2paWrapper } from './c2pa.js';
import { countCodePoints } from './scan.js';

/**
 * What decode, decode-robust, analyze, encode and strip report about the C2PA wrappers of a text: the `c2pa` object
 * of their JSON and HTTP answers (docs/FORMAT.md, "C2PA text manifests").
 */
export interface C2paReport {
  /** Unicode code points from the start of the text to the (first) wrapper's U+FEFF */
  offset: number;
  /** its version byte, when the wrapper reaches it */
  version?: number;
  /** the declared length of its manifest store in bytes, when the wrapper reaches it */
  length?: number;
  /** the label of the manifest store's JUMBF superbox, when it has one ("c2pa") */
  label?: string;
  /** whether the text's C2PA framing is valid: exactly one wrapper, and that one well-formed */
  valid: boolean;
  /** why not, when not valid */
  reason?: string;
  /** how many wrappers the text carries (C2PA allows one) */
  wrappers: number;
}

/** The report of a text's wrappers (in text order; at least one). */
export function c2paReport(text: string, wrappers: readonly C2paWrapper[]): C2paReport {
  const [first] = wrappers;
  const reasons = wrappers.length > 1 ? [`${wrappers.length} wrappers in the text (C2PA allows one)`] : [];
  if (first.problem) reasons.push(wrappers.length > 1 ? `the first: ${first.problem}` : first.problem);
  return {
    offset: countCodePoints(text, 0, first.index),
    ...(first.version !== undefined ? { version: first.version } : {}),
    ...(first.length !== undefined ? { length: first.length } : {}),
    ...(first.label !== undefined ? { label: first.label } : {}),
    valid: reasons.length === 0,
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
    wrappers: wrappers.length,
  };
}

/** "C2PA manifest v1, 67 bytes": what reveal shows for a wrapper, followed by its problem when it has one. */
export function c2paLabel(wrapper: Pick<C2paWrapper, 'version' | 'length' | 'problem'>): string {
  const name = manifestName(wrapper);
  return wrapper.problem ? `${name}: ${wrapper.problem}` : name;
}

/** One line for people: "C2PA manifest v1, 67 bytes at offset 44 (valid framing)". */
export function describeC2pa(report: C2paReport): string {
  const more = report.wrappers > 1 ? ` (and ${report.wrappers - 1} more)` : '';
  const framing = report.valid ? 'valid framing' : `invalid framing: ${report.reason}`;
  return `${manifestName(report)} at offset ${report.offset}${more} (${framing})`;
}

function manifestName({ version, length }: { version?: number; length?: number }): string {
  const versionPart = version === undefined ? '' : ` v${version}`;
  return `C2PA manifest${versionPart}${length === undefined ? '' : `, ${length} bytes`}`;
}

/** The same report with its fields in the order above, as a server's JSON (required fields first) loses it. */
export function inReportOrder(report: C2paReport): C2paReport {
  const { offset, version, length, label, valid, reason, wrappers } = report;
  const ordered = { offset, version, length, label, valid, reason, wrappers };
  return Object.fromEntries(
    Object.entries(ordered).filter(([, value]) => value !== undefined),
  ) as unknown as C2paReport;
}
