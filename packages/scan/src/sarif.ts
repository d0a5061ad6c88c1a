import { createHash } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UNREADABLE } from './unreadable.js';
import type { FindingKind, Level, SettableLevel } from './levels.js';
import { levelOf } from './levels.js';
import type { Position } from './positions.js';
import { formatPosition } from './positions.js';
import type { ErrorReport, FileReport, HiddenReport, WatermarkReport } from './report-types.js';
import { hiddenRule, passesFor, ruleOf, RULES } from './rules.js';

/**
 * `wm scan --format sarif`: one SARIF 2.1.0 log (OASIS; what GitHub code scanning and other CI tools read) for the
 * whole scan, written when it ends. A rule per kind of finding (rules.ts); a result per place listed in the report
 * (the first
 * five of each kind per file, as in the table), its level the finding's (levels.ts). Columns are counted in UTF-16
 * code units (`columnKind` utf16CodeUnits, SARIF's default and what GitHub code scanning reads), not in code points
 * as in the table and --json.
 * Paths are relative to the folder the scan ran in (`%SRCROOT%`), or file: URIs when they were given absolute.
 */

const RULE_INDEX = new Map<FindingKind, number>(RULES.map((rule, index) => [rule.id, index]));

interface SarifResult {
  ruleId: FindingKind;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: ArtifactLocation; region: Region } }[];
  /** glassworm: where the code is decoded and run */
  relatedLocations?: (SarifResult['locations'][number] & { id: number; message: { text: string } })[];
  partialFingerprints: { [FINGERPRINT]: string };
}

/**
 * The key of each result's fingerprint (SARIF `partialFingerprints`): a hash of the rule, the file, the column and
 * what was found there (the secret, the spelled text, the bytes), and how many such results came before it in the
 * file: not the line, so a finding keeps its fingerprint when lines above it move, and code scanning does not see
 * it as fixed and found anew.
 */
const FINGERPRINT = 'wmFinding/v1';

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

interface Region {
  startLine: number;
  startColumn: number;
  endLine?: number;
  endColumn?: number;
}

export class SarifLog {
  private readonly results: SarifResult[] = [];
  /** how many results of one identity (fingerprint's input) came before, per file */
  private readonly seen = new Map<string, number>();
  private readonly unreadable: ErrorReport[] = [];
  /** files with marks that --strip left as they were, and why */
  private readonly notRewritten: { path: string; why: string }[] = [];

  /** `version`: of the tool that ran the scan (tool.driver.semanticVersion) */
  constructor(
    private readonly marksLevel: SettableLevel,
    private readonly version: string,
  ) {}

  file(report: FileReport): void {
    const at = (position: Position, end?: Position): SarifResult['locations'] => [
      {
        physicalLocation: {
          artifactLocation: artifactOf(report.path),
          region: {
            startLine: position.line,
            startColumn: position.utf16Column,
            // `end` is a robust watermark's last mark, one supplementary-plane selector: two units
            ...(end ? { endLine: end.line, endColumn: end.utf16Column + 2 } : {}),
          },
        },
      },
    ];
    for (const mark of report.watermarks) {
      const signed = mark.signer ? ` (signed by ${mark.signer}, not verified)` : '';
      const rule = mark.signer ? 'signed-watermark' : 'watermark';
      this.add(rule, mark.level, `wm watermark: ${secretText(mark)}${signed}`, at(mark.at), secretText(mark));
    }
    for (const mark of report.robust) {
      const copies = `${mark.copies_found} ${mark.copies_found === 1 ? 'copy' : 'copies'}`;
      this.add(
        'robust-watermark',
        mark.level,
        `wm robust watermark: ${secretText(mark)} (${copies})`,
        at(mark.start, mark.end),
        secretText(mark),
      );
    }
    for (const wrapper of report.c2pa) {
      const framing = wrapper.valid ? 'valid framing' : `invalid framing: ${wrapper.reason}`;
      this.add('c2pa', wrapper.level, `C2PA text manifest (${framing})`, at(wrapper.at), framing);
    }
    for (const hidden of report.hidden) {
      hidden.first.forEach((position, k) => {
        const decoder = hidden.decoders?.[k];
        this.add(
          hiddenRule(hidden),
          hidden.level,
          hiddenText(hidden, k),
          at(position),
          hidden.spelled?.[k] ?? hidden.texts?.[k] ?? hidden.bytes?.[k],
        );
        if (decoder) {
          const related = { id: 1, ...at(decoder)[0], message: { text: 'the call that decodes and runs it' } };
          this.results[this.results.length - 1].relatedLocations = [related];
        }
      });
    }
    for (const name of report.confusables) {
      const text = `${ruleOf('confusable-identifier').short}: ${passesFor(name)}`;
      this.add('confusable-identifier', name.level, text, at(name.at), name.word);
    }
    if (report.strip?.skipped) this.notRewritten.push({ path: report.path, why: report.strip.skipped });
  }

  error(report: ErrorReport): void {
    this.unreadable.push(report);
  }

  /** The whole log, as one JSON document. */
  toJSON(): object {
    return {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'wm',
              semanticVersion: this.version,
              rules: RULES.map((rule) => ({
                id: rule.id,
                name: rule.name,
                shortDescription: { text: rule.short },
                fullDescription: { text: rule.help },
                help: { text: rule.help },
                defaultConfiguration: { level: levelOf(rule.id, this.marksLevel) },
              })),
            },
          },
          originalUriBaseIds: { '%SRCROOT%': { uri: `${pathToFileURL(process.cwd()).href}/` } },
          columnKind: 'utf16CodeUnits',
          invocations: [
            {
              executionSuccessful: this.unreadable.length === 0,
              toolExecutionNotifications: [
                ...this.unreadable.map((report) => ({
                  level: 'error',
                  message: { text: `cannot read ${report.path}: ${report.message}` },
                  locations: [{ physicalLocation: { artifactLocation: artifactOf(report.path) } }],
                })),
                ...this.notRewritten.map(({ path, why }) => ({
                  level: 'warning',
                  message: { text: `not stripped ${path}: ${why}` },
                  locations: [{ physicalLocation: { artifactLocation: artifactOf(path) } }],
                })),
              ],
            },
          ],
          results: this.results,
        },
      ],
    };
  }

  private add(kind: FindingKind, level: Level, text: string, locations: SarifResult['locations'], what = ''): void {
    const { artifactLocation, region } = locations[0].physicalLocation;
    const identity = [kind, artifactLocation.uri, region.startColumn, what].join('\0');
    const before = this.seen.get(identity) ?? 0;
    this.seen.set(identity, before + 1);
    const fingerprint = createHash('sha256').update(`${identity}\0${before}`).digest('hex').slice(0, 32);
    this.results.push({
      ruleId: kind,
      ruleIndex: RULE_INDEX.get(kind)!,
      level,
      message: { text },
      locations,
      partialFingerprints: { [FINGERPRINT]: fingerprint },
    });
  }
}

/** A path as the walk gave it: relative to the scan's folder (%SRCROOT%), or absolute as a file: URI. */
function artifactOf(path: string): ArtifactLocation {
  if (isAbsolute(path)) return { uri: pathToFileURL(path).href };
  // pathToFileURL percent-encodes what a URI must not hold raw (spaces, %, #, ?, non-ASCII)
  const base = pathToFileURL(process.cwd()).href;
  const uri = pathToFileURL(resolve(path)).href;
  return uri.startsWith(`${base}/`) ? { uri: uri.slice(base.length + 1), uriBaseId: '%SRCROOT%' } : { uri };
}

function secretText(mark: Pick<WatermarkReport, 'decoded' | 'error'>): string {
  if (mark.decoded !== null) return JSON.stringify(mark.decoded);
  return UNREADABLE[mark.error ?? 'CORRUPTED'] ?? mark.error!;
}

/** The message of the k-th place listed of a kind: what is there, and how many in the file. */
function hiddenText(hidden: HiddenReport, k: number): string {
  const what =
    hidden.spelled?.[k] !== undefined
      ? ` spelling ${JSON.stringify(hidden.spelled[k])}`
      : typeof hidden.texts?.[k] === 'string'
        ? ` spelling ${JSON.stringify(hidden.texts[k])}`
        : hidden.bytes?.[k] !== undefined
          ? ` (bytes ${hidden.bytes[k]})`
          : hidden.code_points
            ? ` (${Object.keys(hidden.code_points).join(', ')})`
            : '';
  const places = hidden.places === 1 ? '' : ` (place ${k + 1} of ${hidden.places} in this file)`;
  const decoder = hidden.decoders?.[k] ? `, decoded and run at ${formatPosition(hidden.decoders[k])}` : '';
  return `${ruleOf(hiddenRule(hidden)).short}${what}${decoder}${places}`;
}
