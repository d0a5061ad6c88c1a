/**
 * Where a copy never differs from the issuer's text: quotations (a quote is verbatim), code, URLs, e-mail
 * addresses, headings and titles (their capitals mark names). Names and numbers' values are the mechanisms' own
 * rules (a capital inside a sentence, a figure that is part of another). Ranges of the normalised text, sorted.
 */

export type Range = readonly [start: number, end: number];

const CURLY_QUOTES: readonly (readonly [string, string])[] = [
  ['“', '”'],
  ['„', '“'],
  ['«', '»'],
  ['»', '«'],
  ['「', '」'],
];
const PARAGRAPH = /\n[ \t]*\n/g;
const FENCE = /^(?:```|~~~)[^\n]*\n[\s\S]*?(?:^(?:```|~~~)[^\n]*$|(?![\s\S]))/gm;
const INLINE_CODE = /`[^`\n]+`/g;
const BLOCK_QUOTE = /^[ \t]*>[^\n]*$/gm;
const URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"\u201D\u2019)]*[^\s<>"\u201D\u2019).,;:!?]/giu;
const TOP_DOMAINS = 'com|org|net|gov|edu|io|dev|app|co|uk|de|fr|eu|info';
const DOMAIN_PATH = new RegExp(
  `\\b[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:${TOP_DOMAINS})\\b(?:/[^\\s<>"”’)]*)?`,
  'giu',
);
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const HEADING = /^[ \t]*#{1,6}[ \t][^\n]*$/gm;

function matches(text: string, pattern: RegExp): Range[] {
  return [...text.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length] as const);
}

/** Quotations within each paragraph: curly pairs, straight double quotes taken in pairs, and ‘…’. */
function quotations(text: string): Range[] {
  const ranges: Range[] = [];
  const paragraphs = [0, ...[...text.matchAll(PARAGRAPH)].map((match) => match.index + match[0].length)];
  paragraphs.forEach((start, i) => {
    const end = i + 1 < paragraphs.length ? paragraphs[i + 1] : text.length;
    const paragraph = text.slice(start, end);
    for (const [open, close] of CURLY_QUOTES) ranges.push(...delimited(paragraph, open, close, start));
    let opened = -1;
    for (let at = paragraph.indexOf('"'); at !== -1; at = paragraph.indexOf('"', at + 1)) {
      if (opened === -1) opened = at;
      else {
        ranges.push([start + opened, start + at + 1]);
        opened = -1;
      }
    }
    // a quotation left open runs to the end of its paragraph (dialogue that goes on in the next one)
    if (opened !== -1) ranges.push([start + opened, end]);
    // ‘…’: an opening mark at the start of a word, closed by one not followed by a letter (not an apostrophe)
    for (const match of paragraph.matchAll(/(?<![\p{L}\p{N}])\u2018[\s\S]*?\u2019(?![\p{L}])/gu)) {
      ranges.push([start + match.index, start + match.index + match[0].length]);
    }
  });
  return ranges;
}

function delimited(paragraph: string, open: string, close: string, offset: number): Range[] {
  const ranges: Range[] = [];
  for (let at = paragraph.indexOf(open); at !== -1;) {
    const closing = paragraph.indexOf(close, at + open.length);
    const end = closing === -1 ? paragraph.length : closing + close.length;
    ranges.push([offset + at, offset + end]);
    at = closing === -1 ? -1 : paragraph.indexOf(open, end);
  }
  return ranges;
}

/**
 * An indented block that reads as code (Markdown's indented code): after a blank line, lines indented by four
 * spaces or a tab, most of them with brackets, operators or a prompt. An indented list or clause of a contract is
 * prose, and stays.
 */
function indentedCode(text: string): Range[] {
  const ranges: Range[] = [];
  for (const match of text.matchAll(/(?:^|\n[ \t]*\n)((?:(?: {4}|\t)[^\n]*(?:\n|$))+)/g)) {
    const lines = match[1].split('\n').filter((line) => line.trim() !== '');
    const code = lines.filter((line) => /[{}();=<>]|^\s*(?:\$|#|\/\/)/.test(line)).length;
    if (code * 2 >= lines.length) {
      const start = match.index + match[0].length - match[1].length;
      ranges.push([start, start + match[1].length]);
    }
  }
  return ranges;
}

/** A title line: short, no closing punctuation, half of its words or more capitalised ("Results Toward 2030"). */
function titleLines(text: string): Range[] {
  const ranges: Range[] = [];
  for (const match of text.matchAll(/^[^\n]+$/gm)) {
    const line = match[0].trim();
    const words = line.match(/[\p{L}][\p{L}\p{M}'\u2019-]*/gu) ?? [];
    if (words.length < 2 || words.length > 14 || /[.!?:;,]["\u201D\u2019)]*$/u.test(line)) continue;
    const capitals = words.filter((word) => /^\p{Lu}/u.test(word)).length;
    if (capitals * 2 >= words.length) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

export function excludedRanges(text: string): Range[] {
  const ranges = [
    ...quotations(text),
    ...matches(text, FENCE),
    ...matches(text, INLINE_CODE),
    ...indentedCode(text),
    ...matches(text, BLOCK_QUOTE),
    ...matches(text, URL),
    ...matches(text, DOMAIN_PATH),
    ...matches(text, EMAIL),
    ...matches(text, HEADING),
    ...titleLines(text),
  ].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Whether [start, end] touches an excluded range (an empty span is a point: a comma added, a "that" added). */
export function isExcluded(ranges: readonly Range[], start: number, end: number): boolean {
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ranges[middle][1] <= start) low = middle + 1;
    else high = middle;
  }
  return low < ranges.length && ranges[low][0] <= Math.max(start, end - 1);
}
