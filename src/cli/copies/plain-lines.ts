/**
 * A result as lines for a person, where its command has no printing of its own: `field: value`, a nested object's
 * fields indented under its name, an array's items each under a `-`.
 */
export function plainLines(value: unknown, indent = ''): string[] {
  if (value === null || typeof value !== 'object') return [`${indent}${String(value)}\n`];
  const entries = Array.isArray(value) ? value.map((item) => ['-', item] as const) : Object.entries(value);
  return entries.flatMap(([key, item]) =>
    item !== null && typeof item === 'object'
      ? [
          `${indent}${key}${Array.isArray(item) && item.length === 0 ? ' (none)' : ''}\n`,
          ...plainLines(item, `${indent}  `),
        ]
      : [`${indent}${key}${key === '-' ? '' : ':'} ${String(item)}\n`],
  );
}
