import type { CodecOperationName, OperationName } from '../../domain/operation-rules.js';
import type { CodecInputs } from '../../ops/operations.js';
import { readInputText } from './io.js';
import type { OperationOptionSpec, RowCommandSpec } from './option-spec.js';
import { OPERATION_OPTIONS } from './options.generated.js';

/** The values of the flags SPECS that were given, in the codec's names, files read. */
async function inputOfFlags(specs: readonly OperationOptionSpec[], options: object): Promise<Record<string, unknown>> {
  const values = options as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = values[spec.key];
    if (value !== undefined) input[spec.input] = spec.file ? await readInputText(value as string) : value;
  }
  return input;
}

/** The values of operation NAME's flags as its input (the codec's names), files read; flags not given stay out. */
export const operationInputOf = async <N extends CodecOperationName>(
  name: N,
  options: object,
): Promise<Partial<CodecInputs[N]>> =>
  (await inputOfFlags(OPERATION_OPTIONS[name], options)) as Partial<CodecInputs[N]>;

/**
 * The input of a command made from its row (./options.generated.ts, ROW_COMMANDS): its ARGUMENT (a file's text, or
 * the value itself) and the flags of the row that were given, in the codec's names.
 */
export async function rowCommandInputOf<N extends OperationName>(
  spec: RowCommandSpec,
  argument: string | undefined,
  options: object,
): Promise<CodecInputs[N]> {
  const input: Record<string, unknown> = {};
  if (spec.argument) input[spec.argument.input] = spec.argument.file ? await readInputText(argument) : argument;
  return { ...input, ...(await inputOfFlags(spec.options, options)) } as CodecInputs[N];
}
