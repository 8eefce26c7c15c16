// A test index built by direct INSERTs, following the schema in src/server/store/schema.ts, over a
// copy of test/fixtures/projects/shop (so snippets read real files). Line ranges are found in the
// files: a symbol starts on the first line containing its marker and ends where its braces (or,
// in Python, its indentation) close. The edges are the ones the indexer is meant to produce.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, basename } from 'node:path';
import { openIndex, writeMeta } from '../../src/server/store/schema';
import type { Store } from '../../src/server/store/store';
import { Graph } from '../../src/server/graph/graph';
import { splitWords } from '../../src/server/graph/words';

export const REPO_ROOT = resolve(__dirname, '../../..');
export const SHOP = join(REPO_ROOT, 'test/fixtures/projects/shop');

export function copyFixture(name = 'shop'): string {
  const dir = mkdtempSync(join(tmpdir(), `ci-graph-${name}-`));
  cpSync(join(REPO_ROOT, 'test/fixtures/projects', name), dir, { recursive: true });
  return dir;
}

interface SymOpts { exported?: boolean; async?: boolean; visibility?: string; after?: number }

export class GraphBuilder {
  readonly ids = new Map<string, number>();
  private files = new Map<string, { id: number; lines: string[] }>();
  constructor(readonly store: Store, readonly root: string) {}

  file(path: string, language: string): number {
    const text = readFileSync(join(this.root, path), 'utf8');
    const lines = text.split('\n');
    const f = this.store.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at, error_count) VALUES (?,?,?,?,?,?,0)')
      .run(path, language, `h-${path}`, text.length, 1700000000000, Date.now());
    this.files.set(path, { id: f.lastInsertRowid, lines });
    this.insertNode(path, path, basename(path), 'file', path, 1, lines.length, '', '', { exported: false }, null);
    return f.lastInsertRowid;
  }

  /** A symbol whose declaration is the first line (after opts.after) containing `marker`. */
  sym(path: string, qname: string, kind: string, marker: string, opts: SymOpts = {}): string {
    const f = this.files.get(path)!;
    const from = opts.after ?? 0;
    const idx = f.lines.findIndex((l, i) => i >= from && l.includes(marker));
    if (idx < 0) throw new Error(`marker '${marker}' not in ${path}`);
    const end = blockEnd(f.lines, idx);
    const prev = f.lines[idx - 1]?.trim() ?? '';
    const next = f.lines[idx + 1]?.trim() ?? '';
    const doc = prev.startsWith('/**') ? prev.replace(/^\/\*\*\s*|\s*\*\/$/g, '') : next.startsWith('"""') ? next.replace(/"""/g, '') : '';
    const dot = qname.lastIndexOf('.');
    const parentUid = dot > 0 ? `${path}::${qname.slice(0, dot)}` : null;
    const uid = `${path}::${qname}`;
    const sig = f.lines[idx].trim().replace(/\s*\{$/, '').replace(/:$/, '');
    this.insertNode(uid, path, qname.slice(dot + 1), kind, qname, idx + 1, end + 1, sig, doc, opts, parentUid ? this.ids.get(parentUid)! : null);
    return uid;
  }

  private insertNode(uid: string, path: string, name: string, kind: string, qname: string, start: number, end: number,
    sig: string, doc: string, opts: SymOpts, parent: number | null): void {
    const f = this.files.get(path)!;
    const r = this.store.prepare(`INSERT INTO nodes(uid, file_id, parent_id, name, name_lower, kind, qualified_name, start_line, end_line, start_col,
      signature, docstring, visibility, is_async, is_exported, rank) VALUES (?,?,?,?,?,?,?,?,?,0,?,?,?,?,?,0)`)
      .run(uid, f.id, parent, name, name.toLowerCase(), kind, qname, start, end, sig, doc, opts.visibility ?? '', opts.async ? 1 : 0, opts.exported ? 1 : 0);
    this.ids.set(uid, r.lastInsertRowid);
    const words = [...new Set([...splitWords(name), ...splitWords(qname)])].join(' ');
    this.store.prepare('INSERT INTO nodes_fts(docid, words, signature, docstring, path) VALUES (?,?,?,?,?)').run(r.lastInsertRowid, words, sig, doc, path);
    if (parent !== null || kind !== 'file') {
      const src = parent ?? this.ids.get(path)!;
      this.store.prepare(`INSERT INTO edges(src, dst, kind, resolution, file_id, line, target) VALUES (?,?, 'contains', 'exact', ?, ?, ?)`).run(src, r.lastInsertRowid, f.id, start, name);
    }
  }

  edge(src: string, dst: string | null, kind: string, resolution: string, line: number | null = null, target?: string): void {
    const path = src.split('::')[0];
    const s = this.ids.get(src);
    const d = dst === null ? null : this.ids.get(dst);
    if (s === undefined || d === undefined) throw new Error(`unknown node in edge ${src} -> ${dst}`);
    this.store.prepare('INSERT INTO edges(src, dst, kind, resolution, file_id, line, target) VALUES (?,?,?,?,?,?,?)')
      .run(s, d, kind, resolution, this.files.get(path)!.id, line, target ?? (dst ? dst.split('::')[1].split('.').pop()! : null));
  }

  imports(from: string, to: string): void {
    this.edge(from, to, 'imports', 'import', 1, './' + basename(to).replace(/\.ts$/, ''));
    this.store.prepare('INSERT INTO file_imports(file_id, source, imported, local, line, resolved_file_id) VALUES (?,?,?,?,1,?)')
      .run(this.files.get(from)!.id, basename(to), '*', '*', this.files.get(to)!.id);
  }

  /** rank = in-degree centrality, as the indexer computes it. */
  finish(): void {
    this.store.exec(`UPDATE nodes SET rank = (SELECT count(*) FROM edges e WHERE e.dst = nodes.id
      AND e.kind IN ('calls', 'instantiates', 'references', 'extends', 'implements', 'imports'))`);
    writeMeta(this.store, { lastIndexedAt: Date.now() });
  }
}

function blockEnd(lines: string[], start: number): number {
  const first = lines[start];
  if (first.includes('{')) {
    let depth = 0;
    for (let i = start; i < lines.length; i++) {
      for (const ch of lines[i].replace(/'[^']*'|`[^`]*`|"[^"]*"/g, '')) {
        if (ch === '{') depth++;
        else if (ch === '}') depth--;
      }
      if (depth <= 0) return i;
    }
    return lines.length - 1;
  }
  if (first.trimEnd().endsWith(':')) {
    const indent = first.length - first.trimStart().length;
    let last = start;
    for (let i = start + 1; i < lines.length; i++) {
      if (!lines[i].trim()) continue;
      if (lines[i].length - lines[i].trimStart().length <= indent) break;
      last = i;
    }
    return last;
  }
  return start;
}

/** Fills the shop fixture's graph: symbols, contains, calls, references, type edges, imports. */
export function fillShop(b: GraphBuilder): void {
  const M = 'src/model.ts', R = 'src/repository.ts', S = 'src/serialize.ts', C = 'src/checkout.ts', T = 'test/checkout.test.ts', P = 'tools/report.py';
  b.store.transaction(() => {
    for (const p of [M, R, S, C, T]) b.file(p, 'typescript');
    b.file(P, 'python');
    const item = b.sym(M, 'Item', 'interface', 'export interface Item', { exported: true });
    b.sym(M, 'Item.id', 'property', 'id: string');
    b.sym(M, 'Item.priceCents', 'property', 'priceCents: number');
    const formatPrice = b.sym(M, 'formatPrice', 'function', 'export function formatPrice', { exported: true });
    b.edge(formatPrice, item, 'references', 'scope', 8);

    const repo = b.sym(R, 'Repository', 'interface', 'export interface Repository', { exported: true });
    const repoSave = b.sym(R, 'Repository.save', 'method', 'save(item: Item): void;');
    const repoFind = b.sym(R, 'Repository.find', 'method', 'find(id: string): Item | undefined;');
    const mem = b.sym(R, 'MemoryRepository', 'class', 'export class MemoryRepository', { exported: true });
    b.sym(R, 'MemoryRepository.items', 'field', 'private items', { visibility: 'private' });
    const memSave = b.sym(R, 'MemoryRepository.save', 'method', 'save(item: Item): void {', { after: 10, visibility: 'public' });
    const memFind = b.sym(R, 'MemoryRepository.find', 'method', 'find(id: string): Item | undefined {', { after: 10, visibility: 'public' });
    const saveMany = b.sym(R, 'MemoryRepository.saveMany', 'method', 'saveMany(items: Item[])', { visibility: 'public' });
    const cached = b.sym(R, 'CachedRepository', 'class', 'export class CachedRepository', { exported: true });
    b.sym(R, 'CachedRepository.last', 'field', 'private last', { visibility: 'private' });
    const cachedFind = b.sym(R, 'CachedRepository.find', 'method', 'find(id: string): Item | undefined {', { after: 28, visibility: 'public' });
    const disk = b.sym(R, 'DiskRepository', 'class', 'export class DiskRepository', { exported: true });
    const diskSave = b.sym(R, 'DiskRepository.save', 'method', 'save(item: Item): void {', { after: 38, visibility: 'public' });
    const diskFind = b.sym(R, 'DiskRepository.find', 'method', 'find(id: string): Item | undefined {', { after: 38, visibility: 'public' });
    const writeRecord = b.sym(R, 'writeRecord', 'function', 'function writeRecord');
    b.sym(R, 'legacyExport', 'function', 'function legacyExport');
    b.edge(mem, repo, 'implements', 'exact', 11);
    b.edge(disk, repo, 'implements', 'exact', 39);
    b.edge(saveMany, memSave, 'calls', 'exact', 23);
    b.edge(cached, mem, 'extends', 'exact', 28);
    b.edge(memSave, repoSave, 'overrides', 'exact', 14);
    b.edge(memFind, repoFind, 'overrides', 'exact', 18);
    b.edge(cachedFind, memFind, 'overrides', 'exact', 31);
    b.edge(diskSave, repoSave, 'overrides', 'exact', 40);
    b.edge(diskFind, repoFind, 'overrides', 'exact', 44);
    b.edge(cachedFind, memFind, 'calls', 'exact', 33);
    b.edge(diskSave, writeRecord, 'calls', 'scope', 41);
    b.edge(repoSave, item, 'references', 'import', 6);
    b.edge(mem, item, 'references', 'import', 12);

    const serializeItem = b.sym(S, 'serializeItem', 'function', 'export function serializeItem', { exported: true });
    const saveAll = b.sym(S, 'saveAll', 'function', 'export function saveAll', { exported: true });
    b.edge(diskSave, serializeItem, 'calls', 'import', 41);
    b.edge(saveAll, repoSave, 'calls', 'heuristic', 11);
    b.edge(saveAll, repo, 'references', 'import', 10);
    b.edge(serializeItem, item, 'references', 'import', 5);

    const svc = b.sym(C, 'CheckoutService', 'class', 'export class CheckoutService', { exported: true });
    b.sym(C, 'CheckoutService.constructor', 'constructor', 'constructor(private repo');
    const checkout = b.sym(C, 'CheckoutService.checkout', 'method', 'checkout(items: Item[]): string', { visibility: 'public' });
    const main = b.sym(C, 'main', 'function', 'export function main', { exported: true });
    b.edge(checkout, saveAll, 'calls', 'import', 10);
    b.edge(checkout, formatPrice, 'references', 'import', 11);
    b.edge(main, svc, 'instantiates', 'exact', 16);
    b.edge(main, mem, 'instantiates', 'import', 16);
    b.edge(main, checkout, 'calls', 'heuristic', 17);
    b.edge(main, null, 'calls', 'unresolved', 17, 'log');

    const rec = b.sym(T, 'RecordingRepository', 'class', 'class RecordingRepository');
    b.sym(T, 'RecordingRepository.saved', 'field', 'saved = 0');
    const recSave = b.sym(T, 'RecordingRepository.save', 'method', 'save(item:');
    const testFn = b.sym(T, 'testCheckoutSavesItems', 'function', 'export function testCheckoutSavesItems', { exported: true });
    b.edge(rec, mem, 'extends', 'import', 4);
    b.edge(recSave, memSave, 'overrides', 'exact', 6);
    b.edge(recSave, memSave, 'calls', 'scope', 8);
    b.edge(testFn, rec, 'instantiates', 'exact', 13);
    b.edge(testFn, svc, 'instantiates', 'import', 14);
    b.edge(testFn, checkout, 'calls', 'heuristic', 14);

    const total = b.sym(P, 'compute_total_price', 'function', 'def compute_total_price', { exported: true });
    b.sym(P, 'ReportPrinter', 'class', 'class ReportPrinter', { exported: true });
    const printReport = b.sym(P, 'ReportPrinter.print_report', 'method', 'def print_report', { visibility: 'public' });
    b.edge(printReport, total, 'calls', 'scope', 13);
    b.edge(printReport, null, 'calls', 'unresolved', 14, 'print');

    b.imports(R, M); b.imports(R, S); b.imports(S, M); b.imports(S, R);
    b.imports(C, M); b.imports(C, R); b.imports(C, S); b.imports(T, R); b.imports(T, C);
    b.finish();
  });
}

export interface TestIndex { root: string; store: Store; graph: Graph; b: GraphBuilder; dispose(): void }

/** A temp copy of the shop fixture with its graph written to .codeindex/codeindex.db. */
export async function shopIndex(): Promise<TestIndex> {
  const root = copyFixture('shop');
  const { store } = await openIndex(root);
  const b = new GraphBuilder(store, root);
  fillShop(b);
  return {
    root, store, b, graph: new Graph(store, root),
    dispose() { store.close(); rmSync(root, { recursive: true, force: true }); },
  };
}
