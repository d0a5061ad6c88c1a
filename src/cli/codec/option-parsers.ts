import { InvalidArgumentError } from 'commander';

function parseInteger(value: string, minimum: number, maximum: number): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < minimum || number > maximum) {
    throw new InvalidArgumentError(`expected an integer from ${minimum} to ${maximum}.`);
  }
  return number;
}

/** chunkSize: at least 1 (spec); at most 256 bytes can ride on one grapheme. */
export const parseChunkSize = (value: string): number => parseInteger(value, 1, 256);

export const parseSeed = (value: string): number => parseInteger(value, 0, 2 ** 32 - 1);

/** commander's collector for a repeatable option. */
export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];
