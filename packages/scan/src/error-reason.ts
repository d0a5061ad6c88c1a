/** "ENOENT: no such file or directory, open 'x'" → "no such file or directory" */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /^E[A-Z]+: ([^,]+)/.exec(message)?.[1] ?? message;
}
