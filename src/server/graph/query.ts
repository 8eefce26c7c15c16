// codeindex_graph: `<operation> <symbol>` -> one traversal. Every answer says whether it was cut
// (`truncated`) and how its edges were resolved (per-edge `resolution`, and the `resolution`
// summary counting them; `dispatch` counts the calls fanned out through overrides).
import { findCycles } from './cycles';
import { findDeadCode } from './deadcode';
import { ArgumentError } from './errors';
import type { Graph } from './graph';
import { lookupSymbol, notFoundMessage } from './lookup';
import { SymbolRecord, toSymbol } from './rows';
import {
  findCallees, findCallers, findImpact, findImplementations, findTypeHierarchy, findUsages, GraphNode, PathRecord, Traversal, Unresolved,
} from './traverse';
import type { EdgeRecord } from './rows';
import { quoted } from './words';

export const OPERATIONS = [
  'find_callers', 'find_callees', 'find_usages', 'find_type_hierarchy', 'find_implementations', 'find_impact',
  'find_circular_dependencies', 'find_dead_code',
] as const;
export type Operation = (typeof OPERATIONS)[number];
const NEEDS_SYMBOL = new Set<Operation>(['find_callers', 'find_callees', 'find_usages', 'find_type_hierarchy', 'find_implementations', 'find_impact']);

export interface GraphResult {
  operation: Operation;
  symbol: string | null;
  nodes: GraphNode[];
  edges: EdgeRecord[];
  paths: PathRecord[];
  truncated: boolean;
  /** How many edges of the answer each resolution produced (exact, scope, import, heuristic, unresolved; dispatch). */
  resolution: Record<string, number>;
  unresolved?: Unresolved[];
  candidates?: SymbolRecord[];
  suggestions?: SymbolRecord[];
  message?: string;
  /** Nodes left out to keep the answer within GRAPH_MAX_CHARS. */
  omittedNodes?: number;
}

export function parseGraphQuery(query: string): { op: Operation; symbol: string | null } {
  const text = query.trim();
  const m = /^(\S+)\s*(.*)$/s.exec(text);
  const valid = `valid operations: ${OPERATIONS.map((o) => (NEEDS_SYMBOL.has(o) ? `${o} <symbol>` : o)).join(', ')}`;
  if (!m) throw new ArgumentError('query', `empty; expected '<operation> <symbol>', ${valid}`);
  const raw = m[1].toLowerCase().replace(/-/g, '_');
  const op = (OPERATIONS as readonly string[]).includes(raw) ? raw as Operation
    : (OPERATIONS as readonly string[]).includes(`find_${raw}`) ? `find_${raw}` as Operation : undefined;
  if (!op) throw new ArgumentError('query', `unknown operation '${m[1]}'; ${valid}`);
  const symbol = m[2].trim() || null;
  if (NEEDS_SYMBOL.has(op) && !symbol) throw new ArgumentError('query', `${op} needs a symbol, e.g. '${op} parseConfig' (a name, qualified name or id)`);
  return { op, symbol: NEEDS_SYMBOL.has(op) ? symbol : null };
}

export function graphQuery(g: Graph, query: string): GraphResult {
  const { op, symbol } = parseGraphQuery(query);
  const finish = (t: Traversal, extra: Partial<GraphResult> = {}): GraphResult => {
    const resolution: Record<string, number> = {};
    for (const e of t.edges) {
      resolution[e.resolution] = (resolution[e.resolution] ?? 0) + 1;
      if (e.dispatch) resolution.dispatch = (resolution.dispatch ?? 0) + 1;
    }
    if (t.unresolved?.length) resolution.unresolved = (resolution.unresolved ?? 0) + t.unresolved.length;
    const out: GraphResult = { operation: op, symbol, nodes: t.nodes.map(brief), edges: t.edges, paths: t.paths, truncated: t.truncated, resolution, ...extra };
    if (t.unresolved?.length) out.unresolved = t.unresolved;
    return withinBudget(out);
  };
  // The two whole-graph operations depend on nothing but the index: computed once per version.
  if (op === 'find_circular_dependencies') {
    const t = g.cached('op:cycles', () => findCycles(g));
    return finish(t, { message: t.paths.length ? `${t.paths.length} import cycle(s); each path starts and ends at the same file.` : 'No import cycles between indexed files.' });
  }
  if (op === 'find_dead_code') {
    const t = g.cached('op:deadcode', () => findDeadCode(g));
    return finish(t, {
      message: `${t.nodes.length} symbol(s) nothing calls or references that are not exported, entry points, tests, overrides or framework hooks${t.truncated ? ' (first ones shown)' : ''}. Dynamic uses (reflection, string dispatch) are invisible to the index: check before deleting.`,
    });
  }
  const found = lookupSymbol(g, symbol!);
  if (!found.best) {
    return finish({ nodes: [], edges: [], paths: [], truncated: false }, { suggestions: found.suggestions, message: notFoundMessage(symbol!, undefined, found.suggestions) });
  }
  const fn = { find_callers: findCallers, find_callees: findCallees, find_usages: findUsages, find_type_hierarchy: findTypeHierarchy, find_implementations: findImplementations, find_impact: findImpact }[op];
  const t = fn(g, found.best);
  const extra: Partial<GraphResult> = {};
  if (found.candidates.length) {
    extra.candidates = found.candidates.map((c) => toSymbol(c));
    extra.message = `${quoted(symbol!)} names ${found.candidates.length + 1} symbols; answered for ${found.best.uid}. Use a candidate's id for another.`;
  }
  return finish(t, extra);
}

/** About 12k tokens (4 characters a token), as explore: an answer an agent can take in whole. */
export const GRAPH_MAX_CHARS = 48_000;
const BRIEF_DOC = 160;

/** Graph answers list many symbols: each docstring is cut to its first sentence (codeindex_node has it whole). */
function brief(n: GraphNode): GraphNode {
  if (n.docstring.length <= BRIEF_DOC && !/[.!?]\s/.test(n.docstring)) return n;
  const first = /^[\s\S]*?[.!?](?=\s|$)/.exec(n.docstring)?.[0] ?? n.docstring;
  return { ...n, docstring: first.length > BRIEF_DOC ? `${first.slice(0, BRIEF_DOC - 1)}…` : first };
}

/**
 * Keeps the answer within GRAPH_MAX_CHARS: the nodes are in answer order (nearest first), so the
 * tail goes, with the edges and paths that need it; the answer says how many were left out.
 */
function withinBudget(out: GraphResult): GraphResult {
  const size = (r: GraphResult) => JSON.stringify(r).length;
  if (size(out) <= GRAPH_MAX_CHARS) return out;
  const all = out.nodes.length;
  let keep = all;
  let cut = out;
  while (keep > 1 && size(cut) > GRAPH_MAX_CHARS) {
    keep = Math.max(1, Math.floor(keep * 0.85));
    const ids = new Set(out.nodes.slice(0, keep).map((n) => n.id));
    cut = {
      ...out,
      nodes: out.nodes.slice(0, keep),
      edges: out.edges.filter((e) => ids.has(e.from) && ids.has(e.to)),
      paths: out.paths.filter((p) => p.path.every((id) => ids.has(id))),
    };
  }
  const left = all - keep;
  const note = `${left} of ${all} nodes left out to keep the answer near ${GRAPH_MAX_CHARS / 4} tokens (nearest first); ask about one of the nodes shown, or a narrower symbol, for the rest.`;
  return { ...cut, truncated: true, omittedNodes: left, message: cut.message ? `${cut.message} ${note}` : note };
}
