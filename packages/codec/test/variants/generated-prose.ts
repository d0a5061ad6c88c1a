import { seededRandom } from '../../src/robust/prng.js';

/**
 * Long English-like prose for simulated leaks (test/codec/variants, npm run report:variants): sentences built from
 * templates in which some places are variant sites of the English table (an optional "that", contractions in a
 * text that uses both forms, short lists, an opening phrase, small numbers, percentages, word pairs) and others
 * look like sites but must not become one (quotations, names, figures that are part of others, URLs, code). Most
 * sentences carry no site, so a document has about as many sites per 1,000 words as the blog and news prose of
 * packages/codec/test/variants/prose (docs/TRACING.md gives both densities).
 */

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const NAMES = ['the board', 'the committee', 'our team', 'the auditors', 'the council', 'the vendor', 'the editors'];
const PEOPLE = ['Maria', 'Tom', 'Dr. Osei', 'the chair', 'the director', 'Ms. Liu', 'our counsel', 'the treasurer'];
const PRONOUNS = ['he', 'she', 'they', 'we'];
const VERBS = ['review', 'approve', 'publish', 'revise', 'finish', 'fund', 'delay', 'share', 'test', 'sign'];
const OBJECTS = [
  'the proposal',
  'the draft report',
  'the new schedule',
  'the budget',
  'the contract',
  'the survey results',
  'the final chapter',
  'the release notes',
  'the press statement',
  'the audit plan',
];
const ITEMS = ['paper', 'ink', 'envelopes', 'laptops', 'chairs', 'badges', 'printers', 'cables', 'folders', 'stamps'];
const PLURALS = ['weeks', 'days', 'months', 'reviewers', 'drafts', 'meetings', 'sections', 'offices', 'changes'];
const NUMBER_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const OPENERS = ['Today', 'Later', 'Finally', 'In 2019', 'Last year', 'At first', 'In fact', 'Meanwhile', 'Instead'];
const REPORTING = ['said', 'thinks', 'believes', 'noted', 'expects', 'knew', 'hopes', 'argued', 'felt'];
const FILLER = [
  'The meeting ran long, as these meetings usually do.',
  'Nothing in the minutes suggests a change of direction.',
  'The figures were checked twice by the finance office.',
  'This section describes the process in more detail.',
  'Questions about the timeline should go to the project office.',
  'The appendix lists every document received before the deadline.',
  'The schedule leaves little room for further delays.',
  'Several members asked for a clearer summary of the costs.',
  'The previous version of this plan was withdrawn in March.',
  'Each department submitted its own estimate of the work involved.',
  'The results are broadly in line with the earlier forecast.',
  'Copies of the earlier correspondence are kept on file.',
  'Most of the remaining issues concern the wording of the agreement.',
  'A short summary of the discussion follows below.',
];

/** One sentence: with a site of some class (about a third of the time), a look-alike that is none, or plain. */
function sentence(random: Random): string {
  const who = pick(random, NAMES);
  const pronoun = pick(random, PRONOUNS);
  const verb = pick(random, VERBS);
  const object = pick(random, OBJECTS);
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const kind = random();
  if (kind < 0.75) return pick(random, FILLER);
  const templates = [
    () =>
      `${capital(pick(random, PEOPLE))} ${pick(random, REPORTING)} ${random() < 0.5 ? 'that ' : ''}` +
      `${pronoun} would ${verb} ${object} soon.`,
    () => `${capital(who)} ${random() < 0.5 ? 'does not' : "doesn't"} expect to ${verb} ${object} this month.`,
    () => `${random() < 0.5 ? 'It is' : "It's"} likely that ${who} will ${verb} ${object}.`,
    () => `${pick(random, OPENERS)}${random() < 0.5 ? ',' : ''} ${who} agreed to ${verb} ${object}.`,
    () => {
      const [a, b, c] = [pick(random, ITEMS), pick(random, ITEMS), pick(random, ITEMS)];
      return `We still need ${a}, ${b}${random() < 0.5 ? ',' : ''} and ${c} for the new office.`;
    },
    () =>
      `The review took ${random() < 0.5 ? pick(random, NUMBER_WORDS) : String(2 + Math.floor(random() * 8))} ` +
      `${pick(random, PLURALS)} longer than planned.`,
    () => `Costs rose ${3 + Math.floor(random() * 40)}${random() < 0.5 ? ' percent' : '%'} over the period.`,
    () => `The work moved ${random() < 0.5 ? 'toward' : 'towards'} a decision on ${object}.`,
    () => `${capital(who)} asked ${random() < 0.5 ? 'all of the' : 'all the'} staff to ${verb} ${object}.`,
    () => `${capital(who)} met ${random() < 0.5 ? 'in order to' : 'to'} ${verb} ${object}.`,
    () => `${capital(who)} had doubts, ${random() < 0.5 ? 'although' : 'though'} ${pronoun} agreed in the end.`,
    () => `The two groups trust ${random() < 0.5 ? 'each other' : 'one another'} more than before.`,
    () => `${random() < 0.5 ? 'Someone' : 'Somebody'} will ${verb} ${object} before Friday.`,
    () => `The delay was short${random() < 0.5 ? ',' : ''} and ${pronoun} said so at the time.`,
    // look-alikes that must stay as they are
    () => `"I do not think that ${pronoun} will ${verb} it," ${pick(random, PEOPLE)} said.`,
    () => `Chapter 5 of the handbook covers ${object}, and Apollo 7 is the example.`,
    () => `The figures are at https://example.com/reports/2019 and in \`report_v2.txt\` for anyone who asks.`,
    () => `Write to press-office@example.org toward the end of the week if anything is unclear.`,
    () => `Five Guys opened a branch near the office, ${3 + Math.floor(random() * 5)}.5 miles away.`,
  ];
  return pick(random, templates)();
}

/** A document of about `words` words in paragraphs of four to seven sentences, the same for the same seed. */
export function generatedProse(seed: number, words: number): string {
  const random = seededRandom(seed * 7919 + 17);
  const paragraphs: string[] = [];
  let count = 0;
  while (count < words) {
    const sentences = Array.from({ length: 4 + Math.floor(random() * 4) }, () => sentence(random));
    const paragraph = sentences.join(' ');
    count += paragraph.split(/\s+/).length;
    paragraphs.push(paragraph);
  }
  return paragraphs.join('\n\n') + '\n';
}
