// Every symbol's name, kind and rank in memory, sorted by lower-case name, built once per database
// version (Graph.cached). Search ranks over it in JS: a prefix is a binary search and a slice, where
// SQL had to sort thousands of rows by rank on every call. Full rows are read only for the answers.
import type { Store } from '../store/store';
import type { Graph } from './graph';
import { splitWords } from './words';

interface Columns { ids: number[]; names: string[]; kinds: string[]; ranks: number[]; files: number[]; parents: number[] }

const US = '\x1f'; // ASCII unit separator: never part of an identifier

/**
 * The node columns the table needs, each as one concatenated string: one row for the whole table
 * instead of one per node (sql.js builds an object per row: ~90 ms for 28k nodes, against a few ms).
 */
function loadColumns(store: Store): Columns {
  const r = store.prepare(`SELECT count(*) AS n, group_concat(id) AS ids, group_concat(name, char(31)) AS names,
      group_concat(kind, char(31)) AS kinds, group_concat(rank) AS ranks, group_concat(file_id) AS files,
      group_concat(ifnull(parent_id, -1)) AS parents
    FROM (SELECT id, name, kind, rank, file_id, parent_id FROM nodes ORDER BY name_lower, id)`)
    .get<{ n: number; ids: string; names: string; kinds: string; ranks: string; files: string; parents: string }>();
  const n = Number(r?.n ?? 0);
  if (!r || !n) return { ids: [], names: [], kinds: [], ranks: [], files: [], parents: [] };
  const nums = (x: string) => String(x).split(',').map(Number);
  const c = { ids: nums(r.ids), names: String(r.names).split(US), kinds: String(r.kinds).split(US), ranks: nums(r.ranks), files: nums(r.files), parents: nums(r.parents) };
  if (Object.values(c).every((col) => col.length === n)) return c;
  // A name with the separator in it (not an identifier, but an index may hold anything): row by row.
  const rows = store.prepare('SELECT id, name, kind, rank, file_id, parent_id FROM nodes').all<{ id: number; name: string; kind: string; rank: number; file_id: number; parent_id: number | null }>();
  return {
    ids: rows.map((x) => Number(x.id)), names: rows.map((x) => String(x.name)), kinds: rows.map((x) => String(x.kind)),
    ranks: rows.map((x) => Number(x.rank)), files: rows.map((x) => Number(x.file_id)), parents: rows.map((x) => (x.parent_id === null ? -1 : Number(x.parent_id))),
  };
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
  /** The camelCase / snake_case words of the names: word -> positions (ascending), and the words sorted. */
  private readonly wordPos = new Map<string, number[]>();
  readonly words: string[];
  /** Positions from the most central (highest rank) down; rankOrder[p] is p's index in it. */
  readonly byRank: Int32Array;
  readonly rankOrder: Int32Array;
  private readonly posOf: Int32Array; // node id -> position, -1 for none

  private constructor(c: Columns) {
    const n = c.ids.length;
    const kinds = new Map<string, string>(); // one string per kind, not one per row
    const lowers = c.names.map((x) => x.toLowerCase());
    // The store sends them by name_lower, id; SQLite orders UTF-8 bytes and JS UTF-16 units, which
    // differ for rare characters: then sort here, binary search needs JS order.
    let order = Array.from({ length: n }, (_, i) => i);
    const before = (a: number, b: number) => (lowers[a] < lowers[b] ? -1 : lowers[a] > lowers[b] ? 1 : c.ids[a] - c.ids[b]);
    for (let i = 1; i < n; i++) if (before(i - 1, i) > 0) { order = order.sort(before); break; }
    this.ids = new Int32Array(n);
    this.rank = new Float64Array(n);
    this.fileIds = new Int32Array(n);
    this.parents = new Int32Array(n);
    this.names = new Array<string>(n);
    this.lower = new Array<string>(n);
    this.kinds = new Array<string>(n);
    this.distinct = [];
    let maxRank = 0;
    let maxId = 0;
    for (const id of c.ids) if (id > maxId) maxId = id;
    this.posOf = new Int32Array(maxId + 1).fill(-1);
    for (let i = 0; i < n; i++) {
      const j = order[i];
      const name = c.names[j], l = lowers[j];
      this.ids[i] = c.ids[j];
      this.names[i] = name;
      this.lower[i] = l === name ? name : l;
      const k = c.kinds[j];
      if (!kinds.has(k)) kinds.set(k, k);
      this.kinds[i] = kinds.get(k)!;
      this.rank[i] = c.ranks[j] || 0;
      this.fileIds[i] = c.files[j];
      this.parents[i] = c.parents[j];
      if (this.rank[i] > maxRank) maxRank = this.rank[i];
      if (i === 0 || this.lower[i - 1] !== l) this.distinct.push(this.lower[i]);
      this.posOf[this.ids[i]] = i;
      for (const w of splitWords(name)) {
        const list = this.wordPos.get(w);
        if (!list) this.wordPos.set(w, [i]);
        else if (list[list.length - 1] !== i) list.push(i); // a word twice in one name counts once
      }
    }
    this.maxRank = maxRank;
    this.words = [...this.wordPos.keys()].sort();
    this.byRank = byRankDesc(this.rank, maxRank);
    this.rankOrder = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rankOrder[this.byRank[i]] = i;
  }

  static of(g: Graph): NameTable {
    return g.cached('nameTable', () => new NameTable(loadColumns(g.store)));
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
