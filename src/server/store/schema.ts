// The code-graph schema and its version check. Node ids are '<file_path>::<qualifiedName>'; a
// second symbol with the same qualified name in the same file (overloads, redeclarations) gets
// '#2', '#3'... in source order. Search uses FTS4 (present in both node:sqlite and sql.js, unlike
// FTS5) plus name indexes, and the ranking is computed in JS, so both backends rank the same.
import { mkdirSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenOptions, Store } from './store';
import { openStore } from './open';
import { EXTRACTION_VERSION, VERSION } from '../version';

/** Bump when the tables change shape; like EXTRACTION_VERSION, a mismatch rebuilds the index. */
export const SCHEMA_VERSION = 10;

export const INDEX_DIR = '.codeindex';
export const DB_FILE = 'codeindex.db';

const TABLES = `
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS files (
  id          INTEGER PRIMARY KEY,
  path        TEXT NOT NULL UNIQUE,          -- relative to the project root, '/' separators
  language    TEXT NOT NULL,
  hash        TEXT NOT NULL,                 -- content hash: incremental sync compares it
  size        INTEGER NOT NULL,
  mtime_ms    INTEGER NOT NULL,
  indexed_at  INTEGER NOT NULL,
  error_count INTEGER NOT NULL DEFAULT 0,    -- tree-sitter ERROR nodes (the file is still indexed)
  package     TEXT NOT NULL DEFAULT ''       -- its package header as written (Java, Kotlin: 'a.b'), if any
);
CREATE TABLE IF NOT EXISTS nodes (
  id             INTEGER PRIMARY KEY,        -- internal; edges point at it
  uid            TEXT NOT NULL,              -- public id '<file_path>::<qualifiedName>[#n]' (unique: nodes_uid)
  file_id        INTEGER NOT NULL,
  parent_id      INTEGER,                    -- containing node (NULL for top level and files)
  name           TEXT NOT NULL,
  name_lower     TEXT NOT NULL,
  kind           TEXT NOT NULL,
  qualified_name TEXT NOT NULL,
  start_line     INTEGER NOT NULL,
  end_line       INTEGER NOT NULL,
  start_col      INTEGER NOT NULL DEFAULT 0,
  signature      TEXT NOT NULL DEFAULT '',
  docstring      TEXT NOT NULL DEFAULT '',
  visibility     TEXT NOT NULL DEFAULT '',
  is_async       INTEGER NOT NULL DEFAULT 0,
  is_exported    INTEGER NOT NULL DEFAULT 0,
  is_declaration INTEGER NOT NULL DEFAULT 0, -- a function or method without a body (a C prototype)
  rank           REAL NOT NULL DEFAULT 0     -- centrality: number of incoming calls/references/heritage edges
);
CREATE INDEX IF NOT EXISTS nodes_file  ON nodes(file_id);
CREATE INDEX IF NOT EXISTS nodes_parent ON nodes(parent_id);
CREATE TABLE IF NOT EXISTS edges (
  id         INTEGER PRIMARY KEY,
  src        INTEGER NOT NULL,               -- node id
  dst        INTEGER,                        -- node id; NULL while unresolved
  kind       TEXT NOT NULL,                  -- contains|calls|instantiates|imports|extends|implements|overrides|references
  resolution TEXT NOT NULL,                  -- exact|scope|import|heuristic|unresolved
  file_id    INTEGER NOT NULL,               -- file the edge was read from; dropped with it
  line       INTEGER,
  target     TEXT,                           -- the name (or module) as written, kept for re-resolution
  receiver   TEXT,                           -- for member calls: 'this', 'self', 'obj.field'...
  ref        TEXT,                           -- a 'references' edge: read as a 'type' or a 'value' (to resolve it again alike)
  args       INTEGER,                        -- a call's argument count, where methods overload by it (else NULL)
  argv       TEXT                            -- its arguments as written, where they overload by type (ExtractedRef.argv)
);
CREATE TABLE IF NOT EXISTS file_imports (   -- import bindings as written, for re-resolution
  file_id  INTEGER NOT NULL,
  source   TEXT NOT NULL,
  imported TEXT NOT NULL,
  local    TEXT NOT NULL,
  line     INTEGER NOT NULL,
  reexport INTEGER NOT NULL DEFAULT 0,
  resolved_file_id INTEGER                   -- the project file the source resolved to, if any
);
CREATE INDEX IF NOT EXISTS file_imports_file ON file_imports(file_id);
CREATE TABLE IF NOT EXISTS bindings (       -- typed names: parameters, fields, locals
  file_id  INTEGER NOT NULL,
  scope_id INTEGER NOT NULL,                 -- node declaring it (function, class; file node at top level)
  name     TEXT NOT NULL,                    -- also '()' a return type, '(i).j' a callback's parameter, 'export b' a file's alias
  type     TEXT NOT NULL,                    -- type name as written, or an expression to type (see receiver-type.ts)
  start_line INTEGER,                        -- set when it holds in part of the scope only (a callback's parameters)
  end_line   INTEGER
);
CREATE INDEX IF NOT EXISTS bindings_file ON bindings(file_id);
-- docid = nodes.id; words = name split on camelCase/snake_case, lower case
CREATE VIRTUAL TABLE IF NOT EXISTS nodes_fts USING fts4(words, signature, docstring, path, tokenize=unicode61);
`;

/** Indexes that only readers and incremental syncs use. A full index into an empty db drops them
 *  and builds them once its rows are in (sorting once beats updating four b-trees per edge); the
 *  ones it needs meanwhile (by file, by parent, a file's bindings and imports) stay in TABLES.
 *  Meanwhile a reader's lookup by id scans the nodes (the kernel's 4M at the end: 0.5-1 s warm). */
const DEFERRED_INDEXES: [name: string, sql: string][] = [
  ['nodes_uid', 'CREATE UNIQUE INDEX IF NOT EXISTS nodes_uid ON nodes(uid)'],
  ['nodes_name', 'CREATE INDEX IF NOT EXISTS nodes_name  ON nodes(name_lower)'],
  ['nodes_qname', 'CREATE INDEX IF NOT EXISTS nodes_qname ON nodes(qualified_name)'],
  ['edges_src', 'CREATE INDEX IF NOT EXISTS edges_src  ON edges(src, kind)'],
  ['edges_dst', 'CREATE INDEX IF NOT EXISTS edges_dst  ON edges(dst, kind)'],
  ['edges_file', 'CREATE INDEX IF NOT EXISTS edges_file ON edges(file_id)'],
  ['edges_unresolved', 'CREATE INDEX IF NOT EXISTS edges_unresolved ON edges(target) WHERE dst IS NULL'],
  ['file_imports_target', 'CREATE INDEX IF NOT EXISTS file_imports_target ON file_imports(resolved_file_id)'],
  ['bindings_scope', 'CREATE INDEX IF NOT EXISTS bindings_scope ON bindings(scope_id, name)'],
];

/** Drops the deferred indexes (before a bulk load into an empty db). */
export function dropDeferredIndexes(store: Store): void {
  for (const [name] of DEFERRED_INDEXES) store.exec(`DROP INDEX IF EXISTS ${name}`);
}

/** Creates the deferred indexes that are missing (after a bulk load, or one a crash interrupted). */
export function ensureDeferredIndexes(store: Store): void {
  for (const sql of missingDeferredIndexes(store)) store.exec(sql);
}

/** The statements that create the deferred indexes not in the db (one at a time, so a serving
 *  process's event loop runs between them: the Linux kernel's took 20 s in all). */
export function missingDeferredIndexes(store: Store): string[] {
  const have = new Set(store.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all<{ name: string }>().map((r) => r.name));
  return DEFERRED_INDEXES.filter(([name]) => !have.has(name)).map(([, sql]) => sql);
}

/** Creates one deferred index if it is missing (a lookup that cannot wait for the bulk load's end). */
export function ensureDeferredIndex(store: Store, name: string): void {
  const sql = DEFERRED_INDEXES.find(([n]) => n === name)?.[1];
  if (!sql) throw new Error(`no deferred index ${name}`);
  store.exec(sql);
}

const ALL_TABLES = ['meta', 'files', 'nodes', 'edges', 'file_imports', 'bindings', 'nodes_fts'];

export interface IndexInfo {
  version: string;
  extractionVersion: number;
  schemaVersion: number;
  lastIndexedAt: number;
}

export function indexDir(projectRoot: string): string {
  return join(projectRoot, INDEX_DIR);
}

export function dbPath(projectRoot: string): string {
  return join(projectRoot, INDEX_DIR, DB_FILE);
}

/** Creates .codeindex/ (with a .gitignore of '*' so it never lands in git). */
export function ensureIndexDir(projectRoot: string): string {
  const dir = indexDir(projectRoot);
  mkdirSync(dir, { recursive: true });
  const gi = join(dir, '.gitignore');
  if (!existsSync(gi)) writeFileSync(gi, '*\n');
  return dir;
}

export interface OpenedIndex {
  store: Store;
  /** True when the tables were (re)created: empty, or built by another extraction/schema version. */
  needsFullIndex: boolean;
}

/**
 * Opens the project's index for writing, creating or rebuilding the schema as needed: an index
 * written by another extraction or schema version is wiped rather than served stale.
 */
export async function openIndex(projectRoot: string, opts: OpenOptions = {}): Promise<OpenedIndex> {
  ensureIndexDir(projectRoot);
  const store = await openStore(dbPath(projectRoot), opts);
  if (store.readOnly) return { store, needsFullIndex: false };
  const info = readInfo(store);
  let needsFullIndex = false;
  if (!info || info.extractionVersion !== EXTRACTION_VERSION || info.schemaVersion !== SCHEMA_VERSION) {
    store.transaction(() => {
      for (const t of ALL_TABLES) store.exec(`DROP TABLE IF EXISTS ${t}`);
      store.exec(TABLES);
      ensureDeferredIndexes(store);
      writeMeta(store, { version: VERSION, extractionVersion: EXTRACTION_VERSION, schemaVersion: SCHEMA_VERSION, lastIndexedAt: 0 });
    });
    needsFullIndex = true;
  } else if (info.version !== VERSION) {
    store.transaction(() => writeMeta(store, { ...info, version: VERSION }));
  }
  return { store, needsFullIndex };
}

export function readInfo(store: Store): IndexInfo | undefined {
  let rows: { key: string; value: string }[];
  try {
    rows = store.prepare('SELECT key, value FROM meta').all<{ key: string; value: string }>();
  } catch {
    return undefined; // no meta table: not an index yet
  }
  const m = new Map(rows.map((r) => [r.key, r.value]));
  if (!m.has('extractionVersion')) return undefined;
  return {
    version: m.get('version') ?? '',
    extractionVersion: Number(m.get('extractionVersion')),
    schemaVersion: Number(m.get('schemaVersion') ?? 0),
    lastIndexedAt: Number(m.get('lastIndexedAt') ?? 0),
  };
}

export function writeMeta(store: Store, info: Partial<IndexInfo> & { syncState?: 'indexing' | 'complete' }): void {
  const st = store.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  for (const [k, v] of Object.entries(info)) if (v !== undefined) st.run(k, String(v));
}
