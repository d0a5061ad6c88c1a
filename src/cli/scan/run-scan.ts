import { availableParallelism } from 'node:os';
import { CliError, EXIT } from '../errors.js';
import { colourLevel } from '../codec/colour.js';
import { resolveKey, type KeySourceOptions } from '../codec/key.js';
import { ScanOutput, type OutputMode } from './output.js';
import { batchSize, bundledWorkerFile, IN_FLIGHT, WorkerPool } from '../../scan/pool.js';
import { ProgressLine } from './progress.js';
import { reaches, type Level, type SettableLevel } from '../../scan/levels.js';
import type { FileOutcome, FileReport, ScanOutcome, SummaryReport } from '../../scan/report-types.js';
import { scanFile, type ScanSettings } from '../../scan/scan-file.js';
import { walk, type WalkEntry, type WalkOptions } from './walk.js';
import { writeScopeOf } from '../../scan/write-scope.js';

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
/** A walk that ends within this many files is read in this thread: starting workers would cost more. */
const INLINE_FILES = 4;
/** Files looked at before the share of them that may hold marks decides whether batches get a first look. */
const MIN_BATCH_LOOKED = 16;

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
  const progress =
    (mode === 'table' || mode === 'list') && process.stderr.isTTY && process.stdout.isTTY
      ? new ProgressLine(process.stderr)
      : undefined;
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
  const walkOptions: WalkOptions = {
    follow: options.follow ?? false,
    gitignore: options.ignore ?? true,
    include: options.include ?? [],
    exclude: options.exclude ?? [],
  };
  const started = performance.now();
  const summary: SummaryReport = {
    type: 'summary',
    files_scanned: 0,
    files_with_findings: 0,
    bytes_scanned: 0,
    skipped_binary: 0,
    skipped_too_large: 0,
    unreadable: 0,
    ...(options.strip ? { files_stripped: 0, files_not_rewritten: 0 } : {}),
    elapsed_ms: 0,
  };
  let gravest: Level = 'none';
  const report = (outcome: FileOutcome): void => {
    if (outcome.type === 'error') {
      summary.unreadable++;
      return output.error(outcome);
    }
    if (outcome.type === 'skipped') {
      if (outcome.reason === 'binary') summary.skipped_binary++;
      else summary.skipped_too_large++;
      return output.skipped(outcome);
    }
    summary.files_scanned++;
    summary.bytes_scanned += outcome.bytes;
    progress?.count(outcome.bytes);
    if (outcome.type === 'clean') return;
    summary.files_with_findings++;
    if (outcome.strip && outcome.strip.removed > 0) summary.files_stripped!++;
    if (outcome.strip?.skipped) summary.files_not_rewritten!++;
    for (const level of levelsOf(outcome)) if (reaches(level, gravest)) gravest = level;
    output.file(outcome);
  };
  try {
    await scanAll(walk(paths.length > 0 ? paths : ['.'], walkOptions), settings, options.threads, report);
  } finally {
    progress?.stop();
  }
  summary.elapsed_ms = Math.round(performance.now() - started);
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

/** The levels of everything found in one file. */
const levelsOf = (report: FileReport): Level[] =>
  [...report.watermarks, ...report.robust, ...report.c2pa, ...report.hidden].map((finding) => finding.level);

/**
 * Reads every file the walk yields and hands each outcome to `report` in walk order (later files wait for an
 * earlier, slower one), so the output is the same from run to run. A walk of a few small files is read here;
 * anything larger on a pool of worker threads, in batches (batchSize), at most IN_FLIGHT batches per worker at
 * once.
 */
async function scanAll(
  entries: AsyncGenerator<WalkEntry>,
  settings: ScanSettings,
  threads: number | undefined,
  report: (outcome: FileOutcome) => void,
): Promise<void> {
  const first: WalkEntry[] = [];
  let ended = false;
  while (first.length <= INLINE_FILES) {
    const next = await entries.next();
    if (next.done) {
      ended = true;
      break;
    }
    first.push(next.value);
  }
  if (ended) {
    for (const entry of first) {
      report(entry.kind === 'file' ? await scanFile(entry.path, settings) : walkError(entry));
    }
    return;
  }
  const workers = threads ?? availableParallelism();
  const pool = new WorkerPool(bundledWorkerFile(), workers, settings);
  // batches in walk order; a walk error is a batch of its own, already settled
  const queue: Promise<FileOutcome[]>[] = [];
  let running = 0;
  let roomFreed: (() => void) | undefined;
  let batch: string[] = [];
  let sent = 0;
  // files looked at first, and how many of those may hold marks: where most do, a first look is only a second read
  const seen = { looked: 0, marked: 0 };
  const mostlyMarked = (): boolean => seen.looked >= MIN_BATCH_LOOKED && seen.marked * 2 > seen.looked;
  const send = (): void => {
    if (batch.length === 0) return;
    running++;
    sent += batch.length;
    queue.push(
      (mostlyMarked() ? decodeAll(pool, batch) : lookThenDecode(pool, batch, seen)).finally(() => {
        running--;
        roomFreed?.();
      }),
    );
    batch = [];
  };
  // prints what is done at the front of the queue, in order
  const flush = async (wait: boolean): Promise<void> => {
    while (queue.length > 0) {
      const settled = await Promise.race([queue[0], wait ? queue[0] : Promise.resolve(null)]);
      if (settled === null) return;
      void queue.shift();
      settled.forEach(report);
    }
  };
  try {
    const all = (async function* () {
      yield* first;
      yield* entries;
    })();
    for await (const entry of all) {
      if (entry.kind === 'error') {
        send();
        queue.push(Promise.resolve([walkError(entry)]));
        continue;
      }
      batch.push(entry.path);
      if (batch.length < batchSize(sent, mostlyMarked())) continue;
      while (running >= IN_FLIGHT * workers) {
        await new Promise<void>((resolve) => (roomFreed = resolve));
        await flush(false);
      }
      send();
      await flush(false);
    }
    send();
    await flush(true);
  } finally {
    await pool.close();
  }
}

/** The outcomes of a batch: a first look at every file, then the files that may hold marks read whole. */
async function lookThenDecode(
  pool: WorkerPool,
  paths: string[],
  seen: { looked: number; marked: number },
): Promise<FileOutcome[]> {
  const looked = await pool.scan(paths, false);
  const marked = looked.flatMap((outcome) => (outcome.type === 'marked' ? [outcome.path] : []));
  seen.looked += paths.length;
  seen.marked += marked.length;
  const decoded = marked.length > 0 ? await pool.scan(marked, true) : [];
  return looked.map((outcome) => (outcome.type === 'marked' ? decoded.shift()! : outcome)).filter(isFileOutcome);
}

/** The outcomes of a batch read whole at once (most files of the tree hold marks). */
const decodeAll = async (pool: WorkerPool, paths: string[]): Promise<FileOutcome[]> =>
  (await pool.scan(paths, true)).filter(isFileOutcome);

/** Every outcome is one once decoded (a decoding read answers nothing 'marked'). */
const isFileOutcome = (outcome: ScanOutcome): outcome is FileOutcome => outcome.type !== 'marked';

const walkError = (entry: WalkEntry & { kind: 'error' }): FileOutcome => ({
  type: 'error',
  path: entry.path,
  message: entry.message,
});
