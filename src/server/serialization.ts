import { createRequire } from 'node:module';
import type { FastifySerializerCompiler } from 'fastify';
import { compiledByJson } from './compiled-schemas.js';

type Stringify = (schema: object) => (data: unknown) => string;

/** fast-json-stringify as Fastify itself loads it (its dependency): the same version, whatever npm hoisted. */
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

/** Fastify's own serializer compiler (fast-json-stringify of the response schema; wm adds no shared schemas). */
let serializerOf: Stringify | undefined;

/** The response serializers, compiled once a process (compiled-schemas.ts). */
export function createSerializerCompiler(): FastifySerializerCompiler<unknown> {
  serializerOf ??= compiledByJson(fromFastify('fast-json-stringify') as Stringify);
  const compile = serializerOf;
  return ({ schema }) => compile(schema as object);
}
