import type { PreviewCopiesResult, VariantsCapacity } from '../../domain/copies/types.js';

/** Offsets in UTF-16 units of TEXT as `line:column` (both from 1, the column in code points), as editors show them. */
function placesIn(text: string): (offset: number) => string {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return `${low + 1}:${[...text.slice(lineStarts[low], offset)].length + 1}`;
  };
}

const shown = (form: string) => JSON.stringify(form);

/** A few words either side of a site, its own text in brackets (an insertion is "[]"), on one line. */
function contextIn(text: string, start: number, end: number): string {
  // no half of a surrogate pair at either cut
  const flat = (part: string) => part.replace(/\s+/g, ' ').replace(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/g, '');
  const before = flat(text.slice(Math.max(0, start - 20), start)).replace(/^\S*\s/, '');
  const after = flat(text.slice(end, end + 20)).replace(/\s\S*$/, '');
  return `…${before}[${flat(text.slice(start, end))}]${after}…`;
}

/** What a document's variants can prove, in two lines: the same numbers an issue, a dry run and a refusal give. */
export function capacityLines(capacity: VariantsCapacity): string[] {
  const { sites, positions, words, collusion } = capacity;
  const against = collusion === 1 ? '' : `, ${capacity.needed} to name one of ${collusion} colluders`;
  return [
    `variants: ${sites} sites in ${words} words (${capacity.sites_per_thousand_words} per 1,000), ${positions} ` +
      `independent choices (bits); classes ${capacity.classes.join(', ')}\n`,
    `  a leak must show about ${capacity.needed_for_one_leaker} of them to name a single leaker${against}; the ` +
      `chance of naming an innocent is at most ${capacity.false_accusation} a trace\n`,
  ];
}

/**
 * `wm copies issue --variants --dry-run`: every site, what the variants can prove, whether an issue would be made
 * (else the refusal), and each recipient's differences, at line:column of TEXT (the document as read).
 */
export function formatPreview(text: string, preview: PreviewCopiesResult): string[] {
  const at = placesIn(text);
  const { variants } = preview;
  const verdict = variants.enough
    ? `  enough for ${preview.copies.length} recipients: an issue would be made\n`
    : `  refused: ${variants.refusal}\n`;
  const sites = preview.sites.map(
    (site) =>
      `  ${at(site.start)}\t${site.class}\t${contextIn(text, site.start, site.end)}\t` +
      `${site.forms.map(shown).join(' | ')}\t${site.per_copy ? 'one choice per copy' : 'one choice here'}\n`,
  );
  const copies = preview.copies.flatMap((copy) => [
    `${copy.recipient}: ${copy.differences.length} differences\n`,
    ...copy.differences.map(
      (d) => `  ${at(d.start)}\t${d.class}\t${shown(d.from)} → ${shown(d.to)}\t${contextIn(text, d.start, d.end)}\n`,
    ),
  ]);
  return [
    `dry run of "${preview.document.name}" (${preview.document.characters} characters): nothing written, ` +
      'recorded or charged\n',
    ...capacityLines(variants),
    verdict,
    `sites (line:column, class, the text there in [brackets], its two forms, how it is chosen):\n`,
    ...sites,
    `each copy's differences from the document (one draw: an issue draws each copy's own at these sites):\n`,
    ...copies,
  ];
}
