import { InvalidArgumentError } from 'commander';
import { CHUNK_SIZE } from 'wm-watermark-codec/types';

function parseInteger(value: string, minimum: number, maximum: number): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < minimum || number > maximum) {
    throw new InvalidArgumentError(`expected an integer from ${minimum} to ${maximum}.`);
  }
  return number;
}

/** The codec's rule for chunkSize, the same as the HTTP API's. */
export const parseChunkSize = (value: string): number => parseInteger(value, CHUNK_SIZE.min, CHUNK_SIZE.max);

/** A count of lines: a whole number, 0 or more. */
export const parseLineCount = (value: string): number => parseInteger(value, 0, Number.MAX_SAFE_INTEGER);

export const parseSeed = (value: string): number => parseInteger(value, 0, 2 ** 32 - 1);

/** commander's collector for a repeatable option. */
export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export const parseThreads = (value: string): number => parseInteger(value, 1, 256);

const SIZE_UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** "500", "64K", "10M", "1G" (binary units, as ripgrep's --max-filesize; "10MB" and "10m" too). */
export function parseSize(value: string): number {
  const match = /^(\d+)\s*([KMGT]?)(i?B)?$/i.exec(value.trim());
  const bytes = match ? Number(match[1]) * SIZE_UNITS[match[2].toUpperCase()] : Number.NaN;
  if (!Number.isSafeInteger(bytes)) throw new InvalidArgumentError('expected a size such as 500K, 10M or 1G.');
  return bytes;
}
