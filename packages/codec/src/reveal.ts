import { c2paWrapperAt, type C2paWrapper } from './c2pa.js';
import { CodecError } from './errors.js';
import { c2paLabel } from './c2pa-report.js';
import { forEachSelectorMark, payloadBytesLabel } from './hidden-marks.js';
import { isTagCodePoint, quotedTagText, spellTags } from './tag-text.js';
import { mayStartC2paWrapper, selectorCodePointAt, selectorLengthAt, selectorRunAt } from './scan.js';

export interface RevealSegment {
  text: string;
  hidden: boolean;
  /**
   * short name of a hidden segment, e.g. "VS·f7 00 02" (payload bytes of a watermark), "raw·68 69" (payload bytes
   * that are no watermark: another tool's data, or what is left of a damaged one), "FE0F(text)", "VS17(text)", "ZWJ",
   * 'TAG "Ignore previous instructions"' (a stretch of tag characters, spelled out), "U+2062", "C2PA manifest v1,
   * 67 bytes" (a C2PA text manifest: its U+FEFF and selectors, one segment)
   */
  label?: string;
}

// Invisible characters shown by reveal: variation selectors (both planes), default-ignorable format characters,
// Hangul fillers, Mongolian selectors, tag characters, musical-symbol formatting controls, shorthand format controls.
const INVISIBLE = new RegExp(
  [
    /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164]/.source,
    /[\uFE00-\uFE0F\uFEFF\uFFA0]|\uDB40[\uDC00-\uDFFF]|\uD834[\uDD73-\uDD7A]|\uD82F[\uDCA0-\uDCA3]/.source,
  ].join('|'),
  'g',
);

const NAMES: Record<number, string> = {
  0x00ad: 'SHY',
  0x034f: 'CGJ',
  0x061c: 'ALM',
  0x180e: 'MVS',
  0x200b: 'ZWSP',
  0x200c: 'ZWNJ',
  0x200d: 'ZWJ',
  0x200e: 'LRM',
  0x200f: 'RLM',
  0x2060: 'WJ',
  0xfeff: 'ZWNBSP',
};

/**
 * The text split into visible stretches and one hidden segment per invisible character (a payload run is one).
 * `maxHidden`: refuse (INVALID_INPUT) a text with more hidden segments, before the work and the answer grow with
 * them: a server bounds its answers so (each hidden character becomes a token of up to ~50 characters).
 */
export function reveal(text: string, maxHidden = Infinity): RevealSegment[] {
  const segments: RevealSegment[] = [];
  const rawRuns = new Set<number>();
  forEachSelectorMark(text, (kind, start) => {
    if (kind === 'raw') rawRuns.add(start);
  });
  const finder = new RegExp(INVISIBLE.source, 'g');
  let visibleFrom = 0;
  let hidden = 0;
  const hide = (start: number, end: number, label: string): void => {
    if (++hidden > maxHidden) {
      throw new CodecError(
        'INVALID_INPUT',
        `The text holds more than ${maxHidden} hidden characters or runs to show: reveal it offline (wm reveal)`,
      );
    }
    if (start > visibleFrom) segments.push({ text: text.slice(visibleFrom, start), hidden: false });
    segments.push({ text: text.slice(start, end), hidden: true, label });
    visibleFrom = end;
  };
  for (let found = finder.exec(text); found; found = finder.exec(text)) {
    const start = found.index;
    const wrapper = c2paWrapperStartingAt(text, start);
    if (wrapper) {
      hide(wrapper.index, wrapper.end, c2paLabel(wrapper));
      finder.lastIndex = wrapper.end;
    } else if (selectorLengthAt(text, start) > 0) {
      const run = selectorRunAt(text, start);
      if (run.payloadStart > start)
        hide(start, run.payloadStart, `${selectorName(selectorCodePointAt(text, start))}(text)`);
      if (run.end > run.payloadStart) {
        const prefix = rawRuns.has(run.payloadStart) ? 'raw' : 'VS';
        hide(run.payloadStart, run.end, `${prefix}·${payloadBytesLabel(text, run.payloadStart, run.end)}`);
      }
      finder.lastIndex = run.end;
    } else if (isTagCodePoint(text.codePointAt(start)!)) {
      // a stretch of tags is one segment, spelled out: what it says matters, not its letters one by one
      let end = start + 2;
      while (isTagCodePoint(text.codePointAt(end) ?? 0)) end += 2;
      hide(start, end, `TAG ${quotedTagText(spellTags(text, start, end))}`);
      finder.lastIndex = end;
    } else {
      const codePoint = text.codePointAt(start)!;
      hide(start, start + found[0].length, NAMES[codePoint] ?? `U+${hex(codePoint, 4)}`);
    }
  }
  if (visibleFrom < text.length) segments.push({ text: text.slice(visibleFrom), hidden: false });
  return segments;
}

/** The C2PA wrapper that starts at `start` (its U+FEFF, or the first selector of one that lost it), or null. */
function c2paWrapperStartingAt(text: string, start: number): C2paWrapper | null {
  const first = text.charCodeAt(start) === 0xfeff ? start + 1 : start;
  if (selectorLengthAt(text, first) === 0 || !mayStartC2paWrapper(text, first)) return null;
  return c2paWrapperAt(text, first);
}

/** How a hidden segment is drawn: its label between ⟨ ⟩. */
export const revealToken = (segment: RevealSegment): string => `⟨${segment.label}⟩`;

/** The text with every hidden segment drawn as its token; `drawToken` may decorate it (the CLI colours it). */
export function revealText(text: string, drawToken: (token: string) => string = (token) => token): string {
  return textOfSegments(reveal(text), drawToken);
}

/** The segments of a reveal as one text, every hidden one drawn as its token. */
export const textOfSegments = (
  segments: readonly RevealSegment[],
  drawToken: (token: string) => string = (token) => token,
): string => segments.map((segment) => (segment.hidden ? drawToken(revealToken(segment)) : segment.text)).join('');

/** The reveal operation's result: the segments and the text with tokens, from one pass. */
export function revealResult(text: string, maxHidden?: number): { segments: RevealSegment[]; text: string } {
  const segments = reveal(text, maxHidden);
  return { segments, text: textOfSegments(segments) };
}

/** FE0E/FE0F by their code (as emoji documentation names them), every other selector as VS1–VS256. */
function selectorName(codePoint: number): string {
  if (codePoint === 0xfe0e || codePoint === 0xfe0f) return hex(codePoint, 4);
  return `VS${codePoint <= 0xfe0f ? codePoint - 0xfe00 + 1 : codePoint - 0xe0100 + 17}`;
}

const hex = (value: number, width: number): string => value.toString(16).toUpperCase().padStart(width, '0');
