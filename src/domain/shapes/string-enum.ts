import { Type, type SchemaOptions } from '@sinclair/typebox';

/**
 * One of a fixed list of strings, as a single `enum` keyword: a wrong value reads "must be one of: …" and the
 * OpenAPI document and MCP tool schemas list the values (a union of literals would say "must be equal to constant").
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}) {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}
