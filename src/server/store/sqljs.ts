// sql.js backend, for runtimes without node:sqlite: the database is an in-memory image loaded from
// the file; a committed write batch is persisted by writing a temp file beside the db, fsyncing it
// and renaming it over the db (atomic on POSIX), so a crash leaves the old or the new db.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import { assetPath } from '../assets';
import { debug } from '../log';
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
  /** Bumped whenever the sql.js Database object is replaced (export() or reload frees statements). */
  private generation = 0;
  private readonly tx = new TxNesting();
  private loaded: FileStamp | undefined;

  /** A commit not yet written to disk (deferPersist). */
  private dirty = false;

  private constructor(private SQL: SqlJsStatic, private db: Database, readonly path: string, readonly readOnly: boolean, private readonly deferPersist = false) {
    this.loaded = stamp(path);
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
      if (!this.deferPersist) return this.persist();
      this.dirty = true;
      setImmediate(() => this.flush());
    },
  };

  flush(): void {
    // inside a later transaction: its commit writes both
    if (!this.dirty || this.tx.active) return;
    this.dirty = false;
    this.persist();
  }

  /** Writes the image to a temp file in the same folder, fsyncs, and renames it over the db. */
  private persist(): void {
    const t0 = Date.now();
    const data = this.db.export(); // export() closes and reopens the db: statements are gone
    this.generation++;
    this.applyPragmas();
    const tmp = join(dirname(this.path), `.${basename(this.path)}.tmp-${process.pid}-${Date.now()}`);
    const fd = openSync(tmp, 'w');
    try {
      let off = 0;
      while (off < data.length) off += writeSync(fd, data, off, data.length - off);
      fsyncSync(fd);
    } catch (e) {
      closeSync(fd);
      try { unlinkSync(tmp); } catch { /* best effort */ }
      throw e;
    }
    closeSync(fd);
    renameSync(tmp, this.path);
    try {
      const dfd = openSync(dirname(this.path), 'r');
      try { fsyncSync(dfd); } finally { closeSync(dfd); }
    } catch { /* some filesystems refuse fsync on directories */ }
    this.loaded = stamp(this.path);
    log(`persisted ${data.length} bytes in ${Date.now() - t0} ms`);
  }

  refresh(): boolean {
    if (this.tx.active || this.dirty) return false; // never drop a commit not yet written
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
    if (this.dirty && !this.tx.active) this.flush();
    this.cache.clear();
    try { this.db.close(); } catch { /* already closed */ }
  }
}
