import { Ajv, type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import type { OperationBackend } from '../ops/backend.js';
import {
  declaredInputOf,
  OPERATION_NAMES,
  OPERATIONS,
  renamedInput,
  type OperationInputs,
  type OperationName,
} from '../ops/operations.js';
import { COPIES_OPERATION_NAMES, COPIES_OPERATIONS, type CopiesOperationName } from '../ops/copies.js';

/** A tool as tools/list shows it, with what a call needs: the operation and how its arguments map to the input. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean; destructiveHint: false; idempotentHint: boolean; openWorldHint: false };
  operation: OperationName;
  /** the operation's input from the arguments: the fields it declares, in their wire names (others are ignored) */
  toInput(args: Record<string, unknown>): OperationInputs[OperationName];
  /** compiled on the first call of the tool: compiling all eleven would weigh on every start of `wm mcp` */
  validate(args: unknown): { valid: true } | { valid: false; errors: ValidateFunction['errors'] };
}

// allErrors stays off, as for the HTTP bodies: the first problem is enough to report and bounds the work
const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new Map<string, ValidateFunction>();

/** Plain JSON (TypeBox schemas carry symbol keys), validated once per process and tool. */
function plain(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

function validatorOf(name: string, schema: Record<string, unknown>): ToolDefinition['validate'] {
  return (args) => {
    let validate = validators.get(name);
    if (!validate) validators.set(name, (validate = ajv.compile(schema)));
    return validate(args) ? { valid: true } : { valid: false, errors: validate.errors };
  };
}

/**
 * Whether a call costs credits on this backend: the charged operations on a server, through HTTP or inside it, and
 * inside `wm serve` strip and reveal too (metered like analyze; through HTTP they run on the client).
 */
const spendsOn = (operation: OperationName, backend: OperationBackend): boolean =>
  backend.kind === 'server' || (backend.kind === 'remote' && OPERATIONS[operation].metered);

/** What a server adds to each description: the permission and the charge, where they apply. */
function serverNote(operation: OperationName, backend: OperationBackend): string {
  if (!spendsOn(operation, backend)) return '';
  const { permissions, metered } = OPERATIONS[operation];
  const permission = (permissions.length ? permissions : OPERATIONS.analyze.permissions).join(' or ');
  const like = metered ? 'its REST endpoint' : 'analyze';
  return (
    ` On the server: needs an API token with the ${permission} permission; like ${like}, it uses credits and ` +
    'counts against the monthly limit.'
  );
}

/**
 * Annotations: locally every tool only computes; against a server an operation that charges credits changes the
 * account, and calling it twice charges twice.
 */
function annotationsOf(operation: OperationName, backend: OperationBackend): ToolDefinition['annotations'] {
  const spends = spendsOn(operation, backend);
  return {
    readOnlyHint: !spends,
    destructiveHint: false,
    idempotentHint: !spends && OPERATIONS[operation].deterministic,
    openWorldHint: false,
  };
}

const toolsByKind = new Map<OperationBackend['kind'], ToolDefinition[]>();

/** The seven operations and the four names of the hosted service's client, for one kind of backend. */
export function toolsFor(backend: OperationBackend): ToolDefinition[] {
  let tools = toolsByKind.get(backend.kind);
  if (!tools) toolsByKind.set(backend.kind, (tools = defineTools(backend)));
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
  const tools = OPERATION_NAMES.map((name): ToolDefinition => {
    const operation = OPERATIONS[name];
    const inputSchema = plain(operation.input);
    return {
      name,
      title: operation.title,
      description: operation.description + serverNote(name, backend),
      inputSchema,
      outputSchema: plain(operation.result),
      annotations: annotationsOf(name, backend),
      operation: name,
      toInput: (args) => declaredInputOf(name, args),
      validate: validatorOf(name, inputSchema),
    };
  });
  // the tool names of the hosted service's MCP client, so that an assistant configured for it keeps working
  const hosted = OPERATION_NAMES.flatMap((name): ToolDefinition[] => {
    const operation = OPERATIONS[name];
    if (!operation.hosted) return [];
    const { name: tool, fields, names = {} } = operation.hosted;
    const inputSchema = plain(renamedInput(name, fields, names));
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
        validate: validatorOf(tool, inputSchema),
      },
    ];
  });
  return [...tools, ...hosted];
}

/** A copies tool (src/ops/copies.ts): offered where an account is known (wm serve's /mcp, wm mcp --server). */
export interface CopiesToolDefinition extends Omit<ToolDefinition, 'operation' | 'toInput'> {
  operation: CopiesOperationName;
}

let copiesTools: CopiesToolDefinition[] | undefined;

export function copiesToolsOf(): CopiesToolDefinition[] {
  return (copiesTools ??= COPIES_OPERATION_NAMES.map((name): CopiesToolDefinition => {
    const operation = COPIES_OPERATIONS[name];
    const inputSchema = plain(operation.input);
    const readOnly = name === 'list_copies';
    return {
      name,
      title: operation.title,
      description: operation.description,
      inputSchema,
      outputSchema: plain(operation.result),
      annotations: { readOnlyHint: readOnly, destructiveHint: false, idempotentHint: readOnly, openWorldHint: false },
      operation: name,
      validate: validatorOf(name, inputSchema),
    };
  }));
}
