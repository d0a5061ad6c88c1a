import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { kebabNameOf, OPERATION_NAMES, OPERATION_RULES, type OperationName } from '../domain/operation-rules.js';
import { API_PATHS } from '../api/paths.js';
import { withCliOption, type CliOption } from './cli-option.js';
import * as copiesSchemas from '../domain/shapes/copies.js';
import * as schemas from './schemas.js';
import type { CodecInput } from './wire.js';

/**
 * The operations, once: one row per operation with its description, input and result schemas, the other names of
 * its fields, its REST method and path, and beside them what the domain rules about it (the permissions a server
 * asks for, whether it is charged, whether it needs an account: src/domain/operation-rules.ts, where the one list
 * of names is). Every face is built from this table: the REST routes and their OpenAPI
 * (src/server/routes/operations.ts), the MCP tools (src/mcp/tools.ts), the HTTP client's requests
 * (./remote-backend.ts); the CLI runs the same operations through a backend. Every backend (local codec, HTTP
 * client, domain) returns the result objects of the schemas here, so a CLI `--json` object, a REST response and an
 * MCP structuredContent are the same object.
 *
 * Unknown input fields are ignored on every face (REST bodies and MCP arguments alike): a client may send fields
 * this server does not know, as newer clients and the hosted service's clients do (docs/SERVER.md).
 */

export {
  ACCOUNT_OPERATION_NAMES,
  CODEC_OPERATION_NAMES,
  isAccountOperation,
  kebabNameOf,
  OPERATION_NAMES,
  type AccountOperationName,
  type CodecOperationName,
  type KebabName,
  type OperationName,
  type WatermarkOperation,
} from '../domain/operation-rules.js';

/** How the REST face serves an operation, beyond what the row says for every face. */
export interface HttpFace {
  /** GET takes the input as the query string, POST as the JSON body */
  method: 'GET' | 'POST';
  /** with an API token; the dashboard's route, with the session, is made from it (sessionPathOf) */
  path: `${typeof API_PATHS.watermark}${string}` | `${typeof API_PATHS.copies}${string}`;
  /** the OpenAPI summary */
  summary: string;
  /** fields required in one case only, which a JSON schema here cannot say: the field → its condition and hint */
  requiredWhen?: Readonly<Record<string, { field: string; equals: string; hint: string }>>;
  /** the decodes: a 422 answer carries the code and what the text holds (CannotReadResponse) */
  unreadable?: boolean;
  /** an earlier address of the operation, whose body names some fields differently (the field → its name there) */
  legacy?: { path: `/api/${string}`; summary: string; names: Readonly<Record<string, string>> };
  /**
   * the answer is written as it is serialised, an item of each array at a time: it can be large (an issue's copies),
   * and is never made into one string
   */
  streamed?: boolean;
}

/** The operation as the hosted service's MCP client names it: its tool name and the fields it sends. */
export interface HostedTool {
  name: string;
  /** the input fields the tool takes, in order */
  fields: readonly string[];
  /** the tool's name for a field, where it has another */
  names?: Readonly<Record<string, string>>;
}

/**
 * The command of an operation that is no `wm <kebab name>` of a text (the codec commands, src/cli/codec-commands.ts):
 * the account operations' and `wm c2pa sign`. Written from the row into src/cli/codec/options.generated.ts by
 * `npm run generate:cli-options` and defined by one function (src/cli/row-commands.ts): its one required string
 * field is its argument, every other field a flag. The account commands run on one generic runner
 * (src/cli/copies/run.ts); `wm c2pa sign` on its own (src/cli/c2pa/sign.ts), which signs offline with key files.
 */
export interface CommandFace {
  /** the words after `wm`: 'copies list', 'trace' */
  name: string;
  /** how the command line spells input fields where the fields do not say it (./cli-option.ts) */
  fields?: Readonly<Record<string, CliOption>>;
}

/** How the faces serve an operation: its row. */
export interface OperationRow {
  title: string;
  description: string;
  input: TObject;
  /**
   * Other names of input fields, which clients of an earlier spelling send (the other name → the field), on every
   * face (./input-fields.ts): the field wins when both are sent, and a required field may come under either name
   */
  aliases?: Readonly<Record<string, string>>;
  result: TSchema;
  /** served over REST (strip and reveal are not: they need no key and no account) */
  http?: HttpFace;
  /** its command, where it is no codec command of src/cli/codec-commands.ts (an account operation's, c2pa sign) */
  command?: CommandFace;
  hosted?: HostedTool;
  /** the same input always gives the same result (no random nonce or distribution) */
  deterministic: boolean;
  /**
   * it changes the account's records wherever it runs, offline too: `adds` (an issue: its document and copies) or
   * `deletes` (an MCP client hears it is destructive)
   */
  records?: 'adds' | 'deletes';
  /**
   * what the dashboard's usage history calls a charge of it ("Encode (robust)"); every charged operation has one
   * (src/api/usage-labels.generated.ts carries them to the browser)
   */
  usage?: string;
}

/** A row of the table: a charged operation's has its usage label. */
type RowOf<N extends OperationName> = OperationRow &
  ((typeof OPERATION_RULES)[N]['charged'] extends true ? { usage: string } : unknown);

/** An operation: its name, what the domain rules about it (permissions, charged, account) and its row. */
export type Operation<N extends OperationName = OperationName> = { name: N } & (typeof OPERATION_RULES)[N] &
  OperationRow;

const text = (description: string) => Type.String({ description });
const CARRIER = text('the visible text to hide the secret in');
const SECRET = text('the secret to hide (UTF-8)');
const MARKED = text('text that may carry a watermark');

const ENCODE = Type.Object({ text: CARRIER, secret: SECRET, ...schemas.EncodeOptions, ...schemas.SignOptions });
const DECODE = Type.Object({ text: MARKED, ...schemas.DecodeOptions });
const ENCODE_ROBUST = Type.Object({ text: CARRIER, secret: SECRET, ...schemas.RobustOptions, ...schemas.SignOptions });
const DECODE_ROBUST = Type.Object({ text: MARKED, ...schemas.DecodeRobustOptions });
const ANALYZE = Type.Object({
  encoded: text('the text to analyse'),
  original: withCliOption(Type.Optional(text('the text before encoding, for the ratio')), {
    value: 'file',
    file: true,
    help: 'the text before encoding, for the size ratio',
  }),
});
const STRIP = Type.Object({ text: text('the text to clean') });
const REVEAL = Type.Object({ text: text('the text to inspect') });
const C2PA_SIGN = Type.Object({
  text: text('the text to sign; mark it first, since marks added later change what the manifest binds'),
  ...schemas.C2paSignOptions,
});
const { IssueCopiesInput: ISSUE_COPIES, TraceInput: TRACE, ListCopiesInput: LIST_COPIES } = copiesSchemas;

/** How `wm copies issue` and `wm copies preview` spell the fields of an issue. */
const ISSUE_FIELDS: Readonly<Record<string, CliOption>> = {
  text: { file: true, help: 'the document' },
  recipients: { flag: 'to', value: 'recipient', help: 'a recipient’s label: an email address, a name' },
  name: { help: 'the document’s name in the records (default: the file’s name)' },
  // --variants, --classes, --colluders (src/cli/copies/variants-options.ts)
  variants: { own: true },
};

/** The REST address of a watermark operation: /api/watermark/<kebab name>. */
const watermarkPath = <N extends OperationName>(name: N) => `${API_PATHS.watermark}${kebabNameOf(name)}` as const;

const ROWS = {
  encode: {
    title: 'Hide a secret in text',
    description:
      'Hide a secret inside a text with invisible Unicode variation selectors. The returned `encoded` text looks ' +
      'exactly like the input; give it out instead of the original. Fails when the text is too short for the ' +
      'secret (the error gives the length needed).',
    input: ENCODE,
    // the spelling of wm's own encode options before they took the snake_case of every other field (docs/SERVER.md)
    aliases: { markWordEnds: 'mark_word_ends', lineEndsOnly: 'line_ends_only', skipLines: 'skip_lines' },
    result: schemas.EncodeResult,
    http: {
      method: 'POST',
      path: watermarkPath('encode'),
      summary:
        'Hide a secret in text (variation selectors); needs the encode permission. A token created with sign signs ' +
        'the mark (`signature` in the answer); `bind_text` makes the signature cover the text too',
      requiredWhen: { pattern: { field: 'method', equals: 'pattern', hint: ' when method is pattern' } },
      legacy: {
        path: '/api/v1/encode',
        summary: 'Legacy form of encode: original_text = text, payload = secret',
        names: { text: 'original_text', secret: 'payload' },
      },
    },
    hosted: { name: 'fast_encode', fields: ['text', 'secret'] },
    usage: 'Encode',
    deterministic: false,
  },
  decode: {
    title: 'Recover a hidden secret',
    description:
      'Recover the secret hidden by `encode` or `encode_robust`: every watermark of the text, each verified and ' +
      'of its `kind` (see `watermarks`); never a secret that was not embedded. Fails when the text holds no ' +
      'watermark, when it is damaged, when it was encrypted with another key or channel, or (with a key) when its ' +
      'watermarks are not keyed. Selector runs that are no watermark are listed in `raw_runs` and read only with ' +
      '`raw_runs: true`. A C2PA text manifest is no watermark: it is reported as `c2pa`.',
    input: DECODE,
    result: schemas.DecodeResult,
    http: {
      method: 'POST',
      path: watermarkPath('decode'),
      summary:
        'Recover every watermark (variation selectors and robust), each verified; needs decode. A keyed token ' +
        'answers only with keyed marks unless `accept_unkeyed`; unframed selector runs are listed in `raw_runs`, ' +
        'read only with `raw_runs: true`. `signature` says who signed the mark: the keys of ' +
        "/.well-known/wm-keys.json and the account's own are known",
      unreadable: true,
    },
    hosted: { name: 'fast_decode', fields: ['text'] },
    usage: 'Decode',
    deterministic: true,
  },
  encode_robust: {
    title: 'Hide a secret that survives lost text',
    description:
      'Hide a secret one bit per visible character, repeated as often as the text allows, so that it survives ' +
      'cropping, deletions and edits. Needs at least 8 bytes of text per byte of secret.',
    input: ENCODE_ROBUST,
    // the hosted service's names
    aliases: { visible_text: 'text', hidden_text: 'secret' },
    result: schemas.EncodeRobustResult,
    http: {
      method: 'POST',
      path: watermarkPath('encode_robust'),
      summary:
        'Hide a secret bit by bit (robust); needs encode. `visible_text`/`hidden_text` are accepted for text/secret',
    },
    hosted: {
      name: 'robust_encode',
      fields: ['text', 'secret', 'distribution', 'stealth_level', 'mark_word_ends', 'line_ends_only'],
      names: { text: 'visible_text', secret: 'hidden_text' },
    },
    usage: 'Encode (robust)',
    deterministic: false,
  },
  decode_robust: {
    title: 'Recover a robust secret',
    description:
      'Recover the secret hidden by `encode_robust`, also from an excerpt or an edited copy. A text without ' +
      'robust marks is reported as an error with `is_encoded: false`.',
    input: DECODE_ROBUST,
    result: schemas.DecodeRobustResult,
    http: {
      method: 'POST',
      path: watermarkPath('decode_robust'),
      summary:
        'Recover a robust (bit-level) secret; needs decode. A keyed token answers only with keyed marks unless ' +
        '`accept_unkeyed`',
      unreadable: true,
    },
    hosted: { name: 'robust_decode', fields: ['text'] },
    usage: 'Decode (robust)',
    deterministic: true,
  },
  analyze: {
    title: 'Count visible characters and hidden marks',
    description:
      'Count the visible graphemes and the hidden variation selectors of a text, and the size ratio to the ' +
      'original when it is given. Reveals sizes only, never the secret.',
    input: ANALYZE,
    result: schemas.AnalyzeResult,
    http: {
      method: 'POST',
      path: watermarkPath('analyze'),
      summary: 'Count visible graphemes and hidden bytes; needs encode or decode',
    },
    usage: 'Analyze',
    deterministic: true,
  },
  strip: {
    title: 'Remove every hidden mark',
    description:
      'Remove every hidden mark from a text: variation selectors added by wm or other tools, zero-width ' +
      'characters, tag characters. Presentation selectors that belong to emoji stay, and so does a C2PA text ' +
      'manifest (reported in `kept`). Free, needs no key.',
    input: STRIP,
    result: schemas.StripResult,
    usage: 'Strip',
    deterministic: true,
  },
  reveal: {
    title: 'Show hidden characters',
    description:
      'Show every invisible character of a text as a visible ⟨label⟩ token, e.g. ⟨VS·f7 00 02⟩ for hidden ' +
      'bytes, ⟨ZWJ⟩, or ⟨C2PA manifest v1, 67 bytes⟩ for a C2PA text manifest. Free, needs no key.',
    input: REVEAL,
    result: schemas.RevealResult,
    usage: 'Reveal',
    deterministic: true,
  },
  c2pa_sign: {
    title: 'Sign a text with Content Credentials',
    description:
      "Embed one C2PA manifest (Content Credentials) in a text, signed with the certificate of the API token's " +
      'channel: the hard binding of the whole text, the actions (c2pa.created with its source type, then ' +
      '`action`), and a soft binding naming its wm watermark when it has one. Sign last: encode refuses a signed ' +
      'text. A text that already carries a manifest, or a channel without a certificate, is refused. Needs the ' +
      'encode permission; charged as an encode.',
    input: C2PA_SIGN,
    result: schemas.C2paSignResult,
    usage: 'Sign (C2PA)',
    command: {
      name: 'c2pa sign',
      fields: {
        text: { file: true, help: 'the text to sign' },
        // repeatable offline, where the package declares any number of actions (src/cli/c2pa/sign.ts)
        action: { own: true },
      },
    },
    http: {
      method: 'POST',
      path: watermarkPath('c2pa_sign'),
      summary:
        "Embed a C2PA manifest signed with the token's channel's certificate; needs encode. A channel without " +
        'a certificate: 400 (make or import one: PUT /api/v2/channels/:channelId/c2pa-certificate)',
    },
    deterministic: false,
  },
  issue_copies: {
    title: 'Issue marked copies to recipients',
    description:
      'Make one marked copy of a text per recipient and record who got which: each copy carries a random copy id ' +
      "in keyed marks (VS frames every few sentences and a robust mark), sealed with your account's copy-mark key " +
      '(no token or channel holds it), and the document is recorded with a keyed fingerprint of its visible text ' +
      '(never the text). With `variants`, each copy also differs from the text at visible variant sites (a ' +
      'codeword of a collusion-resistant code per copy), so that a leak stripped of every invisible character ' +
      'still names its recipient; the answer gives the capacity and each copy’s differences, and too few sites ' +
      'for the recipients and `collusion` are refused with the numbers (see `preview_copies` first). Give each ' +
      'recipient their `text`. Needs the encode permission; one charge per copy, and your plan caps recipients × ' +
      'characters per issue.',
    input: ISSUE_COPIES,
    result: copiesSchemas.IssueCopiesResult,
    http: {
      method: 'POST',
      path: API_PATHS.copies,
      summary: 'Issue one marked copy per recipient and record it; needs encode (one charge per copy)',
      streamed: true,
    },
    command: { name: 'copies issue', fields: ISSUE_FIELDS },
    usage: 'Issue copies',
    deterministic: false,
    records: 'adds',
  },
  preview_copies: {
    title: 'Preview an issue with visible variants',
    description:
      'The dry run of `issue_copies` with `variants` (the default classes when it is left out): every variant ' +
      'site of the text (where two standard forms mean the same: toward/towards, the serial comma…), the capacity ' +
      'in sites and independent choices (bits) with how many a leak must show to name one leaker and one of ' +
      '`collusion` colluders, whether an issue to these recipients would be made (else `refusal`, with the ' +
      "numbers), and each recipient's differences from the text in one draw (an issue draws each copy's own at " +
      'the same sites). Writes, records and charges nothing; needs the encode permission, and the plan caps ' +
      'recipients × characters as for an issue.',
    input: ISSUE_COPIES,
    result: copiesSchemas.PreviewCopiesResult,
    http: {
      method: 'POST',
      path: `${API_PATHS.copies}/preview`,
      summary:
        'The dry run of an issue with visible variants: the sites, the capacity and each copy’s differences, or ' +
        'the refusal with its numbers; needs encode, records and charges nothing',
    },
    command: {
      name: 'copies preview',
      fields: { ...ISSUE_FIELDS, name: { help: 'the document’s name in the preview (default: the file’s name)' } },
    },
    deterministic: false,
  },
  trace: {
    title: 'Trace a leaked text to its recipient',
    description:
      'Say whose copy a leaked text is, among your issued copies only. A recipient is named only from copy marks ' +
      'that authenticate in a text sharing enough of their document (several when copies were spliced), with the ' +
      'evidence (frames found, robust copies agreeing), or from the visible variants of copies issued with them, ' +
      'whose scores pass a threshold set for a stated chance of naming an innocent (`variants`: the evidence of ' +
      'each document, and any contradiction with the marks); when every mark is gone and no variants name anyone, ' +
      'the fingerprint of the visible text names the document only, and the `verdict` says the recipient cannot ' +
      'be told; a text too short to ' +
      'tell anything is `too_short`. Needs decode; one charge, except when too short.',
    input: TRACE,
    result: copiesSchemas.TraceResult,
    http: {
      method: 'POST',
      path: `${API_PATHS.copies}/trace`,
      summary:
        'Whose copy a leaked text is: recipients from copy marks that authenticate in their document, else the ' +
        'document by fingerprint; needs decode (one charge, none when too short)',
    },
    command: { name: 'trace', fields: { text: { file: true, help: 'the leaked text' } } },
    usage: 'Trace a leak',
    deterministic: true,
  },
  list_copies: {
    title: 'List issued documents and copies',
    description:
      'Your documents whose copies were issued, newest first (at most 100); with `document_id`, that document with ' +
      'each copy: its id, recipient, date and marks. Needs decode; free.',
    input: LIST_COPIES,
    result: copiesSchemas.ListCopiesResult,
    http: {
      method: 'GET',
      path: API_PATHS.copies,
      summary: 'The documents issued, newest first, or one with its copies (document_id); needs decode, free',
    },
    command: {
      name: 'copies list',
      fields: {
        document_id: { flag: 'document', value: 'id', help: 'one document, with each copy and its recipient' },
      },
    },
    deterministic: true,
  },
  forget_document: {
    title: 'Forget an issued document',
    description:
      'Delete one of your issued documents and everything recorded of it: its copies with their recipients, its ' +
      'keyed fingerprint and its visible variants’ record (a retention rule, an erasure request). Answers the ' +
      'document with each copy as `list_copies` showed it, one last time; it cannot be undone. Its copies’ marks ' +
      'still authenticate but name no one: a trace of one says it carries the mark of a copy no longer on record. ' +
      'Needs the encode permission; free.',
    input: Type.Required(LIST_COPIES),
    result: copiesSchemas.ListCopiesResult,
    http: {
      method: 'POST',
      path: `${API_PATHS.copies}/forget`,
      summary: 'Delete an issued document with its copies, fingerprint and variant record; needs encode, free',
    },
    command: {
      name: 'copies forget',
      fields: { document_id: { help: 'the document to forget (its id, as issue and list print it)' } },
    },
    deterministic: false,
    records: 'deletes',
  },
} satisfies { readonly [N in OperationName]: RowOf<N> };

/** Each operation's input as the wire names it (REST body, MCP arguments): its row's input schema, as a type. */
export type OperationInputs = { [N in OperationName]: Static<(typeof ROWS)[N]['input']> };

/** Each operation's input as the codec and the domain name it (`bind_text` → `bindText`: ./wire.ts). */
export type CodecInputs = { [N in OperationName]: CodecInput<OperationInputs[N]> };

/**
 * Each operation's result: its row's result schema, as a type. Every backend's handler must return it (the codec's
 * result types and the domain's are checked against it there), so the schema is the one place the shape lives.
 */
export type OperationResults = { [N in OperationName]: Static<(typeof ROWS)[N]['result']> };

/** Every row with its name and the domain's rules, in the order of the names. */
export const OPERATIONS = Object.fromEntries(
  OPERATION_NAMES.map((name) => [name, { name, ...OPERATION_RULES[name], ...(ROWS[name] as OperationRow) }]),
) as { readonly [N in OperationName]: Operation<N> };

/** The REST path of an operation served over REST (with an API token). */
export function httpPathOf(name: OperationName): string {
  const { http } = OPERATIONS[name];
  if (!http) throw new Error(`${name} is not served over REST`);
  return http.path;
}

/**
 * The dashboard's route of an operation: the same under /api/v2/tokens/:tokenId/, with the session, as one of the
 * account's tokens (/api/watermark/encode → /api/v2/tokens/:tokenId/watermark/encode, /api/v2/copies/trace →
 * /api/v2/tokens/:tokenId/copies/trace).
 */
export function sessionPathOf(name: OperationName): string {
  const path = httpPathOf(name);
  if (path.startsWith(API_PATHS.watermark)) return API_PATHS.tokenWatermark + path.slice(API_PATHS.watermark.length);
  return API_PATHS.tokenCopies + path.slice(API_PATHS.copies.length);
}
