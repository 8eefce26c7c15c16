// Resolving stored edges of unchanged files again after other files changed: which ones (what
// SyncDelta recorded), and how. An edge keeps its kind, not the reference kind it was read as:
// `references` was a value or a type, and `instantiates` a `new` or a call of a class; the one
// that gives the edge's current target is taken, else a guess from the kind of the symbol it
// pointed at.
import type { GraphDb } from './graph-db';
import { Resolver, readAsColumn, refKindOfEdge } from './resolve';
import type { RefKind } from './types';

/**
 * Ids of edges to resolve again once the changed files' own refs are resolved (see delta.ts);
 * edges of the changed files themselves may be among them (reresolveEdges skips those).
 */
export function edgesToReresolve(db: GraphDb): Set<number> {
  const s = db.store;
  const d = db.delta;
  d.compareHeritage((f) => db.heritageOf(f));
  const ids = new Set<number>(d.detached.keys());
  const add = (rows: { id: number }[]) => { for (const r of rows) ids.add(r.id); };
  const unresolved = s.prepare("SELECT id FROM edges WHERE target = ? AND dst IS NULL AND kind != 'imports'");
  // (not a file's own symbol bound by scope: nothing elsewhere comes before it; but a prototype
  // gives way to a definition elsewhere, ResolveRules.prototypes)
  const intoNamed = s.prepare(`SELECT e.id FROM nodes n JOIN edges e ON e.dst = n.id WHERE n.name_lower = ? AND n.name = ?
    AND e.kind NOT IN ('contains', 'imports') AND NOT (e.file_id = n.file_id AND e.resolution = 'scope' AND n.is_declaration = 0)`);
  for (const name of d.names) {
    add(unresolved.all<{ id: number }>(name));
    add(intoNamed.all<{ id: number }>(name.toLowerCase(), name));
  }
  const into = s.prepare("SELECT e.id FROM nodes n JOIN edges e ON e.dst = n.id WHERE n.file_id = ? AND n.kind != 'file' AND e.file_id != ?");
  for (const f of d.unstable) add(into.all<{ id: number }>(f, f));
  // `import X from './f'`: X, `X.m()`, `new X.Y()` bound through the one exported candidate
  const viaDefault = s.prepare(`SELECT e.id FROM file_imports i JOIN edges e ON e.file_id = i.file_id
    WHERE i.resolved_file_id = ? AND i.imported = 'default' AND (e.target = i.local OR instr(e.receiver, i.local) > 0)`);
  for (const f of d.exportsChanged) add(viaDefault.all<{ id: number }>(f));
  // `operate((src, sub) => sub.add())`: a call into a file whose imports or bindings changed
  // may type the values of the code around it otherwise
  const beside = s.prepare(`SELECT DISTINCT r.id FROM nodes n JOIN edges x ON x.dst = n.id JOIN edges r ON r.src = x.src
    WHERE n.file_id = ? AND x.file_id != ? AND r.receiver IS NOT NULL AND r.kind NOT IN ('contains', 'imports', 'overrides')`);
  for (const f of new Set([...d.unstable, ...d.context])) add(beside.all<{ id: number }>(f, f));
  return ids;
}

/** Files whose classes extend or implement (at any depth) a class of a file whose methods or
 *  supertypes changed: their overrides edges are computed again. */
export function hierarchyFiles(db: GraphDb): number[] {
  const files = [...db.delta.hierarchy];
  if (!files.length) return [];
  return db.store.prepare(`WITH RECURSIVE sub(id, depth) AS (
      SELECT id, 0 FROM nodes WHERE file_id IN (${files.map(() => '?').join(',')}) AND kind IN ('class', 'interface', 'struct', 'trait', 'enum', 'type')
      UNION SELECT e.src, sub.depth + 1 FROM sub JOIN edges e ON e.dst = sub.id AND e.kind IN ('extends', 'implements') WHERE sub.depth < 8)
    SELECT DISTINCT n.file_id AS f FROM sub JOIN nodes n ON n.id = sub.id`).all<{ f: number }>(...files).map((r) => r.f);
}

interface StoredEdge { id: number; src: number; dst: number | null; file_id: number; kind: string; resolution: string; target: string; receiver: string | null; line: number; ref: string | null; args: number | null; argv: string | null }

/** Kinds only a type position names (a value lookup might bind a same-named constant). */
const TYPE_ONLY = new Set(['interface', 'type', 'trait', 'struct']);

function readAs(e: StoredEdge, pointedAt: string | undefined): RefKind[] {
  switch (e.kind) {
    case 'references': {
      if (e.ref === 'type' || e.ref === 'value') return [e.ref]; // as it was read, like a full index
      // the unique-name heuristic binds a bare name only for a type
      const type = TYPE_ONLY.has(pointedAt ?? '') || (e.resolution === 'heuristic' && !e.receiver);
      return type ? ['type', 'value'] : ['value', 'type'];
    }
    case 'instantiates': return e.ref === 'call' ? ['call'] : ['new', 'call'];
    default: return [refKindOfEdge(e.kind)];
  }
}

/**
 * Resolves the edges `ids` again (those of `skipFiles` are the changed files' own, just
 * written), then, in files where one of them now binds elsewhere, the edges through a receiver
 * (`const s = make(); s.area()`: what `s` is may have changed with `make`). Targets gained or
 * lost go into `touched`. `pointedAt`: the kind of the removed symbol a detached edge pointed at.
 */
export async function reresolveEdges(db: GraphDb, resolver: Resolver, ids: Set<number>, pointedAt: Map<number, string>, skipFiles: Set<number>,
  touched: Set<number>, yieldNow: () => Promise<void>): Promise<void> {
  const get = db.store.prepare('SELECT id, src, dst, file_id, kind, resolution, target, receiver, line, ref, args, argv FROM edges WHERE id = ?');
  // a file's edges through a receiver (`x.f()`), whose binding depends on what `x` is
  const throughReceiver = db.store.prepare("SELECT id FROM edges WHERE file_id = ? AND receiver IS NOT NULL AND kind NOT IN ('contains', 'imports', 'overrides')");
  const moved = new Set<number>();
  const redo = async (id: number) => {
    await yieldNow();
    const e = get.get<StoredEdge>(id);
    if (!e || skipFiles.has(e.file_id) || e.kind === 'imports' || e.kind === 'contains' || e.kind === 'overrides') return;
    if (pointedAt.has(id)) moved.add(e.file_id);
    const kinds = readAs(e, pointedAt.get(id) ?? (e.dst === null ? undefined : db.node(e.dst)?.kind));
    const ref = { src: e.src, fileId: e.file_id, name: e.target, receiver: e.receiver, line: e.line, args: e.args ?? undefined, argv: e.argv ?? undefined };
    let res = resolver.resolve({ ...ref, kind: kinds[0] });
    if (e.dst !== null && res.dst !== e.dst) {
      for (const k of kinds.slice(1)) {
        const alt = resolver.resolve({ ...ref, kind: k });
        if (alt.dst === e.dst) { res = alt; break; }
      }
    }
    // (a call read as one, `D()`, is a call again where it binds nothing, as in a full index)
    const call = e.kind === 'calls' || e.ref === 'call';
    const edgeKind = res.dst === null && !call ? e.kind : res.edgeKind;
    const read = e.kind === 'references' ? e.ref : call ? readAsColumn('call', edgeKind) : null;
    if (res.dst === e.dst && edgeKind === e.kind && res.resolution === e.resolution && read === e.ref) return;
    db.updateEdge(e.id, res.dst, edgeKind, res.resolution, read);
    if (res.dst !== null) touched.add(res.dst);
    if (e.dst !== null) touched.add(e.dst); // it lost this edge
    if (res.dst !== e.dst) moved.add(e.file_id);
  };
  for (const id of ids) await redo(id);
  for (const f of moved) {
    if (skipFiles.has(f)) continue;
    for (const { id } of throughReceiver.all<{ id: number }>(f)) if (!ids.has(id)) await redo(id);
  }
}
