import type { TSchema } from '@sinclair/typebox';

/**
 * VALUE with its object keys in the order of SCHEMA's properties (keys the schema does not name follow in their
 * own order). The server's JSON serializer writes required fields before optional ones; in schema order, a
 * result from a server prints byte for byte as the local codec's does.
 */
export function inSchemaOrder(schema: TSchema, value: unknown): unknown {
  if (Array.isArray(value))
    return schema.items ? value.map((item) => inSchemaOrder(schema.items as TSchema, item)) : value;
  if (value === null || typeof value !== 'object' || !schema.properties) return value;
  const properties = schema.properties as Record<string, TSchema>;
  const source = value as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(properties)) {
    if (Object.hasOwn(source, key)) ordered[key] = inSchemaOrder(properties[key], source[key]);
  }
  for (const key of Object.keys(source)) if (!Object.hasOwn(ordered, key)) ordered[key] = source[key];
  return ordered;
}
