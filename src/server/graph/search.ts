// codeindex_search: ranked symbol lookup. Candidates come from the name indexes and the FTS4 table
// nodes_fts; the ranking is computed here in JS so both storage backends rank the same way.
//
// Tiers (base score), highest first; within a tier graph centrality (`rank`) adds up to 4 points
// and the gaps between tiers are wider than that, so a tier never overtakes a higher one:
//   100 exact name (same case) | 95 exact name (other case), qualified name or id
//   80  name prefix            | 60 every query word is a word of the name (camelCase/snake_case)
//   50  every word in the qualified name, or the last word as a prefix
//   40  typo-tolerant name match (edit distance 1; 35 for distance 2 on long names)
//   20  all words in signature/docstring/path | 10-18 some of the words there
// Ties: higher score, then shorter name, then id (alphabetical) - deterministic on both backends.
import type { Graph } from './graph';
import { NODE_COLS, NODE_FROM, NodeRow, SymbolRecord, toSymbol } from './rows';
import { editDistance, ftsExpr, splitWords, typoBudget } from './words';

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
const PER_TIER = 300;

export interface SearchResult {
  results: SymbolRecord[];
  /** Present when there are no results: why, and what to try. */
  hint?: string;
}

interface Scored { row: NodeRow; base: number }

export function clampLimit(limit: number | undefined, def = SEARCH_DEFAULT_LIMIT, max = SEARCH_MAX_LIMIT): number {
  if (limit === undefined || !Number.isFinite(limit)) return def;
  return Math.max(1, Math.min(max, Math.floor(limit)));
}

/** Ranked candidates with their scores; shared by search, explore and node lookup. */
export function rankSymbols(g: Graph, query: string, limit: number, kind?: string): { row: NodeRow; score: number }[] {
  const q = query.trim();
  if (!q) return [];
  const ql = q.toLowerCase();
  const s = g.store;
  const best = new Map<number, Scored>();
  const offer = (row: NodeRow, base: number) => {
    if (kind && row.kind !== kind) return;
    const id = Number(row.id);
    const cur = best.get(id);
    if (!cur || cur.base < base) best.set(id, { row, base });
  };

  // Exact: name, qualified name or id.
  for (const r of s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.name_lower = ? LIMIT ${PER_TIER}`).all<NodeRow>(ql)) {
    offer(r, r.name === q ? 100 : 95);
  }
  if (/[.:#/]/.test(q)) {
    for (const r of s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.qualified_name = ? OR n.uid = ? LIMIT ${PER_TIER}`).all<NodeRow>(q, q)) offer(r, 95);
  }
  // Prefix of the name (a range on the name_lower index).
  if (ql.length >= 1) {
    const rows = s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.name_lower > ? AND n.name_lower < ? ORDER BY n.rank DESC LIMIT ${PER_TIER}`)
      .all<NodeRow>(ql, ql + '\uffff');
    for (const r of rows) {
      const extra = (r.name.length - q.length) / Math.max(r.name.length, 1);
      offer(r, 80 - 4 * extra);
    }
  }
  // Words of the name (camelCase / snake_case), from the FTS index.
  const terms = splitWords(q);
  if (terms.length) {
    const wordRows = ftsRows(g, ftsExpr(terms, { column: 'words' }));
    const prefixRows = ftsRows(g, ftsExpr(terms, { column: 'words', prefix: true }));
    for (const r of [...wordRows, ...prefixRows]) {
      const nameWords = splitWords(r.name);
      const exactWords = terms.every((t) => nameWords.includes(t));
      if (exactWords) offer(r, 60 - Math.min(4, nameWords.length - terms.length));
      else if (terms.every((t, i) => nameWords.includes(t) || (i === terms.length - 1 && nameWords.some((w) => w.startsWith(t))))) offer(r, 55 - Math.min(4, nameWords.length - terms.length));
      else offer(r, 50);
    }
  }
  // Typo-tolerant match on the whole name.
  const budget = typoBudget(ql.length);
  if (budget > 0) {
    const names = g.cached('names', () => s.prepare('SELECT DISTINCT name_lower AS n FROM nodes').all<{ n: string }>().map((r) => String(r.n)));
    const close: string[] = [];
    for (const n of names) {
      if (n === ql) continue;
      const d = editDistance(ql, n, budget);
      if (d <= budget) close.push(n);
      if (close.length > 50) break;
    }
    for (const n of close) {
      const d = editDistance(ql, n, budget);
      for (const r of s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.name_lower = ? LIMIT 50`).all<NodeRow>(n)) offer(r, d <= 1 ? 40 : 35);
    }
  }
  // Full text: signature, docstring, path.
  if (terms.length) {
    for (const r of ftsRows(g, ftsExpr(terms))) offer(r, 20);
    if (terms.length > 1) {
      for (const r of ftsRows(g, ftsExpr(terms, { any: true }))) {
        const hay = `${r.signature} ${r.docstring} ${r.path} ${r.qualified_name}`.toLowerCase();
        const hit = terms.filter((t) => hay.includes(t)).length;
        offer(r, 10 + 8 * (hit / terms.length));
      }
    }
  }

  const maxRank = g.cached('maxRank', () => Number(s.prepare('SELECT max(rank) AS m FROM nodes').get<{ m: number | null }>()?.m ?? 0));
  const scored = [...best.values()].map(({ row, base }) => ({
    row,
    score: base + (maxRank > 0 ? 4 * Math.max(0, Number(row.rank)) / maxRank : 0),
  }));
  scored.sort((a, b) => b.score - a.score || a.row.name.length - b.row.name.length || (a.row.uid < b.row.uid ? -1 : a.row.uid > b.row.uid ? 1 : 0));
  return scored.slice(0, limit);
}

function ftsRows(g: Graph, expr: string): NodeRow[] {
  if (!expr) return [];
  try {
    return g.store.prepare(`SELECT ${NODE_COLS} FROM nodes_fts t JOIN nodes n ON n.id = t.docid JOIN files f ON f.id = n.file_id
      WHERE nodes_fts MATCH ? ORDER BY n.rank DESC LIMIT ${PER_TIER}`).all<NodeRow>(expr);
  } catch {
    return []; // a query FTS cannot parse finds nothing rather than failing the call
  }
}

export function search(g: Graph, query: string, limit?: number): SearchResult {
  const n = clampLimit(limit);
  const ranked = rankSymbols(g, query, n);
  const out: SearchResult = { results: ranked.map((r) => toSymbol(r.row, r.score)) };
  if (!out.results.length) out.hint = emptyHint(g, query);
  return out;
}

/** Why an answer is empty (SPEC.md part 7): index empty, query too specific, file excluded or not indexed. */
export function emptyHint(g: Graph, query: string): string {
  const c = g.store.prepare(`SELECT (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM nodes WHERE kind <> 'file') AS nodes`).get<{ files: number; nodes: number }>();
  if (!c || Number(c.files) === 0) {
    return `The index is empty: no file of ${g.root} was indexed. Check that the project has files in an indexed language and that .gitignore / codeindex.json do not exclude them, then run 'codeindex index --path ${g.root}'.`;
  }
  return `Nothing matches '${query}' among ${c.nodes} symbols in ${c.files} files. Try a shorter name or one word of it, or codeindex_explore with a question; the code may also be in a file that is excluded (.gitignore, codeindex.json) or in a language that is not indexed.`;
}
