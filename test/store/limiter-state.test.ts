import { describe, expect, it } from 'vitest';
import { createMemoryLimiterState } from '../../src/store/index.js';

describe('in-process limiter state', () => {
  const counter = (current: number | undefined, now: number, ttl = 1_000) => ({
    next: (current ?? 0) + 1,
    expiresAt: now + ttl,
    result: (current ?? 0) + 1,
  });

  it('keeps a record until it expires, and deletes it when the decision says so', async () => {
    let now = 0;
    const state = createMemoryLimiterState({ maxRecords: 10, now: () => now });
    expect(await state.update<number, number>('a', (c) => counter(c, now))).toBe(1);
    expect(await state.update<number, number>('a', (c) => counter(c, now))).toBe(2);
    now = 5_000;
    expect(await state.update<number, number>('a', (c) => counter(c, now))).toBe(1);
    await state.update<number, undefined>('a', () => ({ next: undefined, expiresAt: 0, result: undefined }));
    const read = (c: number | undefined) => ({ next: c, expiresAt: now + 1, result: c });
    expect(await state.update<number, number | undefined>('a', read)).toBeUndefined();
  });

  it('holds at most maxRecords (least recently updated go first) and drops expired ones as it goes', async () => {
    let now = 0;
    const state = createMemoryLimiterState({ maxRecords: 100, now: () => now });
    for (let i = 0; i < 1_000; i++) await state.update<number, number>(`flood-${i}`, (c) => counter(c, now, 60_000));
    expect(state.size()).toBe(100);
    expect(await state.update<number, number>('flood-999', (c) => counter(c, now))).toBe(2);
    expect(await state.update<number, number>('flood-0', (c) => counter(c, now))).toBe(1);
    // once every record has expired, updates sweep them away without a timer
    now = 120_000;
    for (let i = 0; i < 50; i++) await state.update<number, number>(`later-${i}`, (c) => counter(c, now, 1));
    expect(state.size()).toBeLessThanOrEqual(50);
  });

  it('sweeps expired records even behind a long-lived one', async () => {
    let now = 0;
    const state = createMemoryLimiterState({ maxRecords: 1_000, now: () => now });
    await state.update<number, number>('known-for-a-month', (c) => counter(c, now, 30 * 24 * 3600_000));
    for (let i = 0; i < 200; i++) await state.update<number, number>(`short-${i}`, (c) => counter(c, now, 10));
    now = 1_000;
    for (let i = 0; i < 100; i++) await state.update<number, number>(`next-${i}`, (c) => counter(c, now, 10));
    expect(state.size()).toBeLessThanOrEqual(102);
    expect(await state.update<number, number>('known-for-a-month', (c) => counter(c, now))).toBe(2);
  });
});
