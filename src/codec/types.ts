/** The public shapes of the codec. Field names follow the HTTP spec so the CLI's --json and the server agree. */

export type Method = 'auto' | 'single' | 'chunked' | 'char' | 'pattern';
export type OutputMode = 'full' | 'tokens';
export type Distribution = 'even' | 'random' | 'clustered';
export type StealthLevel = 'standard' | 'high' | 'maximum';

export interface KeyOption {
  /** 32-byte AES-256-GCM key: keyed mode. */
  key?: Uint8Array;
}

export interface EncodeOptions extends KeyOption {
  method?: Method;
  chunkSize?: number;
  firstLetterOnly?: boolean;
  pattern?: string;
  output?: OutputMode;
}

export interface EncodeResult {
  encoded: string;
  keyed: boolean;
  stats: {
    originalLength: number;
    secretLength: number;
    encodedLength: number;
    /** present only for single and chunked (and auto when it chose chunked) */
    chunkSize?: number;
    /** the method actually used (auto resolves to char or chunked) */
    method: Method;
  };
}

export interface FoundWatermark {
  decoded: string;
  keyed: boolean;
}

export interface DecodeResult {
  decoded: string;
  keyed: boolean;
  stats: { decodedLength: number };
  /** every watermark found in the text, in order; the first is `decoded` */
  watermarks: FoundWatermark[];
}

export interface AnalyzeResult {
  original_length: number;
  encoded_length: number;
  encoded_bytes: number;
  ratio: number;
  base_characters: number;
  variation_selectors: number;
}

export interface EncodeRobustOptions extends KeyOption {
  distribution?: Distribution;
  stealthLevel?: StealthLevel;
  /** seed for the `random` distribution; a fresh random one when absent */
  seed?: number;
}

export interface EncodeRobustResult {
  watermarked: string;
  keyed: boolean;
  stats: {
    visibleLength: number;
    hiddenLength: number;
    watermarkBitCount: number;
    totalLength: number;
    distribution: Distribution;
    stealthLevel: StealthLevel;
  };
}

export interface DecodeRobustResult {
  decoded: string;
  keyed: boolean;
  is_encoded: boolean;
  bits_recovered: number;
  confidence: number;
  stats: {
    extracted_bit_count: number;
    reconstructed_char_count: number;
    /** copies of the frame whose marks were found, whole or partial */
    copies_found: number;
    /** copies whose content agrees with the returned secret */
    copies_agreeing: number;
  };
}
