// A project's index kept live while a server runs: the writer connection, an initial sync of
// whatever changed since the last run, and the watcher that syncs each batch of edits.
import { Indexer, SyncProgress, SyncSummary } from './sync';
import { Watcher, WatcherStatus, WatchOptions } from './watch';
import { Filter } from './walk';
import { loadConfig } from './config';
import { languageForPath } from './languages/table';
import { Store } from '../store/store';
import { loadLanguage } from './parse';
import { debug } from '../log';
import { ChildSync, childScript, syncInChild } from './child-sync';

const log = debug('live');
/** A sync of this many files goes to a child (see LiveOptions): the child's start and grammar
 *  compile (~0.3-0.5 s) is small beside re-parsing a thousand files. */
const CHILD_SYNC_FILES = 1000;

export interface LiveOptions extends WatchOptions {
  watch?: boolean;
  /** Tools read this process's writer connection (direct mode): an edit counts as synced once
   *  committed, while sql.js writes the image to disk after it. Otherwise (the daemon's reader
   *  threads read the file) once the sync is done and written. */
  readsWriter?: boolean;
  onProgress?: (p: SyncProgress) => void;
  onSynced?: (s: SyncSummary) => void;
  /** A sync that parses every file (new, rebuilt or forced index), a watcher batch of at least
   *  `childSyncFiles` paths (a branch switch), or a catch-up whose scan finds that many files to
   *  parse (a branch switched while no server ran), runs in a child process (child-sync.ts), so
   *  this long-lived process does not keep its memory. node:sqlite only: sql.js holds the db
   *  image in this process. */
  fullSyncInChild?: boolean;
  /** Default CHILD_SYNC_FILES. */
  childSyncFiles?: number;
}

export class LiveIndex {
  private watcher?: Watcher;
  private syncing = false;
  private lastProgress?: SyncProgress;
  /** Resolves when the first sync is done (answers before it say the index is still building). */
  readonly ready: Promise<SyncSummary>;

  private constructor(readonly indexer: Indexer, private readonly opts: LiveOptions) {
    this.ready = this.runSync({}).visible;
    let warmDone!: () => void;
    this.warmed = new Promise((r) => (warmDone = r));
    if (opts.watch !== false) {
      this.ready.then((s) => { this.startWatcher(); this.warmParsers(Object.keys(s.languages), warmDone); }, () => { this.startWatcher(); warmDone(); });
    } else {
      warmDone();
    }
  }

  /** Resolves once the parsers of the project's languages are loaded (after `ready`). */
  readonly warmed: Promise<void>;

  /** Loads the project's grammars and compiles their queries now, one per tick, so the first
   *  edit is not the one that pays for it (a TypeScript query takes ~0.3 s to compile). */
  private warmParsers(languages: string[], done: () => void): void {
    const next = () => {
      const id = languages.shift();
      if (id === undefined || this.closed) return done();
      loadLanguage(id).then(() => setImmediate(next), () => setImmediate(next));
    };
    setImmediate(next);
  }


  static async open(root: string, opts: LiveOptions = {}): Promise<LiveIndex> {
    return new LiveIndex(await Indexer.open(root, { deferPersist: true }), opts);
  }

  get store(): Store {
    return this.indexer.store;
  }

  get root(): string {
    return this.indexer.root;
  }

  /** Whether a sync is running, and its progress. */
  building(): { syncing: boolean; progress?: SyncProgress } {
    return { syncing: this.syncing, progress: this.lastProgress };
  }

  watcherStatus(): WatcherStatus {
    return this.watcher?.status() ?? { active: false, pendingFiles: [], degraded: false };
  }

  /** Syncs run one after another (the catch-up, the watcher's, `codeindex index` handed over by
   *  the command): each waits for the one before, never for the sync lock this process holds. */
  private queue: Promise<unknown> = Promise.resolve();

  /** A sync now, after any running one: `codeindex index` handed to this process. */
  syncNow(o: { force?: boolean; onProgress?: (p: SyncProgress) => void }): Promise<SyncSummary> {
    return this.runSync(o).done;
  }

  /** `visible` resolves when tools can see the sync's data (readsWriter: at its commit), `done`
   *  when the sync is over and written; the next sync starts after `done`. */
  private runSync(o: { changedPaths?: string[]; force?: boolean; onProgress?: (p: SyncProgress) => void }): { visible: Promise<SyncSummary>; done: Promise<SyncSummary> } {
    let committed!: (s: SyncSummary) => void;
    const seen = new Promise<SyncSummary>((r) => (committed = r));
    const done = this.queue.then(() => this.syncOnce(o, committed));
    this.queue = done.catch(() => {});
    return { visible: Promise.race([seen, done]), done };
  }

  private async syncOnce(o: { changedPaths?: string[]; force?: boolean; onProgress?: (p: SyncProgress) => void }, committed: (s: SyncSummary) => void): Promise<SyncSummary> {
    if (this.closed) throw new Error('the index is closed');
    this.syncing = true;
    try {
      const onProgress = (p: SyncProgress) => { this.lastProgress = p; this.opts.onProgress?.(p); o.onProgress?.(p); };
      const threshold = this.opts.childSyncFiles ?? CHILD_SYNC_FILES;
      const script = this.opts.fullSyncInChild && this.store.backend === 'node-sqlite' ? childScript() : undefined;
      const big = (o.changedPaths?.length ?? 0) >= threshold;
      const here = script && (big || this.indexer.wantsFull(o.force)) ? undefined : await this.indexer.sync({
        changedPaths: o.changedPaths,
        force: o.force,
        onProgress,
        onCommitted: this.opts.readsWriter ? (s) => { this.syncing = false; committed(s); this.changed(); } : undefined,
        // a catch-up (or watcher rescan) that finds a branch switch's worth of changes: the child
        handOff: script && !o.changedPaths ? (n) => n >= threshold : undefined,
      });
      const inChild = !here || !!here.handedOff;
      const s = inChild ? await this.syncElsewhere(script!, !!o.force, onProgress) : here;
      committed(s); // a child's batches, or the written sync: tools see them (no-op after onCommitted)
      log(`synced${inChild ? ' in a child process' : ''}: ${s.parsed} parsed, ${s.deleted} removed in ${s.ms} ms`);
      this.opts.onSynced?.(s);
      return s;
    } finally {
      this.syncing = false;
      this.changed();
    }
  }

  private child?: ChildSync;

  private async syncElsewhere(script: string, force: boolean, onProgress: (p: SyncProgress) => void): Promise<SyncSummary> {
    this.child = syncInChild(script, this.root, force, onProgress);
    log(`sync in child process ${this.child.pid}`);
    try {
      const s = await this.child.done;
      this.indexer.syncedElsewhere();
      return s;
    } finally {
      this.child = undefined;
    }
  }

  private readonly changeWaiters = new Set<() => void>();

  /** Resolves when a sync is over (for tools) or the watcher's pending edits change, or after
   *  maxMs: calls waiting for edits to settle wake at once instead of on their next poll. */
  nextChange(maxMs: number): Promise<void> {
    return new Promise((res) => {
      const wake = () => { clearTimeout(timer); this.changeWaiters.delete(wake); res(); };
      const timer = setTimeout(wake, maxMs);
      this.changeWaiters.add(wake);
    });
  }

  private changed(): void {
    for (const wake of [...this.changeWaiters]) wake();
  }

  private startWatcher(): void {
    const filter = () => new Filter(this.root, loadConfig(this.root), languageForPath);
    this.watcher = new Watcher(this.root, filter(), async (paths, full) => {
      if (full) this.watcher?.setFilter(filter());
      await this.runSync(full ? {} : { changedPaths: paths }).visible;
    }, this.opts, () => this.changed());
    this.watcher.start();
  }

  private closed = false;

  close(): void {
    this.closed = true;
    this.child?.kill();
    this.watcher?.close();
    this.indexer.close();
  }
}
