import { CodecError, analyze, decode, decodeRobust, revealText, strip } from 'wm-watermark-codec';
import { QUICK, median, round, timeRounds, type Cases } from './measure.js';

/**
 * Inputs a hostile client sends to decode: the fuzz battery (issue 7) proves they fail cleanly; this shows the time
 * stays linear.
 */
const SIZES_MB = QUICK ? [0.5, 2] : [1, 8];
const ROUNDS = QUICK ? 3 : 5;
const MIN_MS = QUICK ? 50 : 150;

const selector = (byte: number) =>
  byte < 16 ? String.fromCharCode(0xfe00 + byte) : String.fromCodePoint(0xe0100 + byte - 16);

function repeatTo(unit: string, chars: number): string {
  return unit.repeat(Math.max(1, Math.floor(chars / unit.length)));
}

const HOSTILE: Record<string, (chars: number) => string> = {
  'only selectors': (chars) => repeatTo(Array.from({ length: 256 }, (_, b) => selector(b)).join(''), chars),
  'a thousand selectors per grapheme': (chars) => repeatTo(`a${selector(0xf7).repeat(1000)}`, chars),
  'lone surrogates and tags': (chars) => repeatTo('x\uD800y\uDC00\u{E0041}\u200D\uFE0F', chars),
};

const OPERATIONS: Record<string, (text: string) => unknown> = {
  decode: (text) => decode(text),
  'decode-robust': (text) => decodeRobust(text),
  analyze: (text) => analyze(text),
  strip: (text) => strip(text),
  reveal: (text) => revealText(text),
};

/** Typed failures are the expected answer to hostile input; anything else would be a bug worth crashing on. */
const quietly = (run: () => unknown) => () => {
  try {
    run();
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
  }
};

export interface HostileRow {
  input: string;
  operation: string;
  /** per-MB cost at the large size ÷ at the small size: about 1 when linear */
  perMbCostRatio: number;
  mbPerSecondLarge: number;
}

export function measureHostile(log: (line: string) => void): HostileRow[] {
  const rows: HostileRow[] = [];
  for (const [input, make] of Object.entries(HOSTILE)) {
    log(`hostile: ${input}`);
    const texts = SIZES_MB.map((mb) => make((mb * 1e6) / 2));
    const cases: Cases = {};
    for (const [operation, run] of Object.entries(OPERATIONS)) {
      texts.forEach((text, i) => (cases[`${operation}@${i}`] = quietly(() => run(text))));
    }
    const times = timeRounds(cases, ROUNDS, MIN_MS);
    const [small, large] = texts.map((text) => (text.length * 2) / 1e6); // MB of UTF-16 held in memory
    for (const operation of Object.keys(OPERATIONS)) {
      const perMbSmall = median(times[`${operation}@0`]) / small;
      const perMbLarge = median(times[`${operation}@1`]) / large;
      rows.push({
        input,
        operation,
        perMbCostRatio: round(perMbLarge / perMbSmall),
        mbPerSecondLarge: round(large / (median(times[`${operation}@1`]) / 1000), 3),
      });
    }
  }
  return rows;
}
