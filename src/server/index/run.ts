// `codeindex --init` and `codeindex index`: one sync with progress on stderr and a summary line.
// Also the entry of dist/index-core.js, which these two commands load instead of the whole core
// (no SDK, zod or graph: a third of a one-file `codeindex index` went to loading them).
import { Indexer, SyncLockedError, SyncProgress, SyncSummary } from './sync';
import { ConfigError } from './config';
import { ensureIndexDir } from '../store/schema';
import { warn } from '../log';

export function progressPrinter(stream: NodeJS.WriteStream = process.stderr): (p: SyncProgress) => void {
  const tty = !!stream.isTTY;
  let lastLine = 0;
  let lastPct = -1;
  return (p) => {
    if (p.phase !== 'parse' || !p.total) {
      if (tty && p.phase === 'resolve') stream.write('\r\x1b[Kresolving references...');
      return;
    }
    const pct = Math.floor((p.done / p.total) * 100);
    if (tty) {
      const width = 30;
      const fill = Math.round((p.done / p.total) * width);
      stream.write(`\r\x1b[K[${'#'.repeat(fill)}${' '.repeat(width - fill)}] ${p.done}/${p.total} files`);
    } else if (Date.now() - lastLine > 2000 || (pct >= lastPct + 25 && pct > lastPct) || p.done === p.total) {
      // plain lines for logs and CI: at most every 2 s or every quarter
      stream.write(`codeindex: parsed ${p.done}/${p.total} files (${pct}%)\n`);
      lastLine = Date.now();
      lastPct = pct;
    }
  };
}

export function summaryLine(s: SyncSummary): string {
  const langs = Object.entries(s.languages).sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`).join(', ');
  return `codeindex: ${s.full ? 'indexed' : 'updated'} ${s.files} files (${s.parsed} parsed, ${s.deleted} removed${s.skippedTooLarge ? `, ${s.skippedTooLarge} over the size cap` : ''}), ${s.nodes} symbols, ${s.edges} edges${langs ? ` [${langs}]` : ''} in ${(s.ms / 1000).toFixed(2)} s`;
}

/** The command: exit code 1 with the message for a bad codeindex.json or a busy index. */
export async function runIndexCommand(root: string, force: boolean): Promise<number> {
  try {
    await runIndex(root, { force });
    return 0;
  } catch (e) {
    if (e instanceof ConfigError || e instanceof SyncLockedError) { warn(e.message); return 1; }
    throw e;
  }
}

export async function runIndex(root: string, opts: { force?: boolean }): Promise<SyncSummary> {
  ensureIndexDir(root);
  const indexer = await Indexer.open(root);
  try {
    const summary = await indexer.sync({ force: opts.force, onProgress: progressPrinter() });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    process.stderr.write(summaryLine(summary) + '\n');
    return summary;
  } finally {
    indexer.close();
  }
}
