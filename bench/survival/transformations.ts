import { graphemes } from '../../packages/codec/src/graphemes.js';

/** What a transformation gets: the watermarked text, a seeded random source, and partners for concatenation. */
export interface Subject {
  watermarked: string;
  random: () => number;
  /** another corpus text watermarked with the same secret, and one watermarked with a different secret */
  partnerSameSecret: string;
  partnerOtherSecret: string;
}

export interface Transformation {
  name: string;
  /** seeded repetitions per watermarked text (1 for deterministic transformations) */
  trials: number;
  apply(subject: Subject): string;
  /** exact recovery: by default the first secret the decoder returns is the one embedded */
  acceptsAnyOrder?: boolean;
}

/** Whole grapheme clusters, so a crop never separates a mark from the character it follows. */
const clusters = (text: string): string[] => Array.from(graphemes(text), (g) => g.segment);

function crop(from: number, to: number): (subject: Subject) => string {
  return ({ watermarked }) => {
    const all = clusters(watermarked);
    return all.slice(Math.floor(all.length * from), Math.floor(all.length * to)).join('');
  };
}

function anyHalf({ watermarked, random }: Subject): string {
  const all = clusters(watermarked);
  const half = Math.floor(all.length / 2);
  const start = Math.floor(random() * (all.length - half + 1));
  return all.slice(start, start + half).join('');
}

/** Deletes each code point (marks included) with probability `share`. */
function deleteAtRandom(share: number): (subject: Subject) => string {
  return ({ watermarked, random }) =>
    Array.from(watermarked)
      .filter(() => random() >= share)
      .join('');
}

const EDITS = ['really ', 'and ', 'new, ', '(see above) ', 'very ', 'however, '];

/** Five ordinary words inserted at random cluster boundaries, as an editor would. */
function insertEdits({ watermarked, random }: Subject): string {
  const all = clusters(watermarked);
  for (let edit = 0; edit < 5; edit++) {
    all.splice(Math.floor(random() * (all.length + 1)), 0, EDITS[Math.floor(random() * EDITS.length)]);
  }
  return all.join('');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
const unescapeHtml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) =>
    Object.keys(HTML_ESCAPES).find((c) => HTML_ESCAPES[c] === entity)!,
  );

/** JSON as an ASCII-only serializer writes it (every non-ASCII unit as \uXXXX), then parsed back. */
const jsonAsciiRoundTrip = (text: string): string =>
  JSON.parse(
    JSON.stringify(text).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  ) as string;

export const TRANSFORMATIONS: Transformation[] = [
  { name: 'none', trials: 1, apply: (s) => s.watermarked },
  { name: 'NFC', trials: 1, apply: (s) => s.watermarked.normalize('NFC') },
  { name: 'NFKC', trials: 1, apply: (s) => s.watermarked.normalize('NFKC') },
  { name: 'NFD', trials: 1, apply: (s) => s.watermarked.normalize('NFD') },
  { name: 'trim', trials: 1, apply: (s) => s.watermarked.trim() },
  { name: 'collapse spaces', trials: 1, apply: (s) => s.watermarked.replace(/\s+/g, ' ') },
  { name: 'LF→CRLF', trials: 1, apply: (s) => s.watermarked.replace(/\n/g, '\r\n') },
  { name: 'CRLF→LF', trials: 1, apply: (s) => s.watermarked.replace(/\n/g, '\r\n').replace(/\r\n/g, '\n') },
  { name: 'first ½', trials: 1, apply: crop(0, 1 / 2) },
  { name: 'middle ½', trials: 1, apply: crop(1 / 4, 3 / 4) },
  { name: 'last ½', trials: 1, apply: crop(1 / 2, 1) },
  { name: 'any ½', trials: 10, apply: anyHalf },
  { name: 'first ¼', trials: 1, apply: crop(0, 1 / 4) },
  { name: 'middle ¼', trials: 1, apply: crop(3 / 8, 5 / 8) },
  { name: 'last ¼', trials: 1, apply: crop(3 / 4, 1) },
  { name: 'delete 1 %', trials: 5, apply: deleteAtRandom(0.01) },
  { name: 'delete 5 %', trials: 5, apply: deleteAtRandom(0.05) },
  { name: 'delete 10 %', trials: 5, apply: deleteAtRandom(0.1) },
  { name: '5 word edits', trials: 5, apply: insertEdits },
  { name: 'A+B same secret', trials: 1, apply: (s) => `${s.watermarked}\n${s.partnerSameSecret}` },
  {
    name: 'A+B two secrets',
    trials: 1,
    apply: (s) => `${s.watermarked}\n${s.partnerOtherSecret}`,
    acceptsAnyOrder: true,
  },
  { name: 'HTML esc/unesc', trials: 1, apply: (s) => unescapeHtml(escapeHtml(s.watermarked)) },
  { name: 'JSON round trip', trials: 1, apply: (s) => jsonAsciiRoundTrip(s.watermarked) },
];
