// Writes src/cli/codec/options.generated.ts: the flags of the codec commands, made from the input schemas of the
// operations table (src/ops/operations.ts), and what every operation's command and `wm mcp` say of it (its
// summary, description, --json shape and tool names), made from its row. A command line must parse without TypeBox
// (it would cost every `wm decode` its start-up budget, docs/PERFORMANCE.md), so the table is read here, once, into
// plain data; a test (test/cli/cli-options-generated.test.ts) fails when the written file no longer matches the table.
// Usage: npm run generate:cli-options [-- --check]   (--check compares instead of writing: exit 1 when stale)
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { TSchema } from '@sinclair/typebox';
import { cliOptionOf, type CliOption } from '../src/ops/cli-option.js';
import { CODEC_OPERATION_NAMES, OPERATION_NAMES, OPERATIONS, type OperationName } from '../src/ops/operations.js';
import { codecNameOf } from '../src/ops/wire.js';
import type {
  OperationCommandSpec,
  OperationOptionSpec,
  RowCommandSpec,
  TextLimits,
} from '../src/cli/codec/option-spec.js';
import { formatGenerated, writeOrCheck } from './generated-file.js';

export const GENERATED_PATH = fileURLToPath(new URL('../src/cli/codec/options.generated.ts', import.meta.url));

/** The schema keywords a flag's parser checks; a field with any other could be refused by a server and not here. */
const KEYWORDS: Record<string, readonly string[]> = {
  integer: ['type', 'description', 'default', 'minimum', 'maximum'],
  string: ['type', 'description', 'default', 'enum', 'minLength', 'maxLength', 'pattern'],
  boolean: ['type', 'description', 'default'],
  array: ['type', 'description', 'items', 'minItems', 'maxItems'],
};

/** How the command line spells a field: its schema's annotation, and where the row's command face says more, that. */
const cliOf = (operation: OperationName, field: string, schema: TSchema): CliOption => ({
  ...cliOptionOf(schema),
  ...OPERATIONS[operation].command?.fields?.[field],
});

/** A string schema's bounds, which the flag's parser checks as the server's validator does. */
function textLimitsOf(schema: TSchema): TextLimits | undefined {
  const limits: TextLimits = {};
  if (schema.minLength !== undefined) limits.minLength = schema.minLength as number;
  if (schema.maxLength !== undefined) limits.maxLength = schema.maxLength as number;
  if (schema.pattern !== undefined) limits.pattern = schema.pattern as string;
  return Object.keys(limits).length > 0 ? limits : undefined;
}

const kebab = (name: string): string => name.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (kebabName: string): string => kebabName.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The flag's name of each optional field of an operation: the required ones are the command's input. */
function flagNames(operation: OperationName, fields: [string, TSchema][]): Map<string, string> {
  return new Map(fields.map(([field, schema]) => [field, cliOf(operation, field, schema).flag ?? kebab(field)]));
}

function specOf(operation: OperationName, field: string, schema: TSchema, flags: Map<string, string>) {
  const where = `${operation}.${field}`;
  const type = checkedType(where, schema);
  const item = type === 'array' ? (schema.items as TSchema) : undefined;
  if (item && checkedType(`${where}[]`, item) !== 'string')
    throw new Error(`${where}: only an array of strings is a repeatable flag`);
  if (type === 'boolean' && schema.default === true) throw new Error(`${where}: a flag that defaults to true`);

  const cli = cliOf(operation, field, schema);
  const keyOf = (other: string): string => {
    const name = flags.get(other);
    if (!name) throw new Error(`${where}: ${other} is no optional field of ${operation}`);
    return camel(name);
  };
  const long = `--${flags.get(field)}`;
  const value = type === 'boolean' ? '' : ` <${cli.value ?? (type === 'integer' ? 'n' : flags.get(field))}>`;
  const repeated = item ? ' (repeatable)' : '';
  const implied = Object.entries(cli.implies ?? {}).map(([other, to]) =>
    to === true ? `--${flags.get(other)}` : `--${flags.get(other)} ${String(to)}`,
  );
  const help =
    (cli.help ?? schema.description ?? '') + repeated + (implied.length ? ` (implies ${implied.join(', ')})` : '');
  if (!help) throw new Error(`${where}: no description for the help`);

  const spec: OperationOptionSpec = {
    field,
    input: codecNameOf(field),
    flags: cli.short ? `${cli.short}, ${long}${value}` : `${long}${value}`,
    key: camel(flags.get(field) as string),
    help,
  };
  if (schema.enum) spec.choices = schema.enum as string[];
  if (type === 'integer')
    spec.integer = { min: schema.minimum ?? -Number.MAX_SAFE_INTEGER, max: schema.maximum ?? Number.MAX_SAFE_INTEGER };
  if (type !== 'boolean' && schema.default !== undefined) spec.default = schema.default as string | number;
  if (cli.implies)
    spec.implies = Object.fromEntries(Object.entries(cli.implies).map(([other, to]) => [keyOf(other), to]));
  if (cli.conflicts) spec.conflicts = cli.conflicts.map(keyOf);
  if (cli.file) spec.file = true;
  const text = textLimitsOf(item ?? schema);
  if (text) spec.text = text;
  if (item)
    spec.repeatable = {
      min: (schema.minItems as number | undefined) ?? 0,
      max: (schema.maxItems as number | undefined) ?? Number.MAX_SAFE_INTEGER,
    };
  return spec;
}

/** The schema's type as a flag's parser knows it; a keyword the parser would not check is refused. */
function checkedType(where: string, schema: TSchema): string {
  const type = schema.enum ? 'string' : String(schema.type);
  const allowed = KEYWORDS[type];
  if (!allowed)
    throw new Error(`${where}: a ${type} field has no command-line parser (scripts/generate-cli-options.ts)`);
  const unchecked = Object.keys(schema).filter((keyword) => !allowed.includes(keyword));
  if (unchecked.length > 0) throw new Error(`${where}: the command line does not check ${unchecked.join(', ')}`);
  return type;
}

/** The flags of an operation's fields: FIELDS, or else every optional one (the required ones are the input). */
function specsOf(operation: OperationName, fields?: [string, TSchema][]): OperationOptionSpec[] {
  const input = OPERATIONS[operation].input;
  const required: readonly string[] = input.required ?? [];
  const chosen =
    fields ?? Object.entries(input.properties as Record<string, TSchema>).filter(([f]) => !required.includes(f));
  const flags = flagNames(operation, chosen);
  return chosen.map(([field, schema]) => specOf(operation, field, schema, flags));
}

/**
 * An operation's command from its row's `command` face: the one required string field is its argument (a file's
 * text when the field is so annotated), every other field a flag (an array of strings a repeatable one), except
 * those the command's own flags give (`own`).
 */
function rowCommandOf(operation: OperationName): RowCommandSpec | undefined {
  const { command, input, http } = OPERATIONS[operation];
  if (!command) return undefined;
  const required: readonly string[] = input.required ?? [];
  const fields = Object.entries(input.properties as Record<string, TSchema>).filter(
    ([field, schema]) => !cliOf(operation, field, schema).own,
  );
  const isArgument = ([field, schema]: [string, TSchema]) => required.includes(field) && schema.type === 'string';
  const [argument, ...more] = fields.filter(isArgument);
  if (more.length > 0) throw new Error(`${operation}: a command takes one argument, not ${more.length + 1}`);
  const spec: RowCommandSpec = {
    words: command.name.split(' '),
    options: specsOf(
      operation,
      fields.filter((entry) => !isArgument(entry)),
    ),
  };
  if (argument) {
    const [field, schema] = argument;
    const cli = cliOf(operation, field, schema);
    checkedType(`${operation}.${field}`, schema);
    const help = cli.help ?? schema.description ?? '';
    const input = codecNameOf(field);
    spec.argument = cli.file
      ? { field, input, name: '[file]', help: `${help} (default: standard input; "-" also means standard input)` }
      : { field, input, name: `<${cli.value ?? kebab(field)}>`, help };
    if (cli.file) spec.argument.file = true;
    const text = textLimitsOf(schema);
    if (text && !cli.file) spec.argument.text = text;
  }
  if (http) spec.http = `${http.method} ${http.path}`;
  return spec;
}

/** An object schema's fields as a --json help shows them: `{decoded, keyed, raw_runs?}` (optional ones with ?). */
function jsonShapeOf(operation: OperationName): string {
  const result = OPERATIONS[operation].result;
  const properties = result.properties as Record<string, TSchema> | undefined;
  if (!properties) throw new Error(`${operation}: a result that is no object has no --json shape`);
  const required: readonly string[] = result.required ?? [];
  return `{${Object.keys(properties)
    .map((field) => (required.includes(field) ? field : `${field}?`))
    .join(', ')}}`;
}

/** What a command and `wm mcp` say of an operation, from its row. */
function commandOf(operation: OperationName): OperationCommandSpec {
  const { title, description, hosted } = OPERATIONS[operation];
  return {
    summary: title.charAt(0).toLowerCase() + title.slice(1),
    description,
    json: jsonShapeOf(operation),
    tools: hosted ? [operation, hosted.name] : [operation],
  };
}

/** A string as pieces joined with +, each short enough for the repository's 120 columns once indented. */
function stringLiteral(text: string): string {
  const pieces = [''];
  for (const word of text.split(/(?<= )/)) {
    if (pieces[pieces.length - 1].length + word.length > 90) pieces.push('');
    pieces[pieces.length - 1] += word;
  }
  return pieces.map((piece) => JSON.stringify(piece)).join(' + ');
}

/** Source text written as it is, not as a value: a reference to another constant of the module. */
class Reference {
  constructor(readonly source: string) {}
}

const literal = (value: unknown): string =>
  value instanceof Reference
    ? value.source
    : typeof value === 'string'
      ? stringLiteral(value)
      : value === Number.MAX_SAFE_INTEGER
        ? 'Number.MAX_SAFE_INTEGER'
        : value === -Number.MAX_SAFE_INTEGER
          ? '-Number.MAX_SAFE_INTEGER'
          : Array.isArray(value)
            ? `[${value.map(literal).join(', ')}]`
            : value !== null && typeof value === 'object'
              ? `{ ${Object.entries(value)
                  .map(([k, v]) => `${JSON.stringify(k)}: ${literal(v)}`)
                  .join(', ')} }`
              : String(value);

/**
 * A row command's flags, each one its codec command also has (c2pa_sign's) written as a reference to that spec in
 * OPERATION_OPTIONS: one spec, not two copies that a reader must compare.
 */
function rowOptionsOf(operation: OperationName, options: readonly OperationOptionSpec[]): unknown[] {
  const codec: readonly OperationOptionSpec[] = (CODEC_OPERATION_NAMES as readonly string[]).includes(operation)
    ? specsOf(operation)
    : [];
  return options.map((option) => {
    const shared = codec.findIndex((spec) => isDeepStrictEqual(spec, option));
    return shared < 0 ? option : new Reference(`OPERATION_OPTIONS.${operation}[${shared}]`);
  });
}

/** The module's text, formatted as the repository formats it (so that `npm run format:check` agrees). */
export async function renderCliOptions(): Promise<string> {
  const rows = CODEC_OPERATION_NAMES.map((name) => `  ${name}: ${literal(specsOf(name))},`).join('\n');
  const commands = OPERATION_NAMES.map((name) => `  ${name}: ${literal(commandOf(name))},`).join('\n');
  const rowCommands = OPERATION_NAMES.flatMap((name) => {
    const spec = rowCommandOf(name);
    return spec ? [`  ${name}: ${literal({ ...spec, options: rowOptionsOf(name, spec.options) })},`] : [];
  }).join('\n');
  const source = `// Generated by scripts/generate-cli-options.ts from the rows of src/ops/operations.ts.
// Do not edit: change the row or the field (src/ops/schemas.ts, its \`withCliOption\` annotation), then run
// \`npm run generate:cli-options\`.
import type { CodecOperationName, OperationName } from '../../domain/operation-rules.js';
import type { OperationCommandSpec, OperationOptionSpec, RowCommandSpec } from './option-spec.js';

/** The flags of each codec operation's command: one per optional input field, in the schema's order. */
export const OPERATION_OPTIONS: { readonly [N in CodecOperationName]: readonly OperationOptionSpec[] } = {
${rows}
};

/** What each operation's command says of it (its help, the shape of its --json) and the MCP tools it is served as. */
export const OPERATION_COMMANDS: { readonly [N in OperationName]: OperationCommandSpec } = {
${commands}
};

/**
 * The commands of the operations whose row has a \`command\` face (src/cli/row-commands.ts defines them; the
 * account operations' run on src/cli/copies/run.ts): words, argument and flags.
 */
export const ROW_COMMANDS: { readonly [N in OperationName]?: RowCommandSpec } = {
${rowCommands}
};
`;
  return formatGenerated(GENERATED_PATH, source);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeOrCheck(GENERATED_PATH, await renderCliOptions(), 'npm run generate:cli-options');
}
