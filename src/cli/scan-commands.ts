import { Option, type Command } from 'commander';
import { SETTABLE_LEVELS } from 'wm-watermark-scan/levels';
import { CHANNEL_DATABASE_HELP } from './database-options.js';
import { collect, parseSize, parseThreads } from './codec/option-parsers.js';

// Only option definitions live here; the implementation (src/cli/scan/, driving the scan package, packages/scan)
// is imported on use.

/** How a tree is walked: shared by `wm scan` and `wm strip --in-place`. */
export const addWalkOptions = (command: Command): Command =>
  command
    .option(
      '--follow',
      'read through symbolic links inside folders (never written through; a PATH that is a link is followed)',
    )
    .option('--no-ignore', 'read files that .gitignore files exclude too')
    .option('--include <glob>', 'read only files matching GLOB (repeatable; no "/" in it: matches the name)', collect)
    .option('--exclude <glob>', 'skip files and folders matching GLOB (repeatable)', collect)
    .option('--max-size <size>', 'skip files larger than SIZE (e.g. 500K, 10M, 1G)', parseSize)
    .option('--threads <n>', 'worker threads reading files (default: one per core)', parseThreads)
    .option('--verbose', 'also list the files skipped (binary, or larger than --max-size)');

const FORMATS = ['table', 'json', 'sarif'] as const;

export function registerScan(program: Command): void {
  const command = program
    .command('scan')
    .summary('find hidden marks in every text file under PATHs')
    .description(
      'Read every text file under each PATH (default: the current folder) on all cores and report every watermark ' +
        '(its secret, or "keyed"), robust watermark, C2PA manifest and foreign invisible character (tag, zero-width, ' +
        'direction controls, stray variation selectors), with counts, positions (line:column) and a level: error for ' +
        'hidden text (tag characters, selector data that is no wm watermark), --marks-level for the rest; what ' +
        'belongs to the text (emoji sequences, joiners of scripts) only with --all. ' +
        'Exit 0: something found; 1: nothing found; 4: a file could not be read; 2: usage; with --fail-on, 0 or 12.',
    )
    .argument('[paths...]', 'files and folders to read (default: .)');
  addWalkOptions(command)
    .option('--key-file <file>', 'read keyed watermarks with the 32-byte key in FILE (as written by `wm keygen`)')
    .option('--channel <name>', 'read keyed watermarks with the stored key of channel NAME (needs --user)')
    .option('--user <email>', 'owner of --channel')
    .option('--home <dir>', 'data folder of the channel keys (default: $WM_HOME, else ~/.wm)')
    .option('--database <url>', CHANNEL_DATABASE_HELP)
    .option('--json', 'print JSON Lines: one object per file with findings, then a summary object')
    .addOption(
      new Option('--format <format>', 'table (default), json (as --json) or sarif (SARIF 2.1.0, for CI)').choices(
        FORMATS,
      ),
    )
    .addOption(
      new Option(
        '--marks-level <level>',
        'level of wm watermarks, C2PA manifests and stray invisible characters (hidden text is always error)',
      )
        .choices(SETTABLE_LEVELS)
        .default('warning'),
    )
    .addOption(
      new Option('--fail-on <level>', 'for CI: exit 12 if a finding is LEVEL or graver, else 0').choices(
        SETTABLE_LEVELS,
      ),
    )
    .option('-l, --files-with-matches', 'print only the paths of the files with findings, one per line')
    .option('-0, --null', 'with -l: end each path with a NUL instead of a line feed (for xargs -0)')
    .option('--strip', 'also remove the marks from the files where they are found (in place, atomically)')
    .option(
      '--all',
      'also list invisible characters that belong to the text (level none); with --strip: remove C2PA manifests too',
    )
    .option('--dry-run', 'with --strip: say what would be removed, change nothing')
    .action(async (paths: string[], options) => {
      const { runScan } = await import('./scan/run-scan.js');
      await runScan(paths, options);
    });
}
