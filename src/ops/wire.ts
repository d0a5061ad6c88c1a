/**
 * The one mapping between the wire's field names and the codec's option names. The wire (REST bodies, MCP
 * arguments, the remote client's requests) names options in snake_case (`bind_text`, `skip_lines`), as the HTTP
 * interface does, except the two camelCase fields the interface gives encode (`chunkSize`, `firstLetterOnly`); the
 * codec and the domain name every option in camelCase. So the mapping is mechanical, and a new option needs no line
 * here. No TypeBox: the offline CLI loads this module.
 */

/** `stealth_level` → `stealthLevel`; a camelCase name stays as it is. */
export type CodecName<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CodecName<Tail>>}`
  : S;

/** An operation's input with the codec's option names. */
export type CodecInput<Wire> = { [K in keyof Wire as CodecName<K & string>]: Wire[K] };

export const codecNameOf = (field: string): string =>
  field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The wire input with the codec's names; fields left undefined stay out. */
export function codecInputOf<Wire extends object>(input: Wire): CodecInput<Wire> {
  const codec: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) if (value !== undefined) codec[codecNameOf(field)] = value;
  return codec as CodecInput<Wire>;
}

/** The codec input back on the wire, in the operation's field names (`fields`, its input schema's order). */
export function wireInputOf(input: object, fields: readonly string[]): Record<string, unknown> {
  const codec = input as Record<string, unknown>;
  const wire: Record<string, unknown> = {};
  for (const field of fields) {
    const value = codec[codecNameOf(field)];
    if (value !== undefined) wire[field] = value;
  }
  return wire;
}

/** The wire's name of a codec option among an operation's input fields (the codec's name when none matches). */
export const wireNameOf = (option: string, fields: readonly string[]): string =>
  fields.find((field) => codecNameOf(field) === option) ?? option;
