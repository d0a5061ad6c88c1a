import { CodecError } from '../errors.js';

/**
 * What a document stores for its variants (docs/FORMAT.md, "Variant record"): no text and nothing per copy (a
 * copy's choices follow from the key and its id). The keyed id of every site, so that a leak's places are found
 * among them without the text, and of every unit that carries one choice per copy.
 */
export interface VariantRecord {
  readonly language: string;
  /** the table version the sites were found with */
  readonly version: number;
  /** the collusion level the biases were drawn for */
  readonly collusion: number;
  /** keyed site ids, sorted, distinct */
  readonly sites: Int32Array;
  /** keyed ids of the per-copy units, sorted, distinct */
  readonly units: Int32Array;
}

const FORMAT = 1;

export function encodeVariantRecord(record: VariantRecord): Uint8Array {
  const language = new TextEncoder().encode(record.language);
  if (language.length > 255) throw new CodecError('INVALID_INPUT', 'language name too long');
  const head = 1 + 1 + language.length + 2 + 1 + 4 + 4;
  const bytes = new Uint8Array(head + 4 * (record.sites.length + record.units.length));
  const view = new DataView(bytes.buffer);
  let at = 0;
  bytes[at++] = FORMAT;
  bytes[at++] = language.length;
  bytes.set(language, at);
  at += language.length;
  view.setUint16(at, record.version);
  bytes[at + 2] = record.collusion;
  view.setUint32(at + 3, record.sites.length);
  view.setUint32(at + 7, record.units.length);
  at += 11;
  for (const id of [...record.sites, ...record.units]) {
    view.setInt32(at, id);
    at += 4;
  }
  return bytes;
}

export function decodeVariantRecord(bytes: Uint8Array): VariantRecord {
  const fail = () => new CodecError('CORRUPTED', 'not a variant record of this format');
  if (bytes.length < 2 || bytes[0] !== FORMAT) throw fail();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const languageEnd = 2 + bytes[1];
  if (bytes.length < languageEnd + 11) throw fail();
  const language = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(2, languageEnd));
  const version = view.getUint16(languageEnd);
  const collusion = bytes[languageEnd + 2];
  const siteCount = view.getUint32(languageEnd + 3);
  const unitCount = view.getUint32(languageEnd + 7);
  const start = languageEnd + 11;
  if (bytes.length !== start + 4 * (siteCount + unitCount)) throw fail();
  const ids = Int32Array.from({ length: siteCount + unitCount }, (_, i) => view.getInt32(start + 4 * i));
  return { language, version, collusion, sites: ids.slice(0, siteCount), units: ids.slice(siteCount) };
}
