import { Ajv, type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import type { OperationBackend } from '../ops/backend.js';
import { SERVER_ONLY_OPERATIONS } from '../ops/local-backend.js';
import { declaredInputOf, inputSchemaOf, renamedInput, withAliasesResolved } from '../ops/input-fields.js';
import {
  isAccountOperation,
  OPERATION_NAMES,
  OPERATIONS,
  type OperationInputs,
  type OperationName,
} from '../ops/operations.js';
import { describeSchemaIssue } from '../ops/schema-issue.js';

/** A tool as tools/list shows it, with what a call needs: the operation and how its arguments map to the input. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };
  operation: OperationName;
  /** the operation's input from the arguments: the fields it declares, in their wire names (others are ignored) */
  toInput(args: Record<string, unknown>): OperationInputs[OperationName];
  /**
   * What is wrong with the arguments, worded as a REST 400 words the same field's; undefined when nothing. The
   * validator is compiled on the first call of the tool: compiling them all would weigh on every start of `wm mcp`.
   */
  problemOf(args: Record<string, unknown>): string | undefined;
}

// allErrors stays off, as for the HTTP bodies: the first problem is enough to report and bounds the work
const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new Map<string, ValidateFunction>();

/** Plain JSON (TypeBox schemas carry symbol keys), validated once per process and tool. */
function plain(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

/**
 * The first problem of a tool's arguments (allErrors is off), as its schema finds it once `resolve` took each field
 * sent under another name as the field.
 */
function problemsOf(
  tool: string,
  schema: Record<string, unknown>,
  resolve: (args: Record<string, unknown>) => unknown = (args) => args,
): ToolDefinition['problemOf'] {
  return (args) => {
    let validate = validators.get(tool);
    if (!validate) validators.set(tool, (validate = ajv.compile(schema)));
    if (validate(resolve(args))) return undefined;
    const issue = validate.errors?.[0];
    if (!issue) return `invalid arguments for ${tool}`;
    const { field, problem } = describeSchemaIssue(issue, 'arguments');
    return `invalid arguments for ${tool}: ${field} ${problem}`;
  };
}

/**
 * Whether a call costs credits on this backend: a charged operation that runs on a server, inside `wm serve` or
 * through HTTP (strip and reveal have no REST endpoint: through HTTP they run on the client, free); offline,
 * nothing does.
 */
function spendsOn(operation: OperationName, backend: OperationBackend): boolean {
  const { charged, http } = OPERATIONS[operation];
  if (backend.kind === 'local') return false;
  return charged && (backend.kind === 'server' || http !== undefined);
}

/**
 * What a server adds to each description: the permission and the charge, where they apply. An account operation's
 * description says its permission and charge itself; offline, none applies.
 */
function serverNote(operation: OperationName, backend: OperationBackend): string {
  if (isAccountOperation(operation)) {
    return backend.kind === 'local'
      ? " Offline: the copies of the data folder's operator account (of --user's with --channel), free and " +
          'without a plan’s cap.'
      : '';
  }
  if (!spendsOn(operation, backend)) return '';
  const { permissions, http } = OPERATIONS[operation];
  const like = http ? 'its REST endpoint' : 'analyze';
  return (
    ` On the server: needs an API token with the ${permissions.join(' or ')} permission; like ${like}, it uses ` +
    'credits and counts against the monthly limit.'
  );
}

/**
 * Annotations: locally every tool only computes, except those that change the account's records (an issue records
 * its copies; what deletes records is destructive); against a server an operation that charges credits changes the
 * account too, and calling it twice charges twice.
 */
function annotationsOf(operation: OperationName, backend: OperationBackend): ToolDefinition['annotations'] {
  const { records } = OPERATIONS[operation];
  const changes = spendsOn(operation, backend) || records !== undefined;
  return {
    readOnlyHint: !changes,
    destructiveHint: records === 'deletes',
    idempotentHint: !changes && OPERATIONS[operation].deterministic,
    openWorldHint: false,
  };
}

const toolsByKind = new Map<string, ToolDefinition[]>();

/**
 * A tool per operation (offline, but those only a server runs), the names of the hosted service's client, then,
 * where the backend knows an account (wm serve's /mcp, wm mcp --server), the operations on the account's records:
 * for one kind of backend.
 */
export function toolsFor(backend: OperationBackend): ToolDefinition[] {
  const kind = `${backend.kind}${backend.account ? '+account' : ''}`;
  let tools = toolsByKind.get(kind);
  if (!tools) toolsByKind.set(kind, (tools = defineTools(backend)));
  return tools;
}

/** The hosted service's client names some fields otherwise: its arguments as the input (its own fields only). */
function hostedInputOf(name: OperationName, fields: readonly string[], names: Readonly<Record<string, string>>) {
  return (args: Record<string, unknown>) => {
    const input: Record<string, unknown> = {};
    for (const field of fields)
      if (args[names[field] ?? field] !== undefined) input[field] = args[names[field] ?? field];
    return input as OperationInputs[typeof name];
  };
}

function defineTools(backend: OperationBackend): ToolDefinition[] {
  const toolOf = (name: OperationName): ToolDefinition => {
    const operation = OPERATIONS[name];
    const inputSchema = plain(inputSchemaOf(name));
    return {
      name,
      title: operation.title,
      description: operation.description + serverNote(name, backend),
      inputSchema,
      outputSchema: plain(operation.result),
      annotations: annotationsOf(name, backend),
      operation: name,
      toInput: (args) => declaredInputOf(name, args),
      problemOf: problemsOf(name, inputSchema, (args) => withAliasesResolved(name, args)),
    };
  };
  const offered = (name: OperationName) =>
    !isAccountOperation(name) && !(backend.kind === 'local' && SERVER_ONLY_OPERATIONS.includes(name));
  const tools = OPERATION_NAMES.filter(offered).map(toolOf);
  // the tool names of the hosted service's MCP client, so that an assistant configured for it keeps working
  const hosted = OPERATION_NAMES.flatMap((name): ToolDefinition[] => {
    const operation = OPERATIONS[name];
    if (!operation.hosted) return [];
    const { name: tool, fields, names = {} } = operation.hosted;
    const inputSchema = plain(renamedInput(operation.input, fields, names));
    return [
      {
        name: tool,
        title: operation.title,
        description:
          `${operation.description} (The hosted service's name for \`${name}\`.)` + serverNote(name, backend),
        inputSchema,
        outputSchema: plain(operation.result),
        annotations: annotationsOf(name, backend),
        operation: name,
        toInput: hostedInputOf(name, fields, names),
        problemOf: problemsOf(tool, inputSchema),
      },
    ];
  });
  const accountTools = backend.account ? OPERATION_NAMES.filter(isAccountOperation).map(toolOf) : [];
  return [...tools, ...hosted, ...accountTools];
}
