// codeindex_node: one symbol in detail, its code as the file is now, and (with includeRelated)
// its callers, callees and usages.
import type { Graph } from './graph';
import { lookupSymbol, notFoundMessage } from './lookup';
import { NodeRecord, SymbolRecord, toNodeRecord, toSymbol } from './rows';
import { SourceReader } from './snippets';
import { findCallees, findCallers, findUsages, Traversal } from './traverse';

export const RELATED_MAX = 50;

/** One related symbol: who/what, where the edge is, and how it was resolved. */
export interface Related {
  id: string | null;
  name: string;
  kind: string;
  filePath: string;
  /** Line of the call or reference. */
  line: number | null;
  /** Edge kind: calls, instantiates, references, extends, implements, overrides, imports. */
  edgeKind: string;
  resolution: string;
  dispatch?: boolean;
  via?: string;
}

export interface NodeResult {
  node: NodeRecord | null;
  code: string | null;
  callers?: Related[];
  callees?: Related[];
  usages?: Related[];
  /** Other symbols with the same name when the argument was ambiguous. */
  candidates?: SymbolRecord[];
  /** Close names when nothing matched. */
  suggestions?: SymbolRecord[];
  /** True when a related list was cut at RELATED_MAX entries or the code at MAX_CODE_LINES lines. */
  truncated?: boolean;
  message?: string;
}

export interface NodeArgs { symbol: string; includeCode?: boolean; kind?: string; includeRelated?: boolean }

export function nodeDetail(g: Graph, args: NodeArgs): NodeResult {
  const found = lookupSymbol(g, args.symbol, args.kind);
  if (!found.best) {
    return { node: null, code: null, suggestions: found.suggestions, message: notFoundMessage(args.symbol, args.kind, found.suggestions) };
  }
  const row = found.best;
  const out: NodeResult = { node: toNodeRecord(row), code: null };
  let truncated = false;
  if (args.includeCode !== false) {
    const snip = new SourceReader(g.root).snippet(row.path, Number(row.start_line), Number(row.end_line));
    if (snip) { out.code = snip.code; truncated ||= snip.cut; }
    else out.message = `${row.path} cannot be read now (deleted or moved since it was indexed); the index catches up on the next sync.`;
  }
  if (args.includeRelated) {
    const callers = related(findCallers(g, row), 'in');
    const callees = related(findCallees(g, row), 'out');
    const usages = related(findUsages(g, row), 'in');
    out.callers = callers.list; out.callees = callees.list; out.usages = usages.list;
    truncated ||= callers.cut || callees.cut || usages.cut;
  }
  if (found.candidates.length) {
    out.candidates = found.candidates.map((c) => toSymbol(c));
    out.message = `'${args.symbol}' names ${found.candidates.length + 1} symbols; showing ${row.uid}. Pass one of the candidates' ids to see another.`;
  }
  if (truncated) out.truncated = true;
  return out;
}

function related(t: Traversal, dir: 'in' | 'out'): { list: Related[]; cut: boolean } {
  const byId = new Map(t.nodes.map((n) => [n.id, n]));
  const list: Related[] = [];
  for (const e of t.edges) {
    const other = byId.get(dir === 'in' ? e.from : e.to);
    if (!other) continue;
    const r: Related = { id: other.id, name: other.name, kind: other.kind, filePath: other.filePath, line: e.line, edgeKind: e.kind, resolution: e.resolution };
    if (e.dispatch) { r.dispatch = true; if (e.via) r.via = e.via; }
    list.push(r);
  }
  for (const u of t.unresolved ?? []) {
    list.push({ id: null, name: u.name, kind: 'unresolved', filePath: u.from.split('::')[0], line: u.line, edgeKind: 'calls', resolution: 'unresolved' });
  }
  return { list: list.slice(0, RELATED_MAX), cut: list.length > RELATED_MAX || t.truncated };
}

