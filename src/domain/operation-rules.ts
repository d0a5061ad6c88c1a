/**
 * Every operation of wm, once: its name and what the domain rules about it. A name is snake_case (`decode_robust`:
 * the MCP tool); its kebab form (`decode-robust`) is the REST path, the usage record and the CLI command. The table
 * of operations (src/ops/operations.ts, one row per name: schemas, descriptions, how each face serves it) and the
 * domain's handlers are keyed by these names, and the types make a name without a row or a handler a compile error.
 * Plain values, no imports: the table and `wm mcp` read it without loading the domain or the database.
 */

export const PERMISSIONS = ['encode', 'decode'] as const;
export type Permission = (typeof PERMISSIONS)[number];

interface OperationRule {
  /** any one of these allows it on a server */
  readonly permissions: readonly Permission[];
  /** a server charges a success (credits and the monthly quota), recorded in the usage under its kebab name */
  readonly charged: boolean;
  /**
   * it works on an account's records (the issued copies: docs/TRACING.md), so no codec alone runs it: a server does
   * (for an API token), or offline the data folder's domain (for a named account, free)
   */
  readonly account?: true;
}

export const OPERATION_RULES = {
  encode: { permissions: ['encode'], charged: true },
  decode: { permissions: ['decode'], charged: true },
  encode_robust: { permissions: ['encode'], charged: true },
  decode_robust: { permissions: ['decode'], charged: true },
  // analysing reveals sizes, never the secret
  analyze: { permissions: ['encode', 'decode'], charged: true },
  // free in the codec; on wm serve's /mcp (they have no REST endpoint) charged like analyze
  strip: { permissions: ['encode', 'decode'], charged: true },
  reveal: { permissions: ['encode', 'decode'], charged: true },
  // a C2PA manifest signed with the token's channel's certificate: charged as an encode
  c2pa_sign: { permissions: ['encode'], charged: true },
  // issued copies: an issue is charged per copy, a trace once unless too short, a preview and a list never
  issue_copies: { permissions: ['encode'], charged: true, account: true },
  // the dry run of an issue with visible variants: authorised as an issue, recording and charging nothing
  preview_copies: { permissions: ['encode'], charged: false, account: true },
  trace: { permissions: ['decode'], charged: true, account: true },
  list_copies: { permissions: ['decode'], charged: false, account: true },
  // deleting an issued document's records, authorised as an issue; free: an erasure never waits on credits
  forget_document: { permissions: ['encode'], charged: false, account: true },
} as const satisfies Record<string, OperationRule>;

export type OperationName = keyof typeof OPERATION_RULES;
export const OPERATION_NAMES = Object.keys(OPERATION_RULES) as OperationName[];

type NamesWhose<Rule> = { [N in OperationName]: (typeof OPERATION_RULES)[N] extends Rule ? N : never }[OperationName];

/** The operations on an account's records. */
export type AccountOperationName = NamesWhose<{ account: true }>;
/** The operations a codec runs alone, offline or on a server. */
export type CodecOperationName = Exclude<OperationName, AccountOperationName>;

export const isAccountOperation = (name: OperationName): name is AccountOperationName =>
  'account' in OPERATION_RULES[name];
export const ACCOUNT_OPERATION_NAMES = OPERATION_NAMES.filter(isAccountOperation);
export const CODEC_OPERATION_NAMES = OPERATION_NAMES.filter(
  (name): name is CodecOperationName => !isAccountOperation(name),
);

export type KebabName<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}-${KebabName<Tail>}` : S;

/** The operation's name where the wire spells it with hyphens: REST paths, usage records, CLI commands. */
export const kebabNameOf = <N extends OperationName>(name: N) => name.replace(/_/g, '-') as KebabName<N>;

/** What a charge is recorded as in the usage history: the kebab name of an operation a server charges. */
export type WatermarkOperation = KebabName<NamesWhose<{ charged: true }>>;
export const WATERMARK_OPERATIONS = OPERATION_NAMES.filter((name) => OPERATION_RULES[name].charged).map(
  kebabNameOf,
) as WatermarkOperation[];
