import { CodecError } from '../../errors.js';
import type { LanguageTable } from '../table.js';
import { ENGLISH } from './en.js';

/** The languages with a variant table (one file each in this folder). */
const TABLES: Readonly<Record<string, LanguageTable>> = { en: ENGLISH };

export const VARIANT_LANGUAGES: readonly string[] = Object.keys(TABLES);

export function languageTable(language: string, version?: number): LanguageTable {
  const table = TABLES[language];
  if (table === undefined)
    throw new CodecError(
      'INVALID_INPUT',
      `No variant table for language "${language}" (known: ${VARIANT_LANGUAGES.join(', ')})`,
    );
  if (version !== undefined && version !== table.version)
    throw new CodecError(
      'INVALID_INPUT',
      `Variant table ${language} version ${version} is not this codec's (${table.version})`,
    );
  return table;
}
