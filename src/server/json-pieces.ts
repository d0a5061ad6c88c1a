/**
 * A long string's JSON in pieces of at most `units` UTF-16 units of the string, each cut where no surrogate pair is
 * split, so that each piece is JSON.stringify's and never a large object: the quotes, then each piece's JSON without
 * them.
 */
export function* stringJsonPieces(text: string, units: number): Generator<string> {
  yield '"';
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + units, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield JSON.stringify(text.slice(at, end)).slice(1, -1);
    at = end;
  }
  yield '"';
}
