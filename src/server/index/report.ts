// What `codeindex --init` / `codeindex index` print on stderr: progress (a bar on a TTY, plain
// periodic lines otherwise) and the summary line. Kept free of the indexer's imports: the command
// prints these too when a running daemon does the sync (modes/index-client.ts).
import type { SyncProgress, SyncSummary } from './sync';

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

