import { StatusLine } from '../status-line.js';

/**
 * What `wm copies issue` is doing, on a terminal: issuing (marking every copy, here or on the server, and recording
 * them), then writing the copies, counted. Offline the marking holds the event loop, so the line drawn before it
 * stays until the writing starts; on a server the time waited goes on.
 */
export class IssueProgress {
  private written = 0;
  private writing = false;
  private readonly started = performance.now();
  private readonly line: StatusLine;

  constructor(
    stream: NodeJS.WriteStream,
    private readonly copies: number,
  ) {
    this.line = new StatusLine(stream, () => this.text());
    this.line.draw();
  }

  /** The copies are issued: from now on each one written is counted. */
  startWriting(): void {
    this.writing = true;
    this.line.draw();
  }

  wrote(): void {
    this.written++;
  }

  stop(): void {
    this.line.stop();
  }

  private text(): string {
    const seconds = `${((performance.now() - this.started) / 1000).toFixed(1)} s`;
    return this.writing
      ? `writing copies: ${this.written} of ${this.copies}, ${seconds}`
      : `issuing ${this.copies} ${this.copies === 1 ? 'copy' : 'copies'} (marking each one): ${seconds}`;
  }
}

/** The progress line, when standard error is a terminal (scripts and logs get none). */
export const issueProgressFor = (copies: number): IssueProgress | undefined =>
  process.stderr.isTTY ? new IssueProgress(process.stderr, copies) : undefined;
