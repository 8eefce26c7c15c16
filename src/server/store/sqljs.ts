// sql.js backend, for runtimes without node:sqlite: the database is an in-memory image loaded from
// the file; a committed write batch is persisted by writing the image over the db atomically
// (image-file.ts), so a crash leaves the old or the new db. With deferPersist (a serving process)
// that write runs off the event loop after the commit, and flush() resolves once it is durable.
import { readFileSync, statSync } from 'node:fs';
import type { Database, SqlJsStatic } from 'sql.js';
import { assetPath } from '../assets';
import { debug } from '../log';
import { ImageFile } from './image-file';
import { explainSqlError, guarded, RunResult, SqlValue, Statement, Store, TxNesting } from './store';

const log = debug('store');

let sqlPromise: Promise<SqlJsStatic> | undefined;
function loadSqlJs(): Promise<SqlJsStatic> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const init = require('sql.js') as (cfg: { locateFile: (f: string) => string }) => Promise<SqlJsStatic>;
  return (sqlPromise ??= init({ locateFile: (f) => assetPath(f) }));
}

interface FileStamp { size: number; mtimeMs: number; ino: number }
function stamp(path: string): FileStamp | undefined {
  try {
    const s = statSync(path);
    return { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino };
  } catch {
    return undefined;
  }
}
const sameStamp = (a?: FileStamp, b?: FileStamp) => !!a && !!b && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

export class SqlJsStore implements Store {
  readonly backend = 'sqljs' as const;
  readonly journalMode: string;
  private readonly cache = new Map<string, Statement>();
  /** Bumped whenever the sql.js Database object is replaced (a reload in refresh() frees statements). */
  private generation = 0;
  private readonly tx = new TxNesting();
  private loaded: FileStamp | undefined;

  private readonly image: ImageFile;
  /** Commits not yet in an image taken for the disk (deferPersist). */
  private dirty = false;
  /** Commits made, and how many of them the file on disk holds. */
  private commits = 0;
  private durable = 0;
  /** The image being written, if any (one at a time). */
  private writing?: Promise<void>;
  /** flush() callers, each waiting until the file holds the commits made before its call. */
  private waiters: { upTo: number; res: () => void; rej: (e: Error) => void }[] = [];
  private closed = false;

  private constructor(private SQL: SqlJsStatic, private db: Database, readonly path: string, readonly readOnly: boolean, private readonly deferPersist = false) {
    this.loaded = stamp(path);
    this.image = new ImageFile(path);
    if (!readOnly) this.image.removeStale();
    this.applyPragmas();
    this.journalMode = String(this.db.exec('PRAGMA journal_mode')[0]?.values[0][0] ?? 'memory');
  }

  static async open(path: string, readOnly: boolean, deferPersist = false): Promise<SqlJsStore> {
    const SQL = await loadSqlJs();
    let db: Database;
    try {
      const bytes = stamp(path) ? readFileSync(path) : undefined;
      db = new SQL.Database(bytes);
      db.exec('SELECT count(*) FROM sqlite_master'); // surfaces "not a database" now, not later
    } catch (e) {
      throw explainSqlError(e, path);
    }
    return new SqlJsStore(SQL, db, path, readOnly, deferPersist);
  }

  private applyPragmas(): void {
    this.db.exec('PRAGMA foreign_keys = OFF');
  }

  exec(sql: string): void {
    guarded(this.path, () => this.db.exec(sql));
  }

  prepare(sql: string): Statement {
    const cached = this.cache.get(sql);
    if (cached) return cached;
    // The native statement is re-created lazily after the Database object is replaced.
    let gen = -1;
    let native: ReturnType<Database['prepare']> | undefined;
    const self = this;
    const stmt = () => {
      if (gen !== self.generation || !native) {
        native = self.db.prepare(sql);
        gen = self.generation;
      }
      return native;
    };
    const rows = <T>(p: SqlValue[], one: boolean): T[] => {
      const s = stmt();
      const out: T[] = [];
      try {
        s.bind(p as never);
        // getAsObject() would decode the column names again for every row.
        let cols: string[] | undefined;
        while (s.step()) {
          cols ??= s.getColumnNames();
          const vals = s.get();
          const row: Record<string, unknown> = {};
          for (let i = 0; i < cols.length; i++) row[cols[i]] = vals[i];
          out.push(row as T);
          if (one) break;
        }
      } catch (e) {
        throw explainSqlError(e, self.path);
      } finally {
        s.reset();
      }
      return out;
    };
    const st: Statement = {
      run(...p: SqlValue[]): RunResult {
        const s = stmt();
        guarded(self.path, () => s.run(p as never));
        const changes = self.db.getRowsModified();
        return { changes, lastInsertRowid: self.lastRowid() };
      },
      get<T>(...p: SqlValue[]): T | undefined {
        return rows<T>(p, true)[0];
      },
      all<T>(...p: SqlValue[]): T[] {
        return rows<T>(p, false);
      },
    };
    this.cache.set(sql, st);
    return st;
  }

  /** last_insert_rowid() through one prepared statement (db.exec would compile it per insert). */
  private lastRowid(): number {
    const s = this.prepare('SELECT last_insert_rowid() AS id');
    return Number(s.get<{ id: number }>()?.id ?? 0);
  }

  transaction<T>(fn: () => T): T {
    return this.tx.run(fn, this.txOps);
  }

  transactionAsync<T>(fn: () => Promise<T>): Promise<T> {
    return this.tx.runAsync(fn, this.txOps);
  }

  private readonly txOps = {
    begin: () => this.exec('BEGIN'),
    commit: () => this.exec('COMMIT'),
    rollback: () => this.db.exec('ROLLBACK'),
    after: () => {
      if (this.readOnly) return;
      this.commits++;
      if (!this.deferPersist) return this.persistNow();
      this.dirty = true;
      setImmediate(() => this.flush().catch((e) => log(`writing ${this.path} failed (kept in memory; retried at the next commit): ${e instanceof Error ? e.message : e}`)));
    },
  };

  flush(): Promise<void> {
    const upTo = this.commits;
    if (this.durable >= upTo || this.closed) return Promise.resolve();
    const done = new Promise<void>((res, rej) => this.waiters.push({ upTo, res, rej }));
    this.pump();
    return done;
  }

  /** Takes an image of what is committed and writes it off the event loop, unless one is being
   *  written: then the next one is taken when that one is on disk (commits meanwhile coalesce).
   *  Never inside a transaction: its commit calls flush again. */
  private pump(): void {
    if (this.writing || !this.dirty || this.tx.active || this.closed) return;
    this.dirty = false;
    const upTo = this.commits;
    const t0 = Date.now();
    const n = this.image.take();
    const data = this.exportImage();
    const t1 = Date.now();
    this.writing = this.image.write(n, data).then((placed) => {
      this.writing = undefined;
      if (!placed) return; // close() wrote a newer image and settled the waiters
      this.loaded = stamp(this.path);
      this.durable = Math.max(this.durable, upTo);
      log(`persisted ${data.length} bytes: export ${t1 - t0} ms (main thread), write ${Date.now() - t1} ms`);
      this.settleWaiters();
      this.pump();
    }, (e: unknown) => {
      this.writing = undefined;
      this.dirty = true; // kept: the next commit, flush() or close() writes it
      const err = e instanceof Error ? e : new Error(String(e));
      for (const w of this.waiters.splice(0)) w.rej(err);
    });
  }

  private settleWaiters(): void {
    const left = this.waiters.filter((w) => w.upTo > this.durable);
    for (const w of this.waiters) if (w.upTo <= this.durable) w.res();
    this.waiters = left;
  }

  /** Writes the image on the main thread, before returning. */
  private persistNow(): void {
    const t0 = Date.now();
    const data = this.exportImage();
    this.image.writeSync(this.image.take(), data);
    this.durable = this.commits;
    this.dirty = false;
    this.loaded = stamp(this.path);
    log(`persisted ${data.length} bytes in ${Date.now() - t0} ms`);
  }

  /** The image of the database as committed. sql.js >= 1.16 exports through SQLite's backup API
   *  into a second database: this one stays open, with its prepared statements and page cache
   *  (earlier versions closed and reopened it; store.test.ts checks this). */
  private exportImage(): Uint8Array {
    return this.db.export();
  }

  refresh(): boolean {
    if (this.tx.active || this.dirty || this.writing) return false; // never drop a commit not yet written
    const now = stamp(this.path);
    if (!now || sameStamp(now, this.loaded)) return false;
    const next = new this.SQL.Database(readFileSync(this.path));
    this.db.close();
    this.db = next;
    this.generation++;
    this.loaded = now;
    this.applyPragmas();
    return true;
  }

  sizeBytes(): number {
    return stamp(this.path)?.size ?? 0;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      // What is committed and not yet durable is written now (the process may exit next); writes
      // still running hold older images and are dropped. Not where the file this store read or
      // wrote is gone: the index was removed (`rm -rf .codeindex`), and writing it back would
      // undo that (and make the rm fail on a folder no longer empty).
      const removed = this.loaded !== undefined && stamp(this.path) === undefined;
      if (!this.readOnly && !this.tx.active && this.durable < this.commits && !removed) {
        this.persistNow();
        this.image.dropRunning();
      }
    } finally {
      this.settleWaiters();
      for (const w of this.waiters.splice(0)) w.rej(new Error(`${this.path} was closed before its last commits were written`));
      this.cache.clear();
      try { this.db.close(); } catch { /* already closed */ }
    }
  }
}
