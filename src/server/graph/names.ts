// Every symbol's name, kind and rank in memory, sorted by lower-case name, made once per database
// version (Graph.cached): built from the store, or after a sync updated from the previous table.
// Search ranks over it in JS: a prefix is a binary search and a slice, where SQL had to sort
// thousands of rows by rank on every call. Full rows are read only for the answers.
import type { Store } from '../store/store';
import type { Graph } from './graph';
import { splitWords } from './words';
import { debug } from '../log';

const log = debug('graph');

interface Columns { ids: number[]; names: string[]; kinds: string[]; ranks: number[]; files: number[]; parents: number[] }

const US = '\x1f'; // ASCII unit separator: never part of an identifier

/**
 * The node columns the table needs, each as one concatenated string: one row for the whole table
 * instead of one per node (sql.js builds an object per row: ~90 ms for 28k nodes, against a few ms).
 */
function loadColumns(store: Store, fileIds?: number[]): Columns {
  const r = store.prepare(`SELECT count(*) AS n, group_concat(id) AS ids, group_concat(name, char(31)) AS names,
      group_concat(kind, char(31)) AS kinds, group_concat(rank) AS ranks, group_concat(file_id) AS files,
      group_concat(ifnull(parent_id, -1)) AS parents
    FROM (SELECT id, name, kind, rank, file_id, parent_id FROM nodes ${fileFilter(fileIds)} ORDER BY name_lower, id)`)
    .get<{ n: number; ids: string; names: string; kinds: string; ranks: string; files: string; parents: string }>(...(fileIds ?? []));
  const n = Number(r?.n ?? 0);
  if (!r || !n) return { ids: [], names: [], kinds: [], ranks: [], files: [], parents: [] };
  const nums = (x: string) => String(x).split(',').map(Number);
  const c = { ids: nums(r.ids), names: String(r.names).split(US), kinds: String(r.kinds).split(US), ranks: nums(r.ranks), files: nums(r.files), parents: nums(r.parents) };
  if (Object.values(c).every((col) => col.length === n)) return c;
  // A name with the separator in it (not an identifier, but an index may hold anything): row by row.
  const rows = store.prepare(`SELECT id, name, kind, rank, file_id, parent_id FROM nodes ${fileFilter(fileIds)}`)
    .all<{ id: number; name: string; kind: string; rank: number; file_id: number; parent_id: number | null }>(...(fileIds ?? []));
  return {
    ids: rows.map((x) => Number(x.id)), names: rows.map((x) => String(x.name)), kinds: rows.map((x) => String(x.kind)),
    ranks: rows.map((x) => Number(x.rank)), files: rows.map((x) => Number(x.file_id)), parents: rows.map((x) => (x.parent_id === null ? -1 : Number(x.parent_id))),
  };
}

const fileFilter = (ids?: number[]) => (ids ? `WHERE file_id IN (${ids.map(() => '?').join(',')})` : '');

/** Files updated from the previous table at most; more is a rebuild. */
const MAX_UPDATED_FILES = 64;

interface Parts {
  ids: Int32Array; names: string[]; lower: string[]; kinds: string[]; rank: Float64Array;
  fileIds: Int32Array; parents: Int32Array; wordPos: Map<string, number[]>; words?: string[];
}

/** Each file's indexed_at: a file re-indexed since the last table has another stamp. */
const fileStamps = (store: Store) => numberMap(store, 'SELECT group_concat(id) AS k, group_concat(indexed_at) AS v FROM files');

/** Every non-zero rank by node id. */
const rankById = (store: Store) => numberMap(store, 'SELECT group_concat(id) AS k, group_concat(rank) AS v FROM nodes WHERE rank <> 0');

/** A map of numbers from a query answering two aligned group_concat columns `k` and `v`. */
function numberMap(store: Store, sql: string): Map<number, number> {
  const r = store.prepare(sql).get<{ k: string | null; v: string | null }>();
  const out = new Map<number, number>();
  if (!r?.k) return out;
  const ks = String(r.k).split(','), vs = String(r.v).split(',');
  for (let i = 0; i < ks.length; i++) out.set(Number(ks[i]), Number(vs[i]));
  return out;
}

/** Row order by lower-case name then id, as JS compares strings (binary search needs JS order;
 *  the store's ORDER BY compares UTF-8 bytes, which differs for rare characters: then sort here). */
function sortedOrder(lowers: string[], ids: number[]): number[] {
  const order = Array.from({ length: lowers.length }, (_, i) => i);
  const before = (a: number, b: number) => (lowers[a] < lowers[b] ? -1 : lowers[a] > lowers[b] ? 1 : ids[a] - ids[b]);
  for (let i = 1; i < order.length; i++) if (before(i - 1, i) > 0) return order.sort(before);
  return order;
}

function addWords(wordPos: Map<string, number[]>, name: string, i: number): void {
  for (const w of splitWords(name)) {
    const list = wordPos.get(w);
    if (!list) wordPos.set(w, [i]);
    else if (list[list.length - 1] !== i) list.push(i); // a word twice in one name counts once
  }
}

/** Every file's path by id, once per database version. */
export function filePaths(g: Graph): Map<number, string> {
  return g.cached('filePaths', () => new Map(g.store.prepare('SELECT id, path FROM files').all<{ id: number; path: string }>().map((r) => [Number(r.id), String(r.path)])));
}

export class NameTable {
  /** Node ids, ordered by lower-case name (then id). */
  readonly ids: Int32Array;
  readonly names: string[];
  readonly lower: string[];
  readonly kinds: string[];
  readonly rank: Float64Array;
  /** File id and parent node id (-1: none) of each position. */
  readonly fileIds: Int32Array;
  readonly parents: Int32Array;
  readonly maxRank: number;
  /** Each distinct lower-case name once, sorted (typo matching scans these). */
  readonly distinct: string[];
  /** The camelCase / snake_case words of the names: word -> positions (each once), and the words sorted. */
  private readonly wordPos: Map<string, number[]>;
  readonly words: string[];
  /** Positions from the most central (highest rank) down; rankOrder[p] is p's index in it. */
  readonly byRank: Int32Array;
  readonly rankOrder: Int32Array;
  private readonly posOf: Int32Array; // node id -> position, -1 for none

  /** `updated`: made from the previous table by replacing changed files' symbols (else built). */
  private constructor(p: Parts, readonly stamps: Map<number, number>, readonly updated = false) {
    const n = p.ids.length;
    this.ids = p.ids; this.names = p.names; this.lower = p.lower; this.kinds = p.kinds; this.rank = p.rank;
    this.fileIds = p.fileIds; this.parents = p.parents; this.wordPos = p.wordPos;
    this.words = p.words ?? [...p.wordPos.keys()].sort();
    this.distinct = [];
    let maxRank = 0, maxId = 0;
    for (let i = 0; i < n; i++) {
      if (this.ids[i] > maxId) maxId = this.ids[i];
      if (this.rank[i] > maxRank) maxRank = this.rank[i];
      if (i === 0 || this.lower[i - 1] !== this.lower[i]) this.distinct.push(this.lower[i]);
    }
    this.posOf = new Int32Array(maxId + 1).fill(-1);
    for (let i = 0; i < n; i++) this.posOf[this.ids[i]] = i;
    this.maxRank = maxRank;
    this.byRank = byRankDesc(this.rank, maxRank);
    this.rankOrder = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rankOrder[this.byRank[i]] = i;
  }

  /** The table of the graph's current version: updated from the last one when few files changed. */
  static of(g: Graph): NameTable {
    return g.cached('nameTable', () => {
      const t0 = performance.now();
      const stamps = fileStamps(g.store);
      const prev = g.latest<NameTable>('nameTable');
      const t = (prev && NameTable.update(prev, g.store, stamps)) || NameTable.build(g.store, stamps);
      log(`name table: ${t.size} names, ${t.updated ? 'updated' : 'built'} in ${(performance.now() - t0).toFixed(0)} ms`);
      return t;
    });
  }

  private static build(store: Store, stamps: Map<number, number>): NameTable {
    const c = loadColumns(store);
    const n = c.ids.length;
    const lowers = c.names.map((x) => x.toLowerCase());
    const order = sortedOrder(lowers, c.ids);
    const kinds = new Map<string, string>(); // one string per kind, not one per row
    const p: Parts = {
      ids: new Int32Array(n), names: new Array<string>(n), lower: new Array<string>(n), kinds: new Array<string>(n),
      rank: new Float64Array(n), fileIds: new Int32Array(n), parents: new Int32Array(n), wordPos: new Map(),
    };
    for (let i = 0; i < n; i++) {
      const j = order[i];
      const name = c.names[j], l = lowers[j];
      p.ids[i] = c.ids[j];
      p.names[i] = name;
      p.lower[i] = l === name ? name : l;
      const k = c.kinds[j];
      if (!kinds.has(k)) kinds.set(k, k);
      p.kinds[i] = kinds.get(k)!;
      p.rank[i] = c.ranks[j] || 0;
      p.fileIds[i] = c.files[j];
      p.parents[i] = c.parents[j];
      addWords(p.wordPos, name, i);
    }
    return new NameTable(p, stamps);
  }

  /**
   * The previous table with the symbols of changed, added and removed files replaced, and every
   * rank re-read (a sync changes the in-degrees of what the edited file uses). After an edit this
   * reads a file's nodes instead of all of them. Undefined when too much changed or when the
   * result does not add up to the store's node count (then the caller builds from scratch).
   */
  private static update(prev: NameTable, store: Store, stamps: Map<number, number>): NameTable | undefined {
    const gone = new Set<number>();
    const changed: number[] = [];
    for (const [id, at] of stamps) if (prev.stamps.get(id) !== at) { changed.push(id); gone.add(id); }
    for (const id of prev.stamps.keys()) if (!stamps.has(id)) gone.add(id);
    if (gone.size > MAX_UPDATED_FILES) return undefined;
    const c = changed.length ? loadColumns(store, changed) : { ids: [], names: [], kinds: [], ranks: [], files: [], parents: [] };
    const lowers = c.names.map((x) => x.toLowerCase());
    const order = sortedOrder(lowers, c.ids);
    const keep: number[] = [];
    for (let i = 0; i < prev.size; i++) if (!gone.has(prev.fileIds[i])) keep.push(i);
    const n = keep.length + c.ids.length;
    const total = Number(store.prepare('SELECT count(*) AS n FROM nodes').get<{ n: number }>()?.n ?? -1);
    if (n !== total) return undefined;
    const ranks = rankById(store);
    const p: Parts = {
      ids: new Int32Array(n), names: new Array<string>(n), lower: new Array<string>(n), kinds: new Array<string>(n),
      rank: new Float64Array(n), fileIds: new Int32Array(n), parents: new Int32Array(n), wordPos: new Map(),
    };
    const newPos = new Int32Array(prev.size).fill(-1);
    // Merge the kept rows (in order) with the fresh ones (sorted the same way).
    let a = 0, b = 0;
    const freshFirst = (i: number, j: number) => {
      const l = lowers[j], m = prev.lower[i];
      return l < m || (l === m && c.ids[j] < prev.ids[i]);
    };
    const fresh: number[] = []; // positions of the fresh rows in the new table
    for (let q = 0; q < n; q++) {
      if (b < order.length && (a >= keep.length || freshFirst(keep[a], order[b]))) {
        const j = order[b++];
        const name = c.names[j];
        p.ids[q] = c.ids[j]; p.names[q] = name; p.lower[q] = lowers[j] === name ? name : lowers[j];
        p.kinds[q] = c.kinds[j]; p.fileIds[q] = c.files[j]; p.parents[q] = c.parents[j];
        fresh.push(q);
      } else {
        const i = keep[a++];
        p.ids[q] = prev.ids[i]; p.names[q] = prev.names[i]; p.lower[q] = prev.lower[i];
        p.kinds[q] = prev.kinds[i]; p.fileIds[q] = prev.fileIds[i]; p.parents[q] = prev.parents[i];
        newPos[i] = q;
      }
      p.rank[q] = ranks.get(p.ids[q]) ?? 0;
    }
    // Word lists: the kept positions moved, the fresh names are split. A word nobody has any more
    // keeps an empty list, so the sorted word list stays valid.
    let newWord = false;
    for (const [w, list] of prev.wordPos) {
      const moved: number[] = [];
      for (const i of list) { const q = newPos[i]; if (q >= 0) moved.push(q); }
      p.wordPos.set(w, moved);
    }
    for (const q of fresh) {
      for (const w of new Set(splitWords(p.names[q]))) {
        const list = p.wordPos.get(w);
        if (list) list.push(q); else { p.wordPos.set(w, [q]); newWord = true; }
      }
    }
    if (!newWord) p.words = prev.words;
    return new NameTable(p, stamps, true);
  }

  get size(): number { return this.ids.length; }

  /** Position of a node id, or -1 (e.g. an FTS row of a node deleted since). */
  pos(id: number): number { return id >= 0 && id < this.posOf.length ? this.posOf[id] : -1; }

  /**
   * Positions whose name has, for every term, a word equal to it or (with `prefix`) starting with
   * it: 'auth err' finds createAuthError. Intersects the shortest lists first.
   */
  withWords(terms: string[], prefix: boolean): number[] {
    const sets: number[][] = [];
    for (const term of new Set(terms)) {
      if (!prefix) {
        const list = this.wordPos.get(term);
        if (!list) return [];
        sets.push(list);
        continue;
      }
      const merged = new Set<number>();
      let lo = 0, hi = this.words.length;
      while (lo < hi) { const mid = (lo + hi) >>> 1; if (this.words[mid] < term) lo = mid + 1; else hi = mid; }
      for (let k = lo; k < this.words.length && this.words[k].startsWith(term); k++) for (const p of this.wordPos.get(this.words[k])!) merged.add(p);
      if (!merged.size) return [];
      sets.push([...merged]);
    }
    sets.sort((a, b) => a.length - b.length);
    let acc = (sets[0] ?? []).slice(); // the lists are the table's own
    for (const other of sets.slice(1)) {
      const keep = new Set(other);
      acc = acc.filter((p) => keep.has(p));
      if (!acc.length) break;
    }
    return acc;
  }

  /** Positions of the symbols of these files. */
  inFiles(fileIds: Iterable<number>): number[] {
    if (!this.byFile) {
      this.byFile = new Map();
      for (let i = 0; i < this.fileIds.length; i++) {
        const list = this.byFile.get(this.fileIds[i]);
        if (list) list.push(i); else this.byFile.set(this.fileIds[i], [i]);
      }
    }
    const out: number[] = [];
    for (const f of fileIds) for (const p of this.byFile.get(f) ?? []) out.push(p);
    return out;
  }
  private byFile?: Map<number, number[]>;

  /** The `n` most central of these positions, most central first. */
  mostCentral(ps: number[], n: number): number[] {
    if (ps.length <= n) return ps;
    const keys = Int32Array.from(ps, (p) => this.rankOrder[p]).sort(); // typed sort: numeric, native
    return Array.from(keys.subarray(0, n), (k) => this.byRank[k]);
  }

  /** First position whose lower-case name is >= key. */
  lowerBound(key: string): number {
    let lo = 0, hi = this.lower.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.lower[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  /** Positions [from, to) whose lower-case name starts with `prefix` (the name itself included). */
  prefixRange(prefix: string): [number, number] {
    return [this.lowerBound(prefix), this.lowerBound(prefix + '\uffff')];
  }
}

/** Positions by rank, highest first, ties by position. Integer ranks (in-degrees) sort as one
 *  numeric key each, natively; a comparator costs ~10x on large tables. */
function byRankDesc(rank: Float64Array, maxRank: number): Int32Array {
  const n = rank.length;
  if (rank.every((r) => Number.isInteger(r) && r >= 0) && (maxRank + 1) * n < Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (maxRank - rank[i]) * n + i;
    keys.sort();
    return Int32Array.from(keys, (k) => k % n);
  }
  return Int32Array.from(rank.keys()).sort((a, b) => rank[b] - rank[a] || a - b);
}
