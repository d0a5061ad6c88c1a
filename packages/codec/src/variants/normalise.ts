/**
 * The text the variant finder reads: every default-ignorable character dropped (hidden marks, ours and others',
 * soft hyphens, joiners) and each character with its combining marks in Unicode NFKC, as a leaked copy may have
 * been. Case is kept (the finder matches without it, and names are told by it at issue). Each UTF-16 unit keeps
 * where its character came from, so that a site found here can be edited in the issuer's own text.
 */
export interface NormalisedText {
  readonly text: string;
  /** per unit of `text`: the index in the source where its cluster began */
  readonly from: Int32Array;
  /** per unit of `text`: the index in the source just past its cluster */
  readonly to: Int32Array;
}

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const MARK = /\p{M}/u;

export function normaliseForVariants(source: string): NormalisedText {
  const units: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let cluster = '';
  let clusterStart = 0;
  let clusterEnd = 0;
  const flush = () => {
    if (cluster === '') return;
    const normal = cluster.normalize('NFKC');
    for (let i = 0; i < normal.length; i++) {
      units.push(normal[i]);
      from.push(clusterStart);
      to.push(clusterEnd);
    }
    cluster = '';
  };
  for (let i = 0; i < source.length;) {
    const code = source.charCodeAt(i);
    // the common case: an ASCII character with no combining mark after it is its own normal form
    if (code < 0x80 && !(source.charCodeAt(i + 1) >= 0x300)) {
      flush();
      units.push(source[i]);
      from.push(i);
      to.push(i + 1);
      i++;
      continue;
    }
    const char = String.fromCodePoint(source.codePointAt(i)!);
    const next = i + char.length;
    if (!DEFAULT_IGNORABLE.test(char)) {
      if (MARK.test(char) && cluster !== '') cluster += char;
      else {
        flush();
        cluster = char;
        clusterStart = i;
      }
      clusterEnd = next;
    }
    i = next;
  }
  flush();
  return { text: units.join(''), from: Int32Array.from(from), to: Int32Array.from(to) };
}

/** The source's span of a span of the normalised text, or undefined when the two differ (a site is edited only where
 * the issuer's text reads exactly as the normalised one). */
export function sourceSpan(
  normal: NormalisedText,
  source: string,
  start: number,
  end: number,
): { start: number; end: number } | undefined {
  if (start === end) {
    const at = start < normal.text.length ? normal.from[start] : source.length;
    return { start: at, end: at };
  }
  const span = { start: normal.from[start], end: normal.to[end - 1] };
  return source.slice(span.start, span.end) === normal.text.slice(start, end) ? span : undefined;
}
