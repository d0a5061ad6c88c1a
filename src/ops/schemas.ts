import { Type } from '@sinclair/typebox';
import { SIGNATURE_STATUSES } from 'wm-watermark-codec/signature-report';
import {
  CHUNK_SIZE,
  DISTRIBUTIONS,
  METHODS,
  OUTPUT_MODES,
  STEALTH_LEVELS,
  WATERMARK_KINDS,
} from 'wm-watermark-codec/types';
import { withCliOption } from './cli-option.js';
import { StringEnum } from '../domain/shapes/string-enum.js';

// The schemas of the watermark operations: the options shared by the REST bodies and the MCP tool inputs, and the
// results, which are at once the REST responses, the CLI's --json objects and the MCP structuredContent.

const MARK_WORD_ENDS =
  'also mark the last character of each word, as format revision 2 did: more room for marks, but PDF text ' +
  'extractors such as poppler then run that word into the next';
const LINE_ENDS_ONLY =
  "mark only the last character of each line: poppler's pdftotext -raw then keeps every line whole, at the cost " +
  'of every position inside a line; not with the word-ends option';
/** Both encodes mark word ends and line ends only on request, with the same fields (one spelling per concept). */
const markWordEnds = withCliOption(Type.Optional(Type.Boolean({ default: false, description: MARK_WORD_ENDS })), {
  conflicts: ['line_ends_only'],
});
const lineEndsOnly = Type.Optional(Type.Boolean({ default: false, description: LINE_ENDS_ONLY }));
const WHOLE_WORDS =
  'keep every word whole, so that grep, SQL LIKE and search indexes find it: marks only after punctuation, ' +
  'symbols and emoji that neither join a word nor stand before a space, which most prose has few of; not with ' +
  'the word-ends or line-ends options';
const wholeWords = withCliOption(Type.Optional(Type.Boolean({ default: false, description: WHOLE_WORDS })), {
  conflicts: ['mark_word_ends', 'line_ends_only'],
});
/** Both encodes leave the first N lines unmarked on request. */
const skipLines = (where: string) =>
  Type.Optional(
    Type.Integer({
      minimum: 0,
      default: 0,
      description:
        'leave the first N lines unmarked (a headline, byline or salutation that editors retype, losing any mark ' +
        `in it): the marks start after the Nth line feed, ${where}`,
    }),
  );

export const EncodeOptions = {
  method: withCliOption(
    Type.Optional(
      StringEnum(METHODS, {
        default: 'auto',
        description:
          'where the marks go — auto: one word → char, several words → chunked; single: 1 byte per grapheme; ' +
          'chunked: chunkSize bytes per grapheme; char: all in the first word; ' +
          'pattern: inside the first occurrence of `pattern`',
      }),
    ),
    {
      help:
        'where the marks go — auto: one word → char, several words → chunked; single: 1 byte per grapheme; ' +
        'chunked: --chunk-size bytes per grapheme; char: all in the first word; pattern: inside the first ' +
        'occurrence of --pattern',
    },
  ),
  chunkSize: withCliOption(
    Type.Optional(
      Type.Integer({
        minimum: CHUNK_SIZE.min,
        maximum: CHUNK_SIZE.max,
        default: 1,
        description:
          'bytes per grapheme (method chunked); one at least as long as the frame puts it all on one grapheme',
      }),
    ),
    { implies: { method: 'chunked' } },
  ),
  firstLetterOnly: withCliOption(
    Type.Optional(Type.Boolean({ default: false, description: 'method char: whole secret on the first grapheme' })),
    { implies: { method: 'char' } },
  ),
  mark_word_ends: markWordEnds,
  line_ends_only: lineEndsOnly,
  whole_words: wholeWords,
  skip_lines: skipLines('with any method'),
  output: withCliOption(
    Type.Optional(
      StringEnum(OUTPUT_MODES, { default: 'full', description: 'tokens: only the graphemes carrying marks' }),
    ),
    { value: 'mode', help: 'full text, or only the graphemes that carry marks' },
  ),
  pattern: withCliOption(
    Type.Optional(Type.String({ description: 'required when method is pattern: the phrase to hide the marks in' })),
    { value: 'text', help: 'method pattern: mark the first occurrence of TEXT', implies: { method: 'pattern' } },
  ),
};

export const RobustOptions = {
  distribution: withCliOption(
    Type.Optional(
      StringEnum(DISTRIBUTIONS, { default: 'even', description: 'how the marked characters are spread over the text' }),
    ),
    { value: 'name' },
  ),
  stealth_level: withCliOption(
    Type.Optional(
      StringEnum(STEALTH_LEVELS, {
        default: 'standard',
        description: 'high: hides the rising pattern of mark values; maximum: also marks letters only',
      }),
    ),
    { flag: 'stealth', value: 'level' },
  ),
  mark_word_ends: markWordEnds,
  line_ends_only: lineEndsOnly,
  whole_words: wholeWords,
  skip_lines: skipLines('all copies in the text that follows'),
};

/** Options of the encode operations for signed marks: the key is the API token's (or the local --sign-key). */
export const SignOptions = {
  bind_text: withCliOption(
    Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'the signature also covers the visible text (normalised: NFC, whitespace), so a verifier tells an edited ' +
          'text from the original; needs a signing key (on a server: an API token created with sign)',
      }),
    ),
    {
      help:
        'with --sign-key (or on a server, a token that signs): the signature also covers the visible text, so a ' +
        'verifier sees edits',
    },
  ),
};

const ACCEPT_UNKEYED = withCliOption(
  Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'with a keyed token (or key): also answer with watermarks that are not keyed. Without it such a text is ' +
        'refused (422, code UNKEYED): anyone can make an unkeyed mark, so it does not show who holds the key',
    }),
  ),
  {
    help:
      'with --key-file, --channel or a keyed token: also answer with unkeyed watermarks (anyone can make one); ' +
      'without it they are refused (exit 11)',
  },
);

/** Options of the decode operation (REST body fields, MCP tool arguments). */
export const DecodeOptions = {
  raw_runs: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'also read unframed selector runs (another selector tool’s secret) as text: such a reading carries no ' +
        'integrity check (a fragment of a damaged watermark reads the same way), and the answer says so in warnings',
    }),
  ),
  accept_unkeyed: ACCEPT_UNKEYED,
};

/** Options of the decode-robust operation. */
export const DecodeRobustOptions = { accept_unkeyed: ACCEPT_UNKEYED };

/** A C2PA text manifest in the text (docs/FORMAT.md §5): reported beside the results, never read as a watermark. */
export const C2pa = Type.Object(
  {
    offset: Type.Integer({ description: "Unicode code points before the (first) wrapper's U+FEFF" }),
    version: Type.Optional(
      Type.Integer({ description: 'wrapper version byte (C2PA 2.3 defines 1); absent when cut before it' }),
    ),
    length: Type.Optional(Type.Integer({ description: 'declared length of the manifest store in bytes' })),
    label: Type.Optional(
      Type.String({ description: 'label of the JUMBF superbox of the manifest store, e.g. "c2pa"' }),
    ),
    valid: Type.Boolean({
      description:
        'exactly one wrapper, with a U+FEFF before it, the magic, version 1, every declared byte and a JUMBF superbox',
    }),
    reason: Type.Optional(Type.String({ description: 'why the framing is not valid' })),
    wrappers: Type.Integer({ description: 'C2PA wrappers in the text (C2PA allows one)' }),
  },
  { description: 'a C2PA text manifest the text carries (not a wm watermark); absent when none' },
);

const Warnings = Type.Array(Type.String(), {
  description:
    'e.g. that the text carries a damaged C2PA manifest, kept as it was (a framed one is refused); absent when none',
});

/** Present in an encode result when the mark was signed. */
export const EncodeSignature = Type.Object({
  key_id: Type.String({ description: 'the signing key id (16 hex digits) the mark names' }),
  text_bound: Type.Boolean({ description: 'the signature also covers the visible text' }),
});

export const SignatureReport = Type.Object(
  {
    status: StringEnum(SIGNATURE_STATUSES, {
      description:
        'unsigned: no signature (not a failure); valid; invalid: does not verify (forged or altered); ' +
        'unknown_key: signed by a key the reader does not know',
    }),
    signed: Type.Boolean(),
    key_id: Type.Union([Type.String(), Type.Null()], { description: 'the signing key id the mark names' }),
    known_signer: Type.Boolean(),
    signer: Type.Union([Type.String(), Type.Null()], { description: "the known key's name" }),
    valid: Type.Union([Type.Boolean(), Type.Null()], { description: 'null when unsigned or the key is unknown' }),
    text_bound: Type.Boolean({ description: 'the signature also covers the visible text' }),
    text_matches: Type.Union([Type.Boolean(), Type.Null()], {
      description: 'valid signature over a bound text: whether the text still matches it; otherwise null',
    }),
  },
  { description: 'who signed the mark, and whether the signature verifies (docs/FORMAT.md, signed frames)' },
);

export const EncodeResult = Type.Object({
  encoded: Type.String({ description: 'the text with the secret hidden in it; looks exactly like the input' }),
  keyed: Type.Boolean({ description: 'true when the payload was encrypted (channel-bound token or key file)' }),
  signature: Type.Optional(EncodeSignature),
  stats: Type.Object({
    originalLength: Type.Integer(),
    secretLength: Type.Integer(),
    encodedLength: Type.Integer(),
    chunkSize: Type.Optional(Type.Integer()),
    method: Type.String(),
  }),
  warnings: Type.Optional(Warnings),
});

export const EncodeRobustResult = Type.Object({
  watermarked: Type.String({ description: 'the text with the secret hidden one bit per character' }),
  keyed: Type.Boolean(),
  signature: Type.Optional(EncodeSignature),
  stats: Type.Object({
    visibleLength: Type.Integer(),
    hiddenLength: Type.Integer(),
    watermarkBitCount: Type.Integer(),
    totalLength: Type.Integer(),
    distribution: Type.String(),
    stealthLevel: Type.String(),
  }),
  warnings: Type.Optional(Warnings),
});

const DecodeWarnings = Type.Array(Type.String(), {
  description:
    'what the answer must be read with: raw runs read without an integrity check, unkeyed watermarks left out ' +
    'because a key was given; absent when none',
});

/** Unframed selector runs: reported with their bytes, read as a secret only with raw_runs. */
export const RawRuns = Type.Array(
  Type.Object({
    offset: Type.Integer({ description: 'Unicode code points before its first selector' }),
    length: Type.Integer({ description: 'bytes it carries' }),
    bytes: Type.String({ description: 'its first bytes (at most 64) as hex pairs, e.g. "68 69"' }),
  }),
  {
    description:
      'runs of variation selectors that are no verified watermark (another tool’s data, or what is left of a ' +
      'damaged one), in text order, at most 100; absent when none',
  },
);

export const DecodeResult = Type.Object({
  decoded: Type.String({ description: 'the first secret found' }),
  keyed: Type.Boolean(),
  signature: Type.Optional(SignatureReport),
  stats: Type.Object({ decodedLength: Type.Integer() }),
  watermarks: Type.Optional(
    Type.Array(
      Type.Object({
        kind: Type.Optional(
          StringEnum(WATERMARK_KINDS, {
            description:
              'vs: a framed watermark (variation selectors); robust: a robust watermark; both verified. raw: an ' +
              'unframed run read as text (raw_runs only): no integrity check',
          }),
        ),
        decoded: Type.String(),
        keyed: Type.Boolean(),
        signature: Type.Optional(SignatureReport),
      }),
      {
        description:
          'every watermark found: the verified ones in text order, then raw ones; the first one is `decoded`',
      },
    ),
  ),
  raw_runs: Type.Optional(RawRuns),
  warnings: Type.Optional(DecodeWarnings),
  c2pa: Type.Optional(C2pa),
});

export const DecodeRobustResult = Type.Object({
  decoded: Type.String(),
  keyed: Type.Boolean(),
  signature: Type.Optional(SignatureReport),
  is_encoded: Type.Boolean({ description: 'false when the text holds no robust watermark' }),
  bits_recovered: Type.Integer(),
  confidence: Type.Number({
    description:
      'the share of 1-bits among the payload bits read (set bits / extracted bits): a property of the secret, not a ' +
      'measure of trust; judge a result by stats.copies_agreeing and bits_recovered',
  }),
  stats: Type.Object({
    extracted_bit_count: Type.Integer(),
    reconstructed_char_count: Type.Integer(),
    copies_found: Type.Optional(Type.Integer()),
    copies_agreeing: Type.Optional(Type.Integer()),
  }),
  watermarks: Type.Optional(
    Type.Array(
      Type.Object({
        decoded: Type.String(),
        keyed: Type.Boolean(),
        signature: Type.Optional(SignatureReport),
        start: Type.Integer({ description: 'Unicode code points before its first mark' }),
        end: Type.Integer({ description: 'Unicode code points up to and including its last mark' }),
        bits_recovered: Type.Integer(),
        copies_found: Type.Integer(),
        copies_agreeing: Type.Integer(),
      }),
      {
        description:
          'every robust watermark found, in text order, each with the span of its marks; the first one is `decoded` ' +
          '(empty when is_encoded is false)',
      },
    ),
  ),
  warnings: Type.Optional(DecodeWarnings),
  c2pa: Type.Optional(C2pa),
});

export const AnalyzeResult = Type.Object({
  original_length: Type.Integer({ description: 'graphemes of `original`, 0 without it' }),
  encoded_length: Type.Integer({ description: 'visible graphemes plus hidden selectors' }),
  encoded_bytes: Type.Integer({ description: 'hidden bytes' }),
  ratio: Type.Number({ description: 'encoded_length ÷ original_length, 0 without original' }),
  base_characters: Type.Integer({ description: 'visible graphemes' }),
  variation_selectors: Type.Integer({ description: 'payload selectors: those of a C2PA manifest are c2pa_bytes' }),
  c2pa_bytes: Type.Optional(
    Type.Integer({ description: 'selectors of C2PA text manifests, counted in no other field' }),
  ),
  c2pa: Type.Optional(C2pa),
});

export const StripResult = Type.Object({
  text: Type.String({
    description: 'the text without hidden marks; presentation selectors of emoji and C2PA text manifests stay',
  }),
  kept: Type.Optional(
    Type.Object({ c2pa: C2pa }, { description: 'the C2PA text manifest kept in the text; absent when none' }),
  ),
});

export const RevealResult = Type.Object({
  segments: Type.Array(
    Type.Object({
      text: Type.String(),
      hidden: Type.Boolean(),
      label: Type.Optional(Type.String({ description: 'name of a hidden segment, e.g. "VS·f7 00 02", "ZWJ"' })),
    }),
  ),
  text: Type.String({ description: 'the text with every hidden character drawn as a ⟨label⟩ token' }),
});

/**
 * The C2PA actions and IPTC source types a signer may declare, as the wire and `wm c2pa sign` name them: the
 * package's lists (packages/c2pa/src/actions.ts, which a test holds these to), written here so that the table does
 * not load the C2PA package.
 */
export const C2PA_ACTIONS = ['published', 'edited', 'translated', 'summarized'] as const;
export const C2PA_SOURCE_TYPES = [
  'digitalCreation',
  'humanEdits',
  'trainedAlgorithmicMedia',
  'compositeWithTrainedAlgorithmicMedia',
  'algorithmicallyEnhanced',
] as const;

export const C2paSignOptions = {
  action: withCliOption(
    Type.Optional(
      StringEnum(C2PA_ACTIONS, { description: 'an action the manifest declares after c2pa.created (published, …)' }),
    ),
    { value: 'name' },
  ),
  source_type: withCliOption(
    Type.Optional(
      StringEnum(C2PA_SOURCE_TYPES, {
        default: 'digitalCreation',
        description: 'how the text was made, as an IPTC digital source type (trainedAlgorithmicMedia: by a model)',
      }),
    ),
    { value: 'type' },
  ),
  title: Type.Optional(Type.String({ description: "the text's title in the manifest" })),
};

export const C2paSignResult = Type.Object({
  text: Type.String({
    description: 'the text with one C2PA manifest embedded at its end, before its final line breaks',
  }),
  manifest: Type.String({ description: "the manifest's label (urn:c2pa:…)" }),
  bytes: Type.Integer({ description: 'the size of the manifest store' }),
  soft_binding: Type.Boolean({ description: "a soft binding names the text's wm watermark" }),
  signer: Type.String({ description: "the signer certificate's common name: the channel's certificate" }),
  issuer: Type.String({ description: "the signer certificate's issuer" }),
  algorithm: StringEnum(['es256', 'ed25519'] as const, { description: 'the signature algorithm' }),
});
