import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderUsageLabels, USAGE_LABELS_PATH } from '../../scripts/generate-usage-labels.js';
import { OPERATION_USAGE_LABELS } from '../../src/api/usage-labels.generated.js';
import { WATERMARK_OPERATIONS } from '../../src/domain/types.js';

describe('the usage labels come from the table of operations', () => {
  it('usage-labels.generated.ts is what the table makes now (else: npm run generate:usage-labels)', async () => {
    expect(readFileSync(USAGE_LABELS_PATH, 'utf8')).toBe(await renderUsageLabels());
  });

  it('every operation the usage history records has a label', () => {
    expect(Object.keys(OPERATION_USAGE_LABELS).sort()).toEqual([...WATERMARK_OPERATIONS].sort());
  });
});
