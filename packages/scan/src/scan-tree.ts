import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { reaches, type Level } from './levels.js';
import { batchSize, IN_FLIGHT, WorkerPool } from './pool.js';
import type { FileOutcome, FileReport, ScanOutcome, SummaryReport } from './report-types.js';
import { scanFile, type ScanSettings } from './scan-file.js';
import { walk, type WalkEntry, type WalkOptions } from './walk.js';

/**
 * A walk whose files would take less than this to read in one thread is read in this thread: a worker thread costs
 * about 0.15 s of CPU to start (Node's bootstrap of its isolate, on the machine of docs/PERFORMANCE.md) before it
 * reads a file, and a scan this short gains less wall time from two than they take to start. The estimate: FILE_US
 * per file (opening, reading, closing and looking at it, and its share of the walk), the bytes read at BYTES_PER_US
 * and those decoded at DECODED_BYTES_PER_US. The walk is looked ahead of by as many files as the budget holds (no
 * sizes asked: a stat per file costs as much as a fifth of reading it); once it ends within them, the files are read
 * here until their bytes spend the budget, and the rest goes to the workers.
 */
const INLINE_BUDGET_US = 250_000;
const FILE_US = 50;
const BYTES_PER_US = 2_000;
/** a file with findings was decoded too (V8 decodes UTF-8 at 75–270 MB/s on that machine) */
const DECODED_BYTES_PER_US = 100;
/** With the threads given, a walk of this many files or fewer is still read in this thread. */
const INLINE_FILES = 4;
/** Files looked at before the share of them that may hold marks decides whether batches get a first look. */
const MIN_BATCH_LOOKED = 16;

export interface TreeScanOptions {
  /** files and folders to read (none: the current folder) */
  paths: readonly string[];
  walk: WalkOptions;
  settings: ScanSettings;
  /** worker threads (default: one per core, and none for a walk read quickly in this thread: INLINE_BUDGET_US) */
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
  [...report.watermarks, ...report.robust, ...report.c2pa, ...report.hidden, ...report.confusables].map(
    (finding) => finding.level,
  );

/**
 * Reads every file the walk yields and hands each outcome to `report` in walk order (later files wait for an
 * earlier, slower one), so the output is the same from run to run. A walk read quickly in one thread
 * (INLINE_BUDGET_US) is read here; anything larger on a pool of worker threads, in batches (batchSize), at most
 * IN_FLIGHT batches per worker at once.
 */
async function scanAll(
  entries: AsyncGenerator<WalkEntry>,
  { settings, threads, workerFile }: TreeScanOptions,
  report: (outcome: FileOutcome) => void,
): Promise<void> {
  // with the threads given, only a walk of a few files is read here
  const budget = threads === undefined ? INLINE_BUDGET_US : 0;
  const ahead: WalkEntry[] = [];
  let files = 0;
  let ended = false;
  while (!ended && (budget > 0 ? files * FILE_US <= budget : files <= INLINE_FILES)) {
    const next = await entries.next();
    ended = next.done === true;
    if (next.done) break;
    ahead.push(next.value);
    if (next.value.kind === 'file') files++;
  }
  let read = 0;
  if (ended) {
    // the bytes of the files read so far count too: a few large files go to the workers all the same
    let cost = files * FILE_US;
    for (; read < ahead.length && (budget === 0 || cost <= budget); read++) {
      const entry = ahead[read];
      const outcome = entry.kind === 'file' ? await scanFile(entry.path, settings) : walkError(entry);
      if (outcome.type !== 'error') cost += outcome.bytes / BYTES_PER_US;
      if (outcome.type === 'file') cost += outcome.bytes / DECODED_BYTES_PER_US;
      report(outcome);
    }
    if (read === ahead.length) return;
  }
  await scanOnPool(ahead.slice(read), entries, { settings, threads, workerFile }, report);
}

/** Reads the files of `first`, then those of the rest of the walk, on worker threads (scanAll). */
async function scanOnPool(
  first: WalkEntry[],
  entries: AsyncGenerator<WalkEntry>,
  { settings, threads, workerFile }: Pick<TreeScanOptions, 'settings' | 'threads' | 'workerFile'>,
  report: (outcome: FileOutcome) => void,
): Promise<void> {
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
