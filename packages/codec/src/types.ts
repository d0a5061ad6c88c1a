import type { C2paReport } from './c2pa-report.js';
import type { SignatureReport } from './signature-report.js';
import type { SigningKey, VerifyingKey } from './signing.js';
import type { RawRun } from './raw-run.js';

export type { RawRun };

/** The public shapes of the codec. Field names follow the HTTP spec so the CLI's --json and the server agree. */

// The allowed values, listed once: the codec checks against them and the CLI offers them as choices.
export const METHODS = ['auto', 'single', 'chunked', 'char', 'pattern'] as const;
export const OUTPUT_MODES = ['full', 'tokens'] as const;
export const DISTRIBUTIONS = ['even', 'random', 'clustered'] as const;
export const STEALTH_LEVELS = ['standard', 'high', 'maximum'] as const;
/**
 * chunkSize (method chunked): bytes after each carrier grapheme, any whole number from 1. There is no upper limit
 * but that of exact numbers: a chunk at least as long as the frame puts all of it on the first carrier grapheme.
 */
export const CHUNK_SIZE = { min: 1, max: Number.MAX_SAFE_INTEGER } as const;

export type Method = (typeof METHODS)[number];
export type OutputMode = (typeof OUTPUT_MODES)[number];
export type Distribution = (typeof DISTRIBUTIONS)[number];
export type StealthLevel = (typeof STEALTH_LEVELS)[number];

export interface KeyOption {
  /** 32-byte AES-256-GCM key: keyed mode. */
  key?: Uint8Array;
}

export interface SignOption {
  /** sign the mark with this Ed25519 key (createSigningKey) */
  signingKey?: SigningKey;
  /** the signature also covers the visible text (NFC, whitespace collapsed): needs signingKey */
  bindText?: boolean;
}

export interface VerifyOption {
  /** the public keys the reader trusts: signed marks are verified with them */
  keys?: readonly VerifyingKey[];
}

/** How a decode treats what is not a keyed, verified watermark (docs/FORMAT.md, "Decoding"). */
export interface TrustOptions {
  /**
   * With `key`: also accept watermarks that are not keyed. Without it, a decode given a key refuses them
   * (`UNKEYED`): anyone can make an unkeyed mark, so it says nothing about the holder of the key.
   */
  acceptUnkeyed?: boolean;
}

export interface DecodeOptions extends KeyOption, VerifyOption, TrustOptions {
  /**
   * Also read each unframed selector run (another selector tool's secret, hung on one character) as UTF-8 text, a
   * watermark of kind `raw`. Such a run carries no integrity check: a fragment of a damaged watermark reads the same
   * way, so it is read only when asked for, and the result says so (`warnings`).
   */
  rawRuns?: boolean;
}

export interface DecodeRobustOptions extends KeyOption, VerifyOption, TrustOptions {}

/** Present in encode results only when the mark is signed. */
export interface EncodeSignature {
  key_id: string;
  text_bound: boolean;
}

export interface EncodeOptions extends KeyOption, SignOption {
  method?: Method;
  chunkSize?: number;
  firstLetterOnly?: boolean;
  /**
   * leave the first `skipLines` lines unmarked (a headline, a byline, a salutation that editors retype): the marks
   * start after that many line feeds, with any method. Default 0.
   */
  skipLines?: number;
  /**
   * also mark the last character of a word (before whitespace), as format revision 2 did: more carriers, but PDF
   * text extractors such as poppler then lose the space after it (docs/FORMAT.md, "Word ends")
   */
  markWordEnds?: boolean;
  /**
   * mark only the last character of a line or of the text: poppler's `pdftotext -raw` then keeps every line whole,
   * at the cost of all positions inside lines (docs/SURVIVAL.md); not with markWordEnds
   */
  lineEndsOnly?: boolean;
  /**
   * keep every word whole, so that grep, SQL LIKE and search indexes find it: marks only after punctuation, symbols
   * and emoji that neither join a word nor stand before a space, at the cost of nearly every position of a prose
   * text (docs/FORMAT.md, "Whole words"); not with markWordEnds or lineEndsOnly
   */
  wholeWords?: boolean;
  pattern?: string;
  output?: OutputMode;
}

export interface EncodeResult {
  encoded: string;
  keyed: boolean;
  signature?: EncodeSignature;
  stats: {
    originalLength: number;
    secretLength: number;
    encodedLength: number;
    /** present only for single and chunked (and auto when it chose chunked) */
    chunkSize?: number;
    /** the method actually used (auto resolves to char or chunked) */
    method: Method;
  };
  /** what the caller should know, e.g. that a C2PA manifest's content binding may no longer verify; absent when none */
  warnings?: string[];
}

export interface FoundWatermark {
  decoded: string;
  keyed: boolean;
  signature: SignatureReport;
}

/**
 * What kind of mark a secret was read from: `vs` a framed watermark of variation selectors, `robust` a robust
 * (bit-level) watermark, both verified; `raw` an unframed selector run read as text (only with rawRuns: no
 * integrity check).
 */
export const WATERMARK_KINDS = ['vs', 'robust', 'raw'] as const;
export type WatermarkKind = (typeof WATERMARK_KINDS)[number];

export interface DecodedWatermark extends FoundWatermark {
  kind: WatermarkKind;
}

export interface DecodeResult {
  decoded: string;
  keyed: boolean;
  /** the first watermark's signature */
  signature: SignatureReport;
  stats: { decodedLength: number };
  /**
   * every watermark found: the verified ones (vs, robust) in text order, then those read from raw runs (rawRuns
   * only); the first is `decoded`
   */
  watermarks: DecodedWatermark[];
  /** the unframed selector runs, in text order (at most 100); absent when none */
  raw_runs?: RawRun[];
  /** what the caller must know: raw runs read without a check, unkeyed marks left out or accepted; absent when none */
  warnings?: string[];
  /** the C2PA text manifest the text carries beside them; absent when none */
  c2pa?: C2paReport;
}

export interface AnalyzeResult {
  original_length: number;
  encoded_length: number;
  encoded_bytes: number;
  ratio: number;
  base_characters: number;
  variation_selectors: number;
  /** the selectors of C2PA text manifests, counted in no other field (nor is their U+FEFF); absent when none */
  c2pa_bytes?: number;
  c2pa?: C2paReport;
}

export interface EncodeRobustOptions extends KeyOption, SignOption {
  distribution?: Distribution;
  stealthLevel?: StealthLevel;
  /** also mark the last character of a word, as encode's markWordEnds */
  markWordEnds?: boolean;
  /** mark only the last character of a line or of the text, as encode's lineEndsOnly */
  lineEndsOnly?: boolean;
  /** keep every word whole, as encode's wholeWords (never with stealthLevel maximum, which marks letters only) */
  wholeWords?: boolean;
  /** leave the first `skipLines` lines unmarked, as encode's skipLines: the copies go into the rest of the text */
  skipLines?: number;
  /** seed for the `random` distribution; a fresh random one when absent */
  seed?: number;
}

export interface EncodeRobustResult {
  watermarked: string;
  keyed: boolean;
  signature?: EncodeSignature;
  stats: {
    visibleLength: number;
    hiddenLength: number;
    watermarkBitCount: number;
    totalLength: number;
    distribution: Distribution;
    stealthLevel: StealthLevel;
  };
  /** as EncodeResult.warnings */
  warnings?: string[];
}

/** One robust watermark of a text: its secret, and the stretch its marks lie in (code points, end exclusive). */
export interface RobustWatermark extends FoundWatermark {
  /** code points before its first mark */
  start: number;
  /** code points up to and including its last mark */
  end: number;
  bits_recovered: number;
  copies_found: number;
  copies_agreeing: number;
}

export interface DecodeRobustResult {
  decoded: string;
  keyed: boolean;
  signature: SignatureReport;
  is_encoded: boolean;
  bits_recovered: number;
  /**
   * The share of 1-bits among the payload bits read (set bits / extracted bits, as the hosted service defines it): a
   * property of the secret's bit pattern (≈ 0.4–0.5 for text), not a measure of trust. Judge a result by
   * `stats.copies_agreeing` and `bits_recovered` instead (docs/ROBUST.md).
   */
  confidence: number;
  stats: {
    extracted_bit_count: number;
    reconstructed_char_count: number;
    /** copies of the frame whose marks were found, whole or partial */
    copies_found: number;
    /** copies whose content agrees with the returned secret */
    copies_agreeing: number;
  };
  /** every robust watermark found, in text order; the first is `decoded` (empty when is_encoded is false) */
  watermarks: RobustWatermark[];
  /** unkeyed watermarks left out because a key was given; absent when none */
  warnings?: string[];
  /** the C2PA text manifest the text carries; absent when none */
  c2pa?: C2paReport;
}
