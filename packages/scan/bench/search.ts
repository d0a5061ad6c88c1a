import { ByteSearch, type PatternSearch } from '../src/byte-search.js';
import { PATTERNS, passOver } from '../src/prefilter.js';
import { ScalarSearch } from '../src/scalar-search.js';
import { QUICK, median, medianRatio, round, timeRounds } from '../../../bench/measure.js';

// The prefilter's two byte searches side by side on the same buffers, in one run: the WebAssembly one (SIMD) and the
// scalar one that runs where WebAssembly does not. Throughput of a search that finds nothing (the common case: most
// files hold no hidden character) in several scripts, and in prose dense with emoji, whose selectors and joiners
// belong to the text and are passed over.

export interface SearchRow {
  text: string;
  wasmMBps: number;
  scalarMBps: number;
  /** median of per-round (WebAssembly throughput ÷ scalar throughput) */
  wasmVsScalar: number;
}

const MB = QUICK ? 2 : 8;
const SAMPLES: Record<string, string> = {
  'English prose': 'The quick brown fox jumps over the lazy dog, and then it naps in the sun. ',
  Russian: 'Съешь же ещё этих мягких французских булок, да выпей чаю. ',
  Japanese: 'いろはにほへと ちりぬるを わかよたれそ つねならむ、漢字も少し。',
  Hindi: 'क्षत्रिय राष्ट्र की रक्षा करते हैं और ज्ञान की खोज में रहते हैं। ',
  'prose with emoji': 'I ❤️ NY 👨‍👩‍👧 and ☀️ too, 1️⃣ then 🏳️‍🌈 ok. ',
};

const repeated = (sample: string): Buffer => {
  const one = Buffer.from(sample);
  return Buffer.concat(Array.from({ length: Math.ceil((MB << 20) / one.length) }, () => one));
};

const searchAll = (search: PatternSearch, bytes: Buffer) => () => search.some(bytes, (offset) => offset + 1);

export function measureSearch(log: (line: string) => void): SearchRow[] {
  const wasm = new ByteSearch(PATTERNS, passOver());
  const scalar = new ScalarSearch(PATTERNS, passOver());
  return Object.entries(SAMPLES).map(([text, sample]) => {
    log(`search: ${text}, ${MB} MiB…`);
    const bytes = repeated(sample);
    const times = timeRounds({ wasm: searchAll(wasm, bytes), scalar: searchAll(scalar, bytes) }, QUICK ? 3 : 5, 200);
    const mbps = (ms: number): number => round(bytes.length / 1e6 / (ms / 1000), 3);
    return {
      text,
      wasmMBps: mbps(median(times.wasm)),
      scalarMBps: mbps(median(times.scalar)),
      wasmVsScalar: round(medianRatio(times.scalar, times.wasm), 3),
    };
  });
}
