import { InvalidArgumentError } from 'commander';
import type { TextLimits } from './option-spec.js';

/** A whole number from MINIMUM to MAXIMUM, written in decimal digits (no sign unless negative, no exponent). */
export function parseInteger(value: string, minimum: number, maximum: number): number {
  const number = /^-?\d+$/.test(value) ? Number(value) + 0 : Number.NaN; // + 0: -0 is 0
  if (!Number.isSafeInteger(number) || number < minimum || number > maximum) {
    const range = maximum === Number.MAX_SAFE_INTEGER ? `, ${minimum} or more` : ` from ${minimum} to ${maximum}`;
    throw new InvalidArgumentError(`expected a whole number${range}.`);
  }
  return number;
}

export const parseSeed = (value: string): number => parseInteger(value, 0, 2 ** 32 - 1);

/** A string within a schema's bounds (length in UTF-16 code units, as JSON Schema's validators count here). */
export function parseText(value: string, limits: TextLimits): string {
  const { minLength = 0, maxLength = Number.MAX_SAFE_INTEGER, pattern } = limits;
  if (value.length < minLength) throw new InvalidArgumentError(`expected at least ${minLength} characters.`);
  if (value.length > maxLength) throw new InvalidArgumentError(`expected at most ${maxLength} characters.`);
  if (pattern !== undefined && !new RegExp(pattern, 'u').test(value))
    throw new InvalidArgumentError(`expected only the characters of /${pattern}/.`);
  return value;
}

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
