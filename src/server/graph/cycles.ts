// find_circular_dependencies: cycles in the file import graph (`imports` edges between file
// nodes). Class hierarchies and calls play no part, so a test subclass of a production class
// never makes a cycle; only a file that imports a file that (transitively) imports it back does.
// Strongly connected components (Tarjan, iterative), then shortest cycles (BFS) until every file
// of every component is on a reported cycle.
import type { Graph } from './graph';
import { EDGE_COLS, EdgeRow } from './rows';
import { Collector, Traversal } from './traverse';

export const MAX_CYCLES = 50;

export function findCycles(g: Graph): Traversal {
  const rows = g.store.prepare(`SELECT ${EDGE_COLS} FROM edges e
    WHERE e.kind = 'imports' AND e.dst IS NOT NULL AND e.src <> e.dst`).all<EdgeRow>();
  const adj = new Map<number, number[]>();
  const edgeOf = new Map<string, EdgeRow>();
  for (const e of rows) {
    const s = Number(e.src), d = Number(e.dst);
    if (!adj.has(s)) adj.set(s, []);
    if (!edgeOf.has(`${s}>${d}`)) { adj.get(s)!.push(d); edgeOf.set(`${s}>${d}`, e); }
  }
  for (const list of adj.values()) list.sort((a, b) => a - b);

  const c = new Collector(Number.MAX_SAFE_INTEGER);
  const paths: { from: number; to: number; path: number[] }[] = [];
  let truncated = false;
  for (const comp of scc(adj)) {
    if (comp.length < 2) continue;
    const inComp = new Set(comp);
    const covered = new Set<number>();
    for (const start of [...comp].sort((a, b) => a - b)) {
      if (covered.has(start)) continue;
      const cyc = shortestCycle(adj, start, inComp);
      if (!cyc) continue;
      if (paths.length >= MAX_CYCLES) { truncated = true; break; }
      for (const n of cyc) { covered.add(n); c.addNode(n, 0, 'cycle'); }
      for (let i = 0; i + 1 < cyc.length; i++) c.addEdge(edgeOf.get(`${cyc[i]}>${cyc[i + 1]}`)!, cyc[i], cyc[i + 1]);
      paths.push({ from: start, to: start, path: cyc });
    }
  }
  const t = c.finish(g, paths);
  t.truncated = truncated;
  return t;
}

/** Tarjan's strongly connected components without recursion (deep import chains are common). */
function scc(adj: Map<number, number[]>): number[][] {
  const nodes = new Set<number>();
  for (const [s, ds] of adj) { nodes.add(s); for (const d of ds) nodes.add(d); }
  const index = new Map<number, number>(), low = new Map<number, number>();
  const onStack = new Set<number>(), stack: number[] = [], out: number[][] = [];
  let next = 0;
  for (const root of [...nodes].sort((a, b) => a - b)) {
    if (index.has(root)) continue;
    const work: { v: number; i: number }[] = [{ v: root, i: 0 }];
    index.set(root, next); low.set(root, next); next++;
    stack.push(root); onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1];
      const succ = adj.get(top.v) ?? [];
      if (top.i < succ.length) {
        const w = succ[top.i++];
        if (!index.has(w)) {
          index.set(w, next); low.set(w, next); next++;
          stack.push(w); onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(top.v, Math.min(low.get(top.v)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].v;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.v)!));
      }
      if (low.get(top.v) === index.get(top.v)) {
        const comp: number[] = [];
        let w: number;
        do { w = stack.pop()!; onStack.delete(w); comp.push(w); } while (w !== top.v);
        out.push(comp);
      }
    }
  }
  return out;
}

/** The shortest path start -> ... -> start inside one component, as a node list ending at start. */
function shortestCycle(adj: Map<number, number[]>, start: number, within: Set<number>): number[] | undefined {
  const prev = new Map<number, number>();
  const queue = [start];
  for (let qi = 0; qi < queue.length; qi++) {
    const v = queue[qi];
    for (const w of adj.get(v) ?? []) {
      if (!within.has(w)) continue;
      if (w === start) {
        const path = [start];
        let cur = v;
        while (cur !== start) { path.push(cur); cur = prev.get(cur)!; }
        path.push(start);
        return [path[0], ...path.slice(1, -1).reverse(), start];
      }
      if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
    }
  }
  return undefined;
}
