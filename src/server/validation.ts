import { Ajv, type Options, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { isValidEmail } from '../domain/index.js';
import { compiledByJson } from './compiled-schemas.js';

/** Same safety settings as Fastify's own Ajv: allErrors stays off (on, it enables a DoS). */
const BASE: Options = { allErrors: false, useDefaults: true, removeAdditional: false, strict: false };

// ajv-formats is CommonJS whose typings only describe its `default` property
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ ...BASE, ...options });
  addFormats(ajv);
  // the domain's rule, so that HTTP and `wm users create` accept the same addresses
  ajv.addFormat('email', isValidEmail);
  return ajv;
}

/**
 * JSON bodies are validated as sent: "42" is not 42 and "true" is not true. Query strings and path parameters
 * arrive as text by nature, so there (only) "20" may stand for 20. Unknown body fields are ignored, not removed
 * and not refused, so newer clients keep working against this server.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  validators ??= {
    forBody: compiledBy(createAjv({ coerceTypes: false })),
    forUrl: compiledBy(createAjv({ coerceTypes: true })),
  };
  const { forBody, forUrl } = validators;
  return ({ schema, httpPart }) => (httpPart === 'body' ? forBody : forUrl)(schema as object);
}

const compiledBy = (ajv: Ajv) => compiledByJson((schema) => ajv.compile(schema));

/** The validators, compiled once a process (compiled-schemas.ts). */
let validators: Record<'forBody' | 'forUrl', (schema: object) => ValidateFunction> | undefined;
