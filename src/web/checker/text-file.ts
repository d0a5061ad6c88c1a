// a leading byte order mark is kept: the checker sees the bytes the CLI would read
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export async function readTextFile(file: File): Promise<string> {
  return utf8.decode(await file.arrayBuffer());
}

/** Saves `text` as a UTF-8 file through a download. */
export function downloadText(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}

/** Saves `blob` as a file through a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
