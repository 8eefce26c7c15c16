// Every symbol's name, kind and rank in memory, sorted by lower-case name, built once per database
// version (Graph.cached). Search ranks over it in JS: a prefix is a binary search and a slice, where
// SQL had to sort thousands of rows by rank on every call. Full rows are read only for the answers.
import type { Graph } from './graph';
import { splitWords } from './words';

interface TableRow { id: number; name: string; kind: string; rank: number; file_id: number; parent_id: number | null }

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

  private constructor(rows: TableRow[]) {
    const kinds = new Map<string, string>(); // one string per kind, not one per row
    const lowered = rows.map((r) => ({ r, l: String(r.name).toLowerCase() }));
    lowered.sort((a, b) => (a.l < b.l ? -1 : a.l > b.l ? 1 : Number(a.r.id) - Number(b.r.id)));
    const n = lowered.length;
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
    for (const { r } of lowered) if (Number(r.id) > maxId) maxId = Number(r.id);
    this.posOf = new Int32Array(maxId + 1).fill(-1);
    for (let i = 0; i < n; i++) {
      const { r, l } = lowered[i];
      const name = String(r.name);
      this.ids[i] = Number(r.id);
      this.names[i] = name;
      this.lower[i] = l === name ? name : l;
      const k = String(r.kind);
      if (!kinds.has(k)) kinds.set(k, k);
      this.kinds[i] = kinds.get(k)!;
      this.rank[i] = Number(r.rank) || 0;
      this.fileIds[i] = Number(r.file_id);
      this.parents[i] = r.parent_id === null || r.parent_id === undefined ? -1 : Number(r.parent_id);
      if (this.rank[i] > maxRank) maxRank = this.rank[i];
      if (i === 0 || this.lower[i - 1] !== l) this.distinct.push(this.lower[i]);
      this.posOf[this.ids[i]] = i;
      if (i === 0 || this.lower[i - 1] !== l || this.names[i - 1] !== name) {
        for (const w of new Set(splitWords(name))) {
          const list = this.wordPos.get(w);
          if (list) list.push(i); else this.wordPos.set(w, [i]);
        }
      } else {
        for (const w of new Set(splitWords(name))) this.wordPos.get(w)!.push(i); // same name as the previous row
      }
    }
    this.maxRank = maxRank;
    this.words = [...this.wordPos.keys()].sort();
    this.byRank = Int32Array.from(this.ids.keys()).sort((a, b) => this.rank[b] - this.rank[a] || a - b);
    this.rankOrder = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rankOrder[this.byRank[i]] = i;
  }

  static of(g: Graph): NameTable {
    return g.cached('nameTable', () => new NameTable(g.store.prepare('SELECT id, name, kind, rank, file_id, parent_id FROM nodes').all<TableRow>()));
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
