// The workbench's own state (`.workbench/`, `.workbench-pid`) must never be committed by Push:
// `git add -A` honours .gitignore, so initialization adds both entries there once.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';

export const WORKBENCH_IGNORES = ['.workbench/', '.workbench-pid'] as const;

export interface EnsureIgnoredResult {
  /** The .gitignore that was checked. */
  path: string;
  /** The entries appended this time (empty when both were already there). */
  added: string[];
}

/** Lines that already ignore an entry at the root, so it is not added a second time. */
function equivalents(entry: string): string[] {
  const bare = entry.replace(/\/$/, '');
  return [entry, bare, `/${entry}`, `/${bare}`];
}

/** Appends `.workbench/` and `.workbench-pid` to `<root>/.gitignore` when they are missing. */
export async function ensureWorkbenchIgnored(opts: { root: string }): Promise<EnsureIgnoredResult> {
  const path = join(opts.root, '.gitignore');
  let text = '';
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const lines = new Set(text.split(/\r?\n/).map((l) => l.trim()));
  const added = WORKBENCH_IGNORES.filter((e) => !equivalents(e).some((v) => lines.has(v)));
  if (added.length) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const sep = text && !text.endsWith('\n') ? eol : '';
    await fs.writeFile(path, text + sep + added.join(eol) + eol);
  }
  return { path, added: [...added] };
}
