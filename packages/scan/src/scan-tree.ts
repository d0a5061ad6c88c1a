import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { reaches, type Level } from './levels.js';
import { batchSize, IN_FLIGHT, WorkerPool } from './pool.js';
import type { FileOutcome, FileReport, ScanOutcome, SummaryReport } from './report-types.js';
import { scanFile, type ScanSettings } from './scan-file.js';
import { walk, type WalkEntry, type WalkOptions } from './walk.js';

/** A walk that ends within this many files is read in this thread: starting workers would cost more. */
const INLINE_FILES = 4;
/** Files looked at before the share of them that may hold marks decides whether batches get a first look. */
const MIN_BATCH_LOOKED = 16;

export interface TreeScanOptions {
  /** files and folders to read (none: the current folder) */
  paths: readonly string[];
  walk: WalkOptions;
  settings: ScanSettings;
  /** worker threads (default: one per core) */
  threads?: number;
  /** the script the worker threads run (default: this package's built worker.js; the CLI's bundle has its own) */
  workerFile?: string;
  /** hears of every file's outcome, in walk order */
  onOutcome: (outcome: FileOutcome) => void;
}

export interface TreeScanResult {
  summary: SummaryReport;
  /** the gravest level found */
  gravest: Level;
}

/**
 * Walks the paths and reads every file (scanFile) on worker threads, handing each outcome to `onOutcome` in walk
 * order, and counts them: what `wm scan` and `wm strip --in-place` run between their flags and their printing.
 */
export async function scanTree(options: TreeScanOptions): Promise<TreeScanResult> {
  const started = performance.now();
  const summary: SummaryReport = {
    type: 'summary',
    files_scanned: 0,
    files_with_findings: 0,
    bytes_scanned: 0,
    skipped_binary: 0,
    skipped_too_large: 0,
    unreadable: 0,
    ...(options.settings.strip ? { files_stripped: 0, files_not_rewritten: 0 } : {}),
    elapsed_ms: 0,
  };
  let gravest: Level = 'none';
  const count = (outcome: FileOutcome): void => {
    if (outcome.type === 'error') summary.unreadable++;
    else if (outcome.type === 'skipped') {
      if (outcome.reason === 'binary') summary.skipped_binary++;
      else summary.skipped_too_large++;
    } else {
      summary.files_scanned++;
      summary.bytes_scanned += outcome.bytes;
      if (outcome.type === 'file') {
        summary.files_with_findings++;
        if (outcome.strip && outcome.strip.removed > 0) summary.files_stripped!++;
        if (outcome.strip?.skipped) summary.files_not_rewritten!++;
        for (const level of levelsOf(outcome)) if (reaches(level, gravest)) gravest = level;
      }
    }
    options.onOutcome(outcome);
  };
  const paths = options.paths.length > 0 ? options.paths : ['.'];
  await scanAll(walk(paths, options.walk), options, count);
  summary.elapsed_ms = Math.round(performance.now() - started);
  return { summary, gravest };
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
  { settings, threads, workerFile }: TreeScanOptions,
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
  const pool = new WorkerPool(workerFile ?? fileURLToPath(new URL('./worker.js', import.meta.url)), workers, settings);
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
