import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import { encodeRobust } from 'wm-watermark-codec/robust';
import { seededRandom } from '../../codec/src/robust/prng.js';
import { scanFile } from '../src/scan-file.js';
import { c2paWrapper } from '../../codec/test/c2pa-fixtures.js';

// A window is decoded only in its lines that may hold marks: what scan reports must be exactly what it reports
// from the whole window, positions included, whatever lies between those lines and wherever the windows fall.

const dir = mkdtempSync(join(tmpdir(), 'wm-sparse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PLAIN = [
  'Every word of this sentence can carry a little of the hidden message for us.',
  'Ελληνικά, русский, ქართული, ខ្មែរ, 日本語の文。',
  'می‌خواهم و 👨‍👩‍👧 👩🏽‍💻 🏳️‍🌈',
  'I ❤️ NY, 1️⃣ #️⃣ and 葛\u{E0100}飾区',
  'a flag 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} and a plain line',
  '',
];
const robustPassage = (seed: number): string =>
  encodeRobust(
    Array.from({ length: 12 }, (_, k) => `Line ${k} of a robust passage, long enough for marks.`).join('\n'),
    `robust ${seed}`,
    { seed },
  ).watermarked;
const MARKED = [
  (k: number): string => encode(`${PLAIN[0]} ${k}`, `secret ${k}`).encoded,
  (k: number): string => `zero\u200B\u200Cwidth ${k} and \u2060 joined`,
  (k: number): string => `right\u202Eto left\u202C ${k} 中文\u{E0101}字\uFE0F`,
  (): string => `${PLAIN[0]}${c2paWrapper()}`,
  (k: number): string => `\uFEFFa byte order mark at a line start ${k}`,
  (k: number): string => `tags\u{E0041}\u{E0042} ${k} and a stray\uFE0F`,
  (k: number): string => robustPassage(k),
];

function document(seed: number): string {
  const random = seededRandom(seed);
  const lines: string[] = [];
  for (let k = 0; k < 300; k++) {
    const marked = random() < 0.04;
    lines.push(marked ? MARKED[Math.floor(random() * MARKED.length)](k) : PLAIN[Math.floor(random() * PLAIN.length)]);
  }
  return lines.join(random() < 0.5 ? '\n' : '\r\n');
}

describe('sparse windows', () => {
  const sizes = {
    'one window': undefined,
    'one window, every marked line apart': { window: 1 << 20, lookahead: 1000, gap: 0 },
    'small windows, every marked line apart': { window: 3000, lookahead: 800, gap: 0 },
  };
  for (const [name, windows] of Object.entries(sizes)) {
    it(`report what whole windows report (${name})`, async () => {
      for (let seed = 1; seed <= 12; seed++) {
        // some begin with marks on most lines (read whole once that is clear), then go on as the others
        const dense =
          seed % 4 === 1 ? `${Array.from({ length: 6 }, (_, k) => robustPassage(100 + k)).join('\n')}\n` : '';
        const text = (seed % 3 === 0 ? '\uFEFF' : '') + dense + document(seed);
        const path = join(dir, `document-${seed}.txt`);
        writeFileSync(path, text);
        const sparse = await scanFile(path, { positions: 5, windows });
        const whole = await scanFile(path, { positions: 5, windows, sparse: false });
        expect(sparse, `seed ${seed}`).toEqual(whole);
      }
    });
  }
});
