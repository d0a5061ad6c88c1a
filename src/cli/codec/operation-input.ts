import type { CodecOperationName } from '../../domain/operation-rules.js';
import type { CodecInputs } from '../../ops/operations.js';
import { readInputText } from './io.js';
import { OPERATION_OPTIONS } from './options.generated.js';

/** The values of operation NAME's flags as its input (the codec's names), files read; flags not given stay out. */
export async function operationInputOf<N extends CodecOperationName>(
  name: N,
  options: object,
): Promise<Partial<CodecInputs[N]>> {
  const values = options as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const spec of OPERATION_OPTIONS[name]) {
    const value = values[spec.key];
    if (value !== undefined) input[spec.input] = spec.file ? await readInputText(value as string) : value;
  }
  return input as Partial<CodecInputs[N]>;
}
