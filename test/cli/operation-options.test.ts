import { readFileSync } from 'node:fs';
import { Command, type Option } from 'commander';
import fc from 'fast-check';
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, renderCliOptions } from '../../scripts/generate-cli-options.js';
import { addOperationOptions } from '../../src/cli/codec/operation-options.js';
import { OPERATION_OPTIONS } from '../../src/cli/codec/options.generated.js';
import { EXIT } from '../../src/cli/errors.js';
import { buildProgram } from '../../src/cli/main.js';
import { CODEC_OPERATION_NAMES, kebabNameOf, OPERATIONS, type OperationName } from '../../src/ops/operations.js';
import { createValidatorCompiler } from '../../src/server/validation.js';

/** The command of an operation: `wm <kebab name>`, or a subcommand where a group holds it (wm c2pa sign). */
const SUBCOMMANDS: Partial<Record<OperationName, [string, string]>> = { c2pa_sign: ['c2pa', 'sign'] };
function operationCommand(name: OperationName) {
  const [group, sub] = SUBCOMMANDS[name] ?? [kebabNameOf(name)];
  const command = buildProgram(['node', 'wm', group]).commands.find((c) => c.name() === group);
  return sub === undefined ? command : command?.commands.find((c) => c.name() === sub);
}

describe('the codec commands’ flags come from the table of operations', () => {
  it('options.generated.ts is what the table makes now (else: npm run generate:cli-options)', async () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(await renderCliOptions());
  });

  it('every optional input field of an operation is a flag of its command', () => {
    for (const name of CODEC_OPERATION_NAMES) {
      const { properties, required = [] } = OPERATIONS[name].input;
      const optional = Object.keys(properties).filter((field) => !required.includes(field));
      expect(OPERATION_OPTIONS[name].map((spec) => spec.field)).toEqual(optional);
      const command = operationCommand(name);
      // strip and reveal have no optional field; their commands run the codec directly
      if (optional.length === 0) continue;
      const flags = command?.options.map((option) => option.flags) ?? [];
      for (const spec of OPERATION_OPTIONS[name]) expect(flags, `${name}.${spec.field}`).toContain(spec.flags);
    }
  });

  it('the help that names an exit code names the one src/cli/errors.ts gives', () => {
    for (const name of ['decode', 'decode_robust'] as const) {
      const help = OPERATION_OPTIONS[name].find((spec) => spec.field === 'accept_unkeyed')?.help;
      expect(help).toContain(`(exit ${EXIT.UNKEYED})`);
    }
  });
});

const serverValidator = createValidatorCompiler();
/** Whether the server accepts VALUE for the field: its body validator, run on the field's schema alone. */
const serverAccepts = (schema: TSchema, value: unknown): boolean =>
  (serverValidator({ schema, httpPart: 'body', method: 'POST', url: '/' }) as (value: unknown) => boolean)(value);

/** The value the command line makes of TEXT for the flag, or undefined when it refuses it (a usage error). */
function parsedByCli(option: Option, text: string): { value: unknown } | undefined {
  try {
    return { value: option.parseArg ? option.parseArg(text, undefined) : text };
  } catch (error) {
    expect((error as Error).name).toBe('InvalidArgumentError');
    expect((error as Error).message).toMatch(/^(expected a whole number|Allowed choices are)/);
    return undefined;
  }
}

/** Every flag with a value the server could refuse: a whole number within limits, or one of a list. */
const checkedFlags = CODEC_OPERATION_NAMES.flatMap((name) =>
  addOperationOptions(new Command(), name)
    .options.map((option, at) => ({ name, option, spec: OPERATION_OPTIONS[name][at] }))
    .filter(({ spec }) => spec.integer || spec.choices)
    .map(({ name, option, spec }) => ({
      where: `${name}.${spec.field}`,
      option,
      spec,
      schema: (OPERATIONS[name as OperationName].input.properties as Record<string, TSchema>)[spec.field],
    })),
);

describe('a flag refuses what the server refuses (one rule: the field’s schema)', () => {
  it('covers the whole numbers and the lists of choices', () => {
    expect(checkedFlags.map(({ where }) => where)).toEqual(
      expect.arrayContaining(['encode.chunkSize', 'encode.skip_lines', 'encode.method', 'encode_robust.stealth_level']),
    );
  });

  it.each(checkedFlags)('$where', ({ option, spec, schema }) => {
    const { min, max } = spec.integer ?? { min: 0, max: 0 };
    const edges = [min - 1, min, min + 1, max - 1, max, max + 1, 2 ** 53, -(2 ** 53)];
    const number = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(...edges), fc.maxSafeInteger());
    const text = spec.choices
      ? fc.oneof(fc.constantFrom(...spec.choices), fc.string(), fc.constantFrom(...spec.choices.map((c) => ` ${c}`)))
      : fc.oneof(number.map(String), fc.string(), fc.constantFrom('1e3', '0x10', '3.0', ' 4', '+2', '', '-0', '1_000'));
    fc.assert(
      fc.property(text, (written) => {
        const parsed = parsedByCli(option, written);
        if (parsed) {
          // what the command line lets through, the server takes as the same value
          expect(serverAccepts(schema, parsed.value)).toBe(true);
          expect(parsed.value === (spec.choices ? written : Number(written))).toBe(true);
        } else if (spec.choices) {
          expect(serverAccepts(schema, written)).toBe(false);
        } else if (/^-?\d+$/.test(written) && Number.isSafeInteger(Number(written))) {
          // a number written plainly is refused only when the server refuses it too (an unsafe integer the codec
          // refuses: HTTP 400 there as well)
          expect(serverAccepts(schema, Number(written))).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the commands say of their operation what its row says', () => {
  const commandOf = (name: string) => buildProgram(['node', 'wm', name]).commands.find((c) => c.name() === name);

  it('each codec command: its name, summary, description and the fields of its --json', () => {
    for (const name of CODEC_OPERATION_NAMES) {
      const command = operationCommand(name);
      const row = OPERATIONS[name];
      expect(command?.summary().toLowerCase(), name).toContain(row.title.toLowerCase());
      expect(command?.description(), name).toContain(row.description);
      const json = command?.options.find((option) => option.long === '--json')?.description ?? '';
      for (const field of Object.keys((row.result as TSchema).properties as object))
        expect(json, `${name} --json`).toMatch(new RegExp(`[{ ]${field}\\??[,}]`));
    }
  });

  it('wm mcp --help names every tool: each operation, the hosted names and the copies tools', () => {
    const help = commandOf('mcp')?.description() ?? '';
    for (const name of Object.keys(OPERATIONS) as OperationName[]) {
      const hosted = OPERATIONS[name].hosted;
      for (const tool of hosted ? [name, hosted.name] : [name]) expect(help).toMatch(new RegExp(`\\b${tool}\\b`));
    }
  });
});
