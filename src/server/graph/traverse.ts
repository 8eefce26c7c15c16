// Graph traversal: callers, callees, usages, type hierarchy, implementations and impact, with
// dynamic dispatch: a call written against an interface method or an overridable method may run
// any of its overrides, so find_callees and find_impact fan out to them (marked `dispatch: true`,
// `via` = the method the call names), and find_callers of an override includes the calls to the
// methods it overrides. Overrides are read from `overrides` edges and, where those are missing,
// from same-named methods of subtypes (`extends` / `implements` edges).
import type { Graph } from './graph';
import { CALL_KINDS, EDGE_COLS, EdgeRecord, EdgeRow, edgesOf, inList, NodeRow, nodesByIds, SymbolRecord, toSymbol, USAGE_KINDS } from './rows';

export const GRAPH_MAX_NODES = 200;
export const IMPACT_MAX_DEPTH = 3;
export const HIERARCHY_MAX_DEPTH = 12;

const TYPE_KINDS_OF_NODE = new Set(['class', 'interface', 'struct', 'trait', 'enum', 'type']);
const METHOD_KINDS = new Set(['method', 'function', 'constructor', 'property', 'field']);
const CONTAINER_KINDS = new Set(['class', 'interface', 'struct', 'trait', 'enum', 'module', 'namespace', 'file']);

export interface GraphNode extends SymbolRecord {
  /** Hops from the symbol asked about (0 = the symbol itself). */
  depth: number;
  /** Why the node is in the answer: root, caller, callee, usage, ancestor, descendant, implementation, impacted, cycle, dead. */
  role: string;
}

export interface PathRecord {
  from: string;
  to: string;
  /** Node ids from `from` to `to`, both included. */
  path: string[];
}

export interface Unresolved {
  /** The name as written at the call site; no project symbol was found for it. */
  name: string;
  from: string;
  line: number | null;
}

export interface Traversal {
  nodes: GraphNode[];
  edges: EdgeRecord[];
  paths: PathRecord[];
  truncated: boolean;
  /** Calls whose target the indexer could not resolve (library or dynamic calls). */
  unresolved?: Unresolved[];
}

/** Collects nodes and edges of one answer, bounded by `max` nodes. */
export class Collector {
  readonly nodes = new Map<number, { depth: number; role: string }>();
  readonly edges: { e: EdgeRow; from: number; to: number; dispatch?: boolean; via?: number }[] = [];
  private edgeKeys = new Set<string>();
  truncated = false;
  constructor(readonly max = GRAPH_MAX_NODES) {}

  addNode(id: number, depth: number, role: string): boolean {
    if (this.nodes.has(id)) return true;
    if (this.nodes.size >= this.max) { this.truncated = true; return false; }
    this.nodes.set(id, { depth, role });
    return true;
  }

  addEdge(e: EdgeRow, from: number, to: number, extra: { dispatch?: boolean; via?: number } = {}): void {
    const key = `${from}>${to}>${e.kind}>${extra.dispatch ? 'd' : ''}`;
    if (this.edgeKeys.has(key)) return;
    if (!this.nodes.has(from) || !this.nodes.has(to)) return;
    this.edgeKeys.add(key);
    this.edges.push({ e, from, to, ...extra });
  }

  finish(g: Graph, paths: { from: number; to: number; path: number[] }[] = []): Traversal {
    const rows = nodesByIds(g.store, [...this.nodes.keys(), ...this.edges.map((x) => x.via ?? -1).filter((v) => v >= 0)]);
    const uid = (id: number) => rows.get(id)?.uid ?? String(id);
    const nodes: GraphNode[] = [];
    for (const [id, info] of this.nodes) {
      const r = rows.get(id);
      if (r) nodes.push({ ...toSymbol(r), depth: info.depth, role: info.role });
    }
    nodes.sort((a, b) => a.depth - b.depth || (a.role < b.role ? -1 : a.role > b.role ? 1 : 0) || (a.id < b.id ? -1 : 1));
    const edges: EdgeRecord[] = this.edges.map(({ e, from, to, dispatch, via }) => {
      const rec: EdgeRecord = { from: uid(from), to: uid(to), kind: e.kind, resolution: e.resolution, line: e.line === null ? null : Number(e.line) };
      if (dispatch) { rec.dispatch = true; if (via !== undefined) rec.via = uid(via); }
      return rec;
    });
    return {
      nodes, edges, truncated: this.truncated,
      paths: paths.filter((p) => p.path.every((n) => rows.has(n))).map((p) => ({ from: uid(p.from), to: uid(p.to), path: p.path.map(uid) })),
    };
  }
}

// --- type and override relations -------------------------------------------------------------

/**
 * Every edge of some kinds, by source and by target, loaded once per database version: type and
 * override relations are walked many times per answer (find_impact asks for every method it
 * reaches), and a handful of maps beats a query per step.
 */
function links(g: Graph, kinds: readonly string[]): { out: Map<number, EdgeRow[]>; in: Map<number, EdgeRow[]> } {
  return g.cached(`links:${kinds.join(',')}`, () => {
    const out = new Map<number, EdgeRow[]>(), into = new Map<number, EdgeRow[]>();
    const rows = g.store.prepare(`SELECT ${EDGE_COLS} FROM edges e
      WHERE e.kind IN (${kinds.map(() => '?').join(',')}) AND e.dst IS NOT NULL`).all<EdgeRow>(...kinds);
    for (const e of rows) {
      const s = Number(e.src), d = Number(e.dst);
      (out.get(s) ?? out.set(s, []).get(s)!).push(e);
      (into.get(d) ?? into.set(d, []).get(d)!).push(e);
    }
    return { out, in: into };
  });
}

function linked(g: Graph, kinds: readonly string[], ids: number[], dir: 'in' | 'out'): EdgeRow[] {
  const m = links(g, kinds)[dir];
  return ids.flatMap((id) => m.get(id) ?? []);
}

/** Types that `typeId` extends or implements (dir 'up') or that extend/implement it ('down'), transitively. */
export function relatedTypes(g: Graph, typeId: number, dir: 'up' | 'down', maxDepth = HIERARCHY_MAX_DEPTH): Map<number, { depth: number; parent: number; edge: EdgeRow }> {
  const out = new Map<number, { depth: number; parent: number; edge: EdgeRow }>();
  let frontier = [typeId];
  for (let depth = 1; depth <= maxDepth && frontier.length; depth++) {
    const next: number[] = [];
    for (const e of linked(g, TYPE_EDGE_KINDS, frontier, dir === 'up' ? 'out' : 'in')) {
      const [from, to] = dir === 'up' ? [Number(e.src), Number(e.dst)] : [Number(e.dst), Number(e.src)];
      if (to === typeId || out.has(to)) continue;
      out.set(to, { depth, parent: from, edge: e });
      next.push(to);
    }
    frontier = next;
  }
  return out;
}
const TYPE_EDGE_KINDS = ['extends', 'implements'];
const OVERRIDE_KINDS = ['overrides'];

function memberByName(g: Graph, parentIds: number[], name: string): NodeRow[] {
  if (!parentIds.length) return [];
  const out: NodeRow[] = [];
  for (let i = 0; i < parentIds.length; i += 400) {
    const chunk = parentIds.slice(i, i + 400);
    const list = inList(chunk);
    out.push(...g.store.prepare(`SELECT n.id, n.uid, n.name, n.kind, n.parent_id FROM nodes n WHERE n.name = ? AND n.parent_id IN (${list.sql})`)
      .all<NodeRow>(name, ...list.params));
  }
  return out.filter((r) => METHOD_KINDS.has(r.kind));
}

/**
 * Methods that override `method` (dir 'down') or that `method` overrides ('up'), transitively,
 * each with the edge that links it (a real `overrides` edge, or a synthetic one from name matching).
 */
export function overrideChain(g: Graph, method: NodeRow, dir: 'up' | 'down'): Map<number, { via: number; edge: EdgeRow }> {
  const out = new Map<number, { via: number; edge: EdgeRow }>();
  let frontier = [Number(method.id)];
  const seen = new Set(frontier);
  for (let depth = 0; depth < HIERARCHY_MAX_DEPTH && frontier.length; depth++) {
    const next: number[] = [];
    for (const e of linked(g, OVERRIDE_KINDS, frontier, dir === 'down' ? 'in' : 'out')) {
      const [from, to] = dir === 'down' ? [Number(e.dst), Number(e.src)] : [Number(e.src), Number(e.dst)];
      if (seen.has(to)) continue;
      seen.add(to);
      out.set(to, { via: from, edge: e });
      next.push(to);
    }
    frontier = next;
  }
  // Same-named members of subtypes / supertypes of the method's container.
  if (method.parent_id !== null && method.parent_id !== undefined) {
    const types = relatedTypes(g, Number(method.parent_id), dir === 'down' ? 'down' : 'up');
    for (const m of memberByName(g, [...types.keys()], method.name)) {
      const id = Number(m.id);
      if (seen.has(id)) continue;
      seen.add(id);
      const t = types.get(Number(m.parent_id))!;
      out.set(id, { via: Number(method.id), edge: { ...t.edge, kind: 'overrides', resolution: 'heuristic', src: dir === 'down' ? id : Number(method.id), dst: dir === 'down' ? Number(method.id) : id } });
    }
  }
  return out;
}

function isType(r: NodeRow): boolean { return TYPE_KINDS_OF_NODE.has(r.kind); }

/** Members of a container (one level), e.g. a class's methods. */
export function membersOf(g: Graph, id: number): number[] {
  return edgesOf(g.store, [id], 'out', ['contains']).map((e) => Number(e.dst)).filter((d) => Number.isFinite(d));
}

/** Constructors of a class: calls to them are calls to the class. */
function constructorsOf(g: Graph, id: number): number[] {
  return g.store.prepare(`SELECT id FROM nodes WHERE parent_id = ? AND kind = 'constructor'`).all<{ id: number }>(id).map((r) => Number(r.id));
}

// --- operations ------------------------------------------------------------------------------

export function findCallers(g: Graph, root: NodeRow): Traversal {
  const c = new Collector();
  const rootId = Number(root.id);
  c.addNode(rootId, 0, 'root');
  const targets = [rootId, ...(isType(root) ? constructorsOf(g, rootId) : [])];
  for (const e of edgesOf(g.store, targets, 'in', CALL_KINDS)) {
    if (c.addNode(Number(e.src), 1, 'caller')) c.addEdge(e, Number(e.src), rootId);
  }
  if (METHOD_KINDS.has(root.kind)) {
    // Calls written against a method this one overrides may run this one.
    for (const [base] of overrideChain(g, root, 'up')) {
      for (const e of edgesOf(g.store, [base], 'in', CALL_KINDS)) {
        if (c.addNode(Number(e.src), 1, 'caller')) c.addEdge(e, Number(e.src), rootId, { dispatch: true, via: base });
      }
    }
  }
  return c.finish(g);
}

export function findCallees(g: Graph, root: NodeRow): Traversal {
  const c = new Collector();
  const rootId = Number(root.id);
  c.addNode(rootId, 0, 'root');
  const sources = [rootId, ...(CONTAINER_KINDS.has(root.kind) ? membersOf(g, rootId) : [])];
  const unresolved: Unresolved[] = [];
  const srcRows = nodesByIds(g.store, sources);
  for (const e of edgesOf(g.store, sources, 'out', CALL_KINDS)) {
    if (e.dst === null) {
      unresolved.push({ name: e.target ?? '?', from: srcRows.get(Number(e.src))?.uid ?? '', line: e.line === null ? null : Number(e.line) });
      continue;
    }
    const dst = Number(e.dst);
    if (!c.addNode(dst, 1, 'callee')) continue;
    c.addEdge(e, rootId, dst);
  }
  // Dispatch fan-out: every override of a called method may be what runs.
  const called = [...c.nodes.entries()].filter(([, v]) => v.role === 'callee').map(([id]) => id);
  const calledRows = nodesByIds(g.store, called);
  for (const id of called) {
    const r = calledRows.get(id);
    if (!r || !METHOD_KINDS.has(r.kind)) continue;
    const callEdge = c.edges.find((x) => x.to === id)!;
    for (const [impl] of overrideChain(g, r, 'down')) {
      if (c.addNode(impl, 1, 'callee')) c.addEdge(callEdge.e, rootId, impl, { dispatch: true, via: id });
    }
  }
  const t = c.finish(g);
  if (unresolved.length) t.unresolved = unresolved.slice(0, 100);
  return t;
}

export function findUsages(g: Graph, root: NodeRow): Traversal {
  const c = new Collector();
  const rootId = Number(root.id);
  c.addNode(rootId, 0, 'root');
  const kinds = root.kind === 'file' ? ['imports'] : USAGE_KINDS;
  for (const e of edgesOf(g.store, [rootId], 'in', kinds)) {
    if (c.addNode(Number(e.src), 1, 'usage')) c.addEdge(e, Number(e.src), rootId);
  }
  return c.finish(g);
}

export function findTypeHierarchy(g: Graph, root: NodeRow): Traversal {
  const c = new Collector();
  const rootId = Number(root.id);
  c.addNode(rootId, 0, 'root');
  const paths: { from: number; to: number; path: number[] }[] = [];
  if (METHOD_KINDS.has(root.kind) && !isType(root)) {
    for (const dir of ['up', 'down'] as const) {
      for (const [id, { via, edge }] of overrideChain(g, root, dir)) {
        if (!c.addNode(id, 1, dir === 'up' ? 'ancestor' : 'descendant')) break;
        if (dir === 'up') c.addEdge(edge, via, id); else c.addEdge(edge, id, via);
      }
    }
    return c.finish(g);
  }
  for (const dir of ['up', 'down'] as const) {
    const rel = relatedTypes(g, rootId, dir);
    const ordered = [...rel.entries()].sort((a, b) => a[1].depth - b[1].depth);
    for (const [id, info] of ordered) {
      if (!c.addNode(id, info.depth, dir === 'up' ? 'ancestor' : 'descendant')) break;
      c.addEdge(info.edge, Number(info.edge.src), Number(info.edge.dst));
      paths.push({ from: rootId, to: id, path: chain(rel, rootId, id) });
    }
  }
  return c.finish(g, paths);
}

function chain(rel: Map<number, { parent: number }>, root: number, id: number): number[] {
  const out = [id];
  let cur = id;
  while (cur !== root) {
    const p = rel.get(cur);
    if (!p) break;
    cur = p.parent;
    out.push(cur);
  }
  return out.reverse();
}

export function findImplementations(g: Graph, root: NodeRow): Traversal {
  const c = new Collector();
  const rootId = Number(root.id);
  c.addNode(rootId, 0, 'root');
  const paths: { from: number; to: number; path: number[] }[] = [];
  if (!isType(root)) {
    for (const [id, { via, edge }] of overrideChain(g, root, 'down')) {
      if (!c.addNode(id, 1, 'implementation')) break;
      c.addEdge(edge, id, via);
    }
    return c.finish(g);
  }
  const rel = relatedTypes(g, rootId, 'down');
  const rows = nodesByIds(g.store, rel.keys());
  const ordered = [...rel.entries()].sort((a, b) => a[1].depth - b[1].depth);
  for (const [id, info] of ordered) {
    const r = rows.get(id);
    // Sub-interfaces are part of the path, not implementations themselves.
    const role = r && (r.kind === 'interface' || r.kind === 'trait') ? 'descendant' : 'implementation';
    if (!c.addNode(id, info.depth, role)) break;
    c.addEdge(info.edge, Number(info.edge.src), Number(info.edge.dst));
    paths.push({ from: rootId, to: id, path: chain(rel, rootId, id) });
  }
  return c.finish(g, paths);
}

/**
 * What a change to the symbol may affect: everything that calls, instantiates, references,
 * extends, implements or overrides it, transitively up to `maxDepth` hops, plus the callers of
 * the methods it overrides (a call through the base may run it: dispatch). A container's members
 * count as the container. Ranked by distance, then centrality.
 */
export function findImpact(g: Graph, root: NodeRow, maxDepth = IMPACT_MAX_DEPTH): Traversal {
  const c = new Collector();
  const rootId = Number(root.id);
  c.addNode(rootId, 0, 'root');
  const parent = new Map<number, number>();
  const seeds = [rootId, ...(CONTAINER_KINDS.has(root.kind) && root.kind !== 'file' ? membersOf(g, rootId) : [])];
  for (const m of seeds) if (m !== rootId) parent.set(m, rootId);
  const seen = new Set<number>(seeds);
  let frontier = seeds;
  const kinds = root.kind === 'file' ? ['imports'] : USAGE_KINDS;
  for (let depth = 1; depth <= maxDepth && frontier.length && !c.truncated; depth++) {
    const next: number[] = [];
    const visit = (e: EdgeRow, target: number, dispatch?: number) => {
      const src = Number(e.src);
      const to = c.nodes.has(target) ? target : rootId;
      if (seen.has(src)) { if (c.nodes.has(src)) c.addEdge(e, src, to, dispatch !== undefined ? { dispatch: true, via: dispatch } : {}); return; }
      if (!c.addNode(src, depth, 'impacted')) return;
      seen.add(src);
      parent.set(src, target);
      c.addEdge(e, src, to, dispatch !== undefined ? { dispatch: true, via: dispatch } : {});
      next.push(src);
    };
    for (const e of edgesOf(g.store, frontier, 'in', kinds)) if (e.dst !== null) visit(e, Number(e.dst));
    if (root.kind !== 'file') {
      const rows = nodesByIds(g.store, frontier);
      for (const id of frontier) {
        const r = rows.get(id);
        if (!r || !METHOD_KINDS.has(r.kind)) continue;
        for (const [base] of overrideChain(g, r, 'up')) {
          if (seen.has(base)) continue; // its callers are reached through it already
          for (const e of edgesOf(g.store, [base], 'in', CALL_KINDS)) if (Number(e.src) !== id) visit(e, id, base);
        }
      }
    }
    frontier = next;
  }
  // Order by distance, then centrality, bounded.
  const rows = nodesByIds(g.store, c.nodes.keys());
  const paths: { from: number; to: number; path: number[] }[] = [];
  const ranked = [...c.nodes.entries()].filter(([id]) => id !== rootId)
    .sort((a, b) => a[1].depth - b[1].depth || Number(rows.get(b[0])?.rank ?? 0) - Number(rows.get(a[0])?.rank ?? 0));
  for (const [id] of ranked) {
    const p = [id];
    let cur = id;
    while (cur !== rootId && parent.has(cur) && p.length < 20) {
      cur = parent.get(cur)!;
      if (c.nodes.has(cur)) p.push(cur); // members of the root collapse into the root
    }
    paths.push({ from: rootId, to: id, path: p.reverse() });
  }
  return c.finish(g, paths);
}
