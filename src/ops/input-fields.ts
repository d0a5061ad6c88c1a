import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { OPERATIONS, type OperationInputs, type OperationName } from './operations.js';

// An operation's input as the faces receive it: a REST body or query string, MCP arguments. Every face takes the
// same fields under the same other names (a row's `aliases`), and ignores what the operation does not declare.

/** The fields of an operation's input, in its schema's order. */
export const inputFieldsOf = (name: OperationName): string[] => Object.keys(OPERATIONS[name].input.properties);

const aliasesOf = (name: OperationName): [alias: string, field: string][] =>
  Object.entries(OPERATIONS[name].aliases ?? {});

const schemas = new Map<OperationName, TObject>();

/**
 * The schema a face validates an operation's input with and documents it by (OpenAPI, MCP's tools/list): the input
 * schema, each other name of a field (`aliases`) beside the field. Validated after withAliasesResolved, so a field
 * sent under another name meets the field's own schema and requirement. Unknown fields are allowed, and ignored.
 */
export function inputSchemaOf(name: OperationName): TObject {
  let schema = schemas.get(name);
  if (schema) return schema;
  const aliases = aliasesOf(name);
  const { input } = OPERATIONS[name];
  schema = input;
  if (aliases.length > 0) {
    const fields = input.properties as Record<string, TSchema>;
    const properties: Record<string, TSchema> = {};
    for (const field of inputFieldsOf(name)) {
      properties[field] = fields[field];
      // the field's schema without its default: the field's own default applies
      const schemaOfField: TSchema = { ...fields[field] };
      delete schemaOfField.default;
      for (const [alias] of aliases.filter(([, replaced]) => replaced === field)) {
        properties[alias] = Type.Optional({
          ...schemaOfField,
          description: `another name of ${field}, which clients of an earlier spelling send (${field} wins)`,
        });
      }
    }
    schema = Type.Object(properties);
  }
  schemas.set(name, schema);
  return schema;
}

/**
 * VALUES with each field that came under another name only (`aliases`) set from it: what a face validates. VALUES
 * itself when there is nothing to resolve (or it is no object: the schema refuses it).
 */
export function withAliasesResolved(name: OperationName, values: unknown): unknown {
  const aliases = aliasesOf(name);
  if (aliases.length === 0 || typeof values !== 'object' || values === null || Array.isArray(values)) return values;
  const sent = values as Record<string, unknown>;
  const resolved = { ...sent };
  for (const [alias, field] of aliases) if (resolved[field] === undefined) resolved[field] = sent[alias];
  for (const field of Object.keys(resolved)) if (resolved[field] === undefined) delete resolved[field];
  return resolved;
}

/**
 * The input fields the operation declares, taken from a body or arguments that may hold others (ignored); a field
 * sent under another name (`aliases`) is taken as the field, and the field wins when both are sent.
 */
export function declaredInputOf<N extends OperationName>(name: N, values: Record<string, unknown>): OperationInputs[N] {
  const resolved = withAliasesResolved(name, values) as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const field of inputFieldsOf(name)) if (resolved[field] !== undefined) input[field] = resolved[field];
  return input as OperationInputs[N];
}

/** A copy of SCHEMA with only `fields`, renamed by `names`, unknown fields allowed. */
export function renamedInput(
  schema: TObject,
  fields: readonly string[],
  names: Readonly<Record<string, string>> = {},
): TObject {
  const properties = schema.properties as Record<string, TSchema>;
  const renamed: Record<string, TSchema> = {};
  for (const field of fields) renamed[names[field] ?? field] = properties[field];
  return Type.Object(renamed);
}
