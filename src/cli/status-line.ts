/**
 * One line on a terminal that says what a long command is doing: redrawn in place ten times a second (carriage
 * return, erase line), cut to the terminal's width, and erased before anything else is printed and at the end.
 * Written here rather than taken from a progress-bar package: one self-erasing line is a few lines of code.
 */
export class StatusLine {
  private shown = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly text: () => string,
  ) {
    this.timer = setInterval(() => this.draw(), 100);
    this.timer.unref();
  }

  /** Draws the line now (the timer does too, but not while a long synchronous step holds the event loop). */
  draw(): void {
    const line = this.text();
    this.stream.write(`\r\x1b[2K${line.slice(0, Math.max(10, (this.stream.columns || 80) - 1))}`);
    this.shown = true;
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
}
