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
const NOT_ASCII = /[^\x00-\x7f]+/g;

/** Growing output: the text in pieces, and the two offset arrays. */
class Output {
  readonly pieces: string[] = [];
  from = new Int32Array(1024);
  to = new Int32Array(1024);
  length = 0;

  private reserve(extra: number) {
    if (this.length + extra <= this.from.length) return;
    const size = Math.max(this.from.length * 2, this.length + extra);
    const grow = (old: Int32Array) => {
      const bigger = new Int32Array(size);
      bigger.set(old.subarray(0, this.length));
      return bigger;
    };
    this.from = grow(this.from);
    this.to = grow(this.to);
  }

  /** source[start, end) as it is: each unit its own cluster */
  copy(source: string, start: number, end: number) {
    if (start >= end) return;
    this.reserve(end - start);
    for (let i = start; i < end; i++, this.length++) {
      this.from[this.length] = i;
      this.to[this.length] = i + 1;
    }
    this.pieces.push(source.slice(start, end));
  }

  /** a cluster's normal form, every unit of it mapped to the whole cluster */
  cluster(normal: string, start: number, end: number) {
    this.reserve(normal.length);
    for (let i = 0; i < normal.length; i++, this.length++) {
      this.from[this.length] = start;
      this.to[this.length] = end;
    }
    this.pieces.push(normal);
  }
}

export function normaliseForVariants(source: string): NormalisedText {
  const out = new Output();
  let copied = 0;
  for (const run of source.matchAll(NOT_ASCII)) {
    // an ASCII letter before a combining mark belongs to the mark's cluster
    let start = run.index;
    if (start > copied && MARK.test(String.fromCodePoint(source.codePointAt(start)!))) start--;
    out.copy(source, copied, start);
    copied = clusters(source, start, run.index + run[0].length, out);
  }
  out.copy(source, copied, source.length);
  return { text: out.pieces.join(''), from: out.from.slice(0, out.length), to: out.to.slice(0, out.length) };
}

/** Normalises source[start, end) cluster by cluster (a character and the marks after it); returns where it stopped. */
function clusters(source: string, start: number, end: number, out: Output): number {
  let cluster = '';
  let clusterStart = start;
  let clusterEnd = start;
  const flush = () => {
    if (cluster !== '') out.cluster(cluster.normalize('NFKC'), clusterStart, clusterEnd);
    cluster = '';
  };
  let i = start;
  while (i < end) {
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
  return i;
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
