import { CodecError } from '../errors.js';
import { analyse } from './analyse.js';
import { biasDistribution, MAX_COLLUSION } from './biases.js';
import { requiredPositions } from './capacity.js';
import type { Candidate, IssueContext } from './candidate.js';
import { excludedRanges, isExcluded } from './exclusions.js';
import { languageTable } from './languages/index.js';
import { isSelectable, writeForm } from './mechanisms/index.js';
import { sourceSpan } from './normalise.js';
import { keepsContexts } from './stable-context.js';
import type { ContextHash } from './stream.js';
import type { VariantClassSpec } from './table.js';

/** A place where the copies differ: in the issuer's text, with its two forms as they would be written there. */
export interface VariantSite {
  readonly classId: string;
  /** the unit of consistency: the class, or the pair ("toward") */
  readonly unit: string;
  /** the span in the issuer's text (empty where one form is nothing) */
  readonly start: number;
  readonly end: number;
  /** the issuer's form */
  readonly form: 0 | 1;
  /** the span's text in form 0 and in form 1 */
  readonly forms: readonly [string, string];
  /** one choice per copy for the whole unit (the forms must agree in a text), or one for this site */
  readonly perCopy: boolean;
  readonly hash: ContextHash;
}

export interface VariantOptions {
  /** the language's table (default "en") */
  language?: string;
  /** the classes to vary (default: the table's classes enabled by default) */
  classes?: readonly string[];
  /** how many copies will be issued: the union bound of every trace (default 1) */
  recipients?: number;
  /** the largest coalition of recipients the code must name one of (1–8, default 1) */
  collusion?: number;
  /** the probability of naming anyone innocent in one trace (default 10⁻⁶) */
  falseAccusation?: number;
}

export interface VariantCapacity {
  /** places where the copies may differ */
  readonly sites: number;
  /** independent choices per copy (bits): a per-copy unit counts once, however many sites it has */
  readonly positions: number;
  readonly words: number;
  readonly sitesPerThousandWords: number;
  readonly recipients: number;
  readonly collusion: number;
  readonly falseAccusation: number;
  /** positions a leak of the whole text must show to name one of `collusion` colluders (estimate) */
  readonly requiredPositions: number;
  /** positions to name a single leaker among the recipients (estimate) */
  readonly requiredForOneLeaker: number;
  readonly enough: boolean;
}

export interface VariantPlan {
  readonly text: string;
  readonly language: string;
  readonly version: number;
  readonly classes: readonly string[];
  readonly collusion: number;
  readonly sites: readonly VariantSite[];
  readonly capacity: VariantCapacity;
}

export const DEFAULT_FALSE_ACCUSATION = 1e-6;

function checkOptions(options: VariantOptions, known: readonly VariantClassSpec[]) {
  const recipients = options.recipients ?? 1;
  const collusion = options.collusion ?? 1;
  const falseAccusation = options.falseAccusation ?? DEFAULT_FALSE_ACCUSATION;
  if (!Number.isInteger(recipients) || recipients < 1)
    throw new CodecError('INVALID_INPUT', 'recipients must be a whole number of at least 1');
  if (!Number.isInteger(collusion) || collusion < 1 || collusion > MAX_COLLUSION)
    throw new CodecError('INVALID_INPUT', `collusion must be a whole number from 1 to ${MAX_COLLUSION}`);
  if (!(falseAccusation > 0 && falseAccusation < 1))
    throw new CodecError('INVALID_INPUT', 'falseAccusation must be a probability between 0 and 1');
  const classes = options.classes ?? known.filter((spec) => spec.enabledByDefault).map((spec) => spec.id);
  const unknown = classes.filter((id) => !known.some((spec) => spec.id === id));
  if (unknown.length > 0)
    throw new CodecError(
      'INVALID_INPUT',
      `unknown variant class ${unknown.join(', ')} (known: ${known.map((s) => s.id).join(', ')})`,
    );
  return { recipients, collusion, falseAccusation, classes };
}

/** The apostrophe a text writes most inside words. */
const apostropheOf = (text: string): "'" | '’' =>
  (text.match(/\p{L}\u2019\p{L}/gu)?.length ?? 0) > (text.match(/\p{L}'\p{L}/gu)?.length ?? 0) ? '\u2019' : "'";

/**
 * The consistency rule (table.ts): which of a class's eligible places vary, and whether per copy or per site.
 * `present` is every candidate of the class outside quotations and code, eligible or not: it tells whether the
 * issuer's text already mixes the forms.
 */
function withConsistency(spec: VariantClassSpec, eligible: Candidate[], present: Candidate[]) {
  const formsOf = new Map<string, Set<0 | 1>>();
  for (const candidate of present)
    formsOf.set(candidate.unit, (formsOf.get(candidate.unit) ?? new Set()).add(candidate.form));
  const mixed = (unit?: string) =>
    unit === undefined ? new Set(present.map((c) => c.form)).size === 2 : formsOf.get(unit)?.size === 2;
  if (spec.consistency === 'site') return eligible.map((candidate) => ({ candidate, perCopy: false }));
  if (spec.consistency === 'mixed-only')
    return mixed() ? eligible.map((candidate) => ({ candidate, perCopy: false })) : [];
  return eligible.map((candidate) => ({ candidate, perCopy: !mixed(candidate.unit) }));
}

/**
 * Finds where the copies of `text` may differ, and says whether there are enough such places for the recipients
 * and the collusion asked for (`capacity.enough`; `assertVariantCapacity` turns a shortfall into a refusal).
 * Pure: no key is needed to see the sites; which copy takes which form is `keyedVariants`' answer.
 */
export function planVariants(text: string, options: VariantOptions = {}): VariantPlan {
  if (typeof text !== 'string') throw new CodecError('INVALID_INPUT', 'text must be a string');
  const table = languageTable(options.language ?? 'en');
  const { recipients, collusion, falseAccusation, classes } = checkOptions(options, table.classes);
  const analysed = analyse(text, table);
  const { normal } = analysed;
  const excluded = excludedRanges(normal.text);
  const context: IssueContext = {
    text: normal.text,
    abbreviations: new Set(table.abbreviations),
    apostrophe: apostropheOf(normal.text),
  };

  const hashOf = new Map(analysed.candidates.map((candidate, i) => [candidate, analysed.hashes[i]]));
  const byClass = new Map<string, Candidate[]>();
  for (const candidate of analysed.candidates) {
    if (isExcluded(excluded, candidate.start, candidate.end)) continue;
    const group = byClass.get(candidate.classId);
    if (group === undefined) byClass.set(candidate.classId, [candidate]);
    else group.push(candidate);
  }
  const found: { site: VariantSite; candidate: Candidate }[] = [];
  for (const spec of table.classes.filter((s) => classes.includes(s.id))) {
    const present = byClass.get(spec.id) ?? [];
    const eligible = present.filter(
      (candidate) =>
        hashOf.get(candidate) !== undefined &&
        isSelectable(candidate, spec, context) &&
        keepsContexts(normal.text, table, candidate, writeForm(candidate, candidate.form === 0 ? 1 : 0, spec, context)),
    );
    for (const { candidate, perCopy } of withConsistency(spec, eligible, present)) {
      const span = sourceSpan(normal, text, candidate.start, candidate.end);
      if (span === undefined) continue;
      const site: VariantSite = {
        classId: spec.id,
        unit: candidate.unit,
        start: span.start,
        end: span.end,
        form: candidate.form,
        forms: [writeForm(candidate, 0, spec, context), writeForm(candidate, 1, spec, context)],
        perCopy,
        hash: hashOf.get(candidate)!,
      };
      found.push({ site, candidate });
    }
  }

  // two sites never touch the same characters (an added comma inside a replaced phrase)
  const kept: typeof found = [];
  for (const entry of found.sort((a, b) => a.site.start - b.site.start || a.site.end - b.site.end)) {
    const last = kept.at(-1)?.site;
    const { site } = entry;
    const bothEmpty = site.start === site.end && last?.start === last?.end;
    if (last !== undefined && (site.start < last.end || (bothEmpty && site.start === last.start))) continue;
    kept.push(entry);
  }
  // a place that stays as it is in every copy but has a site's context would be read as that site: neither varies
  const chosen = new Set(kept.map((entry) => entry.candidate));
  const hashKey = (hash: ContextHash) => `${hash[0]}:${hash[1]}`;
  const fixed = new Set(
    analysed.candidates.flatMap((candidate, i) => {
      const hash = analysed.hashes[i];
      return hash === undefined || chosen.has(candidate) ? [] : [hashKey(hash)];
    }),
  );
  const sites = kept.map((entry) => entry.site).filter((site) => !fixed.has(hashKey(site.hash)));

  const positions =
    new Set(sites.filter((s) => !s.perCopy).map((s) => hashKey(s.hash))).size +
    new Set(sites.filter((s) => s.perCopy).map((s) => `${s.classId}\u0000${s.unit}`)).size;
  const distribution = biasDistribution(collusion);
  const required = requiredPositions(distribution, collusion, recipients, falseAccusation);
  const capacity: VariantCapacity = {
    sites: sites.length,
    positions,
    words: analysed.words,
    sitesPerThousandWords: analysed.words === 0 ? 0 : Math.round((sites.length / analysed.words) * 10000) / 10,
    recipients,
    collusion,
    falseAccusation,
    requiredPositions: required,
    requiredForOneLeaker: requiredPositions(distribution, 1, recipients, falseAccusation),
    enough: positions >= required,
  };
  return { text, language: table.language, version: table.version, classes, collusion, sites, capacity };
}

/** The refusal for a text with too few places for the recipients and the collusion asked for, with the numbers. */
export function assertVariantCapacity(plan: VariantPlan): void {
  const c = plan.capacity;
  if (c.enough) return;
  const who =
    c.collusion === 1
      ? `a leaker among ${c.recipients} recipient${c.recipients === 1 ? '' : 's'}`
      : `one of ${c.collusion} colluding recipients among ${c.recipients}`;
  throw new CodecError(
    'CARRIER_TOO_SHORT',
    `This text has ${c.sites} variant sites (${c.positions} independent choices, ` +
      `${c.sitesPerThousandWords} sites per ` +
      `1,000 words); naming ${who} with at most ${c.falseAccusation} chance of naming an innocent needs about ` +
      `${c.requiredPositions}. Issue fewer copies, ask for a lower collusion level, turn more classes on, or send ` +
      'the copies with their invisible marks only.',
  );
}
