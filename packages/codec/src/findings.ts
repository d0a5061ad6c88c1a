import type { C2paWrapper } from './c2pa.js';
import { CodecError, type CodecErrorCode } from './errors.js';
import { declaredFrameLength, findFrames, openFrame, type Frame } from './frame.js';
import { forEachHiddenMark, payloadBytesLabel, type MarkKind } from './hidden-marks.js';
import { checkKey, checkText } from './options.js';
import { findRobustWatermarks } from './robust/watermarks.js';
import { byteOfSelectorAt, payloadBytes, selectorLengthAt } from './scan.js';
import { hexOf } from './signing.js';
import { MAX_SPELLED, spellTag } from './tag-text.js';
import { strictUtf8Text } from './utf8.js';

/**
 * Everything hidden in one text, as `wm scan` reports it: every watermark (VS frames and robust passages, opened
 * when the key allows), C2PA text manifests, and the other invisible characters by kind. Positions are UTF-16
 * offsets into the text; the caller turns them into lines and columns.
 */

/** A watermark as scan reports it: its secret, or why it cannot be read (keyed without the key, damaged). */
export interface ReadWatermark {
  /** the secret; null when it cannot be opened */
  decoded: string | null;
  keyed: boolean;
  /** why `decoded` is null: KEY_REQUIRED, KEY_MISMATCH or CORRUPTED (a keyed frame whose GCM tag fails) */
  failure?: CodecErrorCode;
  /** a signed frame's signer id (16 hex digits, docs/FORMAT.md "Signed frames"): named, not verified here */
  signer?: string;
}

export interface VsFinding extends ReadWatermark {
  /** UTF-16 offset of the frame's first selector */
  offset: number;
}

export interface RobustFinding extends ReadWatermark {
  /** UTF-16 offsets of its first mark and just after its last */
  start: number;
  end: number;
  copiesFound: number;
  /** the verified frame: the same frame found again (a later window of a long file) is the same watermark */
  frame: Uint8Array;
}

/** The invisible characters of one kind: how many, where the first ones are, and which code points. */
export interface HiddenFinding {
  kind: HiddenKind;
  /**
   * the scheme that made these stretches, when it is known: DAMAGED_WATERMARK (the codec's own: selectors that begin
   * with wm's frame signature and do not check, whatever the namer says), or what FindOptions.nameStretch said; a
   * kind's stretches of each scheme are a finding of their own
   */
  scheme?: string;
  /** hidden code points */
  count: number;
  /** stretches of them (a run of selectors is one) */
  places: number;
  /** UTF-16 offsets of the first stretches */
  offsets: number[];
  /** code point → how many (tag, zero-width and bidi kinds; selectors are counted, not listed) */
  codePoints: Map<number, number>;
  /** the bytes of the first stretches (raw kind: what a reader needs to tell what they are), e.g. "68 69" */
  bytes: string[];
  /** what the first stretches of tag characters spell (tag kind): each tag U+E0020–E007E is its ASCII character */
  spelled: string[];
  /**
   * raw kind: the bytes of each of the first stretches read as UTF-8 text where they are printable text (a payload
   * such as GlassWorm's, JavaScript hidden as selectors), else null; never read as a secret
   */
  texts: (string | null)[];
}

/**
 * The kinds scan reports as foreign: raw (selectors carrying no frame of ours: other tools' data, or what is left
 * of a damaged watermark), robust (robust marks of which no passage verifies), tag, zero-width, bidi. Frames of ours
 * are reported as watermarks, C2PA manifests apart, and what belongs to the text not at all.
 */
export type ForeignKind = Exclude<MarkKind, 'vs' | 'c2pa' | 'text'>;
export const FOREIGN_KINDS: readonly ForeignKind[] = ['raw', 'robust', 'tag', 'zero-width', 'bidi'];
/** The foreign kinds, and (only when asked: FindOptions.all) the invisible characters that belong to the text. */
export type HiddenKind = ForeignKind | 'text';
export const HIDDEN_KINDS: readonly HiddenKind[] = [...FOREIGN_KINDS, 'text'];

export interface TextFindings {
  watermarks: VsFinding[];
  robust: RobustFinding[];
  c2pa: C2paWrapper[];
  /** by kind, in FOREIGN_KINDS order; only kinds present */
  hidden: HiddenFinding[];
}

export interface FindOptions {
  key?: Uint8Array;
  /** how many positions to keep per kind (default 5) */
  firstPositions?: number;
  /** report only what starts before this UTF-16 offset (a window of a long file reads further than it reports) */
  reportBefore?: number;
  /** report the invisible characters that belong to the text too (kind 'text') */
  all?: boolean;
  /** names the scheme of each foreign stretch where the caller can tell it (`wm scan`: by the file and the text) */
  nameStretch?: StretchNamer;
}

/**
 * The scheme of a stretch of foreign hidden characters ([start, end) in UTF-16 units), or undefined. Consecutive
 * stretches of one scheme are one place (a run of zero-width characters that one tool wrote).
 */
export type StretchNamer = (kind: ForeignKind, start: number, end: number) => string | undefined;

/**
 * The scheme of selectors (raw or robust-looking runs) that begin with wm's frame signature, and of the runs after
 * them up to the length the frame declares, when the frame does not check: what is left of a damaged wm watermark
 * (an edited text), or data made to look like one. One place per frame.
 */
export const DAMAGED_WATERMARK = 'damaged-watermark';

export function findMarks(text: string, options: FindOptions = {}): TextFindings {
  checkText(text);
  const key = checkKey(options.key);
  const keep = options.firstPositions ?? 5;
  const limit = options.reportBefore ?? text.length;
  const payload = payloadBytes(text);
  const found = findFrames(payload);
  const frameStarts = found.starts;
  const watermarks: VsFinding[] = [];
  const c2pa: C2paWrapper[] = [];
  // by scheme, or by kind where none is named
  const byKey = new Map<string, HiddenFinding>();
  // tag characters (and named zero-width or direction characters) are visited one by one: consecutive ones are one
  // stretch, and a stretch of tags spells a text
  const stretchEnds = new Map<string, number>();
  // whether the stretch of tags being visited is one of the first, whose text is kept
  let spelling = false;
  let byteIndex = 0;
  let nextFrame = 0;
  // where the payload bytes of the last frame signature that did not check end (DAMAGED_WATERMARK)
  let damagedEnd = -1;
  forEachHiddenMark(
    text,
    (kind, start, end, count, wrapper) => {
      if (kind === 'c2pa') {
        if (start < limit) c2pa.push(wrapper!);
        return;
      }
      if (kind === 'vs' || kind === 'robust' || kind === 'raw') {
        // the frames that start in this run: their first selector's offset
        for (; nextFrame < frameStarts.length && frameStarts[nextFrame] < byteIndex + count; nextFrame++) {
          let offset = start;
          for (let skip = frameStarts[nextFrame] - byteIndex; skip > 0; skip--)
            offset += selectorLengthAt(text, offset);
          if (offset < limit) watermarks.push({ offset, ...read(found.frames[nextFrame], key) });
        }
      }
      // a run that is no frame but begins with its signature: it and the runs after it that the frame would span
      const selectors = kind === 'robust' || kind === 'raw';
      const declared = selectors ? declaredFrameLength(payload, byteIndex) : null;
      if (declared !== null) damagedEnd = byteIndex + declared;
      const damaged = selectors && byteIndex < damagedEnd;
      if (selectors || kind === 'vs') byteIndex += count;
      if (kind === 'vs' || (kind === 'text' && !options.all) || start >= limit) return;
      const scheme =
        kind === 'text' ? undefined : damaged ? DAMAGED_WATERMARK : options.nameStretch?.(kind, start, end);
      const findingKey = scheme ?? kind;
      let finding = byKey.get(findingKey);
      if (!finding) {
        const empty = { count: 0, places: 0, offsets: [], codePoints: new Map(), bytes: [], spelled: [], texts: [] };
        byKey.set(findingKey, (finding = { kind, ...(scheme !== undefined ? { scheme } : {}), ...empty }));
      }
      finding.count += count;
      const runGoesOn =
        scheme === DAMAGED_WATERMARK
          ? declared === null && finding.places > 0
          : (kind === 'tag' || scheme !== undefined) && start === stretchEnds.get(findingKey);
      stretchEnds.set(findingKey, end);
      if (runGoesOn) {
        const last = finding.spelled.length - 1;
        if (spelling && finding.spelled[last].length < MAX_SPELLED) {
          finding.spelled[last] += spellTag(text.codePointAt(start)!);
        }
      } else {
        finding.places++;
        spelling = false;
        if (finding.offsets.length < keep) {
          finding.offsets.push(start);
          if (kind === 'raw' || damaged) {
            finding.bytes.push(payloadBytesLabel(text, start, end));
            finding.texts.push(printableSelectorText(text, start, end));
          }
          if (kind === 'tag') {
            finding.spelled.push(spellTag(text.codePointAt(start)!));
            spelling = true;
          }
        }
      }
      if (kind === 'tag' || kind === 'zero-width' || kind === 'bidi' || kind === 'text') {
        const codePoint = text.codePointAt(start)!;
        finding.codePoints.set(codePoint, (finding.codePoints.get(codePoint) ?? 0) + 1);
      }
    },
    found,
  );
  const robustSearch = findRobustWatermarks(text);
  const robust = robustSearch.frames
    .filter((frame) => frame.start < limit)
    .map((frame) => ({
      start: frame.start,
      end: frame.end,
      copiesFound: frame.copiesFound,
      frame: frame.bytes,
      ...read(frame.frame, key),
    }));
  // robust marks inside a verified watermark are that watermark; only those of a text where none verifies are foreign
  if (robustSearch.frames.length > 0) byKey.delete('robust');
  // what belongs to the text is visited in two passes (selectors, then the rest): listed in text order
  byKey.get('text')?.offsets.sort((a, b) => a - b);
  const hidden = HIDDEN_KINDS.flatMap((kind) => [...byKey.values()].filter((finding) => finding.kind === kind));
  return { watermarks, robust, c2pa, hidden };
}

/** The least bytes of a selector run shown as the text they spell: shorter runs are too likely to spell by chance. */
const MIN_TEXT_BYTES = 4;

/**
 * The bytes of a run of selectors (standard mapping) as UTF-8 text, when they are printable text (no control but tab
 * and line ends), its first MAX_SPELLED units; null when they are not, or fewer than MIN_TEXT_BYTES.
 */
export function printableSelectorText(text: string, start: number, end: number): string | null {
  const bytes: number[] = [];
  for (let i = start; i < end; i += selectorLengthAt(text, i)) bytes.push(byteOfSelectorAt(text, i));
  if (bytes.length < MIN_TEXT_BYTES) return null;
  try {
    const spelled = strictUtf8Text(Uint8Array.from(bytes));
    return PRINTABLE.test(spelled) ? spelled.slice(0, MAX_SPELLED) : null;
  } catch {
    return null;
  }
}

const PRINTABLE = /^[\P{C}\t\n\r]*$/u;

function read(frame: Frame, key: Uint8Array | undefined): ReadWatermark {
  try {
    return { decoded: strictUtf8Text(openFrame(frame, key)), ...about(frame) };
  } catch (error) {
    if (error instanceof CodecError) return { decoded: null, ...about(frame), failure: error.code };
    // a verified frame whose secret is not UTF-8 (not one of ours: encode only frames text)
    return { decoded: null, ...about(frame), failure: 'CORRUPTED' };
  }
}

const about = (frame: Frame): Pick<ReadWatermark, 'keyed' | 'signer'> => ({
  keyed: frame.keyed,
  ...(frame.signerId ? { signer: hexOf(frame.signerId) } : {}),
});

/** Whether anything at all was found: watermarks, C2PA manifests or foreign invisible characters. */
export const hasFindings = (findings: TextFindings): boolean =>
  findings.watermarks.length + findings.robust.length + findings.c2pa.length + findings.hidden.length > 0;
