// Newline-delimited JSON-RPC framing (MCP over stdio and over the daemon's socket): one place that
// cuts a stream into lines.
export class LineSplitter {
  private buf = '';
  constructor(private readonly onLine: (line: string) => void) {}

  /** Appends a chunk and hands over every complete line that is not blank (a trailing \r dropped). */
  push(chunk: string | Buffer): void {
    this.buf += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    let i: number;
    while ((i = this.buf.indexOf('\n')) >= 0) {
      const line = this.buf.slice(0, i).replace(/\r$/, '');
      this.buf = this.buf.slice(i + 1);
      if (line.trim()) this.onLine(line);
    }
  }

  /** Characters of an unfinished line held so far. */
  get pending(): number { return this.buf.length; }

  clear(): void { this.buf = ''; }
}
