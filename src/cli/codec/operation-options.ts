import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CodecOperationName } from '../../domain/operation-rules.js';
import { parseInteger, parseText } from './option-parsers.js';
import type { OperationOptionSpec } from './option-spec.js';
import { OPERATION_OPTIONS } from './options.generated.js';

/** The table's flags each command has so far: a command adds some beside related flags of its own, then the rest. */
const added = new WeakMap<Command, Set<string>>();

/** The commander option of a flag of the table, parsing and checking its value as the schema says. */
export function optionOf(spec: OperationOptionSpec): Option {
  const option = new Option(spec.flags, spec.help);
  if (spec.choices) option.choices(spec.choices);
  const { integer, text = {}, repeatable } = spec;
  if (integer) option.argParser((value) => parseInteger(value, integer.min, integer.max));
  else if (repeatable)
    option.argParser((value, previous: string[] | undefined) => {
      if ((previous?.length ?? 0) >= repeatable.max) throw new InvalidArgumentError(`at most ${repeatable.max}.`);
      return [...(previous ?? []), parseText(value, text)];
    });
  else if (spec.text) option.argParser((value) => parseText(value, text));
  if (spec.default !== undefined) option.default(spec.default);
  if (spec.implies) option.implies(spec.implies);
  if (spec.conflicts) option.conflicts([...spec.conflicts]);
  return option;
}

/**
 * The flags of operation NAME's input fields (./options.generated.ts, made from the table): only FIELDS (wire
 * names), or else every one not added yet.
 */
export function addOperationOptions(command: Command, name: CodecOperationName, fields?: readonly string[]): Command {
  const done = added.get(command) ?? new Set<string>();
  added.set(command, done);
  for (const spec of OPERATION_OPTIONS[name]) {
    if (fields ? !fields.includes(spec.field) : done.has(spec.field)) continue;
    command.addOption(optionOf(spec));
    done.add(spec.field);
  }
  return command;
}
