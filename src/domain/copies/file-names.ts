/**
 * The file of each recipient's copy: the document's name with the recipient before its extension
 * (memo.alice@example.com.txt), every character but letters, digits and @ . + - _ replaced by _. Two labels that
 * come out the same get their copy ids added, so no copy overwrites another. The CLI writes these files; the
 * dashboard names its downloads and the entries of its zip so.
 */
export function copyFileNames(
  documentName: string,
  copies: readonly { recipient: string; copy_id: string }[],
): string[] {
  const safe = (label: string) => label.replace(/[^\p{L}\p{N}@.+_-]/gu, '_').replace(/^\./, '_');
  const dot = documentName.lastIndexOf('.');
  const stem = safe(dot > 0 ? documentName.slice(0, dot) : documentName);
  const extension = dot > 0 ? safe(documentName.slice(dot + 1)) : 'txt';
  const nameOf = (parts: string[]) => [stem, ...parts.map(safe), extension].join('.');
  const names = copies.map((copy) => nameOf([copy.recipient]));
  const seen = new Map<string, number>();
  for (const name of names) seen.set(name.toLowerCase(), (seen.get(name.toLowerCase()) ?? 0) + 1);
  return names.map((name, i) =>
    seen.get(name.toLowerCase())! > 1 ? nameOf([copies[i].recipient, copies[i].copy_id]) : name,
  );
}
