import type { TSchema } from '@sinclair/typebox';

/**
 * How an input field of an operation reads on the command line, where the field itself does not say it. Each
 * optional input field of an operation is a flag of its CLI command (`scripts/generate-cli-options.ts` writes them
 * into src/cli/codec/options.generated.ts): `--kebab-name`, its value parsed and checked as the schema says (type,
 * choices, limits), its description as the help line and its default. This annotation changes only what the
 * command line needs changed. Every field refers to other fields by their wire names.
 */
export interface CliOption {
  /** the long flag without its dashes, where it is not the field's name in kebab case (stealth_level → stealth) */
  flag?: string;
  /** a one-letter flag too, e.g. '-m' */
  short?: string;
  /** the name of the value in the help: `--pattern <text>` (default: n for a number, else the flag's name) */
  value?: string;
  /** the help line, where the description speaks of the wire (field names, HTTP statuses) and not of flags */
  help?: string;
  /** giving this flag sets these fields too (commander's implies): --chunk-size 3 means --method chunked */
  implies?: Readonly<Record<string, string | boolean>>;
  /** fields that cannot be given with this one: commander refuses both before the codec would */
  conflicts?: readonly string[];
  /** the value names a file (or - for standard input) whose text is the field's value */
  file?: boolean;
  /**
   * an account command's own flags give the field, not a flag of the table (wm copies issue's --variants,
   * --classes, --colluders make `variants`: its hook in src/cli/copies/)
   */
  own?: true;
}

/**
 * A symbol, not a keyword of the JSON schema: the annotation stays out of /openapi.json, the MCP tool schemas and
 * the server's validator, which see the schema as JSON.
 */
export const CLI_OPTION = Symbol.for('wm.cli-option');

/** SCHEMA, annotated with how the command line spells it. */
export const withCliOption = <T extends TSchema>(schema: T, option: CliOption): T =>
  Object.assign(schema, { [CLI_OPTION]: option });

export const cliOptionOf = (schema: TSchema): CliOption => (schema as { [CLI_OPTION]?: CliOption })[CLI_OPTION] ?? {};
