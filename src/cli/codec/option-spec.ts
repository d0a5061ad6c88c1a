/**
 * A flag of a codec command made from an input field of its operation (src/ops/operations.ts), as
 * scripts/generate-cli-options.ts writes it into ./options.generated.ts: plain data, so that a command line is
 * parsed without loading TypeBox or the table.
 */
export interface OperationOptionSpec {
  /** the field's wire name (REST body, MCP argument) */
  field: string;
  /** the field's name in the codec's input (bind_text → bindText): the backend's input key */
  input: string;
  /** commander's flags, e.g. `--chunk-size <n>` */
  flags: string;
  /** where commander puts the value: the camelCase of the long flag */
  key: string;
  help: string;
  /** the only values allowed (the schema's enum) */
  choices?: readonly string[];
  /** a whole number within the schema's limits */
  integer?: { min: number; max: number };
  /** the schema's default (absent for flags, which are false unless given) */
  default?: string | number;
  /** giving this flag sets these values too (keys as `key`) */
  implies?: Readonly<Record<string, string | boolean>>;
  /** flags this one cannot be given with (as `key`) */
  conflicts?: readonly string[];
  /** the value names a file, or - for standard input, whose text is the field's value */
  file?: boolean;
  /** a string the schema bounds: its length in code units, and a pattern (a regular expression's source) */
  text?: TextLimits;
  /** an array of strings: the flag is repeatable, each value one item, with the schema's bounds on their count */
  repeatable?: { min: number; max: number };
}

export interface TextLimits {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/**
 * An operation's command made from its row's `command` face (wm copies list, wm trace, wm c2pa sign…): its words
 * after `wm`, its argument (the one required string field: a file whose text it is, or the value itself) and flags.
 */
export interface RowCommandSpec {
  /** the words after wm: ['copies', 'list'] */
  words: readonly string[];
  argument?: {
    field: string;
    /** its name in the backend's input (document_id → documentId) */
    input: string;
    /** commander's argument: `[file]` (standard input when left out) or `<document-id>` */
    name: string;
    help: string;
    /** the argument names a file (or -, or nothing: standard input) whose text is the field's value */
    file?: boolean;
    text?: TextLimits;
  };
  options: readonly OperationOptionSpec[];
  /** the REST answer the --json object is: `GET /api/v2/copies` */
  http?: string;
}

/**
 * What an operation's command says of it, from its row (src/ops/operations.ts), as scripts/generate-cli-options.ts
 * writes it into ./options.generated.ts: the help of `wm <command>` and `wm mcp` without loading the table.
 */
export interface OperationCommandSpec {
  /** the row's title, as a command's summary (lower case) */
  summary: string;
  /** the row's description: what the operation does, on every face */
  description: string;
  /** the fields of its result, the --json object: `{decoded, keyed, raw_runs?}` */
  json: string;
  /** the MCP tools that run it: its name, and the hosted service's name for it */
  tools: readonly string[];
}
