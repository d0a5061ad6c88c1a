import type { CodecErrorCode } from 'wm-watermark-codec/errors';
import type { HiddenKind } from 'wm-watermark-codec/findings';
import type { TextEncoding } from './encoding.js';
import type { Level } from './levels.js';
import type { Position } from './positions.js';
import type { SchemeId } from './rules.js';

/**
 * What `wm scan` says about one file: the JSON Lines objects of `--json` (docs/CLI.md, "wm scan"), and what the
 * table is drawn from. Workers send them to the main thread as they are.
 */

export interface WatermarkReport {
  at: Position;
  level: Level;
  /** the secret; null when it cannot be read (keyed without the right key, or damaged) */
  decoded: string | null;
  keyed: boolean;
  /** why it cannot be read */
  error?: CodecErrorCode;
  /** a signed watermark's signer id (16 hex digits): named, not verified (wm verify does) */
  signer?: string;
}

export interface RobustReport {
  start: Position;
  end: Position;
  level: Level;
  decoded: string | null;
  keyed: boolean;
  error?: CodecErrorCode;
  copies_found: number;
}

export interface C2paReportAt {
  at: Position;
  level: Level;
  version?: number;
  length?: number;
  label?: string;
  valid: boolean;
  reason?: string;
}

export interface HiddenReport {
  kind: HiddenKind;
  /** the scheme that made these characters, where scan can tell (rules.ts): the finding's rule, else its kind's */
  scheme?: SchemeId;
  level: Level;
  /** hidden code points */
  count: number;
  /** stretches of them (a run of selectors is one) */
  places: number;
  /** where the first stretches start (at most five) */
  first: Position[];
  /** "U+200B" → how many, for tag, zero-width and direction characters */
  code_points?: Record<string, number>;
  /** the bytes of the first runs, for raw selectors ("68 69"): never read as a secret (wm decode --raw-runs does) */
  bytes?: string[];
  /** what the first runs of tag characters spell (U+E0041 is "A"), for the tag kind */
  spelled?: string[];
  /**
   * raw kind: the bytes of each of the first runs as UTF-8 text where they are printable (a GlassWorm-style payload:
   * code hidden as selectors), else null; present when one is
   */
  texts?: (string | null)[];
  /** glassworm: where the call that runs each of the first runs' code is (eval, Function…) */
  decoders?: Position[];
}

export interface StripReport {
  /** hidden code points removed (or that would be, with --dry-run) */
  removed: number;
  /** whether the file was rewritten */
  written: boolean;
  /** C2PA manifests kept (without --all) */
  kept_c2pa?: number;
  /** why the file was left as it was although it has marks */
  skipped?: string;
  /** other names of the file (hard links): the rewritten file is a new one, they keep the old content */
  other_links?: number;
}

export interface FileReport {
  type: 'file';
  path: string;
  encoding: TextEncoding;
  bytes: number;
  watermarks: WatermarkReport[];
  robust: RobustReport[];
  c2pa: C2paReportAt[];
  hidden: HiddenReport[];
  strip?: StripReport;
}

export interface SkippedReport {
  type: 'skipped';
  path: string;
  reason: 'binary' | 'too large';
  detail: string;
  bytes: number;
}

export interface ErrorReport {
  type: 'error';
  path: string;
  message: string;
}

/** What is said of one file: its report with findings, nothing found, skipped or error. */
export type FileOutcome = { type: 'clean'; path: string; bytes: number } | FileReport | SkippedReport | ErrorReport;

/** A file's outcome, or (from a first look that does not decode) that it may hold marks: to be read again. */
export type ScanOutcome = FileOutcome | { type: 'marked'; path: string };

export interface SummaryReport {
  type: 'summary';
  files_scanned: number;
  files_with_findings: number;
  bytes_scanned: number;
  skipped_binary: number;
  skipped_too_large: number;
  unreadable: number;
  /** with --strip / strip --in-place: files rewritten (or that would be, with --dry-run) */
  files_stripped?: number;
  /** with --strip / strip --in-place: files with marks left as they were (StripReport.skipped says why) */
  files_not_rewritten?: number;
  elapsed_ms: number;
}
