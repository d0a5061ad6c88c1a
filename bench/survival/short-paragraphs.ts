// The short-paragraph table of `npm run report:survival` (issue 36): robust marks in a paragraph of at most 1,000
// characters of Thai, Lao, Khmer and Myanmar, which carry only where a run of their letters ends (a few positions a
// line), so their marks stack there (docs/ROBUST.md, "Short carriers").
import { OTHER_SECRET, SECRETS } from './carriers.js';
import { TRANSFORMATIONS } from './transformations.js';
import { seededRandom } from '../../packages/codec/src/robust/prng.js';
import { loadCorpus, repeatedUpTo } from '../../packages/codec/test/corpus/load.js';
import { MODES } from '../../packages/codec/test/modes.js';

const SCRIPTS = ['thai', 'lao', 'khmer', 'myanmar'];
const COLUMNS = ['first ½', 'last ½', 'any ½', 'first ¼', 'delete 1 %', 'delete 5 %'];

export function shortParagraphSurvival(): string {
  const corpus = new Map(loadCorpus().map((entry) => [entry.name, entry.text]));
  const robust = MODES.filter((mode) => mode.family === 'robust');
  const rows: string[] = [];
  for (const name of SCRIPTS) {
    const text = repeatedUpTo(corpus.get(name)!, 1000);
    for (const keyed of [false, true]) {
      const modes = robust.filter((mode) => mode.keyed === keyed);
      let wrong = 0;
      const cells = COLUMNS.map((column) => {
        const transformation = TRANSFORMATIONS.find((t) => t.name === column)!;
        let recovered = 0;
        let trials = 0;
        modes.forEach((mode, m) =>
          SECRETS.forEach((secret, s) => {
            const seed = 1000 * m + 10 * s;
            const watermarked = mode.encode(text, secret, '', seed);
            for (let trial = 0; trial < transformation.trials; trial++) {
              const random = seededRandom(seed * 7919 + trial);
              const subject = { watermarked, random, partnerSameSecret: '', partnerOtherSecret: OTHER_SECRET };
              const found = mode.recover(transformation.apply(subject));
              trials++;
              if (found[0] === secret) recovered++;
              wrong += found.filter((other) => other !== secret).length;
            }
          }),
        );
        const share = (100 * recovered) / trials;
        return share === 100 || share === 0 ? `${share}` : share.toFixed(1);
      });
      rows.push(`| ${name}${keyed ? ', keyed' : ''} | ${[...text].length} | ${cells.join(' | ')} | ${wrong} |`);
    }
  }
  return [
    '**Thai, Lao, Khmer, Myanmar: a paragraph of at most 1,000 characters** (the corpus paragraph repeated, a line',
    'break between; robust at every stealth level × distribution, secrets ' +
      `${SECRETS.map((s) => `"${s}"`).join(', ')}; % of exact recoveries; "wrong": secrets returned that were not`,
    'embedded, over the row)',
    '',
    `| text | characters | ${COLUMNS.join(' | ')} | wrong |`,
    `|---|---:|${COLUMNS.map(() => '---:').join('|')}|---:|`,
    ...rows,
  ].join('\n');
}
