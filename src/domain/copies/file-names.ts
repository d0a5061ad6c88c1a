/** The most bytes a file name may take on the file systems people use (ext4, APFS, NTFS in UTF-16 aside). */
export const MAX_FILE_NAME_BYTES = 255;

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/** `text` cut to at most `bytes` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, bytes: number): string {
  let kept = '';
  for (const character of text) {
    if (bytesOf(kept) + bytesOf(character) > bytes) break;
    kept += character;
  }
  return kept;
}

/**
 * The file of each recipient's copy: the document's name with the recipient before its extension
 * (memo.alice@example.com.txt), every character but letters, digits and @ . + - _ replaced by _. Two labels that
 * come out the same get their copy ids added, so no copy overwrites another; a name longer than a file system
 * allows keeps as much of the label as fits, then the copy id (which alone tells copies apart). So every issue can
 * be written, whatever its labels. The CLI writes these files; the dashboard names its downloads and the entries of
 * its zip so.
 */
export function copyFileNames(
  documentName: string,
  copies: readonly { recipient: string; copy_id: string }[],
): string[] {
  const safe = (label: string) => label.replace(/[^\p{L}\p{N}@.+_-]/gu, '_').replace(/^\./, '_');
  const dot = documentName.lastIndexOf('.');
  // the document's name keeps at most half of a name and its extension 32 bytes, so a label always has room
  const extension = dot > 0 ? cutToBytes(safe(documentName.slice(dot + 1)), 32) : 'txt';
  const stem = cutToBytes(safe(dot > 0 ? documentName.slice(0, dot) : documentName), MAX_FILE_NAME_BYTES / 2);
  const nameOf = (parts: string[]) => [stem, ...parts.map(safe), extension].join('.');
  const fitted = (copy: { recipient: string; copy_id: string }, withId: boolean) => {
    const name = nameOf(withId ? [copy.recipient, copy.copy_id] : [copy.recipient]);
    if (bytesOf(name) <= MAX_FILE_NAME_BYTES) return name;
    const room = MAX_FILE_NAME_BYTES - bytesOf(nameOf(['', copy.copy_id]));
    return nameOf([cutToBytes(safe(copy.recipient), room), copy.copy_id]);
  };
  const names = copies.map((copy) => fitted(copy, false));
  const seen = new Map<string, number>();
  for (const name of names) seen.set(name.toLowerCase(), (seen.get(name.toLowerCase()) ?? 0) + 1);
  return names.map((name, i) => (seen.get(name.toLowerCase())! > 1 ? fitted(copies[i], true) : name));
}
