// Temp projects written from a { path: content } map, and queries on their index.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Store } from '../../../src/server/store/store';
import { Indexer } from '../../../src/server/index/sync';

export function makeProject(files: Record<string, string>, prefix = 'ci-proj-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  writeFiles(root, files);
  return root;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

export function removeProject(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** A temp project indexed once for one test: `run` gets its indexer and root; both go afterwards. */
export async function withIndexedProject<T>(files: Record<string, string>, run: (ix: Indexer, root: string) => Promise<T>): Promise<T> {
  const root = makeProject(files);
  const ix = await Indexer.open(root);
  try {
    await ix.sync();
    return await run(ix, root);
  } finally {
    ix.close();
    removeProject(root);
  }
}

export interface EdgeView { kind: string; resolution: string; from: string; to: string | null; target: string }

/** Edges as readable rows: from/to are node uids. */
export function edges(store: Store, kind?: string): EdgeView[] {
  return store.prepare(`SELECT e.kind, e.resolution, s.uid AS "from", d.uid AS "to", e.target FROM edges e
      JOIN nodes s ON s.id = e.src LEFT JOIN nodes d ON d.id = e.dst ${kind ? 'WHERE e.kind = ?' : ''} ORDER BY s.uid, e.line, e.target`)
    .all<EdgeView>(...(kind ? [kind] : [])).map((r) => ({ ...r }));
}

export function edgeFrom(store: Store, from: string, target: string, kind?: string): EdgeView | undefined {
  return edges(store, kind).find((e) => e.from === from && e.target === target);
}

/** A call from `from` to a name as written: [its target's uid or null, how it was resolved]. */
export function callTo(store: Store, from: string, target: string): [string | null, string | undefined] {
  const e = edgeFrom(store, from, target, 'calls');
  return [e?.to ?? null, e?.resolution];
}

/** Every call from `from` to a name as written. */
export function callsTo(store: Store, from: string, target: string): EdgeView[] {
  return edges(store, 'calls').filter((e) => e.from === from && e.target === target);
}

export function uids(store: Store): string[] {
  return store.prepare('SELECT uid FROM nodes ORDER BY uid').all<{ uid: string }>().map((r) => r.uid);
}

export function files(store: Store): string[] {
  return store.prepare('SELECT path FROM files ORDER BY path').all<{ path: string }>().map((r) => r.path);
}

/** The graph as sets a full index and an incremental one must agree on: every edge as
 *  (src uid, dst uid, kind, resolution, line), every node as (uid, kind, rank), sorted. Plain
 *  references left unresolved are not compared: a full index stores only the type ones, an
 *  incremental one also keeps value ones that were bound (detached), so they bind again when the
 *  symbol comes back. */
export function graphRows(store: Store): { edges: string[]; nodes: string[] } {
  const edges = store.prepare(`SELECT s.uid AS s, d.uid AS d, e.kind, e.resolution, e.line FROM edges e
      JOIN nodes s ON s.id = e.src LEFT JOIN nodes d ON d.id = e.dst WHERE NOT (e.kind = 'references' AND e.dst IS NULL)`).all<{ s: string; d: string | null; kind: string; resolution: string; line: number }>()
    .map((r) => `${r.s} -> ${r.d ?? '?'} ${r.kind} ${r.resolution} @${r.line}`).sort();
  const nodes = store.prepare('SELECT uid, kind, rank FROM nodes').all<{ uid: string; kind: string; rank: number }>()
    .map((r) => `${r.uid} ${r.kind} ${r.rank}`).sort();
  return { edges, nodes };
}
