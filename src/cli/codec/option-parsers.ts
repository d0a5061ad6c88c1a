import { InvalidArgumentError } from 'commander';
import { CHUNK_SIZE } from '../../codec/types.js';

function parseInteger(value: string, minimum: number, maximum: number): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < minimum || number > maximum) {
    throw new InvalidArgumentError(`expected an integer from ${minimum} to ${maximum}.`);
  }
  return number;
}

/** The codec's rule for chunkSize, the same as the HTTP API's. */
export const parseChunkSize = (value: string): number => parseInteger(value, CHUNK_SIZE.min, CHUNK_SIZE.max);

export const parseSeed = (value: string): number => parseInteger(value, 0, 2 ** 32 - 1);

/** commander's collector for a repeatable option. */
export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];
