// One storage interface over two SQLite backends: node:sqlite (on-disk, WAL, readers concurrent
// with a writer) when the runtime has it, else sql.js (an in-memory image persisted by writing a
// temp file and renaming it over the db, so a crash leaves the old or the new file, never a torn one).
export type SqlValue = string | number | bigint | null | Uint8Array;
export type Row = Record<string, SqlValue>;

export interface RunResult {
  changes: number;
  lastInsertRowid: number;
}

export interface Statement {
  run(...params: SqlValue[]): RunResult;
  get<T = Row>(...params: SqlValue[]): T | undefined;
  all<T = Row>(...params: SqlValue[]): T[];
}

export type BackendName = 'node-sqlite' | 'sqljs';

export interface Store {
  readonly backend: BackendName;
  /** What `PRAGMA journal_mode` answers on this connection (wal on node:sqlite, memory on sql.js). */
  readonly journalMode: string;
  readonly path: string;
  readonly readOnly: boolean;
  exec(sql: string): void;
  /** Prepared statements are cached by their SQL text. */
  prepare(sql: string): Statement;
  /**
   * Runs fn in one transaction (nested calls join the outer one). When the outermost one commits,
   * the batch is durable and visible to other processes: node:sqlite checkpoints the WAL
   * (TRUNCATE) so sql.js readers see it; sql.js writes its image to disk atomically (with
   * `deferPersist`: a moment later, see OpenOptions).
   */
  transaction<T>(fn: () => T): T;
  /** Like transaction, for work that yields to the event loop between steps (a long resolve in a
   *  serving process). Other code on this connection joins it meanwhile and sees its writes. */
  transactionAsync<T>(fn: () => Promise<T>): Promise<T>;
  /** sql.js readers: reload the image if another process replaced the file. Returns true if reloaded. */
  refresh(): boolean;
  /** Size of the database on disk (db file plus WAL), in bytes. */
  sizeBytes(): number;
  /** Resolves once the file holds every transaction committed before the call (sql.js opened
   *  with `deferPersist` writes them off the event loop; at once otherwise). close() writes
   *  them synchronously. */
  flush(): Promise<void>;
  close(): void;
}

export interface OpenOptions {
  readOnly?: boolean;
  /** Overrides CODEINDEX_DB_BACKEND and auto-selection. */
  backend?: BackendName;
  /** sql.js: a commit writes the image to disk from the next turn of the event loop, not inside
   *  the commit, and the write and fsync run on the libuv pool: a serving process answers the
   *  calls waiting for the new data first (export and write of 40 MB took 90-350 ms of each
   *  edit). The writer awaits flush() before it lets go of the sync lock, so other processes
   *  still only ever see whole, written batches. */
  deferPersist?: boolean;
}

/** Transaction nesting shared by both backends: nested calls join the outer transaction; the
 *  outermost one begins, commits (or rolls back and rethrows), then runs `after` (persist). */
export class TxNesting {
  private depth = 0;

  get active(): boolean {
    return this.depth > 0;
  }

  run<T>(fn: () => T, ops: TxOps): T {
    if (this.depth > 0) {
      this.depth++;
      try { return fn(); } finally { this.depth--; }
    }
    this.open(ops);
    let result: T;
    try { result = fn(); } catch (e) { this.abort(ops); throw e; }
    return this.close(ops, result);
  }

  async runAsync<T>(fn: () => Promise<T>, ops: TxOps): Promise<T> {
    if (this.depth > 0) {
      this.depth++;
      try { return await fn(); } finally { this.depth--; }
    }
    this.open(ops);
    let result: T;
    try { result = await fn(); } catch (e) { this.abort(ops); throw e; }
    return this.close(ops, result);
  }

  private open(ops: TxOps): void {
    ops.begin();
    this.depth = 1;
  }

  private abort(ops: TxOps): void {
    this.depth = 0;
    try { ops.rollback(); } catch { /* already rolled back */ }
  }

  /** Commits (a failed commit rolls back and throws), then runs what follows a commit. */
  private close<T>(ops: TxOps, result: T): T {
    try { ops.commit(); } catch (e) { this.abort(ops); throw e; }
    this.depth = 0;
    ops.after();
    return result;
  }
}

interface TxOps { begin(): void; commit(): void; rollback(): void; after(): void }

export class StoreError extends Error {
  constructor(message: string, readonly code: 'locked' | 'corrupt' | 'unavailable' | 'io') {
    super(message);
  }
}

let nodeSqlite: unknown | null | undefined;
/** Loads node:sqlite once, without the ExperimentalWarning some Node versions print. */
export function loadNodeSqlite(): unknown | null {
  if (nodeSqlite !== undefined) return nodeSqlite;
  const emit = process.emitWarning;
  process.emitWarning = (() => {}) as typeof process.emitWarning;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    nodeSqlite = require('node:sqlite');
  } catch {
    nodeSqlite = null;
  } finally {
    process.emitWarning = emit;
  }
  return nodeSqlite;
}

export function nodeSqliteAvailable(): boolean {
  return loadNodeSqlite() !== null;
}

/** Runs fn, turning a backend error into one that names the cause and the next step. */
export function guarded<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw explainSqlError(e, path);
  }
}

/** Turns a backend's raw error into one that names the cause and the next step. */
export function explainSqlError(e: unknown, path: string): Error {
  const msg = e instanceof Error ? e.message : String(e);
  if (/database is locked|SQLITE_BUSY/i.test(msg)) {
    return new StoreError(`database ${path} is locked: another process is indexing or the database is corrupted; wait and retry, or remove .codeindex/ and re-index`, 'locked');
  }
  if (/malformed|not a database|SQLITE_CORRUPT|SQLITE_NOTADB/i.test(msg)) {
    return new StoreError(`database ${path} is corrupted (${msg}); remove .codeindex/ and re-index with 'codeindex --init --path <project>'`, 'corrupt');
  }
  return e instanceof Error ? e : new Error(msg);
}
