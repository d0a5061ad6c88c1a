// @vitest-environment jsdom
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { USAGE_OPERATIONS } from '../../../src/domain/types.js';
import type { UsageRecord } from '../../../src/web/app/api-types.js';
import { UsageTable } from '../../../src/web/app/ui/usage-table.js';

// The credit history names every kind of record in words, strip and reveal (MCP's tools on wm serve) included.

describe('the usage table', () => {
  it('gives every operation a label of its own, not its API name', () => {
    const records: UsageRecord[] = USAGE_OPERATIONS.map((operation, k) => ({
      id: `r${k}`,
      operation,
      credits: operation.endsWith('grant') ? 100 : -1,
      balance_after: 100 - k,
      token_id: null,
      created_at: '2026-11-01T10:00:00.000Z',
    }));
    const root = document.createElement('div');
    render(h(UsageTable, { records, tokenNames: new Map() }), root);
    const labels = [...root.querySelectorAll('td[data-label="Operation"]')].map((cell) => cell.textContent);
    expect(labels).toHaveLength(USAGE_OPERATIONS.length);
    labels.forEach((label, k) => expect(label).not.toBe(USAGE_OPERATIONS[k]));
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels[USAGE_OPERATIONS.indexOf('strip')]).toBe('Strip');
    expect(labels[USAGE_OPERATIONS.indexOf('reveal')]).toBe('Reveal');
  });
});
