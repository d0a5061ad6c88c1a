// Measures where a mark after a grapheme cluster moves Chromium's line-break opportunities in text of the scripts
// broken into words by a dictionary (docs/FORMAT.md, "Dictionary scripts"). For every cluster that the carrier rule
// accepts out of context, it puts one VS17 after it and asks Chromium's own line breaker (Intl.v8BreakIterator, the
// ICU that lays the page out) for the break opportunities, compared with the unmarked text's.
// Usage: npx tsx scripts/dictionary-break-probe.ts FILE… (each line of each file is one text; lines without a letter
// of those scripts are skipped). Debian's translations make a large real sample, e.g.
//   msgunfmt /usr/share/locale/th/LC_MESSAGES/apt.mo | grep '^msgstr' > th.txt
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { NOT_CARRIER, carrierRule } from '../packages/codec/src/carriers.js';
import { graphemes } from '../packages/codec/src/graphemes.js';
import { isDictionaryLetter } from 'wm-watermark-codec/unicode/lookup';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/render/chromium.js';

const dictionaryAt = (text: string, at: number): boolean =>
  at >= 0 && at < text.length && isDictionaryLetter(text.codePointAt(at)!);
const dictionaryBefore = (text: string, at: number): boolean =>
  at > 0 && isDictionaryLetter(text.codePointAt(at - (at > 1 && /[\uDC00-\uDFFF]/.test(text[at - 1]) ? 2 : 1))!);

function classOf(text: string, start: number, end: number, cluster: string): string | undefined {
  const inDictionary = isDictionaryLetter(cluster.codePointAt(0)!);
  if (!inDictionary)
    return dictionaryAt(text, end) || dictionaryBefore(text, start)
      ? 'a cluster of another script beside a run'
      : undefined;
  if (!dictionaryAt(text, end)) return 'where the run ends';
  return dictionaryBefore(text, start) ? 'inside a run' : 'the first cluster of a run, the rest following';
}

const texts = process.argv
  .slice(2)
  .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
  .filter((line) => [...line].some((character) => isDictionaryLetter(character.codePointAt(0)!)));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const page = await browser.newPage();
// plain JavaScript in the page: Intl.v8BreakIterator is Chromium's
await page.addScriptTag({
  content: `window.movedBreaks = (text, positions) => {
    const iterator = new Intl.v8BreakIterator('en', { type: 'line' });
    const breaks = (t) => {
      iterator.adoptText(t);
      const found = [];
      for (let p = iterator.first(); p !== -1; p = iterator.next()) found.push(p);
      return found;
    };
    const base = breaks(text).join();
    const unmarked = (p) => (x) => (x > p ? x - 2 : x);
    const distinct = (x, i, all) => all.indexOf(x) === i;
    const marked = (p) => breaks(text.slice(0, p) + '\\u{E0100}' + text.slice(p)).map(unmarked(p)).filter(distinct);
    return positions.map((p) => marked(p).join() !== base);
  };`,
});
const tally = new Map<string, { positions: number; moved: number }>();
for (const text of texts) {
  const positions: number[] = [];
  const classes: string[] = [];
  for (const { segment, index } of graphemes(text)) {
    if (carrierRule(segment) === NOT_CARRIER) continue;
    const kind = classOf(text, index, index + segment.length, segment);
    if (!kind) continue;
    positions.push(index + segment.length);
    classes.push(kind);
  }
  if (positions.length === 0) continue;
  const moved = (await page.evaluate(
    `movedBreaks(${JSON.stringify(text)}, ${JSON.stringify(positions)})`,
  )) as boolean[];
  moved.forEach((hasMoved, k) => {
    const entry = tally.get(classes[k]) ?? { positions: 0, moved: 0 };
    entry.positions++;
    if (hasMoved) entry.moved++;
    tally.set(classes[k], entry);
  });
}
await browser.close();
process.stdout.write(
  `${texts.length} texts\n| mark after… | positions | break opportunities moved |\n|---|---:|---:|\n`,
);
for (const [kind, { positions, moved }] of tally)
  process.stdout.write(`| ${kind} | ${positions} | ${moved} (${Math.round((100 * moved) / positions)} %) |\n`);
