// codeindex_explore: the code relevant to a task or question, in one bounded answer.
//  1. seeds: symbols whose names (camelCase/snake_case words, prefixes) or signature, docstring and
//     path match the query's words, weighted by how rare each word is (IDF) and how many of the
//     words a symbol covers; identifiers written in the query match by name first;
//  2. expansion: personalised PageRank from the seeds over their 2-hop neighbourhood (calls,
//     instantiations, references, type edges and containment, both directions);
//  3. the best files (at most maxFiles) and their best symbols, with snippets read from the files
//     as they are now, cut to a token budget (about 4 characters a token; 12k tokens by default).
import type { Store } from '../store/store';
import type { Graph } from './graph';
import { EDGE_COLS, EdgeRecord, EdgeRow, edgesOf, nodesByIds, SymbolRecord, toSymbol } from './rows';
import { filePaths, NameTable } from './names';
import { emptyHint, ftsPositions, rankSymbols } from './search';
import { SourceReader } from './snippets';
import { queryTerms, splitWords, stem } from './words';

export const EXPLORE_DEFAULT_TOKENS = 12_000;
export const EXPLORE_MAX_FILES = 30;
const MAX_NODES = 60;
const MAX_EDGES = 120;
const MAX_SEEDS = 25;
/** Symbols considered per query word (the most central of those matching it). */
const SEED_CANDIDATES = 400;
/** Search's best answers for the whole query join the seeds, the first weighing SEARCH_WEIGHT. */
const SEARCH_SEEDS = 5;
const SEARCH_WEIGHT = 40;
/** Search's first answers that lead explore's ranking, in search's order. */
const SEARCH_LEADS = 3;
/** A seed's bonus over its PageRank, as a share of the best PageRank, times its seed weight. */
const SEED_BONUS = 3;
const NEIGHBOURHOOD = 3000;
/** A node more used than this is a hub: explore follows only its most central users. */
const HUB_RANK = 50;
const HUB_USERS = 200;
const CONTAINERS = new Set(['class', 'interface', 'struct', 'trait', 'enum', 'module', 'namespace']);

export interface Snippet { nodeId: string; startLine: number; endLine: number; code: string }
export interface Relationship { from: string; to: string; kind: string; line: number | null; resolution: string }
export interface ExploreResult {
  nodes: SymbolRecord[];
  edges: EdgeRecord[];
  files: Record<string, { snippets: Snippet[] }>;
  relationships: { calls: Relationship[]; references: Relationship[] };
  /** The size budget of this answer and whether something was left out to respect it. */
  budget: { maxTokens: number; usedTokens: number; maxFiles: number; truncated: boolean };
  hint?: string;
}

/** Default maxFiles from the project's size: small projects get more files (and context) per call. */
export function adaptiveMaxFiles(fileCount: number): number {
  if (fileCount <= 50) return 12;
  if (fileCount <= 500) return 10;
  if (fileCount <= 5000) return 8;
  return 6;
}

export function explore(g: Graph, query: string, opts: { maxFiles?: number; maxTokens?: number } = {}): ExploreResult {
  const s = g.store;
  const fileCount = g.cached('fileCount', () => Number(s.prepare('SELECT count(*) AS c FROM files').get<{ c: number }>()?.c ?? 0));
  const maxFiles = Math.max(1, Math.min(EXPLORE_MAX_FILES, Math.floor(opts.maxFiles ?? adaptiveMaxFiles(fileCount))));
  const maxTokens = opts.maxTokens ?? EXPLORE_DEFAULT_TOKENS;
  const empty = (): ExploreResult => ({
    nodes: [], edges: [], files: {}, relationships: { calls: [], references: [] },
    budget: { maxTokens, usedTokens: 0, maxFiles, truncated: false }, hint: emptyHint(g, query),
  });

  const { seeds, lead } = findSeeds(g, query);
  if (!seeds.size) return empty();

  // Neighbourhood: two hops from the seeds along every relationship, bounded.
  const KINDS = ['calls', 'instantiates', 'references', 'extends', 'implements', 'overrides', 'contains'];
  const known = new Set(seeds.keys());
  const edges = new Map<number, EdgeRow>(); // by id: an edge between two frontier nodes comes twice
  let frontier = [...seeds.keys()];
  const table = NameTable.of(g);
  for (let hop = 0; hop < 2 && frontier.length; hop++) {
    const next: number[] = [];
    for (const dir of ['out', 'in'] as const) {
      // The users of a hub (thousands of callers say little, and cost most): on the first hop its
      // most central HUB_USERS, on the second none.
      const isHub = (id: number) => (table.rank[table.pos(id)] ?? 0) > HUB_RANK;
      const from = dir === 'in' ? frontier.filter((id) => !isHub(id)) : frontier;
      const hubUsers = hop === 0 && dir === 'in' ? frontier.filter(isHub).flatMap((id) => mostCentralUsers(s, id, KINDS)) : [];
      for (const e of [...edgesOf(s, from, dir, KINDS), ...hubUsers]) {
        if (e.dst === null || edges.has(Number(e.id))) continue;
        edges.set(Number(e.id), e);
        for (const n of [Number(e.src), Number(e.dst)]) {
          if (!known.has(n) && known.size < NEIGHBOURHOOD) { known.add(n); next.push(n); }
        }
      }
    }
    frontier = next;
  }
  const graphEdges: EdgeRow[] = [];
  for (const e of edges.values()) if (known.has(Number(e.src)) && known.has(Number(e.dst))) graphEdges.push(e);

  const scores = personalisedPageRank([...known], graphEdges, seeds);
  // What the query names comes before what surrounds it: PageRank alone put the hubs a seed
  // leads to above the seed (effect: the documented symbol first for 21% of its doc sentences).
  let pprMax = 0, seedMax = 0;
  for (const v of scores.values()) pprMax = Math.max(pprMax, v);
  for (const w of seeds.values()) seedMax = Math.max(seedMax, w);
  for (const [id, w] of seeds) scores.set(id, (scores.get(id) ?? 0) + SEED_BONUS * pprMax * (w / (seedMax || 1)));
  // Search's best answer for the whole question leads, then what surrounds it: a type the
  // sentence names (`Effect`, `Channel`) had come first, as the hub it is, in 11 of 150 of
  // effect's doc-sentence questions where search had the documented symbol first.
  // Its next answers follow the first: on Go's tree, a doc sentence's symbol that search ranked
  // 2nd to 5th fell out of explore's first ten in 7 of 150 questions.
  let top = 0;
  for (const v of scores.values()) top = Math.max(top, v);
  lead.forEach((id, i) => { if (scores.has(id)) scores.set(id, top * (1.01 - 0.001 * i) + 1e-12); });
  // Kind and file from the name table; full rows only for the symbols the answer shows.
  const t = NameTable.of(g);
  const paths = filePaths(g);
  const pathOf = (id: number) => paths.get(t.fileIds[t.pos(id)]) ?? '';
  const ranked = [...scores.entries()]
    .filter(([id]) => { const p = t.pos(id); return p >= 0 && t.kinds[p] !== 'file'; })
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);

  // Files by the summed score of their best symbols.
  const fileScore = new Map<string, number>();
  const perFile = new Map<string, number[]>();
  for (const [id, sc] of ranked) {
    const p = pathOf(id);
    const list = perFile.get(p) ?? [];
    if (list.length < 8) { list.push(id); fileScore.set(p, (fileScore.get(p) ?? 0) + sc); }
    perFile.set(p, list);
  }
  const byScore = [...fileScore.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const files = byScore.slice(0, maxFiles).map(([p]) => p);
  const chosenFiles = new Set(files);
  // Left out: a file that scores at least a tenth of the best one.
  const truncated = byScore.slice(maxFiles).some(([, sc]) => sc >= byScore[0][1] / 10);
  const chosen = ranked.filter(([id]) => chosenFiles.has(pathOf(id)) && perFile.get(pathOf(id))!.includes(id)).slice(0, MAX_NODES);
  const rows = nodesByIds(s, chosen.map(([id]) => id));
  const maxScore = chosen[0]?.[1] || 1;
  // The edges an answer can show: between two chosen symbols (build runs again as it trims).
  const chosenIds = new Set(chosen.map(([id]) => id));
  const shown = graphEdges.filter((e) => e.kind !== 'contains' && chosenIds.has(Number(e.src)) && chosenIds.has(Number(e.dst)));
  const build = (picked: [number, number][]): ExploreResult => {
    const ids = new Set(picked.map(([id]) => id));
    const r: ExploreResult = {
      nodes: picked.filter(([id]) => rows.has(id)).map(([id, sc]) => toSymbol(rows.get(id)!, sc / maxScore)),
      edges: [],
      files: {},
      relationships: { calls: [], references: [] },
      budget: { maxTokens, usedTokens: 0, maxFiles, truncated },
    };
    for (const p of files) if (picked.some(([id]) => pathOf(id) === p)) r.files[p] = { snippets: [] };
    for (const e of shown) {
      if (!ids.has(Number(e.src)) || !ids.has(Number(e.dst))) continue;
      const rec: EdgeRecord = { from: rows.get(Number(e.src))!.uid, to: rows.get(Number(e.dst))!.uid, kind: e.kind, resolution: e.resolution, line: e.line === null ? null : Number(e.line) };
      if (r.edges.length >= MAX_EDGES) { r.budget.truncated = true; continue; }
      r.edges.push(rec);
      const rel: Relationship = { from: rec.from, to: rec.to, kind: rec.kind, line: rec.line, resolution: rec.resolution };
      if (e.kind === 'calls' || e.kind === 'instantiates') r.relationships.calls.push(rel);
      else r.relationships.references.push(rel);
    }
    r.edges.sort((a, b) => (a.from + a.to + a.kind).localeCompare(b.from + b.to + b.kind));
    return r;
  };
  // The records and edges may take at most 60% of the budget; the rest is for code.
  let picked = chosen;
  let result = build(picked);
  while (picked.length > 1 && JSON.stringify(result).length > maxTokens * 4 * 0.6) {
    picked = picked.slice(0, Math.max(1, Math.floor(picked.length * 0.75)));
    result = build(picked);
    result.budget.truncated = true;
  }

  // Snippets in score order until the budget is spent.
  const reader = new SourceReader(g.root);
  const skeleton = JSON.stringify(result).length;
  let codeBudget = maxTokens * 4 - skeleton;
  const emitted = new Map<string, { start: number; end: number }[]>();
  for (const [id] of picked) {
    const r = rows.get(id);
    if (!r) continue;
    const ranges = emitted.get(r.path) ?? [];
    let start = Number(r.start_line), end = Number(r.end_line);
    if (ranges.some((x) => x.start <= start && x.end >= end)) continue; // already shown inside another snippet
    const inner = ranges.filter((x) => x.start >= start && x.end <= end);
    if (CONTAINERS.has(r.kind) && (inner.length || end - start > 40)) {
      // A big container: its head only (declaration and the first lines), its members have their own snippets.
      end = Math.min(end, start + 11, ...inner.map((x) => x.start - 1).filter((x) => x >= start));
    }
    const maxLines = r.kind === 'file' ? 30 : 80;
    const snip = reader.snippet(r.path, start, end, maxLines);
    if (!snip) continue;
    const cost = JSON.stringify(snip.code).length + r.uid.length + 60;
    if (cost > codeBudget) {
      result.budget.truncated = true;
      if (codeBudget < 200) break;
      continue;
    }
    codeBudget -= cost;
    ranges.push({ start, end: snip.endLine });
    emitted.set(r.path, ranges);
    if (snip.cut) result.budget.truncated = true;
    result.files[r.path].snippets.push({ nodeId: r.uid, startLine: start, endLine: snip.endLine, code: snip.code });
  }
  for (const f of Object.values(result.files)) f.snippets.sort((a, b) => a.startLine - b.startLine);
  result.budget.usedTokens = Math.ceil(JSON.stringify(result).length / 4);
  // Safety net: never over budget (drop the longest snippets first).
  while (result.budget.usedTokens > maxTokens) {
    let worst: { list: Snippet[]; i: number; len: number } | undefined;
    for (const f of Object.values(result.files)) f.snippets.forEach((sn, i) => { if (!worst || sn.code.length > worst.len) worst = { list: f.snippets, i, len: sn.code.length }; });
    if (!worst) break;
    worst.list.splice(worst.i, 1);
    result.budget.truncated = true;
    result.budget.usedTokens = Math.ceil(JSON.stringify(result).length / 4);
  }
  return result;
}

/** Seed symbols and their weights from the query's identifiers and words; `lead`: search's first
 *  answers for the whole query, in its order. */
function findSeeds(g: Graph, query: string): { seeds: Map<number, number>; lead: number[] } {
  const t = NameTable.of(g);
  const paths = filePaths(g);
  const { identifiers, words } = queryTerms(query);
  const acc = new Map<number, { score: number; words: Set<string> }>(); // table position -> evidence
  const add = (p: number, score: number, word: string) => {
    if (p < 0 || t.kinds[p] === 'file') return;
    const cur = acc.get(p) ?? { score: 0, words: new Set<string>() };
    cur.score += score;
    cur.words.add(word);
    acc.set(p, cur);
  };
  for (const ident of identifiers) {
    for (const { row, score } of rankSymbols(g, ident, 5)) if (score >= 90) add(t.pos(Number(row.id)), 6, `#${ident}`);
  }
  // What search ranks first for the whole question (names, then its words in docstrings by rarity)
  const searched = rankSymbols(g, query, SEARCH_SEEDS);
  searched.forEach(({ row }, i) => add(t.pos(Number(row.id)), SEARCH_WEIGHT / (1 + i), '#search'));
  const total = t.size || 1;
  for (const word of words) {
    const w = stem(word);
    const prefix = w.length >= 3;
    // Where the word is: a word of the name (in memory), the signature or docstring (FTS), the path.
    const inText = new Set(ftsPositions(g, t, `signature:${w}${prefix ? '*' : ''} OR docstring:${w}${prefix ? '*' : ''}`, undefined, Infinity));
    const inPaths = [...paths].filter(([, path]) => path.toLowerCase().includes(w)).map(([id]) => id);
    const candidates = new Set([...t.withWords([w], prefix), ...inText, ...t.inFiles(inPaths)]);
    const picked = t.mostCentral([...candidates], SEED_CANDIDATES);
    if (!picked.length) continue;
    const idf = Math.log(1 + total / picked.length);
    for (const p of picked) {
      const nameWords = splitWords(t.names[p]);
      const inName = nameWords.includes(word) || nameWords.includes(w) ? 2 : nameWords.some((x) => x.startsWith(w)) ? 1.5 : 0;
      const inQualified = !inName && ancestorHasWord(t, p, w) ? 0.8 : 0;
      const inDoc = inText.has(p) ? 0.6 : 0;
      const inPath = (paths.get(t.fileIds[p]) ?? '').toLowerCase().includes(w) ? 0.3 : 0;
      add(p, idf * (inName + inQualified + inDoc + inPath || 0.3), w);
    }
  }
  const maxRank = t.maxRank || 1;
  const nTerms = identifiers.length + words.length + (searched.length ? 1 : 0) || 1;
  const scored = [...acc.entries()].map(([p, v]) => {
    const coverage = v.words.size / nTerms;
    return [t.ids[p], v.score * (0.5 + coverage * coverage) * (1 + 0.3 * t.rank[p] / maxRank)] as [number, number];
  }).sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, MAX_SEEDS);
  return { seeds: new Map(scored), lead: searched.slice(0, SEARCH_LEADS).map(({ row }) => Number(row.id)) };
}

/** Whether a word of an enclosing declaration's name (the qualified name's other parts) starts with `w`. */
function ancestorHasWord(t: NameTable, p: number, w: string): boolean {
  for (let q = t.pos(t.parents[p]), hops = 0; q >= 0 && hops < 8; q = t.pos(t.parents[q]), hops++) {
    if (t.kinds[q] === 'file') return false;
    if (splitWords(t.names[q]).some((x) => x.startsWith(w))) return true;
  }
  return false;
}

/** The most central HUB_USERS edges into a node, of the given kinds. */
function mostCentralUsers(s: Store, id: number, kinds: string[]): EdgeRow[] {
  return s.prepare(`SELECT ${EDGE_COLS} FROM edges e JOIN nodes n ON n.id = e.src
    WHERE e.dst = ? AND e.kind IN (${kinds.map(() => '?').join(',')}) ORDER BY n.rank DESC, e.id LIMIT ${HUB_USERS}`).all<EdgeRow>(id, ...kinds);
}

const EDGE_WEIGHT: Record<string, number> = { calls: 1, instantiates: 0.9, references: 0.6, extends: 0.8, implements: 0.8, overrides: 0.8, contains: 0.5 };

/** Personalised PageRank: random walks that restart at the seeds (in proportion to their weight).
 *  The walk's graph in flat arrays (CSR): 25 iterations over thousands of edges are most of it. */
export function personalisedPageRank(nodes: number[], edges: EdgeRow[], seeds: Map<number, number>, alpha = 0.3, iterations = 25): Map<number, number> {
  const n = nodes.length;
  const idx = new Map(nodes.map((id, i) => [id, i]));
  const links: number[] = []; // from, to, weight: both directions
  const count = new Uint32Array(n + 1);
  for (const e of edges) {
    const a = idx.get(Number(e.src)), b = idx.get(Number(e.dst));
    if (a === undefined || b === undefined || a === b) continue;
    const w = EDGE_WEIGHT[e.kind] ?? 0.5;
    links.push(a, b, w, b, a, w * 0.7); // callers and users matter, a little less than callees
    count[a]++;
    count[b]++;
  }
  const first = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) first[i + 1] = first[i] + count[i];
  const to = new Uint32Array(first[n]);
  const share = new Float64Array(first[n]);
  const total = new Float64Array(n);
  const fill = first.slice(0, n);
  for (let k = 0; k < links.length; k += 3) {
    const a = links[k], at = fill[a]++;
    to[at] = links[k + 1];
    share[at] = links[k + 2];
    total[a] += links[k + 2];
  }
  for (let i = 0; i < n; i++) for (let k = first[i]; k < first[i + 1]; k++) share[k] /= total[i];
  const restart = new Float64Array(n);
  let sum = 0;
  for (const w of seeds.values()) sum += w;
  for (const [id, w] of seeds) restart[idx.get(id)!] = w / (sum || 1);
  let p = Float64Array.from(restart);
  let next = new Float64Array(n);
  for (let it = 0; it < iterations; it++) {
    next.fill(0);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      const pi = p[i];
      if (!pi) continue;
      if (first[i] === first[i + 1]) { dangling += pi; continue; }
      const flow = (1 - alpha) * pi;
      for (let k = first[i]; k < first[i + 1]; k++) next[to[k]] += flow * share[k];
    }
    const back = alpha + (1 - alpha) * dangling;
    for (let i = 0; i < n; i++) next[i] += back * restart[i];
    [p, next] = [next, p];
  }
  const res = new Map<number, number>();
  for (let i = 0; i < n; i++) if (p[i] > 0) res.set(nodes[i], p[i]);
  return res;
}
