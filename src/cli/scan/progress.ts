/**
 * One status line on a terminal while a scan runs: files and bytes read, the rate and the time taken, redrawn ten
 * times a second in place (carriage return, erase line) and erased before anything else is printed and at the end.
 * Written here rather than taken from a progress-bar package: a scan's total is unknown until the walk ends, so
 * there is no bar to draw, and one self-erasing line is a few lines of code.
 */
export class ProgressLine {
  private files = 0;
  private bytes = 0;
  private shown = false;
  private readonly started = performance.now();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly stream: NodeJS.WriteStream) {
    this.timer = setInterval(() => this.draw(), 100);
    this.timer.unref();
  }

  count(bytes: number): void {
    this.files++;
    this.bytes += bytes;
  }

  /** Erases the line (before other output, which then stays above it). */
  clear(): void {
    if (!this.shown) return;
    this.stream.write('\r\x1b[2K');
    this.shown = false;
  }

  stop(): void {
    clearInterval(this.timer);
    this.clear();
  }

  private draw(): void {
    const seconds = (performance.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.bytes / seconds : 0;
    const line =
      `scanning: ${this.files.toLocaleString('en')} files, ${formatBytes(this.bytes)}, ` +
      `${formatBytes(rate)}/s, ${seconds.toFixed(1)} s`;
    this.stream.write(`\r\x1b[2K${line.slice(0, Math.max(10, (this.stream.columns ?? 80) - 1))}`);
    this.shown = true;
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
