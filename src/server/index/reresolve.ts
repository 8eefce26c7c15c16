// Resolving stored edges of unchanged files again (after other files changed). An edge keeps
// its kind, not the reference kind it was read as: `references` was a value or a type, and
// `instantiates` a `new` or a call of a class; the one that gives the edge's current target is
// taken, else a guess from the kind of the symbol it pointed at.
import type { GraphDb } from './graph-db';
import { Resolver, refKindOfEdge } from './resolve';
import type { RefKind } from './types';

interface StoredEdge { id: number; src: number; dst: number | null; file_id: number; kind: string; resolution: string; target: string; receiver: string | null; line: number }

/** Kinds only a type position names (a value lookup might bind a same-named constant). */
const TYPE_ONLY = new Set(['interface', 'type', 'trait', 'struct']);

function readAs(e: StoredEdge, pointedAt: string | undefined): RefKind[] {
  switch (e.kind) {
    case 'references': {
      // the unique-name heuristic binds a bare name only for a type
      const type = TYPE_ONLY.has(pointedAt ?? '') || (e.resolution === 'heuristic' && !e.receiver);
      return type ? ['type', 'value'] : ['value', 'type'];
    }
    case 'instantiates': return ['new', 'call'];
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
  const get = db.store.prepare('SELECT id, src, dst, file_id, kind, resolution, target, receiver, line FROM edges WHERE id = ?');
  const moved = new Set<number>();
  const redo = async (id: number) => {
    await yieldNow();
    const e = get.get<StoredEdge>(id);
    if (!e || skipFiles.has(e.file_id) || e.kind === 'imports' || e.kind === 'contains' || e.kind === 'overrides') return;
    if (pointedAt.has(id)) moved.add(e.file_id);
    const kinds = readAs(e, pointedAt.get(id) ?? (e.dst === null ? undefined : db.node(e.dst)?.kind));
    const ref = { src: e.src, fileId: e.file_id, name: e.target, receiver: e.receiver, line: e.line };
    let res = resolver.resolve({ ...ref, kind: kinds[0] });
    if (e.dst !== null && res.dst !== e.dst) {
      for (const k of kinds.slice(1)) {
        const alt = resolver.resolve({ ...ref, kind: k });
        if (alt.dst === e.dst) { res = alt; break; }
      }
    }
    const edgeKind = res.dst === null ? e.kind : res.edgeKind;
    if (res.dst === e.dst && edgeKind === e.kind && res.resolution === e.resolution) return;
    db.updateEdge(e.id, res.dst, edgeKind, res.resolution);
    if (res.dst !== null) touched.add(res.dst);
    if (e.dst !== null) touched.add(e.dst); // it lost this edge
    if (res.dst !== e.dst) moved.add(e.file_id);
  };
  for (const id of ids) await redo(id);
  for (const f of moved) {
    if (skipFiles.has(f)) continue;
    for (const id of db.receiverEdges(f)) if (!ids.has(id)) await redo(id);
  }
}
