// Rows of the graph tables and the public records built from them (SPEC.md part 2). Read-only:
// nothing under graph/ writes to the store.
import type { Store } from '../store/store';

export interface NodeRow {
  id: number;
  uid: string;
  name: string;
  kind: string;
  qualified_name: string;
  start_line: number;
  end_line: number;
  signature: string;
  docstring: string;
  visibility: string;
  is_async: number;
  is_exported: number;
  rank: number;
  parent_id: number | null;
  file_id: number;
  path: string;
}

/** The columns every node query selects, with the file path joined in (`n` = nodes, `f` = files). */
export const NODE_COLS = `n.id, n.uid, n.name, n.kind, n.qualified_name, n.start_line, n.end_line, n.signature,
  n.docstring, n.visibility, n.is_async, n.is_exported, n.rank, n.parent_id, n.file_id, f.path`;
export const NODE_FROM = `nodes n JOIN files f ON f.id = n.file_id`;

/** The symbol record of SPEC.md part 2 (`score` only in ranked answers). */
export interface SymbolRecord {
  id: string;
  name: string;
  kind: string;
  qualifiedName: string;
  filePath: string;
  startLine: number;
  endLine: number;
  signature: string;
  docstring: string;
  score?: number;
}

/** The detailed node record: the symbol record plus visibility, isAsync, isExported. */
export interface NodeRecord extends SymbolRecord {
  visibility: string;
  isAsync: boolean;
  isExported: boolean;
}

export function toSymbol(r: NodeRow, score?: number): SymbolRecord {
  const s: SymbolRecord = {
    id: r.uid,
    name: r.name,
    kind: r.kind,
    qualifiedName: r.qualified_name,
    filePath: r.path,
    startLine: Number(r.start_line),
    endLine: Number(r.end_line),
    signature: r.signature,
    docstring: r.docstring,
  };
  if (score !== undefined) s.score = Math.round(score * 1000) / 1000;
  return s;
}

export function toNodeRecord(r: NodeRow): NodeRecord {
  return { ...toSymbol(r), visibility: r.visibility, isAsync: !!Number(r.is_async), isExported: !!Number(r.is_exported) };
}

/** Edge kinds that are relationships between symbols (everything but `contains`). */
export const CALL_KINDS = ['calls', 'instantiates'] as const;
export const TYPE_KINDS = ['extends', 'implements'] as const;
export const USAGE_KINDS = ['calls', 'instantiates', 'references', 'extends', 'implements', 'overrides'] as const;

export function nodeById(store: Store, id: number): NodeRow | undefined {
  return store.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.id = ?`).get<NodeRow>(id);
}

export function nodeByUid(store: Store, uid: string): NodeRow | undefined {
  return store.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.uid = ?`).get<NodeRow>(uid);
}

/**
 * Placeholders for an IN list, padded to a power of two by repeating the last value: a few
 * statement texts for the store's statement cache instead of one per list length (each new text
 * is compiled again, milliseconds on sql.js).
 */
export function inList<T>(values: T[]): { sql: string; params: T[] } {
  let n = 1;
  while (n < values.length) n *= 2;
  const params = values.slice();
  while (params.length < n) params.push(values[values.length - 1]);
  return { sql: params.map(() => '?').join(','), params };
}

/** Loads many nodes by internal id (chunked IN lists), keyed by id. */
export function nodesByIds(store: Store, ids: Iterable<number>): Map<number, NodeRow> {
  const out = new Map<number, NodeRow>();
  const all = [...new Set(ids)];
  for (let i = 0; i < all.length; i += 500) {
    const chunk = all.slice(i, i + 500);
    const list = inList(chunk);
    const rows = store.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.id IN (${list.sql})`).all<NodeRow>(...list.params);
    for (const r of rows) out.set(Number(r.id), r);
  }
  return out;
}

export interface EdgeRow {
  id: number;
  src: number;
  dst: number | null;
  kind: string;
  resolution: string;
  line: number | null;
  target: string | null;
  file_id: number;
}

/** The columns every edge query selects (`e` = edges). */
export const EDGE_COLS = 'e.id, e.src, e.dst, e.kind, e.resolution, e.line, e.target, e.file_id';

/** Edges out of (dir 'out') or into (dir 'in') the given nodes, of the given kinds. */
export function edgesOf(store: Store, ids: number[], dir: 'in' | 'out', kinds: readonly string[]): EdgeRow[] {
  if (!ids.length || !kinds.length) return [];
  const out: EdgeRow[] = [];
  const col = dir === 'out' ? 'src' : 'dst';
  const kindList = kinds.map(() => '?').join(',');
  for (let i = 0; i < ids.length; i += 400) {
    const chunk = ids.slice(i, i + 400);
    const list = inList(chunk);
    const sql = `SELECT ${EDGE_COLS} FROM edges e WHERE e.${col} IN (${list.sql}) AND e.kind IN (${kindList})`;
    out.push(...store.prepare(sql).all<EdgeRow>(...list.params, ...kinds));
  }
  return out;
}

/** A graph edge as tools show it. `dispatch` marks a call that may reach `to` through an interface or override. */
export interface EdgeRecord {
  from: string;
  to: string;
  kind: string;
  resolution: string;
  line: number | null;
  dispatch?: boolean;
  /** For dispatch edges: the declared target the call was written against. */
  via?: string;
}

/**
 * A token that changes whenever the database content may have changed: other connections'
 * commits (data_version), this connection's writes (total_changes) and sql.js reloads.
 */
export function dataVersion(store: Store, reloads = 0): string {
  try {
    const r = store.prepare('SELECT total_changes() AS t').get<{ t: number }>();
    const v = store.prepare('PRAGMA data_version').get<{ data_version: number }>();
    return `${reloads}:${v?.data_version ?? 0}:${r?.t ?? 0}`;
  } catch {
    return `${reloads}:x`;
  }
}

export function hasTable(store: Store, name: string): boolean {
  return !!store.prepare(`SELECT 1 AS x FROM sqlite_master WHERE type IN ('table','view') AND name = ?`).get(name);
}
