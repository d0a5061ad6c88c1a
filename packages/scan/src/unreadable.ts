/** Why a watermark's secret cannot be read, as the table and SARIF messages say it (by the codec's error code). */
export const UNREADABLE: Record<string, string> = {
  KEY_REQUIRED: 'keyed (no key given: --key-file or --channel)',
  KEY_MISMATCH: 'keyed with another key',
  CORRUPTED: 'damaged',
};
