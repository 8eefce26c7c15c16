// The indexer: brings .codeindex/codeindex.db in line with the files. Only added, changed and
// deleted files are parsed (content hash); edges that pointed into changed files, and unresolved
// ones that a new symbol may now satisfy, are resolved again. One writer at a time holds
// .codeindex/sync.lock; every batch is one transaction, so a crash leaves a usable index.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Store } from '../store/store';
import { openIndex, indexDir, writeMeta, dropDeferredIndexes, ensureDeferredIndexes, missingDeferredIndexes } from '../store/schema';
import { acquireLock, readLockPid, unlock } from '../lockfile';
import { debug } from '../log';
import { loadConfig } from './config';
import { Filter, walk } from './walk';
import { EdgeInsert, GraphDb } from './graph-db';
import { PathIndex, resolveModule, submoduleSource } from './modules';
import { rulesFor } from './languages/rules';
import { readAsColumn, Resolver } from './resolve';
import { edgesToReresolve, hierarchyFiles, reresolveEdges } from './reresolve';
import { ParsePool, ParseResult, ParseTask } from './pool';
import { languageForPath, sharedExtensionLanguages } from './languages/table';
import { initParser, parseAs } from './parse';
import { readSource } from './read-file';
import { PendingRefs } from './pending-refs';
import { feedChunks, planParse, preloadCommon } from './parse-plan';

const log = debug('index');
/** Heap and RSS for the phase lines of DEBUG=codeindex:index. */
const memory = () => {
  if (!log.enabled) return '';
  const m = process.memoryUsage();
  return ` [heap ${Math.round(m.heapUsed / 1048576)} MB of ${Math.round(m.heapTotal / 1048576)}, rss ${Math.round(m.rss / 1048576)} MB]`;
};

export interface SyncProgress { phase: 'scan' | 'parse' | 'resolve' | 'done'; done: number; total: number }

export interface SyncOptions {
  force?: boolean;
  /** Watcher hint: only these project-relative paths changed (added, modified or deleted). */
  changedPaths?: string[];
  onProgress?: (p: SyncProgress) => void;
  /** How long to wait for another writer's sync lock (default 60 s). */
  lockTimeoutMs?: number;
  /** Called when the sync's last batch is committed: this connection reads it from then on;
   *  other processes once sync() resolves (sql.js writes the image to disk in between). */
  onCommitted?: (s: SyncSummary) => void;
  /** Asked once the scan knows how many files to parse (a sync that is not already full): true
   *  ends the sync there, nothing written, with `handedOff` set, for another process to run it
   *  (a serving process's catch-up after a branch switch while no server ran: live.ts). */
  handOff?: (toParse: number) => boolean;
}

export interface SyncSummary {
  files: number;
  parsed: number;
  deleted: number;
  nodes: number;
  edges: number;
  languages: Record<string, number>;
  skippedTooLarge: number;
  full: boolean;
  ms: number;
  /** The sync stopped after its scan: SyncOptions.handOff. */
  handedOff?: boolean;
}

export class SyncLockedError extends Error {}

/** Files at most this many go through the main thread: a worker costs more than it saves. */
const INLINE_PARSE_MAX = 16;
const WRITE_BATCH = 200;
/** ...or fewer, when their symbols and references reach this many: a batch is held in memory
 *  until written, and 200 of the kernel's generated register headers (10-20k macros each) made
 *  hundreds of MB. A TypeScript file has ~230 on average (effect), so those batches stay 200. */
const WRITE_BATCH_ITEMS = 50_000;
const PRELOAD_MIN_FILES = 100;
/** Edge kinds a node's centrality (rank) counts. */
const RANK_KINDS = "'calls', 'instantiates', 'references', 'extends', 'implements', 'imports'";
/** A sync of more files than this merges the FTS index into one segment afterwards. */
const OPTIMIZE_FTS_FILES = 200;

/** Main-thread work between event-loop turns in the resolve phase (a daemon serving tools
 *  runs the sync on its main thread; one unbroken resolve of 3,000 files took seconds). */
const SLICE_MS = 40;

class Slicer {
  private since = Date.now();

  /** Yields to the event loop once this slice has run SLICE_MS. */
  async yield(): Promise<void> {
    if (Date.now() - this.since < SLICE_MS) return;
    await new Promise<void>((r) => setImmediate(r));
    this.since = Date.now();
  }
}

export class Indexer {
  private constructor(readonly root: string, readonly store: Store, private needsFull: boolean) {}

  /** `deferPersist`: see OpenOptions (a serving process's index). */
  static async open(root: string, opts: { deferPersist?: boolean } = {}): Promise<Indexer> {
    const { store, needsFullIndex } = await openIndex(root, opts);
    return new Indexer(root, store, needsFullIndex);
  }

  close(): void {
    this.store.close();
  }

  /** Whether the next sync with these options parses every file: forced, a new or rebuilt
   *  index, or one with no file yet (see syncLocked). */
  wantsFull(force?: boolean): boolean {
    return !!force || this.needsFull || this.empty();
  }

  private empty(): boolean {
    return !this.store.prepare('SELECT 1 AS x FROM files LIMIT 1').get();
  }

  /** Another process (child-sync.ts) ran a sync of the whole project: a full one is no longer owed. */
  syncedElsewhere(): void {
    this.needsFull = false;
  }

  async sync(opts: SyncOptions = {}): Promise<SyncSummary> {
    const lock = join(indexDir(this.root), 'sync.lock');
    if (!(await acquireLock(lock, opts.lockTimeoutMs ?? 60_000))) {
      const pid = readLockPid(lock);
      throw new SyncLockedError(`another process (pid ${pid ?? '?'}) is indexing ${this.root}; wait for it to finish, or remove ${lock} if no such process is running`);
    }
    try {
      const s = await this.syncLocked(opts);
      if (!s.handedOff) opts.onCommitted?.(s);
      return s;
    } finally {
      // Calls waiting for this sync answer first (they read this connection); then the batch is
      // written, and only once it is on disk does the lock go: the next writer starts from it.
      await new Promise<void>((r) => setImmediate(r));
      try { await this.store.flush(); } finally { unlock(lock); }
    }
  }

  private async syncLocked(opts: SyncOptions): Promise<SyncSummary> {
    // A full sync parses every file: its workers start, and compile the grammars the walk meets,
    // while the walk goes on (npm3k: a 130 ms walk, ~200 ms of query compiling per worker).
    const asked = !!opts.force || this.needsFull;
    // An index with no file yet (made on an empty folder, or by a sync that died before its first
    // batch) has nothing to be incremental against: the full path's bulk load is faster.
    const full = asked || this.empty();
    const early = asked && !opts.changedPaths ? new ParsePool(this.root) : undefined;
    try {
      return await this.syncWith(opts, full, early, asked);
    } finally {
      await early?.close();
    }
  }

  /** `asked`: a full sync was asked for (--force, or a new or rebuilt index), not only taken
   *  because the index has no file yet; it runs even with nothing to parse. */
  private async syncWith(opts: SyncOptions, full: boolean, early: ParsePool | undefined, asked: boolean): Promise<SyncSummary> {
    const t0 = Date.now();
    const progress = opts.onProgress ?? (() => {});
    const config = loadConfig(this.root);
    const filter = new Filter(this.root, config, languageForPath);
    const db = new GraphDb(this.store);
    db.trackChanges = !full;
    const bulk = full && db.files.size === 0;
    db.bulk = bulk;

    // 1. what changed
    progress({ phase: 'scan', done: 0, total: 0 });
    const tasks: ParseTask[] = [];
    const mtimes = new Map<string, number>();
    const deleted: number[] = [];
    let skippedTooLarge = 0;
    const consider = (path: string, language: string, size: number, mtimeMs: number) => {
      const known = db.files.get(path);
      mtimes.set(path, mtimeMs);
      // hash '' marks a file written by a sync that died before resolving its references
      if (!full && known && known.hash && known.size === size && known.mtime_ms === mtimeMs && known.language === language) return;
      // the same text read as another language (a `.h` the project now reads as C++) is parsed again
      tasks.push({ path, language, knownHash: full || known?.language !== language ? undefined : known.hash, size });
    };
    if (opts.changedPaths && !full) {
      // `.h` as the project's files were read (a change that tips the balance waits for a full walk)
      const shared = sharedExtensionLanguages(db.files.values());
      for (const path of new Set(opts.changedPaths)) {
        const accepted = filter.accepts(path);
        const language = accepted && shared(path, accepted);
        let st;
        try { st = statSync(join(this.root, path)); } catch { st = undefined; }
        if (language && st?.isFile() && st.size <= config.maxFileSize) consider(path, language, st.size, Math.floor(st.mtimeMs));
        else if (db.files.has(path)) deleted.push(db.files.get(path)!.id);
      }
    } else {
      const walked = walk(this.root, filter, early && preloadCommon((l) => early.preload(l)));
      skippedTooLarge = walked.skippedTooLarge.length;
      const present = new Set<string>();
      const shared = sharedExtensionLanguages(walked.files);
      for (const f of walked.files) { present.add(f.path); consider(f.path, shared(f.path, f.language), f.size, f.mtimeMs); }
      for (const [path, f] of db.files) if (!present.has(path)) deleted.push(f.id);
    }
    log(`scan: ${tasks.length} to parse, ${deleted.length} deleted (${Date.now() - t0} ms)`);
    if (!tasks.length && !deleted.length && !asked) {
      return this.summary(0, 0, false, skippedTooLarge, t0);
    }
    if (!full && opts.handOff?.(tasks.length)) return { ...this.summary(0, 0, false, skippedTooLarge, t0), handedOff: true };
    // A long sync marks itself, so a crash mid-way shows as 'incomplete' until the next sync.
    const small = tasks.length <= WRITE_BATCH;
    if (!small) this.store.transaction(() => writeMeta(this.store, { syncState: 'indexing' }));
    // Into an empty db, rows go in without the readers' indexes, which are built once at the end
    // (effect: inserting its 82k edges took ~40% less); a crash before that is healed here.
    this.store.transaction(() => (bulk ? dropDeferredIndexes : ensureDeferredIndexes)(this.store));

    // 2. parse (workers for many files) and write symbols, batch by batch
    const touched = new Set<number>();
    const dangling: number[] = [];
    const pending = new PendingRefs();
    let parsed = 0;
    let added = 0;
    let pool: ParsePool | undefined;
    const results = async function* (root: string): AsyncGenerator<ParseResult[]> {
      if (!early && tasks.length <= INLINE_PARSE_MAX) {
        await initParser();
        const out: ParseResult[] = [];
        for (const t of tasks) {
          const r = readSource(join(root, t.path));
          if (r.skipped) out.push({ path: t.path, hash: r.hash, size: r.size, extraction: null, skipped: r.skipped });
          else if (t.knownHash === r.hash) out.push({ path: t.path, hash: r.hash, size: r.size, extraction: null, skipped: 'unchanged' });
          else out.push({ path: t.path, hash: r.hash, size: r.size, extraction: await parseAs(t.language, r.text!) });
        }
        yield out;
        return;
      }
      pool = early ?? new ParsePool(root);
      // A bounded look-ahead: workers stay busy while the main thread writes, but when writing is
      // the slower side, parsed chunks no longer pile up in memory (on the Linux kernel they did,
      // by the gigabyte, behind a chunk of huge generated headers). Chunks are cut by size, big
      // files parsed alone: see parse-plan.ts.
      yield* feedChunks(planParse(tasks, pool.size), pool.size * 2 + 2, (c) => pool!.parse(c));
      // The workers' heaps and parser memory are not needed to resolve: free them now.
      await pool.close();
    };
    try {
      let batch: ParseResult[] = [];
      let batchItems = 0;
      let writeMs = 0;
      const writeBatch = (b: ParseResult[]) => {
          const w0 = Date.now();
          const lastNode = bulk ? db.maxNodeId() : 0;
          for (const r of b) {
            const known = db.files.get(r.path);
            if (r.skipped === 'unchanged' && known) { db.touchFile(known.id, mtimes.get(r.path) ?? 0); continue; }
            if (!r.extraction) {
              if (known) deleted.push(known.id); // now binary or unreadable: drop it
              continue;
            }
            const ex = r.extraction;
            if (known) dangling.push(...db.clearFile(known.id, false, touched));
            else added++;
            const endLine = ex.symbols.reduce((m, s) => Math.max(m, s.endLine), 1);
            // The hash is written when the references are resolved (the last transaction), so a
            // crash before that makes the next sync parse this file again.
            const [fileId, fileNodeId] = db.upsertFile(r.path, ex.language, '', r.size, mtimes.get(r.path) ?? 0, ex.errorCount, endLine, !!ex.script, rulesFor(ex.language).packages ? ex.package ?? '' : '');
            const nodeIds = db.insertSymbols(fileId, fileNodeId, r.path, ex.symbols);
            db.insertImports(fileId, ex.imports);
            db.insertBindings(fileId, fileNodeId, nodeIds, ex.bindings);
            pending.add(fileId, fileNodeId, nodeIds, ex.refs, r.hash, !known);
            parsed++;
          }
          if (bulk) db.insertContainsSince(lastNode);
          writeMs += Date.now() - w0;
      };
      let done = 0;
      for await (const chunk of results(this.root)) {
        batch.push(...chunk);
        for (const r of chunk) batchItems += r.extraction ? r.extraction.symbols.length + r.extraction.refs.length : 0;
        done += chunk.length;
        progress({ phase: 'parse', done, total: tasks.length });
        if (batch.length >= WRITE_BATCH || batchItems >= WRITE_BATCH_ITEMS) {
          const b = batch;
          batch = [];
          batchItems = 0;
          this.store.transaction(() => writeBatch(b));
        }
      }
      // every file asked for must have come back: a short answer would leave files out unseen
      if (done !== tasks.length) throw new Error(`parsing answered for ${done} of ${tasks.length} files; nothing after the last answer was indexed`);
      log(`parse+write: ${parsed} files (${Date.now() - t0} ms, ${writeMs} ms of it writing)${memory()}`);
      // 3. the last batch, deletions and resolution in one transaction (one persist on sql.js),
      // yielding to the event loop every few tens of ms so a serving process stays responsive
      progress({ phase: 'resolve', done: tasks.length, total: tasks.length }); // every file parsed; tools may answer meanwhile
      const slice = new Slicer();
      await this.store.transactionAsync(async () => {
        // file by file: 20 files of 41 calls each were 90 ms without the event loop
        for (const r of batch) { writeBatch([r]); await slice.yield(); }
        for (const id of new Set(deleted)) { dangling.push(...db.clearFile(id, true, touched)); await slice.yield(); }
        await this.resolveAll(db, pending, dangling, deleted.length > 0 || added > 0, touched, full, slice);
      });
    } finally {
      await (pool as ParsePool | undefined)?.close();
    }
    this.needsFull = false;
    log(`resolve: done (${Date.now() - t0} ms)${memory()}`);
    progress({ phase: 'done', done: pending.files.length, total: pending.files.length });
    return this.summary(parsed, new Set(deleted).size, full, skippedTooLarge, t0);
  }

  private async resolveAll(db: GraphDb, pending: PendingRefs, dangling: number[], filesChanged: boolean, touched: Set<number>, full: boolean, slice: Slicer): Promise<void> {
    const s = this.store;
    const t0 = Date.now();
    db.resetCaches();
    const paths = new PathIndex(db.files.keys(), this.root);
    const pendingFiles = new Set(pending.files.map((p) => p.fileId));
    const reresolveFiles = new Set<number>();

    // imports: the changed files', then any other file's import that was unresolved (a file may have appeared)
    type Row = { rid: number; file_id: number; source: string; imported: string; resolved_file_id: number | null };
    const importRows = (where: string, ...p: (number | string)[]) =>
      s.prepare(`SELECT rowid AS rid, file_id, source, imported, resolved_file_id FROM file_imports WHERE ${where}`).all<Row>(...p);
    const byPackage = (fileId: number) => !!rulesFor(db.filesById.get(fileId)?.language ?? '').packages;
    // packages (ResolveRules.packages): what an import names by package may now be other files.
    // The rows elsewhere naming a changed file, or a package a changed file is or was in (`a.b.*`,
    // `a.b.C`), are resolved again; a wildcard's rows, one per file of the package, are one row
    // again first. What they named is kept: an importer whose rows name other files now has its
    // import edges written and its references resolved again, and only then.
    const before = new Map<number, Set<number>>(); // a reset row (a wildcard's first) -> the files named
    if (!full) {
      const reset = new Map<number, Row>();
      const add = (r: Row) => { if (!pendingFiles.has(r.file_id) && byPackage(r.file_id)) reset.set(r.rid, r); };
      // (a wildcard's rows are taken whole: a sync that died may have lost the package it names)
      const packages = new Set(db.packagesTouched);
      // (a file that lost its package header too: its rows are its old package's)
      for (const p of pending.files) if (byPackage(p.fileId)) for (const r of importRows('resolved_file_id = ?', p.fileId)) if (r.imported === '*') packages.add(r.source); else add(r);
      // (`import a.b.C`, Java's `import static a.b.C.m`: prefixes, as ranges)
      for (const pkg of packages) for (const r of importRows('source = ? OR (source > ? AND source < ?) OR (source > ? AND source < ?)', pkg, `${pkg}.`, `${pkg}/`, `static ${pkg}.`, `static ${pkg}/`)) add(r);
      const unresolve = s.prepare('UPDATE file_imports SET resolved_file_id = NULL WHERE rowid = ?');
      const drop = s.prepare('DELETE FROM file_imports WHERE rowid = ?');
      const wildcardRow = new Map<string, number>(); // a wildcard's file and source -> the row kept
      for (const r of [...reset.values()].sort((a, b) => a.rid - b.rid)) {
        const group = r.imported === '*' ? `${r.file_id}\0${r.source}` : undefined;
        const kept = group === undefined ? undefined : wildcardRow.get(group);
        if (kept !== undefined) drop.run(r.rid); // (a wildcard's second row on)
        else { if (group !== undefined) wildcardRow.set(group, r.rid); before.set(r.rid, new Set()); unresolve.run(r.rid); }
        if (r.resolved_file_id !== null) before.get(kept ?? r.rid)!.add(r.resolved_file_id);
      }
    }
    db.packagesTouched.clear();
    // file by file, not all rows at once (the kernel has ~800k #includes)
    const rowsByFile = function* () {
      for (const p of pending.files) yield* importRows('file_id = ?', p.fileId);
      if (full) return;
      if (filesChanged) {
        for (const r of importRows('resolved_file_id IS NULL')) if (!pendingFiles.has(r.file_id)) yield r;
      } else {
        for (const rid of [...before.keys()]) yield* importRows('rowid = ?', rid);
      }
    };
    const importEdges = new Map<number, Set<number>>(); // file -> imported files
    const changed = (f: number) => { if (!importEdges.has(f)) importEdges.set(f, new Set()); reresolveFiles.add(f); };
    const memo = new Map<string, number[]>(); // one file's: a source resolves relative to its file
    const setResolved = s.prepare('UPDATE file_imports SET resolved_file_id = ? WHERE rowid = ?');
    const addRow = s.prepare('INSERT INTO file_imports(file_id, source, imported, local, line, reexport, resolved_file_id) SELECT file_id, source, imported, local, line, reexport, ? FROM file_imports WHERE rowid = ?');
    let memoFile = -1;
    for (const r of rowsByFile()) {
      await slice.yield();
      const f = db.filesById.get(r.file_id);
      if (!f) continue;
      if (r.file_id !== memoFile) { memo.clear(); memoFile = r.file_id; }
      const rules = rulesFor(f.language);
      const style = rules.importStyle;
      const moduleFiles = (source: string) => {
        const found = resolveModule(source, f.path, style, paths).map((p) => db.files.get(p)?.id).filter((id): id is number => id !== undefined && id !== r.file_id);
        // (a package not laid out as folders: Kotlin's common root left out, a source set apart)
        return found.length || !rules.packages ? found : db.filesImportedByPackage(source, r.imported, r.file_id);
      };
      let targets = memo.get(r.source);
      if (!targets) memo.set(r.source, (targets = moduleFiles(r.source)));
      const subSource = submoduleSource(style, r.source, r.imported);
      if (subSource !== undefined) {
        // the submodule, unless the package itself defines the name
        const key = `${r.source}\0${r.imported}`;
        let sub = memo.get(key);
        if (!sub) {
          const defined = targets.length > 0 && db.nodesNamedIn(r.imported, targets[0]).some((n) => n.parent_id === null);
          sub = defined ? targets : moduleFiles(subSource);
          memo.set(key, (sub = sub.length ? sub : targets));
        }
        targets = sub;
      }
      const was = before.get(r.rid);
      if (was) {
        before.delete(r.rid);
        if (was.size !== targets.length || targets.some((t) => !was.has(t))) changed(r.file_id);
      }
      if (!targets.length) continue;
      setResolved.run(targets[0], r.rid);
      // a Go package is a folder of files: its row names the first (db.packageFiles() has the
      // rest); a Java `a.b.*` names them all
      if (style !== 'go') for (const t of targets.slice(1)) addRow.run(t, r.rid);
      if (was) continue; // (written again only where they changed, above)
      let set = importEdges.get(r.file_id);
      if (!set) importEdges.set(r.file_id, (set = new Set()));
      for (const t of targets) set.add(t);
      if (!pendingFiles.has(r.file_id)) reresolveFiles.add(r.file_id);
    }
    // An importer's row names a package (a Go folder) by one of its files, so a file new to what
    // the package's importers see is a dependency of theirs too: their import edges are written
    // again below
    if (!full) {
      const packages = new Set<number>();
      for (const p of pending.files) {
        const pkg = p.added ? db.packageFiles(p.fileId) : [];
        if (pkg.length < 2 || !pkg.includes(p.fileId) || packages.has(pkg[0])) continue;
        packages.add(pkg[0]);
        for (const r of s.prepare(`SELECT DISTINCT file_id AS f FROM file_imports WHERE resolved_file_id IN (${pkg.join(',')})`).all<{ f: number }>()) {
          if (!pendingFiles.has(r.f) && !importEdges.has(r.f)) importEdges.set(r.f, new Set());
        }
      }
    }
    const fileNode = new Map(pending.files.map((p) => [p.fileId, p.fileNodeId]));
    const fileNodeOf = (id: number) => fileNode.get(id) ?? db.fileNodeId(id);
    for (const [from, tos] of importEdges) {
      const src = fileNodeOf(from);
      if (src === undefined) continue;
      if (!pendingFiles.has(from)) {
        // (what it no longer imports ranks lower)
        for (const r of s.prepare("SELECT dst FROM edges WHERE src = ? AND kind = 'imports' AND dst IS NOT NULL").all<{ dst: number }>(src)) touched.add(r.dst);
        s.prepare("DELETE FROM edges WHERE src = ? AND kind = 'imports'").run(src);
      }
      const all = pendingFiles.has(from) ? tos : new Set(s.prepare('SELECT resolved_file_id AS t FROM file_imports WHERE file_id = ? AND resolved_file_id IS NOT NULL').all<{ t: number }>(from).flatMap((x) => db.packageFiles(x.t)));
      for (const to of all) {
        if (to === from) continue; // a `package main` program in the folder of the package it imports
        const dst = fileNodeOf(to);
        if (dst !== undefined) { db.insertEdge(src, dst, 'imports', 'exact', from, 0, db.filesById.get(to)?.path ?? ''); touched.add(dst); }
      }
    }
    log(`resolve: imports ${Date.now() - t0} ms${memory()}`);
    // dangling import edges into deleted files
    s.prepare("DELETE FROM edges WHERE kind = 'imports' AND dst IS NULL").run();
    // many files to resolve: read the graph in bulk once; a few: look up what they need
    if (full || pending.files.length > PRELOAD_MIN_FILES) await db.preload(() => slice.yield());
    else db.resetCaches();

    // references of the changed files: heritage first, so member lookups through supertypes work
    const resolver = new Resolver(db);
    const order = (k: string) => (k === 'extends' || k === 'implements' ? 0 : 1);
    for (const pass of [0, 1]) {
      const out: EdgeInsert[] = [];
      for (const p of pending.files) {
        await slice.yield();
        for (let i = p.first; i < p.end; i++) {
          if (order(pending.kindOf(i)) !== pass) continue;
          const ref = pending.ref(i);
          const src = ref.src;
          const res = resolver.resolve({ src, fileId: p.fileId, name: ref.name, kind: ref.kind, receiver: ref.receiver, line: ref.line, args: ref.args, argv: ref.argv });
          // Unresolved calls, instantiations, heritage and type references are kept (with the
          // name as written), so a symbol that appears later binds them; unresolved value
          // references are mostly locals and would be two thirds of the db.
          if (res.dst === null && ref.kind === 'value') continue;
          out.push({ src, dst: res.dst, kind: res.edgeKind, resolution: res.resolution, fileId: p.fileId, line: ref.line, target: ref.name, receiver: ref.receiver, ref: readAsColumn(ref.kind, res.edgeKind), args: ref.args, argv: ref.argv });
          if (res.dst !== null) {
            if (!full) touched.add(res.dst); // a full sync ranks every node (millions on the kernel)
            if (pass === 0) db.noteSupertype(src, res.dst);
          }
        }
        if (out.length >= 5000) db.insertEdges(out.splice(0));
      }
      db.insertEdges(out);
    }

    log(`resolve: references of ${pending.files.length} files (${pending.refCount} refs) ${Date.now() - t0} ms${memory()}`);
    // edges of other files: into removed symbols, to names a symbol took or gave up, into files
    // whose imports, bindings or supertypes changed (reresolve.ts), and all of the
    // files whose imports now resolve differently
    if (!full) {
      includeChainNames(db, pending.files.map((p) => p.fileId), importEdges);
      // (a changed `global using`: every file of its language)
      for (const [id, f] of db.filesById) if (db.delta.globalImports.has(f.language) && !pendingFiles.has(id)) reresolveFiles.add(id);
      for (const f of reresolveFiles) db.delta.context.add(f);
      const ids = edgesToReresolve(db);
      for (const id of dangling) ids.add(id);
      for (const f of reresolveFiles) for (const r of s.prepare("SELECT id FROM edges WHERE file_id = ? AND kind NOT IN ('contains', 'imports', 'overrides')").all<{ id: number }>(f)) ids.add(r.id);
      await reresolveEdges(db, resolver, ids, db.delta.detached, pendingFiles, touched, () => slice.yield());
    }

    log(`resolve: other files' edges ${Date.now() - t0} ms${memory()}`);
    // what follows reads edges by src and dst
    for (const sql of missingDeferredIndexes(s)) { s.exec(sql); await slice.yield(); }
    log(`resolve: readers' indexes ${Date.now() - t0} ms`);
    // overrides: a method whose class has a supertype (transitively) with a method of that name.
    // Incremental syncs redo it only for the changed files, files whose override edges dangled,
    // and subclasses of classes whose methods or supertypes changed.
    let scope = '';
    if (!full) {
      const files = new Set([...pendingFiles, ...hierarchyFiles(db)]);
      for (const r of s.prepare("SELECT DISTINCT file_id FROM edges WHERE kind = 'overrides' AND dst IS NULL").all<{ file_id: number }>()) files.add(r.file_id);
      const list = [...files].join(',') || '-1';
      s.exec(`DELETE FROM edges WHERE kind = 'overrides' AND file_id IN (${list})`);
      scope = ` AND src IN (SELECT id FROM nodes WHERE file_id IN (${list}))`;
    } else {
      s.exec("DELETE FROM edges WHERE kind = 'overrides'");
    }
    s.exec(`WITH RECURSIVE anc(cls, sup, depth) AS (
        SELECT src, dst, 1 FROM edges WHERE kind IN ('extends', 'implements') AND dst IS NOT NULL${scope}
        UNION SELECT anc.cls, e.dst, anc.depth + 1 FROM anc JOIN edges e ON e.src = anc.sup AND e.kind IN ('extends', 'implements') AND e.dst IS NOT NULL WHERE anc.depth < 8)
      INSERT INTO edges(src, dst, kind, resolution, file_id, line, target)
      SELECT DISTINCT m.id, bm.id, 'overrides', 'exact', m.file_id, m.start_line, m.name
      FROM anc CROSS JOIN nodes m ON m.parent_id = anc.cls AND m.kind = 'method'
      CROSS JOIN nodes bm ON bm.parent_id = anc.sup AND bm.kind = 'method' AND bm.name = m.name`);
    // CROSS JOIN keeps anc the outer loop: the planner (no ANALYZE stats) scanned every node
    // instead, 56 ms of a one-file sync on 3,000 files (0.1 ms this way), 146 -> 77 ms on a full one.

    log(`resolve: overrides ${Date.now() - t0} ms${memory()}`);
    await slice.yield();
    // centrality: incoming calls, instantiations, references and heritage
    const rankSql = `UPDATE nodes SET rank = (SELECT count(*) FROM edges WHERE dst = nodes.id AND kind IN (${RANK_KINDS}))`;
    if (full) {
      // by id ranges, so the event loop runs between them; one grouped scan of a range's incoming
      // edges instead of a count per node (kernel's 4M nodes: ~3x faster). Nodes without any
      // keep 0: a fresh db's default, else reset first.
      if (!db.bulk) s.exec('UPDATE nodes SET rank = 0 WHERE rank != 0');
      const ids = s.prepare('SELECT min(id) AS lo, max(id) AS hi FROM nodes').get<{ lo: number | null; hi: number | null }>();
      const range = s.prepare(`UPDATE nodes SET rank = c.n FROM (SELECT dst, count(*) AS n FROM edges WHERE dst BETWEEN ? AND ? AND kind IN (${RANK_KINDS}) GROUP BY dst) AS c WHERE nodes.id = c.dst`);
      for (let lo = ids?.lo ?? 1; lo <= (ids?.hi ?? 0); lo += 5000) { range.run(lo, lo + 4999); await slice.yield(); }
    } else {
      const up = s.prepare(`${rankSql} WHERE id = ?`);
      for (const id of touched) { up.run(id); await slice.yield(); }
    }
    log(`resolve: rank ${Date.now() - t0} ms`);
    // Text search reads every segment of the FTS index for each word: merged into one after a full
    // index or a big sync, a three-word search on 3,000 files took 4 ms instead of 14 (~0.2 s once).
    if (full || pending.files.length > OPTIMIZE_FTS_FILES) s.exec("INSERT INTO nodes_fts(nodes_fts) VALUES('optimize')");
    log(`resolve: text index merged ${Date.now() - t0} ms`);
    // Hashes last: a file whose hash is written has all its references resolved (a crash before
    // this leaves '' and the next sync parses the file again).
    const setHash = s.prepare('UPDATE files SET hash = ? WHERE id = ?');
    for (const p of pending.files) setHash.run(p.hash, p.fileId);
    writeMeta(s, { lastIndexedAt: Date.now(), syncState: 'complete' });
  }

  private summary(parsed: number, deleted: number, full: boolean, skippedTooLarge: number, t0: number): SyncSummary {
    const s = this.store;
    const count = (sql: string) => s.prepare(sql).get<{ n: number }>()!.n;
    const languages: Record<string, number> = {};
    let files = 0;
    for (const r of s.prepare('SELECT language, count(*) AS n FROM files GROUP BY language ORDER BY language').all<{ language: string; n: number }>()) { languages[r.language] = r.n; files += r.n; }
    // Plain count(*)s read the smallest index; a WHERE on kind read whole tables (25 ms of a
    // one-file sync on 3,000 files). Every file has one file node, every symbol one contains edge.
    const symbols = count('SELECT count(*) AS n FROM nodes') - files;
    return {
      files,
      parsed, deleted,
      nodes: symbols,
      edges: count('SELECT count(*) AS n FROM edges') - symbols,
      languages, skippedTooLarge, full, ms: Date.now() - t0,
    };
  }
}

/** C/C++: a re-parsed header whose includes now reach other files than before changes what its
 *  includers see along the include chain. The top-level names of the files it reaches or no
 *  longer reaches count as names that changed, so the edges naming them are resolved again. */
function includeChainNames(db: GraphDb, fileIds: number[], importEdges: Map<number, Set<number>>): void {
  for (const f of fileIds) {
    const before = db.delta.importTargetsBefore(f);
    if (before === undefined || rulesFor(db.filesById.get(f)?.language ?? '').importStyle !== 'include') continue;
    const now = [...(importEdges.get(f) ?? [])];
    if (now.length === before.length && now.every((t) => before.includes(t))) continue;
    const was = db.importClosure(before);
    const is = db.importClosure(now);
    for (const x of was) if (!is.has(x)) for (const n of db.topLevelNames(x)) db.delta.names.add(n);
    for (const x of is) if (!was.has(x)) for (const n of db.topLevelNames(x)) db.delta.names.add(n);
  }
}
