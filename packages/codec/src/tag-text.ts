import { forEachHiddenMark } from './hidden-marks.js';

/**
 * What hidden tag characters spell. U+E0020–E007E are the ASCII characters U+0020–007E in the tag block: invisible
 * everywhere but inside an emoji flag, they carry text past a reader to a machine ("ASCII smuggling": a prompt for
 * an assistant). `wm scan`, `wm reveal`, the checker and MCP spell them out with these functions.
 */

/** UTF-16 units of a stretch's text that a report keeps (a report, not a copy of the text). */
export const MAX_SPELLED = 500;

/** A tag character's ASCII character, or its code point (U+E0000–E001F, CANCEL TAG U+E007F) as `<U+E007F>`. */
export function spellTag(codePoint: number): string {
  const ascii = codePoint - 0xe0000;
  return ascii >= 0x20 && ascii <= 0x7e ? String.fromCharCode(ascii) : `<U+${codePoint.toString(16).toUpperCase()}>`;
}

export const isTagCodePoint = (codePoint: number): boolean => codePoint >= 0xe0000 && codePoint <= 0xe007f;

/** A stretch of tag characters: [start, end) in UTF-16 units, how many, and what its first MAX_SPELLED units spell. */
export interface TagText {
  start: number;
  end: number;
  count: number;
  /** the spelling, cut at MAX_SPELLED units: `complete` says whether it is all of it */
  spelled: string;
  complete: boolean;
}

/** What the tag characters in text[start, end) spell (every code point there is a tag character). */
export function spellTags(text: string, start: number, end: number): TagText {
  let spelled = '';
  let complete = true;
  let count = 0;
  for (let i = start; i < end; i += 2, count++) {
    if (spelled.length < MAX_SPELLED) spelled += spellTag(text.codePointAt(i)!);
    else complete = false;
  }
  return { start, end, count, spelled, complete };
}

/**
 * The stretches of hidden tag characters of a text, with what each spells: those of the map's `tag` kind, so not
 * the tags of an emoji flag (🏴 + tags + CANCEL TAG), which are part of the text.
 */
export function tagTextsOf(text: string): TagText[] {
  const stretches: { start: number; end: number }[] = [];
  forEachHiddenMark(text, (kind, start, end) => {
    if (kind !== 'tag') return;
    const last = stretches[stretches.length - 1];
    if (last?.end === start) last.end = end;
    else stretches.push({ start, end });
  });
  return stretches.map(({ start, end }) => spellTags(text, start, end));
}

/** How a stretch is quoted in one line: `"Ignore previous instructions"`, cut as `"Ignore…" … (1,200 tags)`. */
export const quotedTagText = ({ spelled, complete, count }: TagText): string =>
  `${JSON.stringify(spelled)}${complete ? '' : ` … (${count} tags)`}`;
