// codeindex_search: ranked symbol lookup. Candidates come from the in-memory name table (names.ts)
// and the FTS4 table nodes_fts; the ranking is computed here in JS so both backends rank alike.
//
// Tiers (base score), highest first; within a tier graph centrality (`rank`) adds up to 4 points
// (a phrase: up to 2 more for the share of the name's words it says) and the gaps between the
// name tiers are wider than that, so a tier never overtakes a higher one:
//   100 exact name (same case) | 95 exact name (other case), qualified name or id
//   80  name prefix            | 60 every query word is a word of the name (camelCase/snake_case)
//   50  every word in the qualified name, or the last word as a prefix
//   40  typo-tolerant name match (edit distance 1; 35 for distance 2 on long names)
//   20  all words in signature/docstring/path (19: a phrase's words in other forms)
//   10-18 some of the words (a phrase: in the text, by rarity; an identifier: in other names)
// A phrase's text matches then gain up to 3 points for a doc comment whose first sentence says it.
// Ties: higher score, then shorter name, then id (alphabetical) - deterministic on both backends.
import type { Graph } from './graph';
import { NameTable } from './names';
import { NodeRow, nodesByIds, SymbolRecord, toSymbol } from './rows';
import { editDistance, ftsExpr, quoted, splitWords, stem, textTokens, typoBudget } from './words';

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
const PER_TIER = 300;
/** FTS matches read per query before keeping the most central PER_TIER (bounds a word found everywhere). */
const FTS_SCAN = 20_000;
/** The same per word of the some-words tier: a word found everywhere says little about the query. */
const FTS_SCAN_ANY = 2_000;
/** Points for a phrase saying every word of a name (see `said`). */
const SAID = 2;

export interface SearchResult {
  results: SymbolRecord[];
  /** Present when there are no results: why, and what to try. */
  hint?: string;
}

export function clampLimit(limit: number | undefined, def = SEARCH_DEFAULT_LIMIT, max = SEARCH_MAX_LIMIT): number {
  if (limit === undefined || !Number.isFinite(limit)) return def;
  return Math.max(1, Math.min(max, Math.floor(limit)));
}

/** Ranked candidates with their scores; shared by search, explore and node lookup. */
export function rankSymbols(g: Graph, query: string, limit: number, kind?: string): { row: NodeRow; score: number }[] {
  const q = query.trim();
  if (!q) return [];
  const ql = q.toLowerCase();
  const t = NameTable.of(g);
  const best = new Map<number, number>(); // table position -> base score
  const offer = (p: number, base: number) => {
    if (p < 0 || (kind && t.kinds[p] !== kind)) return;
    const cur = best.get(p);
    if (cur === undefined || cur < base) best.set(p, base);
  };
  const phrase = /\s/.test(q);
  // A phrase: the share of a name's words it says, stemmed ("test whether a string is empty" says
  // all of `isEmpty`, two thirds of `isNonEmpty`); up to SAID points, ahead of centrality.
  const queryStems = phrase ? new Set(splitWords(q).map(stem)) : undefined;
  const saidMemo = new Map<number, number>();
  const said = (p: number) => {
    let v = saidMemo.get(p);
    if (v === undefined) {
      const ws = splitWords(t.names[p]);
      v = ws.length ? ws.filter((w) => queryStems!.has(stem(w))).length / ws.length : 0;
      saidMemo.set(p, v);
    }
    return v;
  };
  const boost = 4 + (queryStems ? SAID : 0);
  const score = (p: number, base: number) => base + (t.maxRank > 0 ? 4 * Math.max(0, t.rank[p]) / t.maxRank : 0) + (queryStems ? SAID * said(p) : 0);
  // A lower tier runs only while it could still place: its best score (base + boost) must reach
  // the limit-th score found so far. Same answer, without the costly low tiers on common names.
  // (a phrase's text tiers may gain DOC points more, below)
  const settled = (nextBase: number) => {
    if (best.size < limit) return false;
    const reach = nextBase + boost + (phrase && nextBase <= 20 ? DOC : 0);
    let above = 0;
    for (const [p, b] of best) if (score(p, b) > reach && ++above >= limit) return true;
    return false;
  };

  // Exact: name, qualified name or id.
  for (let p = t.lowerBound(ql); p < t.size && t.lower[p] === ql; p++) offer(p, t.names[p] === q ? 100 : 95);
  if (/[.:#/]/.test(q)) {
    for (const r of g.store.prepare(`SELECT id FROM nodes WHERE qualified_name = ? OR uid = ? LIMIT ${PER_TIER}`).all<{ id: number }>(q, q)) offer(t.pos(Number(r.id)), 95);
  }
  // Prefix of the name: shorter completions first.
  if (!settled(80)) {
    const [from, to] = t.prefixRange(ql);
    for (let p = from; p < to; p++) {
      if (t.lower[p] === ql) continue;
      offer(p, 80 - 4 * (t.names[p].length - q.length) / Math.max(t.names[p].length, 1));
    }
  }
  // Words of the name (camelCase / snake_case): all of them, or the last one as a prefix.
  const terms = splitWords(q);
  if (terms.length && !settled(60)) {
    for (const p of t.mostCentral(t.withWords(terms, true), 2 * PER_TIER)) {
      const nameWords = splitWords(t.names[p]);
      const extra = Math.min(4, nameWords.length - terms.length);
      if (terms.every((w) => nameWords.includes(w))) offer(p, 60 - extra);
      else if (terms.every((w, i) => nameWords.includes(w) || (i === terms.length - 1 && nameWords.some((x) => x.startsWith(w))))) offer(p, 55 - extra);
      else offer(p, 50);
    }
  }
  // Typo-tolerant match on the whole name.
  const budget = typoBudget(ql.length);
  if (budget > 0 && !settled(40)) {
    let close = 0;
    for (const n of t.distinct) {
      if (n === ql || Math.abs(n.length - ql.length) > budget) continue;
      const d = editDistance(ql, n, budget);
      if (d > budget) continue;
      for (let p = t.lowerBound(n); p < t.size && t.lower[p] === n; p++) offer(p, d <= 1 ? 40 : 35);
      if (++close > 50) break;
    }
  }
  // Full text: signature, docstring, path, as the FTS index has them (whole tokens: `ConfigError`
  // is one word there, `config error` two). Every word: 20 (19 in other forms); else a share: 10-18.
  const tokens = textTokens(q, phrase);
  // A phrase's words match their other forms too ('prices formatted' finds 'formats the price').
  const form = (tok: string) => (phrase && tok.length >= 4 ? `${stem(tok)}*` : tok);
  if (tokens.length && !settled(20)) {
    for (const p of ftsPositions(g, t, tokens.join(' '))) offer(p, 20);
    if (phrase && !settled(19)) for (const p of ftsPositions(g, t, tokens.map(form).join(' '))) offer(p, 19);
    if (terms.length > 1 && terms.join(' ') !== tokens.join(' ')) for (const p of ftsPositions(g, t, ftsExpr(terms))) offer(p, 20);
    if (!settled(18)) {
      // A phrase: its words in the text, each weighted by rarity (a word found everywhere says
      // little). An identifier: the words of other names (`AuthError` has 2 of `createAuthError`'s 3).
      const share = new Map<number, number>();
      if (phrase && tokens.length > 1) {
        let total = 0;
        for (const tok of new Set(tokens)) {
          const hits = ftsPositions(g, t, form(tok), FTS_SCAN_ANY, Infinity);
          const idf = Math.log(1 + t.size / Math.max(1, hits.length));
          total += idf;
          for (const p of hits) share.set(p, (share.get(p) ?? 0) + idf);
        }
        for (const [p, w] of share) share.set(p, w / total);
      } else if (!phrase && terms.length > 1) {
        for (const term of new Set(terms)) for (const p of t.withWords([term], false)) share.set(p, (share.get(p) ?? 0) + 1 / terms.length);
      }
      for (const p of largestShares(t, share, PER_TIER)) offer(p, 10 + 8 * share.get(p)!);
    }
  }

  const ranked = [...best].map(([p, base]) => ({ p, base, score: score(p, base) }));
  const order = (a: { p: number; score: number }, b: { p: number; score: number }) => b.score - a.score || t.names[a.p].length - t.names[b.p].length || t.ids[a.p] - t.ids[b.p];
  ranked.sort(order);
  // A phrase found in the text: how closely each candidate's doc comment says it decides among the
  // text tiers (a field `size` whose qualified name holds the other words is not the function
  // documented "Get the size of a type"). Only candidates that the points could lift into the answer.
  let top = ranked.slice(0, limit);
  let rows = new Map<number, NodeRow>();
  const last = ranked.length > limit ? ranked[limit - 1].score : -Infinity;
  if (phrase && last < 20 + boost + DOC) {
    const asked = docWords(q);
    const open = asked.size ? ranked.filter((x) => x.base <= 20 && x.score >= last - DOC).slice(0, DOC_RERANK) : [];
    if (open.length) {
      rows = nodesByIds(g.store, open.map((x) => t.ids[x.p]));
      for (const x of open) x.score += DOC * docAgreement(asked, rows.get(t.ids[x.p])?.docstring ?? '');
      ranked.sort(order);
      top = ranked.slice(0, limit);
    }
  }
  for (const [id, row] of nodesByIds(g.store, top.map((x) => t.ids[x.p]).filter((id) => !rows.has(id)))) rows.set(id, row);
  const out: { row: NodeRow; score: number }[] = [];
  for (const x of top) {
    const row = rows.get(t.ids[x.p]);
    if (row) out.push({ row, score: x.score });
  }
  return out;
}

/** Points for a doc comment that says the phrase; candidates weighed for them per query. */
const DOC = 3;
const DOC_RERANK = 200;
/** Words that say nothing in a doc sentence: fewer than words.ts's STOP, as `get`, `show` and
 *  `find` say what a function does. */
const FILLER = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'is', 'are', 'be', 'by', 'with', 'as', 'at', 'this', 'that', 'it', 'its', 'from', 'into']);
/** Of a doc with no sentence end, the first characters read. */
const DOC_TEXT = 400;

/** The stemmed words of a text, split as names are (`ConfigError` says "config error"). */
function docWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of splitWords(text.slice(0, DOC_TEXT))) if (!FILLER.has(w)) out.add(stem(w));
  return out;
}

/** How closely a doc comment's first sentence says the query, 0-1: the share of the query's words
 *  it says, weighed down (to half) by the share of its words the query does not say (a long
 *  sentence about something else holds the words by chance). */
function docAgreement(asked: Set<string>, doc: string): number {
  const first = doc ? docWords(doc.split(/\.(?:\s|$)|\n\s*\n/, 1)[0]) : undefined;
  if (!first?.size) return 0;
  let both = 0;
  for (const w of first) if (asked.has(w)) both++;
  return (both / asked.size) * (1 + both / first.size) / 2;
}

/**
 * The `k` positions with the largest shares below 1 (all words: a tier of its own), then the most
 * central: one numeric key each (share to 6 digits, then rank order) sorted natively; thousands
 * of candidates for a common word made a comparator sort the cost of the whole search.
 */
function largestShares(t: NameTable, share: Map<number, number>, k: number): number[] {
  const n = t.size;
  const keys: number[] = [];
  for (const [p, x] of share) if (x < 0.999) keys.push(Math.round((1 - x) * 1e6) * n + t.rankOrder[p]);
  const sorted = Float64Array.from(keys).sort();
  return Array.from(sorted.subarray(0, k), (key) => t.byRank[key % n]);
}

/** Table positions of the FTS matches of `expr`, the most central `keep` of them. */
export function ftsPositions(g: Graph, t: NameTable, expr: string, scan = FTS_SCAN, keep = PER_TIER): number[] {
  if (!expr) return [];
  let list: string | null | undefined;
  try {
    // One concatenated string instead of a row per match: sql.js builds an object per row.
    list = g.store.prepare(`SELECT group_concat(docid) AS ids FROM (SELECT docid FROM nodes_fts WHERE nodes_fts MATCH ? LIMIT ${scan})`).get<{ ids: string | null }>(expr)?.ids;
  } catch {
    return []; // a query FTS cannot parse finds nothing rather than failing the call
  }
  const ps: number[] = [];
  if (list) {
    for (const id of String(list).split(',')) {
      const p = t.pos(Number(id));
      if (p >= 0) ps.push(p);
    }
  }
  return t.mostCentral(ps, keep);
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
  const c = g.cached('hintCounts', () => g.store.prepare(`SELECT (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM nodes WHERE kind <> 'file') AS nodes`).get<{ files: number; nodes: number }>());
  if (!c || Number(c.files) === 0) {
    return `The index is empty: no file of ${g.root} was indexed. Check that the project has files in an indexed language and that .gitignore / codeindex.json do not exclude them, then run 'codeindex index --path ${g.root}'.`;
  }
  return `Nothing matches ${quoted(query)} among ${c.nodes} symbols in ${c.files} files. Try a shorter name or one word of it, or codeindex_explore with a question; the code may also be in a file that is excluded (.gitignore, codeindex.json) or in a language that is not indexed.`;
}
