import type { HiddenKind } from 'wm-watermark-codec/findings';

/**
 * Every kind of finding `wm scan` reports, in one table: its id (the SARIF rule id, `kind` or `scheme` in --json),
 * its SARIF name and help text, its label in the table, and its level. A hidden finding is named by the scheme that
 * made it where scan can tell (schemes.ts: wm's own frames, Encypher's metadata, GlassWorm's code, StegCloak's
 * zero-width runs, Trojan Source, invisible identifiers…), else by its kind of character.
 */
export interface Rule {
  id: string;
  /** SARIF `name`: PascalCase */
  name: string;
  /** what the table calls it */
  label: string;
  /** SARIF shortDescription */
  short: string;
  /** SARIF fullDescription and help: what it is and what to do */
  help: string;
  /** error: hidden data or code someone meant no reader to see; marks: the level --marks-level sets; none: text */
  level: 'error' | 'marks' | 'none';
}

export const RULES = [
  {
    id: 'watermark',
    name: 'WmWatermark',
    label: 'watermark',
    short: 'A wm watermark (variation selectors carrying a framed secret)',
    help:
      'A watermark made by wm: its frame begins with the byte 0xF7 (0xF8), written as the selector U+E01E7 ' +
      '(U+E01E8), followed by flags, a length and a CRC-32 or tag that check. Its secret, or why it cannot be read ' +
      '(keyed without the key). `wm strip` removes it.',
    level: 'marks',
  },
  {
    id: 'signed-watermark',
    name: 'WmSignedWatermark',
    label: 'signed watermark',
    short: 'A wm watermark signed with an Ed25519 key',
    help:
      'A wm watermark whose frame carries a signature: the signer id (the first 8 bytes of a hash of the public key) ' +
      'is named here; `wm verify --public-key` checks the signature.',
    level: 'marks',
  },
  {
    id: 'robust-watermark',
    name: 'WmRobustWatermark',
    label: 'robust watermark',
    short: 'A wm robust watermark (one-bit marks repeated through a passage)',
    help: 'A robust watermark made by wm, with the span of its marks and the number of copies that verify.',
    level: 'marks',
  },
  {
    id: 'damaged-watermark',
    name: 'DamagedWmWatermark',
    label: 'damaged watermark',
    short: "Selectors that begin with wm's frame signature but do not check",
    help:
      "What is left of a wm watermark after an edit (the frame's magic, flags and length are there, its check " +
      'fails), or data made to look like one. Its first bytes are shown; nothing is read as a secret.',
    level: 'error',
  },
  {
    id: 'robust',
    name: 'DamagedRobustMarks',
    label: 'robust marks',
    short: 'Robust marks of which no copy verifies',
    help: 'One-bit marks of a robust watermark, none of whose copies verifies (damaged or cut short).',
    level: 'marks',
  },
  {
    id: 'c2pa',
    name: 'C2paManifest',
    label: 'C2PA manifest',
    short: 'A C2PA text manifest (content provenance)',
    help:
      'A content-provenance manifest embedded in the text (C2PA text embedding: U+FEFF, then variation selectors ' +
      'beginning with the magic C2PATXT). `wm verify --trust` checks it; `wm strip` keeps it unless told otherwise.',
    level: 'marks',
  },
  {
    id: 'encypher',
    name: 'EncypherMetadata',
    label: 'Encypher metadata',
    short: "Encypher's signed metadata hidden as variation selectors",
    help:
      'Variation selectors (standard byte mapping: bytes 0–15 as U+FE00–FE0F, 16–255 as U+E0100–E01EF) spelling ' +
      'the JSON object EncypherAI embeds (signer_id with payload and signature, or cose_sign1): provenance ' +
      'metadata, shown as text. In one run after a character, or spread one selector after each character (its ' +
      'distribute_across_targets mode: after each space, punctuation mark, word or every character).',
    level: 'marks',
  },
  {
    id: 'glassworm',
    name: 'HiddenCodePayload',
    label: 'hidden code',
    short: 'Code hidden as variation selectors, with the call that decodes and runs it (GlassWorm)',
    help:
      'A run of variation selectors whose bytes spell code, beside a decoder that turns selectors back into bytes ' +
      '(codePointAt minus 0xFE00 or 0xE0100) and runs them (eval, Function): the GlassWorm campaign (October 2025) ' +
      'hid its loader so in extensions and packages. The code is shown as text, with where the decoder is. Remove ' +
      'the file or the run, and treat the package as compromised.',
    level: 'error',
  },
  {
    id: 'selector-smuggling',
    name: 'SelectorSmuggledData',
    label: 'smuggled bytes',
    short: 'Bytes hidden as a run of variation selectors after one character (emoji smuggling)',
    help:
      'A run of variation selectors hung on one emoji or letter, each a byte in the standard mapping (U+FE00–FE0F ' +
      'for 0–15, U+E0100–E01EF for 16–255), as emoji encoders and prompt-injection payloads write them. The bytes ' +
      'are shown, as text where they spell printable text.',
    level: 'error',
  },
  {
    id: 'raw',
    name: 'HiddenSelectorData',
    label: 'selectors',
    short: 'Variation selectors carrying data that is no wm watermark',
    help:
      'Variation selectors that belong to no character and carry no frame of wm: bytes hidden by another tool. ' +
      'Their bytes are listed, never read as a secret.',
    level: 'error',
  },
  {
    id: 'tag',
    name: 'HiddenTagText',
    label: 'tag characters',
    short: 'Invisible Unicode tag characters that spell text',
    help:
      'Tag characters (U+E0000–E007F) outside an emoji flag: each of U+E0020–E007E stands for an ASCII character, ' +
      'so a run of them is text no reader sees ("ASCII smuggling", prompt injection). What it spells is shown.',
    level: 'error',
  },
  {
    id: 'stegcloak',
    name: 'StegCloakText',
    label: 'StegCloak run',
    short: "A run of zero-width characters in StegCloak's alphabet (hidden, maybe encrypted, text)",
    help:
      'Four or more consecutive characters of U+200C, U+200D and U+2061–2064 only: the six characters StegCloak ' +
      '(and tools like it) write two bits each with. The message is usually encrypted; remove the run.',
    level: 'error',
  },
  {
    id: 'invisible-identifier',
    name: 'InvisibleIdentifierCharacter',
    label: 'invisible in identifier',
    short: 'An invisible character in an identifier of source code (CVE-2021-42694)',
    help:
      'A zero-width character, filler or other default-ignorable in an identifier of a source file: two names that ' +
      'look the same are different to the compiler, or a name no reader sees (Hangul filler U+3164 as a variable).',
    level: 'error',
  },
  {
    id: 'confusable-identifier',
    name: 'ConfusableIdentifier',
    label: 'look-alike name',
    short: 'A name in source code made of ASCII letters and look-alikes from another script (CVE-2021-42694)',
    help:
      'A word of a source file that mixes ASCII letters with letters of another script that look like them ' +
      '(Cyrillic "а" in "аdmin", Cherokee "Ꭺ"): the compiler sees a name no reviewer tells from the ASCII one, so a ' +
      'call or a check can go somewhere else. Retype the word in ASCII, or write the other script whole.',
    level: 'error',
  },
  {
    id: 'zero-width',
    name: 'ZeroWidthCharacter',
    label: 'zero-width',
    short: 'Zero-width characters that are not part of the text',
    help:
      'Zero-width spaces, joiners in runs or between Latin letters, word joiners, invisible operators, a byte order ' +
      'mark inside the text, soft hyphens, Hangul and other fillers.',
    level: 'marks',
  },
  {
    id: 'trojan-source',
    name: 'TrojanSourceBidi',
    label: 'Trojan Source',
    short: 'Direction controls left open on a line of source code (Trojan Source, CVE-2021-42574)',
    help:
      'An embedding or override (LRE, RLE, LRO, RLO) without its PDF, an isolate (LRI, RLI, FSI) without its PDI, ' +
      'or a PDF or PDI that closes nothing, on one line of a source file: the line is shown in an order that is ' +
      'not the order the compiler reads (Boucher and Anderson, "Trojan Source", 2021).',
    level: 'error',
  },
  {
    id: 'bidi',
    name: 'DirectionControl',
    label: 'direction controls',
    short: 'Bidirectional controls (marks, embeddings, overrides, isolates)',
    help: 'Direction controls change the order in which text is shown: what is read may not be what is displayed.',
    level: 'marks',
  },
  {
    id: 'text',
    name: 'PartOfTheText',
    label: 'part of the text',
    short: 'Invisible characters that belong to the text (listed with --all only)',
    help:
      'Emoji presentation selectors after their base, joiners of emoji and of scripts that use them, zero-width ' +
      'spaces between Khmer or Thai words, a leading byte order mark, the tags of an emoji flag.',
    level: 'none',
  },
] as const satisfies readonly Rule[];

/** A rule's id: what a finding is called (SARIF ruleId). */
export type RuleId = (typeof RULES)[number]['id'];

/** The rules that name a hidden finding by the scheme that made it (a finding's `scheme`) rather than its kind. */
export const SCHEMES = [
  'damaged-watermark',
  'encypher',
  'glassworm',
  'selector-smuggling',
  'stegcloak',
  'invisible-identifier',
  'trojan-source',
] as const satisfies readonly RuleId[];
export type SchemeId = (typeof SCHEMES)[number];

const BY_ID = new Map<string, Rule>(RULES.map((rule) => [rule.id, rule]));
const SCHEME_SET = new Set<string>(SCHEMES);

export const ruleOf = (id: RuleId): Rule => BY_ID.get(id)!;

export const isScheme = (id: string | undefined): id is SchemeId => id !== undefined && SCHEME_SET.has(id);

/** The rule of a hidden finding: its scheme's where one is named, else its kind's. */
export const hiddenRule = (hidden: { kind: HiddenKind; scheme?: SchemeId }): RuleId => hidden.scheme ?? hidden.kind;

/**
 * What a look-alike name (a ConfusableReport) passes for, in every output's words: `"isАdmin" passes for "isAdmin"
 * (U+0410)`. `mark` dresses the look-alikes' code points (the table colours them).
 */
export function passesFor(
  name: { word: string; looks_like: string; code_points: Record<string, number> },
  mark: (codePoints: string) => string = (text) => text,
): string {
  const lookAlikes = mark(Object.keys(name.code_points).join(', '));
  return `${JSON.stringify(name.word)} passes for ${JSON.stringify(name.looks_like)} (${lookAlikes})`;
}
