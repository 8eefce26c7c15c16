// Source text for answers, read from the files as they are now (not from the index), so an agent
// sees the code it will edit. Paths are checked to stay inside the project.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

export const MAX_CODE_LINES = 400;

export class SourceReader {
  private files = new Map<string, string[] | null>();
  constructor(readonly root: string) {}

  lines(relPath: string): string[] | null {
    if (this.files.has(relPath)) return this.files.get(relPath)!;
    const abs = resolve(this.root, relPath);
    const rel = relative(this.root, abs);
    let lines: string[] | null = null;
    if (!rel.startsWith('..') && !isAbsolute(rel)) {
      try { lines = readFileSync(abs, 'utf8').split(/\r?\n/); } catch { lines = null; }
    }
    this.files.set(relPath, lines);
    return lines;
  }

  /**
   * Lines start..end (1-based, inclusive) of a file; at most maxLines, the rest replaced by one
   * marker line. null when the file cannot be read.
   */
  snippet(relPath: string, start: number, end: number, maxLines = MAX_CODE_LINES): { code: string; endLine: number; cut: boolean } | null {
    const lines = this.lines(relPath);
    if (!lines) return null;
    const s = Math.max(1, start);
    const e = Math.min(lines.length, Math.max(s, end));
    const last = Math.min(e, s + maxLines - 1);
    const body = lines.slice(s - 1, last);
    const cut = last < e;
    if (cut) body.push(`… (${e - last} more lines, ${last + 1}-${e})`);
    return { code: body.join('\n'), endLine: last, cut };
  }
}
