import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SarifLog } from '../src/sarif.js';
import type { FileOutcome } from '../src/report-types.js';
import { scanFile } from '../src/scan-file.js';

// SARIF results keep their fingerprints (partialFingerprints) when lines above them move, and differ from each
// other within a file: what GitHub code scanning needs to follow an alert from commit to commit.

const dir = mkdtempSync(join(tmpdir(), 'wm-sarif-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Result {
  ruleId: string;
  partialFingerprints: Record<string, string>;
  locations: { physicalLocation: { region: { startLine: number } } }[];
}

async function resultsOf(text: string): Promise<Result[]> {
  const path = join(dir, 'notes.txt');
  writeFileSync(path, text);
  const outcome: FileOutcome = await scanFile(path, { positions: 5 });
  const log = new SarifLog('warning', '0.0.0');
  if (outcome.type === 'file') log.file(outcome);
  return (log.toJSON() as { runs: { results: Result[] }[] }).runs[0].results;
}

describe('SARIF fingerprints', () => {
  const FINDINGS = 'tag\u{E0068}\u{E0069} here\nzero\u200Bwidth\nand\u200Bagain\nraw\u{E0142}\u{E0143}\u{E0144} run\n';

  it('stay the same when lines are added above, and are unique within the file', async () => {
    const before = await resultsOf(FINDINGS);
    const after = await resultsOf(`# a heading\n\nsome new prose\n${FINDINGS}`);
    expect(before.length).toBe(4);
    const prints = (results: Result[]) => results.map((result) => Object.values(result.partialFingerprints)[0]);
    expect(prints(after)).toEqual(prints(before));
    expect(new Set(prints(before)).size).toBe(before.length);
    expect(after.map((result) => result.locations[0].physicalLocation.region.startLine)).toEqual(
      before.map((result) => result.locations[0].physicalLocation.region.startLine + 3),
    );
  });

  it('change when what was found changes', async () => {
    const one = await resultsOf('tag\u{E0068}\u{E0069} here\n');
    const other = await resultsOf('tag\u{E0068}\u{E006A} here\n');
    expect(one[0].partialFingerprints).not.toEqual(other[0].partialFingerprints);
  });
});
