import { findC2paWrappers } from './c2pa.js';
import { c2paReport, describeC2pa } from './c2pa-report.js';
import { CodecError } from './errors.js';

/**
 * The order of operations that keeps every hash valid (docs/FORMAT.md §5): mark first, sign the C2PA manifest
 * last. A manifest's hard binding covers the whole text but its wrapper, so marks added to a text that carries a
 * framed wrapper would break it: encode and encode-robust refuse such a text (INVALID_INPUT). A damaged wrapper
 * (no longer framed) verifies nowhere anyway: the marks go in, and `warnings` says the wrapper was kept as it was.
 */
export function c2paWarnings(text: string): { warnings?: string[] } {
  const wrappers = findC2paWrappers(text);
  if (wrappers.length === 0) return {};
  const described = describeC2pa(c2paReport(text, wrappers));
  if (wrappers.some((wrapper) => wrapper.framed)) {
    throw new CodecError(
      'INVALID_INPUT',
      `the text carries a ${described}, whose hard binding covers the whole text: marks added now would break it. ` +
        'Mark the text first and sign it last, or remove the manifest (strip it) before marking and sign again',
    );
  }
  const warning =
    `the text carries a ${described}; it was kept as it was, but the marks change ` +
    'the text its content binding covers, so the manifest may no longer verify';
  return { warnings: [warning] };
}
