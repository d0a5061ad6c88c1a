import { fileURLToPath } from 'node:url';
import { reaches, type SettableLevel } from 'wm-watermark-scan/levels';
import type { ScanSettings } from 'wm-watermark-scan/scan-file';
import { scanTree } from 'wm-watermark-scan/scan-tree';
import { writeScopeOf } from 'wm-watermark-scan/write-scope';
import { CliError, EXIT } from '../errors.js';
import { colourLevel } from '../codec/colour.js';
import { resolveKey, type KeySourceOptions } from '../codec/key.js';
import { ScanOutput, type OutputMode } from './output.js';
import { ProgressLine } from './progress.js';

export interface ScanCommandOptions extends KeySourceOptions {
  follow?: boolean;
  /** false with --no-ignore */
  ignore?: boolean;
  include?: string[];
  exclude?: string[];
  maxSize?: number;
  json?: boolean;
  /** --format: table (default), json (as --json) or sarif */
  format?: 'table' | 'json' | 'sarif';
  /** the level of wm watermarks, C2PA manifests and stray invisible characters */
  marksLevel?: SettableLevel;
  /** exit 12 when a finding is of this level or graver */
  failOn?: SettableLevel;
  filesWithMatches?: boolean;
  /** -0: with -l, paths end with NUL */
  null?: boolean;
  verbose?: boolean;
  threads?: number;
  /** wm scan --strip */
  strip?: boolean;
  /** list the invisible characters that belong to the text too; with --strip: remove C2PA manifests too */
  all?: boolean;
  dryRun?: boolean;
}

/** Positions listed per kind of hidden character. */
const POSITIONS = 5;
/** The worker script beside the CLI's bundle (scripts/build-cli.mjs makes both). */
const bundledWorkerFile = (): string => fileURLToPath(new URL('./wm-scan-worker.cjs', import.meta.url));

/**
 * `wm scan [PATH…]` and `wm strip --in-place PATH…` (`stripOnly`): walks the paths, reads every text file on worker
 * threads and prints what is hidden where. Exit 0: something found (or stripped); 1: nothing; 4: a file or folder
 * could not be read (after the scan ends); 2: usage.
 */
export async function runScan(paths: string[], options: ScanCommandOptions, stripOnly = false): Promise<void> {
  if (options.dryRun && !options.strip)
    throw new CliError(EXIT.USAGE, '--dry-run goes with --strip (or strip --in-place)');
  const format = options.json ? 'json' : (options.format ?? 'table');
  if (options.json && options.format !== undefined && options.format !== 'json')
    throw new CliError(EXIT.USAGE, `use either --json or --format ${options.format}, not both`);
  if (format !== 'table' && options.filesWithMatches)
    throw new CliError(EXIT.USAGE, `use either --${format === 'json' ? 'json' : 'format sarif'} or -l, not both`);
  if (options.null && !options.filesWithMatches) throw new CliError(EXIT.USAGE, '-0 (--null) goes with -l');
  const key = await resolveKey(options);
  const marksLevel = options.marksLevel ?? 'warning';
  const settings: ScanSettings = {
    ...(key ? { key } : {}),
    positions: POSITIONS,
    marksLevel,
    // strip --in-place --all means the C2PA manifests only; it lists nothing
    ...(options.all && !stripOnly ? { all: true } : {}),
    ...(options.maxSize !== undefined ? { maxSize: options.maxSize } : {}),
    ...(options.strip
      ? {
          strip: {
            all: options.all ?? false,
            dryRun: options.dryRun ?? false,
            scope: writeScopeOf(paths.length > 0 ? paths : ['.']),
          },
        }
      : {}),
  };
  const mode: OutputMode = format !== 'table' ? format : options.filesWithMatches ? 'list' : 'table';
  const onTerminal = process.stderr.isTTY && process.stdout.isTTY;
  const progress = (mode === 'table' || mode === 'list') && onTerminal ? new ProgressLine(process.stderr) : undefined;
  const output = new ScanOutput({
    mode,
    colour: mode === 'table' ? colourLevel(!process.stdout.isTTY) : 0,
    verbose: options.verbose ?? false,
    stripOnly,
    dryRun: options.dryRun ?? false,
    keyGiven: key !== undefined,
    terminal: process.stdout.isTTY === true,
    nul: options.null ?? false,
    progress,
    marksLevel,
  });
  const { summary, gravest } = await scanTree({
    paths,
    walk: {
      follow: options.follow ?? false,
      gitignore: options.ignore ?? true,
      include: options.include ?? [],
      exclude: options.exclude ?? [],
    },
    settings,
    threads: options.threads,
    workerFile: bundledWorkerFile(),
    onOutcome: (outcome) => {
      if (outcome.type === 'error') return output.error(outcome);
      if (outcome.type === 'skipped') return output.skipped(outcome);
      progress?.count(outcome.bytes);
      if (outcome.type === 'file') output.file(outcome);
    },
  }).finally(() => progress?.stop());
  output.summary(summary);
  if (summary.unreadable > 0) throw new CliError(EXIT.IO, '');
  if (options.failOn !== undefined) {
    // for CI: success unless something that grave was found
    if (reaches(gravest, options.failOn)) throw new CliError(EXIT.FAIL_ON, '');
    return;
  }
  const found = stripOnly ? (summary.files_stripped ?? 0) > 0 : summary.files_with_findings > 0;
  if (!found) throw new CliError(EXIT.NO_WATERMARK, '');
}
