import { CONFUSABLE_PROTOTYPES, NFKC_CASEFOLD } from './confusable-tables.js';

/**
 * When two names could be taken for each other by a reader: the rule that keeps a signer's name (and a username)
 * to one holder (docs/SECURITY.md, "Signer names"). From static tables (confusable-tables.ts), so that the server
 * and `wm verify` agree whatever Unicode version the JS engine has, except for the NFD steps.
 */

type Table = ReadonlyMap<number, string>;

function decodeTable(chunks: readonly string[]): Table {
  const table = new Map<number, string>();
  for (const entry of chunks.join(';').split(';')) {
    const [source, target] = entry.split(':');
    const [first, more = '0'] = source.split('+');
    const from = parseInt(first, 16);
    const to = target === '' ? [] : target.split(' ').map((codePoint) => parseInt(codePoint, 16));
    for (let i = 0; i <= parseInt(more, 10); i++) {
      table.set(from + i, to.length === 0 ? '' : String.fromCodePoint(to[0] + i, ...to.slice(1)));
    }
  }
  return table;
}

let tables: { casefold: Table; prototypes: Table } | undefined;
const loaded = () =>
  (tables ??= { casefold: decodeTable(NFKC_CASEFOLD), prototypes: decodeTable(CONFUSABLE_PROTOTYPES) });

function mapEach(text: string, table: Table): string {
  let out = '';
  for (const character of text) out += table.get(character.codePointAt(0)!) ?? character;
  return out;
}

/** toNFKC_Casefold (UAX #31): every code point mapped by NFKC_CF (default ignorables to nothing), then NFC. */
export const nfkcCasefold = (text: string): string => mapEach(text, loaded().casefold).normalize('NFC');

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39's skeleton: NFD, default ignorables removed, each code point replaced by its prototype, NFD again. */
export const skeleton = (text: string): string =>
  mapEach(text.normalize('NFD').replace(DEFAULT_IGNORABLE, ''), loaded().prototypes).normalize('NFD');

/**
 * The two keys of a name, for a unique index each: two names are confusable when either key is the same.
 * - `folded`: UTS #39's skeleton of the NFKC case-folded name ("ADA" is "ada", Cyrillic "а" is "a"), folded again
 *   because prototypes keep some capitals (that of "0" is "O", that of "o" is "o");
 * - `cased`: the skeleton of the name as written, then folded: confusables that hold between capitals only
 *   (Greek "Ν" and Latin "N"; folding first gives "ν", a v, and "n").
 * One key could not do both without also making "v" and "n" one letter. Not for display.
 */
export interface NameKeys {
  folded: string;
  cased: string;
}

export function nameKeys(name: string): NameKeys {
  const core = coreOf(name);
  return { folded: nfkcCasefold(skeleton(nfkcCasefold(core))), cased: nfkcCasefold(skeleton(core)) };
}

// punctuation, spacing and default ignorables of every width (a full-width full stop is punctuation too)
const EDGES = /^[\p{P}\p{Z}\s\p{Default_Ignorable_Code_Point}]+|[\p{P}\p{Z}\s\p{Default_Ignorable_Code_Point}]+$/gu;
const SPACING = /[\p{Z}\s]+/gu;

/**
 * A name without what a reader passes over: the punctuation and spacing at either end ("Ada News." is "Ada News",
 * as are "Ada News " and "(Ada News)") and runs of spacing inside ("Ada  News"). A name of punctuation alone keeps it.
 */
function coreOf(name: string): string {
  const core = name.replace(EDGES, '').replace(SPACING, ' ');
  return core === '' ? name : core;
}

export function confusableNames(a: string, b: string): boolean {
  const [first, second] = [nameKeys(a), nameKeys(b)];
  return first.folded === second.folded || first.cased === second.cased;
}
