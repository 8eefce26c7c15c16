// The indexer's view of the database: writes of one file's symbols, and the cached lookups the
// resolver needs during one sync. Only the index side uses it (graph/ reads on its own).
import { posix } from 'node:path';
import { Store } from '../store/store';
import { ensureDeferredIndex } from '../store/schema';
import { ExtractedBinding, ExtractedImport, ExtractedSymbol } from './types';
import { BindingKey, HeritageKey, SyncDelta, importsKey } from './delta';
import { goPackageFile } from './modules';
import { rulesFor } from './languages/rules';

export interface FileRow { id: number; path: string; language: string; hash: string; size: number; mtime_ms: number; package: string }
export interface NodeRow { id: number; file_id: number; parent_id: number | null; kind: string; name: string; is_exported: number; is_declaration: number }
export interface ImportRow { source: string; imported: string; local: string; reexport: number; resolved_file_id: number | null }
export interface EdgeInsert { src: number; dst: number | null; kind: string; resolution: string; fileId: number; line: number; target: string; receiver?: string | null; ref?: string | null; args?: number; argv?: string }
interface OldNode {
  id: number; uid: string; parent_id: number | null; name: string; kind: string; is_exported: number; is_declaration: number;
  start_line: number; end_line: number; start_col: number; signature: string; docstring: string; visibility: string; is_async: number;
}
export interface BindingRow { type: string; start_line: number | null; end_line: number | null }
export interface EdgeRow { id: number; src: number; file_id: number; kind: string; target: string; receiver: string | null; line: number }

/** Splits identifiers into lower-case words: parseHTTPRequest_v2 -> parse http request v2. */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toLowerCase();
}

export const cacheLimits = {
  /** preload() reads every node only up to this many: each costs ~230 bytes of heap even compact
   *  (620k nodes of the kernel's fs/, include/, kernel/, mm/ and lib/: 136 MB), and the whole
   *  Linux kernel has millions. Above it, lookups go to the db and their caches are bounded. */
  preloadMaxNodes: 1_000_000,
  /** Rows (nodes, imports, bindings) the lazy caches hold at most before they start over (a cache
   *  miss is one indexed query). Counted in rows, not names: a kernel name like `probe` or
   *  `DRV_NAME` has thousands, and 300k names held over 1 GB of rows in the kernel's resolve.
   *  Kernel peak RSS with 1M rows 2.1-2.3 GB, 500k 1.79-1.96 GB (the heap's size varies with
   *  when the GC runs), 250k 1.67 GB; references bound in 72-77, 75 and 78 s. */
  lazyCacheMax: 250_000,
};

export class GraphDb {
  private byName = new Map<string, NodeRow[]>();
  private byNameFile = new Map<string, Map<number, NodeRow[]>>();
  private fileNames = new Map<number, Map<string, NodeRow[]>>(); // lazy mode: file -> name -> nodes
  private byId = new Map<number, NodeRow>();
  private importsCache = new Map<number, ImportRow[]>();
  private importsByLocal = new Map<number, Map<string, ImportRow[]>>();
  private ancestorsCache = new Map<number, number[]>();
  private bindingCache = new Map<number, Map<string, BindingRow | BindingRow[]>>(); // scope -> name -> row(s), newest first
  private bindingFiles = new Set<number>(); // files whose bindings are in bindingCache
  private ctorCache = new Map<number, number[]>();
  /** Rows the lazy caches hold (see bound()). */
  private held = 0;
  /** Strings shared by the rows read (see interned()). */
  private strings = new Map<string, string>();
  readonly files = new Map<string, FileRow>(); // by path
  readonly filesById = new Map<number, FileRow>();

  constructor(readonly store: Store) {
    for (const f of store.prepare('SELECT id, path, language, hash, size, mtime_ms, package FROM files').all<FileRow>()) this.remember(f);
  }

  private remember(f: FileRow) {
    this.files.set(f.path, f);
    this.filesById.set(f.id, f);
  }

  /** Set by preload(): the node, import and heritage caches hold everything, so a miss is an
   *  answer (no row), not a reason to ask the db. */
  private complete = false;

  /** Drops lookup caches: call after writing nodes or edges, before resolving. */
  resetCaches(): void {
    this.complete = false;
    this.ancestorsComplete = false;
    this.clearLookups();
    this.ancestorsCache.clear();
    this.fileNodes.clear();
    this.packages = undefined;
    this.declared = undefined;
  }

  /** The caches that a lookup fills one entry at a time. */
  private clearLookups(): void {
    this.byName.clear();
    this.byNameFile.clear();
    this.fileNames.clear();
    this.byId.clear();
    this.importsCache.clear();
    this.importsByLocal.clear();
    this.bindingCache.clear();
    this.bindingFiles.clear();
    this.ctorCache.clear();
    this.strings.clear();
    this.wholeScope.clear();
    this.held = 0;
  }

  /**
   * Fills the node, import and heritage caches in three scans, for a resolve that will look up
   * most of them anyway: a full index of effect (360 files) asked ~60k single-row queries.
   * Call after the last node and import write, before resolving; resetCaches() undoes it.
   */
  async preload(between: () => Promise<void> = async () => {}): Promise<void> {
    this.resetCaches();
    const s = this.store;
    if (s.prepare('SELECT count(*) AS n FROM nodes').get<{ n: number }>()!.n > cacheLimits.preloadMaxNodes) {
      // lazy: lookups go by name (an index a bulk load dropped), supertypes by src (its index is
      // dropped too, and the heritage edges are few: read them all)
      ensureDeferredIndex(s, 'nodes_name');
      this.loadAncestors();
      return;
    }
    // rowid order, as the lookups by name and by file return them (the resolver takes the first
    // match). Page by page into plain objects that share their kind and name strings: a row as
    // node:sqlite returns it took ~600 bytes, and all of the Linux kernel's at once were gigabytes.
    const page = s.prepare('SELECT id, file_id, parent_id, kind, name, is_exported, is_declaration FROM nodes WHERE id > ? ORDER BY id LIMIT 5000');
    // `between` pages: a serving process's event loop runs (3,000 files: ~200 ms of reading)
    for (let last = -1, rows: NodeRow[]; (rows = page.all<NodeRow>(last)).length; last = rows[rows.length - 1].id, await between()) {
      for (const r of rows) {
        const list = this.byName.get(r.name);
        const n = this.compact(r, list ? list[0].name : r.name);
        this.byId.set(n.id, n);
        if (list) list.push(n);
        else this.byName.set(n.name, [n]);
        if (n.kind === 'file') this.fileNodes.set(n.file_id, n.id);
      }
    }
    for (const r of s.prepare('SELECT file_id, source, imported, local, reexport, resolved_file_id FROM file_imports ORDER BY rowid').all<ImportRow & { file_id: number }>()) {
      const { file_id, ...row } = r;
      const list = this.importsCache.get(file_id);
      if (list) list.push(row);
      else this.importsCache.set(file_id, [row]);
    }
    this.loadAncestors();
    this.complete = true;
  }

  /** Set by loadAncestors(): the heritage cache holds every resolved extends/implements edge. */
  private ancestorsComplete = false;

  private loadAncestors(): void {
    for (const r of this.store.prepare("SELECT src, dst FROM edges WHERE kind IN ('extends', 'implements') AND dst IS NOT NULL ORDER BY src, kind, id").all<{ src: number; dst: number }>()) {
      const list = this.ancestorsCache.get(r.src);
      if (list) list.push(r.dst);
      else this.ancestorsCache.set(r.src, [r.dst]);
    }
    this.ancestorsComplete = true;
  }

  // ---- writes ----

  /** What this sync's re-parsed files changed for other files' edges (see delta.ts). */
  readonly delta = new SyncDelta();
  /** Off for a full sync: it resolves every reference anyway and never reads the delta (noting
   *  each of the Linux kernel's 4M symbol names in it took seconds). */
  trackChanges = true;
  /** Set for a full index into an empty db: insertSymbols() leaves the contains edges to
   *  insertContainsSince(), which writes a batch's in one statement (the same rows, in the same
   *  order: nothing else writes edges before the resolve). Binding them row by row from JS was a
   *  quarter of the kernel's write time. */
  bulk = false;

  /** The highest node id so far (0 in an empty db). */
  maxNodeId(): number {
    return this.store.prepare('SELECT max(id) AS n FROM nodes').get<{ n: number | null }>()?.n ?? 0;
  }

  /** The contains edges of the symbols inserted after node `after` (bulk mode). */
  insertContainsSince(after: number): void {
    this.store.prepare(`INSERT INTO edges(src, dst, kind, resolution, file_id, line, target)
      SELECT coalesce(n.parent_id, (SELECT f.id FROM nodes f WHERE f.file_id = n.file_id AND f.kind = 'file')), n.id, 'contains', 'exact', n.file_id, n.start_line, n.name
      FROM nodes n WHERE n.id > ? AND n.kind != 'file' ORDER BY n.id`).run(after);
  }

  /**
   * Removes the edges, imports and bindings read from a file. With `deleteFile`, also its nodes
   * and file row: edges of other files that pointed at them are detached (dst NULL) and their
   * ids returned, to be resolved again. A file to be re-parsed keeps its nodes: insertSymbols()
   * compares them with the new symbols. Targets of the removed edges go into `touched` (their
   * centrality changes).
   */
  clearFile(fileId: number, deleteFile: boolean, touched: Set<number>): number[] {
    const s = this.store;
    for (const r of s.prepare('SELECT DISTINCT dst FROM edges WHERE file_id = ? AND dst IS NOT NULL').all<{ dst: number }>(fileId)) touched.add(r.dst);
    let dangling: number[] = [];
    if (deleteFile) {
      const into = s.prepare('SELECT e.id, n.kind FROM edges e JOIN nodes n ON n.id = e.dst WHERE n.file_id = ? AND e.file_id != ?').all<{ id: number; kind: string }>(fileId, fileId);
      const up = s.prepare("UPDATE edges SET dst = NULL, resolution = 'unresolved' WHERE id = ?");
      for (const r of into) { up.run(r.id); this.delta.detached.set(r.id, r.kind); }
      dangling = into.map((r) => r.id);
      for (const r of s.prepare("SELECT DISTINCT name FROM nodes WHERE file_id = ? AND kind != 'file'").all<{ name: string }>(fileId)) this.delta.names.add(r.name);
      const global = this.globalLanguage(fileId);
      if (global && s.prepare("SELECT 1 AS x FROM file_imports WHERE file_id = ? AND reexport = 1 AND local = '*' LIMIT 1").get(fileId)) this.delta.globalImports.add(global);
      s.prepare('DELETE FROM nodes_fts WHERE docid IN (SELECT id FROM nodes WHERE file_id = ?)').run(fileId);
      s.prepare('DELETE FROM nodes WHERE file_id = ?').run(fileId);
    } else {
      const f = this.filesById.get(fileId);
      this.delta.remember(fileId, {
        imports: importsKey(s.prepare('SELECT source, imported, local, reexport FROM file_imports WHERE file_id = ? ORDER BY rowid').all(fileId)),
        importTargets: s.prepare('SELECT resolved_file_id AS t FROM file_imports WHERE file_id = ? AND resolved_file_id IS NOT NULL').all<{ t: number }>(fileId).map((r) => r.t),
        bindings: s.prepare('SELECT scope_id AS scope, name, type FROM bindings WHERE file_id = ? ORDER BY rowid').all<BindingKey>(fileId),
        heritage: this.heritageOf(fileId),
        // hash '' marks a sync that died after writing this file: what it detached is lost
        recovering: !!f && !f.hash,
      });
    }
    s.prepare('DELETE FROM edges WHERE file_id = ?').run(fileId);
    s.prepare('DELETE FROM file_imports WHERE file_id = ?').run(fileId);
    s.prepare('DELETE FROM bindings WHERE file_id = ?').run(fileId);
    if (deleteFile) {
      // its importers now see nothing there: what their symbols type by it may change
      for (const r of s.prepare('SELECT DISTINCT file_id AS f FROM file_imports WHERE resolved_file_id = ?').all<{ f: number }>(fileId)) this.delta.context.add(r.f);
      s.prepare('UPDATE file_imports SET resolved_file_id = NULL WHERE resolved_file_id = ?').run(fileId);
      s.prepare('DELETE FROM files WHERE id = ?').run(fileId);
      const f = this.filesById.get(fileId);
      if (f) { this.files.delete(f.path); this.filesById.delete(fileId); this.declared = undefined; if (f.package) this.packagesTouched.add(f.package); }
    }
    return dangling;
  }

  /** A file's resolved extends/implements edges, in the order supertypes() reads them. */
  heritageOf(fileId: number): HeritageKey[] {
    return this.store.prepare("SELECT src, kind, dst FROM edges WHERE file_id = ? AND kind IN ('extends', 'implements') AND dst IS NOT NULL ORDER BY src, kind, id").all<HeritageKey>(fileId);
  }

  /** Inserts or updates the file row and its file node, whose is_exported is 0 for a classic
   *  script (its names are globals, FileExtraction.script), else 1; returns [fileId, fileNodeId]. */
  upsertFile(path: string, language: string, hash: string, size: number, mtimeMs: number, errorCount: number, endLine: number, script = false, pkg = ''): [number, number] {
    const s = this.store;
    const now = Date.now();
    let f = this.files.get(path);
    if (f) {
      // indexed_at only grows: names.ts tells a re-indexed file by another stamp
      s.prepare('UPDATE files SET language = ?, hash = ?, size = ?, mtime_ms = ?, indexed_at = max(?, indexed_at + 1), error_count = ?, package = ? WHERE id = ?').run(language, hash, size, mtimeMs, now, errorCount, pkg, f.id);
      const moved = f.package !== pkg;
      // (its names may have come or gone: what imports name by its package, old or new, may change)
      if (f.package) this.packagesTouched.add(f.package);
      if (pkg) this.packagesTouched.add(pkg);
      Object.assign(f, { language, hash, size, mtime_ms: mtimeMs, package: pkg });
      if (moved) {
        // its names are now another package's, seen unimported there (ResolveRules.packages)
        this.declared = undefined;
        if (this.trackChanges) {
          this.delta.unstable.add(f.id);
          for (const name of this.topLevelNames(f.id)) this.delta.names.add(name);
        }
      }
    } else {
      const id = s.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at, error_count, package) VALUES (?,?,?,?,?,?,?,?)').run(path, language, hash, size, mtimeMs, now, errorCount, pkg).lastInsertRowid;
      f = { id, path, language, hash, size, mtime_ms: mtimeMs, package: pkg };
      this.declared = undefined;
      if (pkg) this.packagesTouched.add(pkg);
      this.remember(f);
    }
    const base = posix.basename(path);
    const existing = s.prepare("SELECT id, is_exported FROM nodes WHERE file_id = ? AND kind = 'file'").get<{ id: number; is_exported: number }>(f.id);
    const exported = script ? 0 : 1;
    let nodeId: number;
    if (existing) {
      nodeId = existing.id;
      s.prepare('UPDATE nodes SET end_line = ?, is_exported = ? WHERE id = ?').run(endLine, exported, nodeId);
      if (Number(existing.is_exported) !== exported) {
        // a script's names became globals, or stopped being: every name of it binds otherwise
        const cached = this.byId.get(nodeId);
        if (cached) cached.is_exported = exported;
        if (this.trackChanges) {
          this.delta.unstable.add(f.id);
          for (const name of this.topLevelNames(f.id)) this.delta.names.add(name);
        }
      }
    } else {
      nodeId = s.prepare(`INSERT INTO nodes(uid, file_id, parent_id, name, name_lower, kind, qualified_name, start_line, end_line, is_exported)
        VALUES (?, ?, NULL, ?, ?, 'file', ?, 1, ?, ?)`).run(path, f.id, base, base.toLowerCase(), path, endLine, exported).lastInsertRowid;
      s.prepare('INSERT INTO nodes_fts(docid, words, signature, docstring, path) VALUES (?,?,?,?,?)').run(nodeId, nameWords(base), '', '', path);
    }
    return [f.id, nodeId];
  }

  touchFile(fileId: number, mtimeMs: number): void {
    this.store.prepare('UPDATE files SET mtime_ms = ? WHERE id = ?').run(mtimeMs, fileId);
    const f = this.filesById.get(fileId);
    if (f) f.mtime_ms = mtimeMs;
  }

  /**
   * Writes a file's symbols (in order, parents first) and their contains edges; returns node
   * ids by index. A symbol of the same uid, kind, name, parent and export as before keeps its
   * row and id (lines, signature... updated in place), so other files' edges into it stay; the
   * rest are inserted, and symbols no longer there deleted, other files' edges into them
   * detached (SyncDelta.detached). Call after clearFile() (this file's own edges are gone).
   */
  insertSymbols(fileId: number, fileNodeId: number, path: string, symbols: ExtractedSymbol[]): number[] {
    const s = this.store;
    const old = new Map<string, OldNode>();
    for (const r of s.prepare(`SELECT id, uid, parent_id, name, kind, is_exported, is_declaration, start_line, end_line, start_col, signature, docstring, visibility, is_async
        FROM nodes WHERE file_id = ? AND kind != 'file'`).all<OldNode>(fileId)) old.set(r.uid, r);
    const recovering = this.delta.isRecovering(fileId);
    // 1. which symbols keep their row. Same-named symbols of one parent (overloads, `const X` and
    // `type X`) are found in id order: after one that is new, the rest of them are new too, so
    // ids stay in source order as a full index gives them.
    const uids: string[] = [];
    const ids: number[] = new Array(symbols.length).fill(-1);
    const keep: (OldNode | undefined)[] = new Array(symbols.length).fill(undefined);
    const seen = new Map<string, number>();
    const broken = new Set<string>();
    for (const sym of symbols) {
      let uid = `${path}::${sym.qualifiedName}`;
      const n = (seen.get(uid) ?? 0) + 1;
      seen.set(uid, n);
      if (n > 1) uid += `#${n}`;
      uids.push(uid);
    }
    // a member declared above its parent (a Go method above its type) is looked at after it
    const order: number[] = [];
    for (let i = 0; i < symbols.length; i++) if (symbols[i].parent < i) order.push(i);
    for (let i = 0; i < symbols.length; i++) if (symbols[i].parent > i) order.push(i);
    for (const i of order) {
      const sym = symbols[i];
      const parent = sym.parent >= 0 ? ids[sym.parent] : null; // -1: a new parent
      const o = old.get(uids[i]);
      if (o && !broken.has(sym.qualifiedName) && o.kind === sym.kind && o.name === sym.name && o.parent_id === parent && Number(o.is_exported) === (sym.isExported ? 1 : 0) && Number(o.is_declaration) === (sym.isDeclaration ? 1 : 0)) {
        old.delete(uids[i]);
        keep[i] = o;
        ids[i] = o.id;
      } else {
        broken.add(sym.qualifiedName);
      }
    }
    // 2. symbols gone (or no longer the same): other files' edges into them are detached first
    // (a uid may come back with another kind)
    const into = s.prepare('SELECT id FROM edges WHERE dst = ?');
    const detach = s.prepare("UPDATE edges SET dst = NULL, resolution = 'unresolved' WHERE dst = ?");
    const delFts = s.prepare('DELETE FROM nodes_fts WHERE docid = ?');
    const delNode = s.prepare('DELETE FROM nodes WHERE id = ?');
    for (const o of old.values()) {
      const edges = into.all<{ id: number }>(o.id);
      if (edges.length) {
        for (const e of edges) this.delta.detached.set(e.id, o.kind);
        detach.run(o.id);
      }
      delFts.run(o.id);
      delNode.run(o.id);
      this.noteChanged(fileId, o.name, o.kind, o.parent_id === null && !!Number(o.is_exported));
    }
    // 3. kept rows updated where they differ, new ones inserted
    const ins = s.prepare(`INSERT INTO nodes(uid, file_id, parent_id, name, name_lower, kind, qualified_name, start_line, end_line, start_col, signature, docstring, visibility, is_async, is_exported, is_declaration)
      VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
    const fts = s.prepare('INSERT INTO nodes_fts(docid, words, signature, docstring, path) VALUES (?,?,?,?,?)');
    const contains: EdgeInsert[] = [];
    const kept = new Map<number, string>([[fileNodeId, 'file']]);
    const later: number[] = []; // inserted before their parent row: parent set once it is in
    for (let i = 0; i < symbols.length; i++) {
      const sym = symbols[i];
      const o = keep[i];
      let parent = sym.parent >= 0 ? ids[sym.parent] : null;
      const late = parent === -1;
      if (late) { later.push(i); parent = null; }
      if (o) {
        kept.set(o.id, o.kind);
        this.updateKept(o, sym);
        if (recovering) this.delta.names.add(sym.name);
      } else {
        const id = ins.run(uids[i], fileId, parent ?? null, sym.name, sym.name.toLowerCase(), sym.kind, sym.qualifiedName, sym.startLine, sym.endLine, sym.startCol,
          sym.signature, sym.docstring, sym.visibility, sym.isAsync ? 1 : 0, sym.isExported ? 1 : 0, sym.isDeclaration ? 1 : 0).lastInsertRowid;
        ids[i] = id;
        const words = sym.qualifiedName === sym.name ? nameWords(sym.name) : `${nameWords(sym.name)} ${nameWords(sym.qualifiedName)}`;
        fts.run(id, words, sym.signature, sym.docstring, path);
        this.noteChanged(fileId, sym.name, sym.kind, parent === null && sym.isExported);
      }
      if (!this.bulk && !late) contains.push({ src: parent ?? fileNodeId, dst: ids[i], kind: 'contains', resolution: 'exact', fileId, line: sym.startLine, target: sym.name });
    }
    for (const i of later) {
      const sym = symbols[i];
      s.prepare('UPDATE nodes SET parent_id = ? WHERE id = ?').run(ids[sym.parent], ids[i]);
      if (!this.bulk) contains.push({ src: ids[sym.parent], dst: ids[i], kind: 'contains', resolution: 'exact', fileId, line: sym.startLine, target: sym.name });
    }
    this.delta.setKept(fileId, kept);
    this.insertEdges(contains);
    return ids;
  }

  /** A symbol added or removed: its name may bind elsewhere now. */
  private noteChanged(fileId: number, name: string, kind: string, exportedTop: boolean): void {
    if (!this.trackChanges) return;
    this.delta.names.add(name);
    if (exportedTop) this.delta.exportsChanged.add(fileId);
    if (kind === 'method') this.delta.hierarchy.add(fileId);
  }

  /** A kept row: the columns that may differ (its identity did not). */
  private updateKept(o: OldNode, sym: ExtractedSymbol): void {
    const isAsync = sym.isAsync ? 1 : 0;
    if (o.start_line !== sym.startLine || o.end_line !== sym.endLine || o.start_col !== sym.startCol || o.signature !== sym.signature
      || o.docstring !== sym.docstring || o.visibility !== sym.visibility || Number(o.is_async) !== isAsync) {
      this.store.prepare('UPDATE nodes SET start_line = ?, end_line = ?, start_col = ?, signature = ?, docstring = ?, visibility = ?, is_async = ? WHERE id = ?')
        .run(sym.startLine, sym.endLine, sym.startCol, sym.signature, sym.docstring, sym.visibility, isAsync, o.id);
    }
    if (o.signature !== sym.signature || o.docstring !== sym.docstring) {
      this.store.prepare('UPDATE nodes_fts SET signature = ?, docstring = ? WHERE docid = ?').run(sym.signature, sym.docstring, o.id);
    }
  }

  insertBindings(fileId: number, fileNodeId: number, nodeIds: number[], bindings: ExtractedBinding[] | undefined): void {
    const rows = (bindings ?? []).map((b) => ({ scope: b.scope >= 0 ? nodeIds[b.scope] : fileNodeId, name: b.name, type: b.type, lines: b.lines }));
    this.delta.compareBindings(fileId, rows);
    if (!rows.length) return;
    const st = this.store.prepare('INSERT INTO bindings(file_id, scope_id, name, type, start_line, end_line) VALUES (?,?,?,?,?,?)');
    for (const b of rows) st.run(fileId, b.scope, b.name, b.type, b.lines?.[0] ?? null, b.lines?.[1] ?? null);
  }

  /** The declared type of `name` in exactly this scope node, if any, as seen from `line` (a
   *  callback's parameter holds inside the callback only); the last one in source order wins
   *  (an `instanceof` narrowing after the parameter's declared type). */
  binding(scopeId: number, name: string, line?: number): string | undefined {
    return this.bindingRow(scopeId, name, line)?.type;
  }

  /** Every type a scope binds `name` to, at whatever lines, in the order written (the parts of
   *  a union alias, first first: its bindings `...`). */
  bindingTypes(scopeId: number, name: string): string[] {
    if (this.bindingRow(scopeId, name) === undefined) return [];
    const rows = this.bindingCache.get(scopeId)!.get(name)!;
    return Array.isArray(rows) ? rows.map((r) => r.type).reverse() : [rows.type];
  }

  /** Every binding of `name` in a scope that holds at `line`, innermost (last written) first. */
  bindingRows(scopeId: number, name: string, line: number | undefined): BindingRow[] {
    const first = this.bindingRow(scopeId, name, line);
    if (first === undefined) return [];
    const rows = this.bindingCache.get(scopeId)!.get(name)!;
    return Array.isArray(rows) ? rows.filter((r) => holdsAt(r, line)) : [rows];
  }

  /** The binding of `name` in a scope that holds at `line`, with the line it holds from (null:
   *  the whole scope). */
  bindingRow(scopeId: number, name: string, line?: number): BindingRow | undefined {
    // a scope's bindings are all in its file: one query per file, not one per name asked
    const fileId = this.node(scopeId)?.file_id;
    if (fileId === undefined) return undefined;
    if (!this.bindingFiles.has(fileId)) {
      if (!this.complete) this.bound();
      this.bindingFiles.add(fileId);
      for (const r of this.store.prepare('SELECT scope_id, name, type, start_line, end_line FROM bindings WHERE file_id = ? ORDER BY rowid DESC').all<BindingRow & { scope_id: number; name: string }>(fileId)) {
        let byName = this.bindingCache.get(r.scope_id);
        if (!byName) this.bindingCache.set(r.scope_id, (byName = new Map()));
        const row = this.bindingOf(r.type, r.start_line, r.end_line);
        // most names have one row, held as it is (an array per name was 23 of Go's 62 MB)
        const rows = byName.get(r.name);
        if (!rows) byName.set(this.interned(r.name), row);
        else if (Array.isArray(rows)) rows.push(row);
        else byName.set(r.name, [rows, row]);
        this.held++;
      }
    }
    const rows = this.bindingCache.get(scopeId)?.get(name);
    if (rows === undefined) return undefined;
    const holds = (r: BindingRow) => holdsAt(r, line);
    if (!Array.isArray(rows)) return holds(rows) ? rows : undefined;
    // (asked for no line, a field's type: its declaration, not what a lambda or a smart cast in
    // a getter binds the name to for a few lines)
    return line === undefined ? rows.find((r) => r.start_line === null) ?? rows[0] : rows.find(holds);
  }

  /** A binding row whose strings are shared; one object per type for those that hold in their
   *  whole scope (most parameters, fields and package-level names). */
  private bindingOf(type: string, start: number | null, end: number | null): BindingRow {
    if (start !== null) return { type: this.interned(type), start_line: start, end_line: end };
    let row = this.wholeScope.get(type);
    if (!row) this.wholeScope.set(type, (row = { type: this.interned(type), start_line: null, end_line: null }));
    return row;
  }
  private wholeScope = new Map<string, BindingRow>();

  /** One copy of a string read many times (kinds, binding names and types). */
  private interned(s: string): string {
    let x = this.strings.get(s);
    if (x === undefined) this.strings.set(s, (x = s));
    return x;
  }

  constructorsOf(classId: number): number[] {
    let r = this.ctorCache.get(classId);
    if (!r) {
      r = this.store.prepare("SELECT id FROM nodes WHERE parent_id = ? AND kind = 'constructor'").all<{ id: number }>(classId).map((x) => x.id);
      this.ctorCache.set(classId, r);
    }
    return r;
  }

  /** Has the node a method child (a JavaScript constructor function's `this.m = function`)? */
  hasMethods(id: number): boolean {
    return !!this.store.prepare("SELECT 1 AS x FROM nodes WHERE parent_id = ? AND kind = 'method' LIMIT 1").get(id);
  }

  insertImports(fileId: number, imports: ExtractedImport[]): void {
    const st = this.store.prepare('INSERT INTO file_imports(file_id, source, imported, local, line, reexport) VALUES (?,?,?,?,?,?)');
    const rows: { source: string; imported: string; local: string; reexport: number }[] = [];
    for (const imp of imports) {
      const names = imp.names.length ? imp.names : [{ imported: '', local: '' }]; // side-effect import
      for (const n of names) {
        st.run(fileId, imp.source, n.imported, n.local, imp.line, imp.reexport ? 1 : 0);
        if (this.trackChanges) rows.push({ source: imp.source, imported: n.imported, local: n.local, reexport: imp.reexport ? 1 : 0 });
      }
    }
    if (this.trackChanges) this.delta.compareImports(fileId, importsKey(rows), this.globalLanguage(fileId));
  }

  insertEdge(src: number, dst: number | null, kind: string, resolution: string, fileId: number, line: number, target: string, receiver?: string): void {
    this.store.prepare('INSERT INTO edges(src, dst, kind, resolution, file_id, line, target, receiver) VALUES (?,?,?,?,?,?,?,?)')
      .run(src, dst, kind, resolution, fileId, line, target, receiver ?? null);
  }

  /** Many edges at once: multi-row INSERTs cut the per-statement cost (large on sql.js). */
  insertEdges(rows: EdgeInsert[]): void {
    const CHUNK = 100;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      const sql = `INSERT INTO edges(src, dst, kind, resolution, file_id, line, target, receiver, ref, args, argv) VALUES ${part.map(() => '(?,?,?,?,?,?,?,?,?,?,?)').join(',')}`;
      const params: (string | number | null)[] = [];
      for (const r of part) params.push(r.src, r.dst, r.kind, r.resolution, r.fileId, r.line, r.target, r.receiver ?? null, r.ref ?? null, r.args ?? null, r.argv ?? null);
      this.store.prepare(sql).run(...params);
    }
  }

  updateEdge(id: number, dst: number | null, kind: string, resolution: string, ref: string | null): void {
    this.store.prepare('UPDATE edges SET dst = ?, kind = ?, resolution = ?, ref = ? WHERE id = ?').run(dst, kind, resolution, ref, id);
  }

  // ---- lookups (cached for one resolve phase) ----

  nodesNamed(name: string): NodeRow[] {
    let r = this.byName.get(name);
    if (!r && this.complete) return [];
    if (!r) {
      this.bound();
      r = [];
      for (const row of this.store.prepare('SELECT id, file_id, parent_id, kind, name, is_exported, is_declaration FROM nodes WHERE name_lower = ?').all<NodeRow>(name.toLowerCase())) {
        if (row.name !== name) continue;
        let n = this.byId.get(row.id);
        if (!n) this.byId.set(row.id, (n = this.compact(row, name)));
        r.push(n);
      }
      this.byName.set(name, r);
      this.held += r.length + 1;
    }
    return r;
  }

  /** nodesNamed(name) of one file, in the same order. Most lookups are within one file (scopes,
   *  a file's top level, a class's members), and a name like `map` is defined in hundreds of
   *  files: filtering the whole list per reference was a fifth of effect's resolve phase. */
  nodesNamedIn(name: string, fileId: number): NodeRow[] {
    if (!this.complete) return this.namesOfFile(fileId).get(name) ?? [];
    const all = this.nodesNamed(name);
    if (all.length <= 4) return all.every((n) => n.file_id === fileId) ? all : all.filter((n) => n.file_id === fileId);
    let byFile = this.byNameFile.get(name);
    if (!byFile) {
      this.byNameFile.set(name, (byFile = new Map()));
      for (const n of all) {
        const list = byFile.get(n.file_id);
        if (list) list.push(n);
        else byFile.set(n.file_id, [n]);
      }
    }
    return byFile.get(fileId) ?? [];
  }

  /** Lazy mode: a file's nodes by name, read in one query (rowid order, as nodesNamed() gives
   *  them). On the Linux kernel, asking the db for every node of each name a reference's file and
   *  its includes might define (all of them, to keep one file's) was half of the resolve phase. */
  private namesOfFile(fileId: number): Map<string, NodeRow[]> {
    let m = this.fileNames.get(fileId);
    if (!m) {
      this.bound();
      m = new Map();
      const rows = this.store.prepare('SELECT id, file_id, parent_id, kind, name, is_exported, is_declaration FROM nodes WHERE file_id = ? ORDER BY id').all<NodeRow>(fileId);
      for (const row of rows) {
        let n = this.byId.get(row.id);
        if (!n) this.byId.set(row.id, (n = this.compact(row, row.name)));
        const list = m.get(n.name);
        if (list) list.push(n);
        else m.set(n.name, [n]);
      }
      this.fileNames.set(fileId, m);
      this.held += rows.length + 1;
    }
    return m;
  }

  /** One node's qualified name (not in the cached rows: few lookups need it). */
  signature(id: number): string | undefined {
    return this.store.prepare('SELECT signature AS s FROM nodes WHERE id = ?').get<{ s: string }>(id)?.s;
  }

  qualifiedName(id: number): string | undefined {
    return this.store.prepare('SELECT qualified_name AS q FROM nodes WHERE id = ?').get<{ q: string }>(id)?.q;
  }

  node(id: number): NodeRow | undefined {
    let n = this.byId.get(id);
    if (!n && !this.complete) {
      this.bound();
      const row = this.store.prepare('SELECT id, file_id, parent_id, kind, name, is_exported, is_declaration FROM nodes WHERE id = ?').get<NodeRow>(id);
      if (row) { this.byId.set(id, (n = this.compact(row, row.name))); this.held++; }
    }
    return n;
  }

  exportedTopLevel(fileId: number): NodeRow[] {
    return this.store.prepare("SELECT id, file_id, parent_id, kind, name, is_exported, is_declaration FROM nodes WHERE file_id = ? AND parent_id IS NULL AND is_exported = 1 AND kind != 'file'").all<NodeRow>(fileId);
  }

  /** Keeps the lazily filled caches bounded: they start over when full (dropping an entry only
   *  costs a query). The supertypes noted during this resolve stay. */
  private bound(): void {
    if (this.held < cacheLimits.lazyCacheMax) return;
    this.clearLookups();
  }

  /** A row as a plain object of seven fields sharing its kind and name strings: as node:sqlite
   *  returns it, a row took ~600 bytes. */
  private compact(r: NodeRow, name: string): NodeRow {
    return { id: r.id, file_id: r.file_id, parent_id: r.parent_id, kind: this.interned(r.kind), name, is_exported: r.is_exported, is_declaration: r.is_declaration };
  }

  private fileNodes = new Map<number, number | undefined>();
  fileNodeId(fileId: number): number | undefined {
    if (!this.fileNodes.has(fileId) && !this.complete) this.fileNodes.set(fileId, this.store.prepare("SELECT id FROM nodes WHERE file_id = ? AND kind = 'file'").get<{ id: number }>(fileId)?.id);
    return this.fileNodes.get(fileId);
  }

  /** Every file's resolved imports as file ids, in the order written (one read: include chains
   *  walk thousands of files per file resolved). */
  importGraph(): Map<number, Int32Array> {
    const g = new Map<number, Int32Array>();
    let cur = -1;
    let list: number[] = [];
    const flush = () => { if (cur >= 0) g.set(cur, Int32Array.from(list)); };
    for (const r of this.store.prepare('SELECT file_id AS f, resolved_file_id AS t FROM file_imports WHERE resolved_file_id IS NOT NULL ORDER BY file_id, rowid').all<{ f: number; t: number }>()) {
      if (r.f !== cur) { flush(); cur = r.f; list = []; }
      list.push(r.t);
    }
    flush();
    return g;
  }

  /** The files of `from` and those reachable from them through resolved imports. */
  importClosure(from: Iterable<number>): Set<number> {
    const out = new Set<number>();
    const queue = [...from];
    for (const f of queue) out.add(f);
    for (let i = 0; i < queue.length; i++) {
      for (const imp of this.imports(queue[i])) {
        const t = imp.resolved_file_id;
        if (t !== null && !out.has(t)) { out.add(t); queue.push(t); }
      }
    }
    return out;
  }

  /** Names of a file's top-level symbols. */
  topLevelNames(fileId: number): string[] {
    return this.store.prepare("SELECT DISTINCT name FROM nodes WHERE file_id = ? AND parent_id IS NULL AND kind != 'file'").all<{ name: string }>(fileId).map((r) => r.name);
  }

  /** The files an import row naming `fileId` imports: for a Go file the package it is in, the
   *  .go files of its folder in the order the db has them (its `_test.go` files only for
   *  `importer` in that folder: an external test package sees what export_test.go exports);
   *  any other file is itself. A Go import keeps one row (its first file); the package is read
   *  from here (a row per file of each package imported made the Go source tree's 710k rows,
   *  most of its resolve time and memory). */
  packageFiles(fileId: number, importer?: number): number[] {
    const f = this.filesById.get(fileId);
    if (f === undefined) return [];
    if (f.language !== 'go') return [fileId];
    const path = f.path;
    if (!this.packages) {
      this.packages = new Map();
      for (const f of this.files.values()) {
        if (f.language !== 'go') continue;
        const dir = posix.dirname(f.path);
        let p = this.packages.get(dir);
        if (!p) this.packages.set(dir, (p = { all: [], built: [] }));
        p.all.push(f.id);
        if (goPackageFile(f.path)) p.built.push(f.id);
      }
    }
    const dir = posix.dirname(path);
    const p = this.packages.get(dir);
    if (!p) return [fileId];
    const from = importer === undefined ? undefined : this.filesById.get(importer)?.path;
    return from !== undefined && !goPackageFile(from) && posix.dirname(from) === dir ? p.all : p.built;
  }
  private packages?: Map<string, { all: number[]; built: number[] }>;

  /** The files whose package header names `pkg` (Java, Kotlin: `a.b`), wherever their folders are. */
  filesOfPackage(pkg: string): Set<number> | undefined {
    if (!this.declared) {
      this.declared = new Map();
      for (const f of this.filesById.values()) {
        if (!f.package) continue;
        let set = this.declared.get(f.package);
        if (!set) this.declared.set(f.package, (set = new Set()));
        set.add(f.id);
      }
    }
    return this.declared.get(pkg);
  }
  private declared?: Map<string, Set<number>>;
  /** The packages of the files a sync wrote or deleted, before and after (files.package): the
   *  imports that name them are resolved again (sync.ts). */
  readonly packagesTouched = new Set<string>();

  /** The files an import names by the packages files declare (ResolveRules.packages), wherever
   *  their folders are: of `import a.b.*` the package's, of `import a.b.C` (or `a.b.C.D`, a
   *  nested type) the one declaring C. */
  filesImportedByPackage(source: string, imported: string, from: number): number[] {
    const clean = source.replace(/^static\s+/, '');
    if (imported === '*') return [...(this.filesOfPackage(clean) ?? [])].filter((id) => id !== from);
    const segs = clean.split('.');
    const at = this.filesById.get(from)?.path ?? '';
    for (let k = segs.length - 1; k >= 1; k--) {
      const files = this.filesOfPackage(segs.slice(0, k).join('.'));
      // (an `expect` and its `actual`s: the one nearest the importer, as the resolver takes)
      const hit = files && nearestByPath(this.nodesNamed(segs[k]).filter((n) => n.parent_id === null && files.has(n.file_id) && n.file_id !== from), (n) => this.filesById.get(n.file_id)?.path ?? '', at);
      if (hit) return [hit.file_id];
    }
    return [];
  }

  /** A file's imports bound to local name `local`, in the order written (a bare name or a member
   *  call reads its own rows, not all of the file's). */
  importedAs(fileId: number, local: string): ImportRow[] {
    let m = this.importsByLocal.get(fileId);
    if (!m) {
      this.importsByLocal.set(fileId, (m = new Map()));
      for (const imp of this.imports(fileId)) {
        const list = m.get(imp.local);
        if (list) list.push(imp);
        else m.set(imp.local, [imp]);
      }
    }
    return m.get(local) ?? [];
  }

  /** The file's language where a wholesale re-export is every file's (ResolveRules.namespaces). */
  private globalLanguage(fileId: number): string | undefined {
    const language = this.filesById.get(fileId)?.language;
    return language && rulesFor(language).namespaces ? language : undefined;
  }

  /** The wholesale re-exports of the files in `language` (C#'s `global using`s): each source with
   *  the folder of the file that says it. */
  reexportedByAll(language: string): { source: string; dir: string }[] {
    return this.store.prepare("SELECT DISTINCT i.source, f.path FROM file_imports i JOIN files f ON f.id = i.file_id WHERE i.reexport = 1 AND i.local = '*' AND f.language = ?")
      .all<{ source: string; path: string }>(language).map((r) => ({ source: r.source, dir: posix.dirname(r.path) }));
  }

  imports(fileId: number): ImportRow[] {
    let r = this.importsCache.get(fileId);
    if (!r && this.complete) return [];
    if (!r) {
      this.bound();
      r = this.store.prepare('SELECT source, imported, local, reexport, resolved_file_id FROM file_imports WHERE file_id = ?').all<ImportRow>(fileId);
      this.importsCache.set(fileId, r);
      this.held += r.length + 1;
    }
    return r;
  }

  /** Direct supertypes of a class-like node (resolved extends/implements edges). */
  supertypes(id: number): number[] {
    let r = this.ancestorsCache.get(id);
    if (!r && this.ancestorsComplete) this.ancestorsCache.set(id, (r = []));
    if (!r) {
      r = this.store.prepare("SELECT dst FROM edges WHERE src = ? AND kind IN ('extends', 'implements') AND dst IS NOT NULL ORDER BY kind, id").all<{ dst: number }>(id).map((x) => x.dst);
      this.ancestorsCache.set(id, r);
    }
    return r;
  }

  /** Records that an extends/implements edge now exists, so later lookups in this phase see it. */
  noteSupertype(src: number, dst: number): void {
    const r = this.ancestorsCache.get(src);
    if (r) r.push(dst);
    else if (this.ancestorsComplete) this.ancestorsCache.set(src, [dst]);
  }
}

/** Whether a binding holds at `line` (any line: whatever the rows). */
function holdsAt(r: BindingRow, line: number | undefined): boolean {
  return r.start_line === null || line === undefined || (r.start_line <= line && line <= r.end_line!);
}

/** Of several declarations, the one whose file shares the most folders with path `from` (a
 *  multiplatform project's source sets are folders: common code sees the `expect`, a platform's
 *  code its `actual`); of equals, the first by path, so the choice is the same whatever the order
 *  the files were indexed in. */
export function nearestByPath<T>(items: T[], pathOf: (t: T) => string, from: string): T | undefined {
  const at = from.split('/');
  let best: T | undefined, bestPath = '', most = -1;
  for (const t of items) {
    const path = pathOf(t);
    const p = path.split('/');
    let k = 0;
    while (k < p.length - 1 && k < at.length - 1 && p[k] === at[k]) k++;
    if (k > most || (k === most && path < bestPath)) { best = t; bestPath = path; most = k; }
  }
  return best;
}
