// `start_codeindex_index` (SPEC 4.4, A7): runs the bundled CLI (`--init`, `index`, `index
// --force`) as a child process with a progress notification showing files done / total, then
// polls until `.codeindex/codeindex.db` exists, and keeps the status bar current.
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { queryStatus, runIndexProcess, type IndexMode, type IndexRun, type IndexStatus } from './index-process';
import type { StatusBar } from './status-bar';

export function dbPath(folder: string): string {
  return join(folder, '.codeindex', 'codeindex.db');
}

export function hasIndexDir(folder: string): boolean {
  return existsSync(join(folder, '.codeindex'));
}

/** Resolves once `file` exists; rejects after `timeoutMs`. */
export async function waitForFile(file: string, timeoutMs = 10_000, everyMs = 100): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`${file} did not appear within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export class Indexing implements vscode.Disposable {
  /** The run in progress per folder (a second request joins it). */
  readonly running = new Map<string, Promise<IndexRun>>();
  private readonly aborts = new Set<AbortController>();

  constructor(private readonly scriptPath: string, private readonly status: StatusBar, private readonly log: vscode.OutputChannel) {}

  run(folder: string, mode: IndexMode): Promise<IndexRun> {
    const existing = this.running.get(folder);
    if (existing) return existing;
    const p = this.runOnce(folder, mode).finally(() => this.running.delete(folder));
    this.running.set(folder, p);
    return p;
  }

  private runOnce(folder: string, mode: IndexMode): Promise<IndexRun> {
    const title = mode === 'init' ? 'codeindex: indexing' : mode === 'force' ? 'codeindex: re-indexing' : 'codeindex: updating the index';
    this.status.set(folder, { kind: 'indexing' });
    this.log.appendLine(`[index] ${mode} ${folder}`);
    return Promise.resolve(vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${title} ${vscode.workspace.asRelativePath(folder) || folder}`, cancellable: true },
      async (progress, token) => {
        progress.report({ message: 'starting...' });
        const abort = new AbortController();
        this.aborts.add(abort);
        const sub = token.onCancellationRequested(() => abort.abort());
        let last = 0;
        try {
          const run = await runIndexProcess({
            scriptPath: this.scriptPath,
            projectPath: folder,
            mode,
            signal: abort.signal,
            onProgress: (p) => {
              const pct = p.total ? (p.done / p.total) * 100 : 0;
              progress.report({ message: `${p.done}/${p.total} files`, increment: Math.max(0, pct - last) });
              last = pct;
              this.status.set(folder, { kind: 'indexing', done: p.done, total: p.total });
            },
          });
          progress.report({ message: 'writing the index...' });
          await waitForFile(dbPath(folder));
          this.log.appendLine(`[index] ${run.summary}`);
          this.status.set(folder, { kind: 'ready', symbols: run.symbols ?? 0 });
          void this.refresh(folder);
          return run;
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          this.log.appendLine(`[index] failed: ${message}`);
          this.status.set(folder, { kind: 'error', message });
          throw e;
        } finally {
          sub.dispose();
          this.aborts.delete(abort);
        }
      },
    ));
  }

  /** Kills the indexer children still running (window closing). */
  dispose(): void {
    for (const a of this.aborts) a.abort();
  }

  /** Reads `codeindex_status` and puts it on the status bar. */
  async refresh(folder: string): Promise<IndexStatus | undefined> {
    if (this.running.has(folder) && this.status.get(folder)?.kind === 'indexing') return undefined;
    if (!existsSync(dbPath(folder))) {
      this.status.set(folder, { kind: 'none' });
      return undefined;
    }
    try {
      const s = await queryStatus(this.scriptPath, folder);
      const symbols = s.stats?.nodeCount ?? 0;
      this.status.set(folder, s.isStale ? { kind: 'stale', symbols } : { kind: 'ready', symbols, files: s.stats?.fileCount });
      return s;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.status.set(folder, { kind: 'error', message });
      return undefined;
    }
  }
}
