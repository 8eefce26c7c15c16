// Finding the node a tool argument names: an id (`src/a.ts::Foo.run`, or a file path), a
// qualified name (`Foo.run`) or a plain name (`run`). Several matches: the best one plus the
// others as candidates. None: close names as suggestions.
import type { Graph } from './graph';
import { NODE_COLS, NODE_FROM, NodeRow, SymbolRecord, toSymbol } from './rows';
import { rankSymbols } from './search';
import { quoted } from './words';

export interface Lookup {
  best?: NodeRow;
  /** The other nodes the argument names (ambiguous name), best first. */
  candidates: NodeRow[];
  /** When nothing matched: close names. */
  suggestions: SymbolRecord[];
}

/** Definition kinds first: an agent asking for `save` wants the method before a same-named variable. */
const KIND_PRIORITY: Record<string, number> = {
  class: 0, interface: 0, struct: 0, trait: 0, enum: 1, type: 1, function: 1, method: 2, constructor: 3,
  module: 3, namespace: 3, constant: 4, macro: 4, property: 5, field: 5, variable: 6, enum_member: 6, file: 7,
};

export function compareNodes(a: NodeRow, b: NodeRow): number {
  return (KIND_PRIORITY[a.kind] ?? 5) - (KIND_PRIORITY[b.kind] ?? 5)
    || Number(b.is_exported) - Number(a.is_exported)
    || Number(b.rank) - Number(a.rank)
    || a.path.length - b.path.length
    || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
}

export function lookupSymbol(g: Graph, symbol: string, kind?: string): Lookup {
  const s = g.store;
  const q = symbol.trim();
  const keep = (rows: NodeRow[]) => rows.filter((r) => (kind ? r.kind === kind : true));
  const pick = (rows: NodeRow[]): Lookup | undefined => {
    const rs = keep(rows);
    if (!rs.length) return undefined;
    rs.sort(compareNodes);
    return { best: rs[0], candidates: rs.slice(1, 20), suggestions: [] };
  };
  if (!q) return { candidates: [], suggestions: [] };
  const steps: (() => NodeRow[])[] = [
    () => s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.uid = ?`).all<NodeRow>(q),
    () => s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.qualified_name = ? AND n.kind <> 'file' LIMIT 100`).all<NodeRow>(q),
    () => s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.name_lower = ? AND n.name = ? AND n.kind <> 'file' LIMIT 100`).all<NodeRow>(q.toLowerCase(), q), // name_lower is the indexed column
    () => s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.name_lower = ? AND n.kind <> 'file' LIMIT 100`).all<NodeRow>(q.toLowerCase()),
    // `Inner.method` for `Outer.Inner.method`; `file.ts::name` with a partial path.
    () => (q.includes('.') || q.includes('::')
      ? s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE (n.qualified_name LIKE ? ESCAPE '\\' OR n.uid LIKE ? ESCAPE '\\') LIMIT 100`)
        .all<NodeRow>(`%.${likeEscape(q)}`, `%${likeEscape(q)}`)
      : []),
    // A file by its path or the end of it.
    () => s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.kind = 'file' AND (n.uid = ? OR n.uid LIKE ? ESCAPE '\\') LIMIT 20`)
      .all<NodeRow>(q, `%/${likeEscape(q)}`),
  ];
  for (const step of steps) {
    const found = pick(step());
    if (found) return found;
  }
  const suggestions = rankSymbols(g, q, 5, kind).map((r) => toSymbol(r.row, r.score));
  return { candidates: [], suggestions };
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The sentence for a name that matched nothing. */
export function notFoundMessage(symbol: string, kind: string | undefined, suggestions: SymbolRecord[]): string {
  const what = kind ? `${kind} ${quoted(symbol)}` : quoted(symbol);
  const close = suggestions.length ? ` Close names: ${suggestions.map((s) => `${s.qualifiedName} (${s.kind}, ${s.filePath})`).join('; ')}.` : '';
  return `No symbol ${what} in the index.${close} Use codeindex_search to look names up; an id has the form <file_path>::<qualifiedName>.`;
}
