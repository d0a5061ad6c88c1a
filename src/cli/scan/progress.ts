import { StatusLine } from '../status-line.js';

/**
 * The status line of a scan on a terminal: files and bytes read, the rate and the time taken. A scan's total is
 * unknown until the walk ends, so there is no bar to draw.
 */
export class ProgressLine {
  private files = 0;
  private bytes = 0;
  private readonly started = performance.now();
  private readonly line: StatusLine;

  constructor(stream: NodeJS.WriteStream) {
    this.line = new StatusLine(stream, () => this.text());
  }

  count(bytes: number): void {
    this.files++;
    this.bytes += bytes;
  }

  /** Erases the line (before other output, which then stays above it). */
  clear(): void {
    this.line.clear();
  }

  stop(): void {
    this.line.stop();
  }

  private text(): string {
    const seconds = (performance.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.bytes / seconds : 0;
    return (
      `scanning: ${this.files.toLocaleString('en')} files, ${formatBytes(this.bytes)}, ` +
      `${formatBytes(rate)}/s, ${seconds.toFixed(1)} s`
    );
  }
}

/** "1.2 MB" (decimal units, as disks and networks count). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
