import { describe, expect, it } from 'vitest';
import { formatBytes, ProgressLine } from '../../../src/cli/scan/progress.js';

// The progress line of wm scan: redrawn in place on a terminal, erased before other output and at the end.

describe('the progress line', () => {
  it('draws files, bytes, rate and time in place, and erases itself', async () => {
    const written: string[] = [];
    const stream = { columns: 80, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const line = new ProgressLine(stream);
    line.count(1_500_000);
    line.count(500_000);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(written.at(-1)).toMatch(/^\r\x1b\[2Kscanning: 2 files, 2\.0 MB, [\d.]+ [kMG]?B\/s, [\d.]+ s$/);
    line.clear();
    expect(written.at(-1)).toBe('\r\x1b[2K');
    line.stop();
    const count = written.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(written).toHaveLength(count);
  });

  it('formats sizes in decimal units', () => {
    expect([0, 999, 1000, 1_234_567, 3e9].map(formatBytes)).toEqual(['0 B', '999 B', '1.0 kB', '1.2 MB', '3.0 GB']);
  });
});
