/**
 * What a schema compiler made, kept by the schema's JSON: Fastify hands each app a copy of every route's schema,
 * so another app in the same process (the tests build one per test) finds the compiled function under the same
 * text instead of compiling every route's schema again, most of the cost of an app's first request. The
 * compilers read only a schema's JSON (TypeBox's symbol keys are for TypeScript).
 */
export function compiledByJson<T>(compile: (schema: object) => T): (schema: object) => T {
  const compiled = new Map<string, T>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let made = compiled.get(key);
    if (made === undefined) compiled.set(key, (made = compile(schema)));
    return made;
  };
}
