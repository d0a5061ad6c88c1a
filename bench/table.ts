/** What a table cell shows: null is drawn as a dash. */
export type Cell = string | number | null;

/** A plain-text table: one header row, columns padded to their widest cell. */
export function table(headers: string[], rows: Cell[][]): string {
  const cells = [headers, ...rows.map((row) => row.map((cell) => (cell === null ? '–' : String(cell))))];
  const widths = headers.map((_, c) => Math.max(...cells.map((row) => row[c].length)));
  const line = (row: string[]) =>
    row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
