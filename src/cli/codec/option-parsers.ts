import { InvalidArgumentError } from 'commander';
import type { Distribution, Method, OutputMode, StealthLevel } from '../../codec/types.js';

/** Lists every value of a union once; the Record type makes the compiler catch a missing or stray value. */
const valuesOf = <T extends string>(record: Record<T, true>): T[] => Object.keys(record) as T[];

export const METHODS = valuesOf<Method>({ auto: true, single: true, chunked: true, char: true, pattern: true });
export const OUTPUT_MODES = valuesOf<OutputMode>({ full: true, tokens: true });
export const DISTRIBUTIONS = valuesOf<Distribution>({ even: true, random: true, clustered: true });
export const STEALTH_LEVELS = valuesOf<StealthLevel>({ standard: true, high: true, maximum: true });

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
