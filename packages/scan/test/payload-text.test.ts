import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { SarifLog } from '../src/sarif.js';
import { scanFile } from '../src/scan-file.js';

// A GlassWorm-style payload (code written as variation selectors, decoded and eval'd at run time) is shown as the
// code it spells, not as hex; bytes that are no printable text stay hex, and nothing is ever read as a secret.

const dir = mkdtempSync(join(tmpdir(), 'wm-payload-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CODE = 'console.log(process.env.NPM_TOKEN); fetch("https://example.invalid/x")';
const hidden = (bytes: Uint8Array): string => selectorsForBytes(bytes);

describe('a selector payload that spells text', () => {
  it('is reported as the text it spells, in the report and in SARIF', async () => {
    const path = join(dir, 'index.js');
    const source = [
      `const s = "|${hidden(new TextEncoder().encode(CODE))}";`,
      'eval(Buffer.from([...s].slice(1).map((c) => c.codePointAt(0) - 0xe0100 + 16)).toString());',
      `const noise = "|${hidden(Uint8Array.from([0x01, 0x9f, 0xff, 0x00, 0x80]))}";`,
      '',
    ].join('\n');
    writeFileSync(path, source);
    const outcome = await scanFile(path, { positions: 5 });
    expect(outcome.type).toBe('file');
    if (outcome.type !== 'file') return;
    // the code, beside the eval that runs it, is GlassWorm's; the bytes that spell nothing are smuggled bytes
    expect(outcome.hidden).toMatchObject([
      {
        kind: 'raw',
        scheme: 'glassworm',
        level: 'error',
        places: 1,
        texts: [CODE],
        decoders: [{ line: 2, column: 1 }],
      },
      { kind: 'raw', scheme: 'selector-smuggling', level: 'error', places: 1, bytes: ['01 9f ff 00 80'] },
    ]);
    expect(outcome.hidden[1].texts).toBeUndefined();
    const log = new SarifLog('warning', '0.0.0');
    log.file(outcome);
    const messages = (log.toJSON() as { runs: { results: { message: { text: string } }[] }[] }).runs[0].results;
    expect(messages[0].message.text).toContain(`spelling ${JSON.stringify(CODE)}`);
    expect(messages[1].message.text).toContain('(bytes 01 9f ff 00 80)');
  });
});
