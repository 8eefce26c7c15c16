// Keeps the index current: one fs.watch per folder (inotify on Linux), debounced into batches of
// changed paths. Honours the same exclusions as the walk. When the OS refuses more watches
// (inotify limit, ENOSPC/EMFILE) it falls back to polling the tree and reports `degraded`.
import { watch, FSWatcher, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Filter, walk } from './walk';
import { debug } from '../log';

const log = debug('watch');

export interface WatcherStatus {
  active: boolean;
  pendingFiles: string[];
  degraded: boolean;
  /** Why it is degraded, when it is. */
  reason?: string;
}

export interface WatchOptions {
  debounceMs?: number;
  pollMs?: number;
  /** Tests: pretend the OS watch limit is hit after this many folders. */
  maxWatches?: number;
}

export class Watcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly pending = new Set<string>();
  private readonly inflight = new Set<string>();
  private timer?: NodeJS.Timeout;
  private poller?: NodeJS.Timeout;
  private running = false;
  private closed = false;
  private degradedReason?: string;
  private snapshot = new Map<string, number>(); // polling: path -> mtime
  private readonly debounceMs: number;

  constructor(
    private readonly root: string,
    private filter: Filter,
    private readonly onBatch: (paths: string[], full: boolean) => Promise<void>,
    private readonly opts: WatchOptions = {},
    /** Called when a batch's sync has returned and its paths are no longer pending. */
    private readonly onSettled: () => void = () => {},
  ) {
    this.debounceMs = opts.debounceMs ?? 60;
  }

  start(): void {
    this.addTree('');
    log(`watching ${this.watchers.size} folders${this.degradedReason ? ` (degraded: ${this.degradedReason})` : ''}`);
  }

  status(): WatcherStatus {
    return { active: !this.closed && (this.watchers.size > 0 || !!this.poller), pendingFiles: [...new Set([...this.inflight, ...this.pending])].sort(), degraded: !!this.degradedReason, ...(this.degradedReason ? { reason: this.degradedReason } : {}) };
  }

  /** A new Filter after .gitignore or codeindex.json changed. */
  setFilter(filter: Filter): void {
    this.filter = filter;
  }

  private addTree(dirRel: string): void {
    if (this.degradedReason || this.closed) return;
    this.addDir(dirRel);
    let entries;
    try { entries = readdirSync(dirRel ? join(this.root, dirRel) : this.root, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      const rel = dirRel ? `${dirRel}/${e.name}` : e.name;
      if (!this.filter.excludedEntry(rel, true)) this.addTree(rel);
    }
  }

  private addDir(dirRel: string): void {
    if (this.watchers.has(dirRel)) return;
    if (this.opts.maxWatches !== undefined && this.watchers.size >= this.opts.maxWatches) {
      this.degrade('the folder watch limit was reached (simulated)');
      return;
    }
    try {
      const w = watch(dirRel ? join(this.root, dirRel) : this.root, { persistent: false }, (_ev, name) => {
        if (name) this.onEvent(dirRel ? `${dirRel}/${name}` : String(name));
      });
      w.on('error', () => this.dropDir(dirRel));
      this.watchers.set(dirRel, w);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EMFILE' || code === 'ENFILE') {
        this.degrade(`the OS limit on file watches was reached (${code}); raise fs.inotify.max_user_watches to watch instead of polling`);
      }
      // ENOENT: the folder vanished before we watched it
    }
  }

  private dropDir(dirRel: string): void {
    for (const [d, w] of this.watchers) {
      if (d === dirRel || d.startsWith(dirRel + '/')) { w.close(); this.watchers.delete(d); }
    }
  }

  private degrade(reason: string): void {
    if (this.degradedReason) return;
    this.degradedReason = reason;
    log(`degraded: ${reason}`);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    this.snapshot = this.scan();
    const tick = () => {
      if (this.closed) return;
      const now = this.scan();
      for (const [p, m] of now) if (this.snapshot.get(p) !== m) this.pending.add(p);
      for (const p of this.snapshot.keys()) if (!now.has(p)) this.pending.add(p);
      this.snapshot = now;
      if (this.pending.size) this.schedule();
      this.poller = setTimeout(tick, this.opts.pollMs ?? 2000);
      this.poller.unref();
    };
    this.poller = setTimeout(tick, this.opts.pollMs ?? 2000);
    this.poller.unref();
  }

  private scan(): Map<string, number> {
    const m = new Map<string, number>();
    for (const f of walk(this.root, this.filter).files) m.set(f.path, f.mtimeMs);
    return m;
  }

  private onEvent(rel: string): void {
    if (this.closed) return;
    const base = rel.slice(rel.lastIndexOf('/') + 1);
    if (base === '.gitignore' || rel === 'codeindex.json') {
      this.pending.add(rel); // the caller rebuilds its Filter and resyncs everything
      this.schedule();
      return;
    }
    let st;
    try { st = statSync(join(this.root, rel)); } catch { st = undefined; }
    if (st?.isDirectory()) {
      if (!this.filter.excludedEntry(rel, true) && !this.watchers.has(rel)) {
        this.addTree(rel);
        // files created in the folder before its watch existed
        for (const f of walk(join(this.root), this.filter).files) if (f.path.startsWith(rel + '/')) this.pending.add(f.path);
        this.schedule();
      }
      return;
    }
    if (!st && this.watchers.has(rel)) {
      this.dropDir(rel); // a folder went away: the caller's sync sees its files missing
      this.pending.add(rel);
      this.schedule();
      return;
    }
    if (!this.filter.accepts(rel)) return;
    this.pending.add(rel);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => { this.timer = undefined; void this.flush(); }, this.debounceMs);
  }

  private async flush(): Promise<void> {
    if (this.running || this.closed) return;
    if (!this.pending.size) return;
    this.running = true;
    // Paths changed again during the sync land in `pending` anew and get their own batch.
    const batch = [...this.pending];
    this.pending.clear();
    for (const p of batch) this.inflight.add(p);
    try {
      const full = batch.some((p) => p === 'codeindex.json' || p.endsWith('.gitignore') || this.isGoneDir(p));
      await this.onBatch(batch, full);
    } catch (e) {
      log('sync after change failed; will retry', e);
      for (const p of batch) this.pending.add(p);
      setTimeout(() => this.schedule(), 1000).unref();
    } finally {
      this.inflight.clear();
      this.running = false;
      if (this.pending.size) this.schedule();
      this.onSettled();
    }
  }

  private isGoneDir(p: string): boolean {
    try { statSync(join(this.root, p)); return false; } catch { return !this.filter.language(p); }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.poller) clearTimeout(this.poller);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
