import { CodecError } from '../errors.js';
import { findMarks, type TextFindings } from '../findings.js';
import { checkText } from '../options.js';
import { strip } from '../strip.js';
import { PROBE_HEADER, PROBE_LINES, probeCanary, type ProbeKind } from './canary.js';

/** What came back of each kind of mark in a returned probe canary, and which method to use on that path. */

export type ProbeOutcome = 'kept' | 'damaged' | 'lost';

export interface ProbeKindReport {
  kind: ProbeKind;
  name: string;
  outcome: ProbeOutcome;
  /** why, in a few words */
  detail: string;
}

export type VisibleTextVerdict = 'unchanged' | 'spacing' | 'normalised' | 'changed';

export interface ProbeReport {
  /** the visible text: as sent, changed only in whitespace, changed by Unicode normalisation (NFKC), or otherwise */
  visible_text: VisibleTextVerdict;
  kinds: ProbeKindReport[];
  /** variation selectors in the returned text and in the canary: VS1–VS16 (BMP) and VS17–VS256 (supplementary) */
  selectors: { bmp: number; supplementary: number; sent_bmp: number; sent_supplementary: number };
  /** invisible characters of other kinds that the platform added (zero-width, direction, tag characters) */
  added: string[];
  /** which method to use on this path, then what else to know */
  advice: string[];
}

const BMP_SELECTORS = /[\uFE00-\uFE0F]/g;
const SUPPLEMENTARY_SELECTORS = /[\u{E0100}-\u{E01EF}]/gu;
const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;
const FOREIGN_NAMES: Record<string, string> = {
  'zero-width': 'zero-width characters',
  bidi: 'direction controls',
  tag: 'tag characters',
};

/**
 * What a returned canary still has of the sent one: a line of it (the header or a numbered line) whose consecutive
 * word pairs are mostly there, whatever the spacing, case, punctuation or normalisation, or one of its marks. Any
 * other text would report every kind "lost", which says nothing about the path.
 */
function resemblesCanary(visible: string, findings: TextFindings): boolean {
  const secrets = PROBE_LINES.flatMap((line) => (line.secret ? [line.secret] : []));
  const marks = [...findings.watermarks, ...findings.robust];
  if (marks.some((mark) => mark.decoded !== null && secrets.includes(mark.decoded))) return true;
  const returnedPairs = new Set(wordPairs(visible));
  return [PROBE_HEADER, ...PROBE_LINES.map((line) => line.text)].some((line) => {
    const pairs = wordPairs(line);
    return pairs.filter((pair) => returnedPairs.has(pair)).length >= pairs.length * CANARY_LINE_SHARE;
  });
}

/** The share of a canary line's word pairs a returned text must hold (a line cut short or lightly edited still). */
const CANARY_LINE_SHARE = 0.6;

function wordPairs(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(1).map((word, i) => `${words[i]} ${word}`);
}

export function checkProbe(returned: string): ProbeReport {
  checkText(returned);
  const sent = probeCanary();
  const findings = findMarks(returned);
  const visibleReturned = strip(returned, { all: true });
  if (!resemblesCanary(visibleReturned, findings)) {
    throw new CodecError(
      'INVALID_INPUT',
      'this is not a wm probe canary: none of its lines is in the text. Check the text that came back from the ' +
        'platform after sending it the canary (wm probe new)',
    );
  }
  const { bmp, supplementary } = selectorsOf(returned);
  const sentSelectors = selectorsOf(sent);
  const selectors = {
    bmp,
    supplementary,
    sent_bmp: sentSelectors.bmp,
    sent_supplementary: sentSelectors.supplementary,
  };
  const kinds = PROBE_LINES.map((line) => ({
    kind: line.kind,
    name: line.name,
    ...outcomeOf(line.kind, line.secret, findings, selectorsOf(returnedLine(returned, line.text) ?? returned)),
  }));
  const added = findings.hidden.flatMap((finding) => {
    // the U+FEFF of a broken C2PA wrapper stays behind as a zero-width character: the canary's own
    const own = finding.kind === 'zero-width' ? Math.min(1, finding.codePoints.get(0xfeff) ?? 0) : 0;
    const name = FOREIGN_NAMES[finding.kind];
    return name && finding.count > own ? [`${finding.count - own} ${name}`] : [];
  });
  const visible = visibleTextVerdict(strip(sent, { all: true }), visibleReturned);
  return { visible_text: visible, kinds, selectors, added, advice: adviceFor(kinds, visible) };
}

const selectorsOf = (text: string) => ({
  bmp: count(text, BMP_SELECTORS),
  supplementary: count(text, SUPPLEMENTARY_SELECTORS),
});

const spacing = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The returned line that reads as `visible`, if the lines came back as lines: what is left there tells more. */
function returnedLine(returned: string, visible: string): string | undefined {
  return returned.split(/\r?\n|\r/).find((line) => spacing(strip(line, { all: true })) === visible);
}

/** What came back of one kind: the whole text's findings, the selectors left where its line is (or in the text). */
function outcomeOf(
  kind: ProbeKind,
  secret: string | undefined,
  findings: TextFindings,
  selectors: { bmp: number; supplementary: number },
): { outcome: ProbeOutcome; detail: string } {
  const noSupplementary = selectors.supplementary === 0;
  const noBmp = selectors.bmp === 0;
  if (kind === 'c2pa') {
    const wrapper = findings.c2pa[0];
    if (!wrapper) {
      if (noSupplementary && noBmp) return { outcome: 'lost', detail: 'every variation selector was removed' };
      return { outcome: 'lost', detail: noBmp ? 'VS1–VS16 were removed: the wrapper breaks' : 'no wrapper reads back' };
    }
    if (wrapper.problem) return { outcome: 'damaged', detail: wrapper.problem };
    return { outcome: 'kept', detail: `intact (${wrapper.bytes} bytes)` };
  }
  if (kind === 'robust') {
    const found = findings.robust.find((watermark) => watermark.decoded === secret);
    if (found) return { outcome: 'kept', detail: `read back (${found.copiesFound} copies found)` };
    if (noSupplementary) return { outcome: 'lost', detail: 'VS17–VS256 were removed' };
    return { outcome: 'damaged', detail: 'marks remain, but no copy checks out' };
  }
  if (findings.watermarks.some((watermark) => watermark.decoded === secret))
    return { outcome: 'kept', detail: 'read back' };
  if (noSupplementary && (noBmp || kind === 'vs17'))
    return { outcome: 'lost', detail: noBmp ? 'every variation selector was removed' : 'VS17–VS256 were removed' };
  if (kind === 'vs' && noBmp) return { outcome: 'damaged', detail: 'VS1–VS16 were removed: the frame breaks' };
  return { outcome: 'damaged', detail: 'selectors remain, but the frame does not check out' };
}

function visibleTextVerdict(sent: string, returned: string): VisibleTextVerdict {
  if (returned === sent) return 'unchanged';
  if (spacing(returned) === spacing(sent)) return 'spacing';
  if (spacing(returned.normalize('NFKC')) === spacing(sent.normalize('NFKC'))) return 'normalised';
  return 'changed';
}

function adviceFor(kinds: ProbeKindReport[], visible: VisibleTextVerdict): string[] {
  const kept = (kind: ProbeKind) => kinds.find((report) => report.kind === kind)!.outcome === 'kept';
  const advice: string[] = [];
  if (kept('vs') && kept('robust'))
    advice.push('Every watermark kind survived: use wm encode, or wm encode-robust if the text may also be cut.');
  else if (kept('robust'))
    advice.push('Use wm encode-robust: robust marks survived this path and a wm encode frame did not.');
  else if (kept('vs')) advice.push('Use wm encode: its frame survived this path and robust marks did not.');
  else if (kept('vs17'))
    advice.push(
      'Only a frame without VS1–VS16 survived, which wm writes only after Myanmar letters: no method is reliable here.',
    );
  else
    advice.push(
      'No invisible mark survived this path: a copy that went through it can be traced only by the fingerprint ' +
        'of its visible text (the document, never the recipient).',
    );
  if (!kept('c2pa')) advice.push('C2PA text manifests do not survive this path.');
  if (visible === 'changed') advice.push('The visible text came back changed: compare it with what you sent.');
  if (visible === 'normalised')
    advice.push('The visible text came back NFKC-normalised: a signature that binds the text will report it edited.');
  return advice;
}
