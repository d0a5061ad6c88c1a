import { Chalk, type ChalkInstance } from 'chalk';
import type { Level, SettableLevel } from 'wm-watermark-scan/levels';
import { formatPosition } from 'wm-watermark-scan/positions';
import type {
  ErrorReport,
  FileReport,
  HiddenReport,
  SkippedReport,
  StripReport,
  SummaryReport,
  WatermarkReport,
} from 'wm-watermark-scan/report-types';
import { hiddenRule, passesFor, ruleOf } from 'wm-watermark-scan/rules';
import { SarifLog } from 'wm-watermark-scan/sarif';
import { UNREADABLE } from 'wm-watermark-scan/unreadable';
import { VERSION } from '../../version.js';
import { escapeForTerminal, escapeName, forStream } from '../terminal-text.js';
import { formatBytes, type ProgressLine } from './progress.js';

/**
 * table: for people (coloured on a terminal); json: JSON Lines; list: the paths of the files with findings; sarif:
 * one SARIF 2.1.0 log at the end (sarif.ts).
 */
export type OutputMode = 'table' | 'json' | 'list' | 'sarif';

export interface OutputOptions {
  mode: OutputMode;
  /** chalk colour level (0: none) */
  colour: 0 | 1 | 2 | 3;
  /** list skipped files too */
  verbose: boolean;
  /** `wm strip --in-place`: one line per file changed instead of the findings */
  stripOnly: boolean;
  /** --dry-run: nothing is written */
  dryRun: boolean;
  /** a key was given (--key-file, --channel): an unkeyed watermark is said to be one */
  keyGiven?: boolean;
  /** standard output is a terminal: names from the tree are shown escaped (src/cli/terminal-text.ts) */
  terminal: boolean;
  /** -0 with -l: each path ends with a NUL instead of a line feed, exactly as it is */
  nul: boolean;
  progress?: ProgressLine;
  /** the level of wm watermarks and stray characters (for the SARIF rules' default levels) */
  marksLevel: SettableLevel;
}

/** --json names places as the table does (line and code-point column); UTF-16 columns are for SARIF. */
const inCodePoints = (key: string, value: unknown): unknown => (key === 'utf16Column' ? undefined : value);

/** Writes what a scan finds to standard output, in the chosen form; errors also go to standard error. */
export class ScanOutput {
  private readonly chalk: ChalkInstance;
  private readonly sarif?: SarifLog;

  constructor(private readonly options: OutputOptions) {
    this.chalk = new Chalk({ level: options.colour });
    if (options.mode === 'sarif') this.sarif = new SarifLog(options.marksLevel, VERSION);
  }

  file(report: FileReport): void {
    const { mode, stripOnly } = this.options;
    if (this.sarif) return this.sarif.file(report);
    if (mode === 'json') return this.write(`${JSON.stringify(report, inCodePoints)}\n`);
    // a file left as it was (a link, outside the paths named) is said to be, with why
    if (stripOnly && !(report.strip && (report.strip.removed > 0 || report.strip.skipped))) return;
    if (mode === 'list') {
      return this.write(this.options.nul ? `${report.path}\0` : `${this.name(report.path)}\n`);
    }
    if (stripOnly) return this.write(`${this.name(report.path)}: ${this.stripText(report.strip!)}\n`);
    const rows = [
      ...report.watermarks.map((mark) => [
        mark.level,
        mark.signer ? 'signed watermark' : 'watermark',
        formatPosition(mark.at),
        `${this.secret(mark)}${mark.signer ? ` (signer ${mark.signer}, not verified)` : ''}`,
      ]),
      ...report.robust.map((mark) => [
        mark.level,
        'robust watermark',
        `${formatPosition(mark.start)}–${formatPosition(mark.end)}`,
        `${this.secret(mark)} (${mark.copies_found} ${mark.copies_found === 1 ? 'copy' : 'copies'})`,
      ]),
      ...report.c2pa.map((wrapper) => [
        wrapper.level,
        'C2PA manifest',
        formatPosition(wrapper.at),
        [
          wrapper.version !== undefined ? `v${wrapper.version}` : '',
          wrapper.length !== undefined ? `${wrapper.length} bytes` : '',
          wrapper.valid ? 'valid framing' : `invalid framing: ${wrapper.reason}`,
        ]
          .filter(Boolean)
          .join(', '),
      ]),
      ...report.hidden.map((hidden) => [
        hidden.level,
        `${ruleOf(hiddenRule(hidden)).label} ×${hidden.count}`,
        `${hidden.first.map(formatPosition).join(' ')}${hidden.places > hidden.first.length ? ' …' : ''}`,
        this.chalk.yellow(this.codePointsText(hidden)),
      ]),
      ...report.confusables.map((name) => [
        name.level,
        ruleOf('confusable-identifier').label,
        formatPosition(name.at),
        passesFor(name, (codePoints) => this.chalk.yellow(codePoints)),
      ]),
    ];
    const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => visibleLength(row[column]))));
    const lines = rows.map(([level, label, where, what]) => {
      const padded = where.padEnd(widths[2] + where.length - visibleLength(where));
      const tier = LEVEL_COLOURS[level as Level](this.chalk)(level.padEnd(widths[0]));
      return `  ${tier}  ${this.chalk.bold(label.padEnd(widths[1]))}  ${padded}  ${what}`;
    });
    if (report.strip) lines.push(`  ${this.stripText(report.strip)}`);
    this.write(`${this.chalk.magenta.bold(this.name(report.path))}\n${lines.join('\n')}\n`);
  }

  skipped(report: SkippedReport): void {
    if (!this.options.verbose || this.options.mode === 'list' || this.sarif) return;
    if (this.options.mode === 'json') return this.write(`${JSON.stringify(report)}\n`);
    const why =
      report.reason === 'binary' ? `binary: ${report.detail}` : `larger than --max-size: ${formatBytes(report.bytes)}`;
    this.write(this.chalk.dim(`skipped ${this.name(report.path)} (${why})\n`));
  }

  error(report: ErrorReport): void {
    this.options.progress?.clear();
    process.stderr.write(`wm: cannot read ${forStream(process.stderr, report.path, escapeName)}: ${report.message}\n`);
    if (this.options.mode === 'json') this.write(`${JSON.stringify(report)}\n`);
    this.sarif?.error(report);
  }

  summary(summary: SummaryReport): void {
    const { mode, stripOnly } = this.options;
    if (mode === 'list') return;
    if (this.sarif) return this.write(`${JSON.stringify(this.sarif.toJSON(), null, 2)}\n`);
    if (mode === 'json') return this.write(`${JSON.stringify(summary)}\n`);
    const found = stripOnly
      ? `${plural(summary.files_stripped ?? 0, 'file')} ${this.options.dryRun ? 'would be stripped' : 'stripped'}`
      : `${plural(summary.files_with_findings, 'file')} with hidden characters`;
    const skipped = [
      summary.skipped_binary > 0 ? `${summary.skipped_binary} binary` : '',
      summary.skipped_too_large > 0 ? `${summary.skipped_too_large} larger than --max-size` : '',
    ].filter(Boolean);
    const parts = [
      `${found} of ${plural(summary.files_scanned, 'file')} scanned ` +
        `(${formatBytes(summary.bytes_scanned)} in ${(summary.elapsed_ms / 1000).toFixed(1)} s)`,
      skipped.length > 0 ? `skipped ${skipped.join(', ')}${this.options.verbose ? '' : ' (--verbose lists them)'}` : '',
      summary.files_not_rewritten
        ? this.chalk.red(
            `${plural(summary.files_not_rewritten, 'file')} with marks left as ` +
              `${summary.files_not_rewritten === 1 ? 'it was' : 'they were'} (said above)`,
          )
        : '',
      summary.unreadable > 0 ? this.chalk.red(`${summary.unreadable} could not be read`) : '',
    ].filter(Boolean);
    this.write(`${parts.join('; ')}\n`);
  }

  /** A path from the tree, as the output shows it: on a terminal, with nothing in it a terminal would act on. */
  private name(path: string): string {
    return this.options.terminal ? escapeName(path) : path;
  }

  private secret(mark: Pick<WatermarkReport, 'decoded' | 'error' | 'keyed'>): string {
    // JSON quoting: a secret is shown exactly, control characters escaped, never sent raw to the terminal (JSON
    // leaves C1 controls and bidi overrides as they are)
    if (mark.decoded !== null) {
      const secret = this.chalk.green(escapeForTerminal(JSON.stringify(mark.decoded)));
      // a key means keyed: a mark anyone could have made is not one of the key's, and the table says so
      return this.options.keyGiven && !mark.keyed ? `${secret} ${this.chalk.yellow('(not keyed)')}` : secret;
    }
    return this.chalk.red(UNREADABLE[mark.error ?? 'CORRUPTED'] ?? mark.error!);
  }

  private stripText(strip: StripReport): string {
    const kept = strip.kept_c2pa
      ? `; kept ${strip.kept_c2pa === 1 ? 'a C2PA manifest' : `${strip.kept_c2pa} C2PA manifests`} (--all removes it)`
      : '';
    if (strip.skipped) return this.chalk.red(strip.skipped);
    const count = plural(strip.removed, 'hidden character');
    if (strip.removed === 0) return `nothing to strip${kept}`;
    const links = strip.other_links
      ? `; ${plural(strip.other_links, 'other hard link')} to it ${strip.written ? 'keep' : 'would keep'} the marks`
      : '';
    return `${strip.written ? `stripped: ${count} removed` : `would remove ${count} (--dry-run)`}${kept}${links}`;
  }

  private write(text: string): void {
    this.options.progress?.clear();
    process.stdout.write(text);
  }

  private codePointsText(hidden: HiddenReport): string {
    // what hidden tags spell, quoted and escaped as secrets are: never sent raw to the terminal
    if (hidden.spelled)
      return `spelling ${hidden.spelled.map((text) => escapeForTerminal(JSON.stringify(text))).join(', ')}`;
    return codePointsText(hidden);
  }
}

const plural = (count: number, noun: string): string =>
  `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;

/** How each level shows in the table. */
const LEVEL_COLOURS: Record<Level, (chalk: ChalkInstance) => (text: string) => string> = {
  error: (chalk) => chalk.red.bold,
  warning: (chalk) => chalk.yellow,
  note: (chalk) => chalk.cyan,
  none: (chalk) => chalk.dim,
};

function codePointsText(hidden: HiddenReport): string {
  const note = ruleOf(hiddenRule(hidden)).short;
  if (hidden.bytes) {
    // a payload that spells printable text (code hidden as selectors) is shown as that text, quoted and escaped
    const runs = hidden.bytes.map((bytes, k) => {
      const spelled = hidden.texts?.[k];
      const decoder = hidden.decoders?.[k] ? ` (run at ${formatPosition(hidden.decoders[k])})` : '';
      return `${spelled ? `spelling ${escapeForTerminal(JSON.stringify(spelled))}` : bytes}${decoder}`;
    });
    return `${note}: ${runs.join('; ')}`;
  }
  if (!hidden.code_points) return note;
  return Object.entries(hidden.code_points)
    .map(([name, count]) => (count === 1 ? name : `${name} ×${count}`))
    .join(', ');
}

const ANSI = /\x1b\[[0-9;]*m/g;
const visibleLength = (text: string): number => text.replace(ANSI, '').length;
