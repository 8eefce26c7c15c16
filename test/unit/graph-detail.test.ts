import assert from 'node:assert/strict';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { explore, adaptiveMaxFiles, personalisedPageRank } from '../../src/server/graph/explore';
import { nodeDetail } from '../../src/server/graph/node';
import { fileDependencies } from '../../src/server/graph/deps';
import { indexStatus } from '../../src/server/graph/status';
import { lookupSymbol } from '../../src/server/graph/lookup';
import { graphQuery } from '../../src/server/graph/query';
import { projectOverview } from '../../src/server/graph/overview';
import { writeMeta } from '../../src/server/store/schema';
import type { EdgeRow } from '../../src/server/graph/rows';
import { shopIndex, TestIndex } from './graph-fixture';

const R = 'src/repository.ts', S = 'src/serialize.ts', C = 'src/checkout.ts', M = 'src/model.ts';

describe('graph: node, explore, deps, status', () => {
  let t: TestIndex;
  beforeEach(async () => { t = await shopIndex(); t.graph.refresh(); });
  afterEach(() => t.dispose());

  it('looks symbols up by id, qualified name, name, qualified tail and file path', () => {
    assert.equal(lookupSymbol(t.graph, `${R}::DiskRepository.save`).best!.uid, `${R}::DiskRepository.save`);
    assert.equal(lookupSymbol(t.graph, 'DiskRepository.save').best!.uid, `${R}::DiskRepository.save`);
    assert.equal(lookupSymbol(t.graph, 'writeRecord').best!.uid, `${R}::writeRecord`);
    assert.equal(lookupSymbol(t.graph, 'WRITERECORD').best!.uid, `${R}::writeRecord`);
    assert.equal(lookupSymbol(t.graph, 'serialize.ts').best!.uid, S);
    assert.equal(lookupSymbol(t.graph, 'Repository', 'class').best, undefined);
    assert.equal(lookupSymbol(t.graph, 'Repository', 'interface').best!.uid, `${R}::Repository`);
  });

  it('node: record, code as the file is now, related lists with lines and resolution', () => {
    const r = nodeDetail(t.graph, { symbol: 'formatPrice', includeRelated: true });
    assert.equal(r.node!.isExported, true);
    assert.equal(r.code, 'export function formatPrice(item: Item): string {\n  return `$${(item.priceCents / 100).toFixed(2)}`;\n}');
    assert.deepEqual(r.usages, [{ id: `${C}::CheckoutService.checkout`, name: 'checkout', kind: 'method', filePath: C, line: 11, edgeKind: 'references', resolution: 'import' }]);
    assert.deepEqual(r.callers, []);
    // The file changed after indexing: the code shown is the current text of those lines.
    const file = join(t.root, M);
    writeFileSync(file, readFileSync(file, 'utf8').replace('toFixed(2)', 'toFixed(3)'));
    assert.match(nodeDetail(t.graph, { symbol: 'formatPrice' }).code!, /toFixed\(3\)/);
    const main = nodeDetail(t.graph, { symbol: 'main', includeRelated: true, includeCode: false });
    assert.equal(main.code, null);
    assert.ok(main.callees!.some((c) => c.id === null && c.name === 'log' && c.resolution === 'unresolved'));
  });

  it('explore: seeds from the words, expanded along the graph, grouped by file, within budget', () => {
    const r = explore(t.graph, 'how are prices formatted?');
    assert.equal(r.nodes[0].id, `${M}::formatPrice`);
    assert.equal(r.nodes[0].score, 1);
    assert.ok(r.nodes.some((n) => n.id === `${C}::CheckoutService.checkout`), 'its user, reached through the graph');
    assert.ok(Object.keys(r.files).includes(M));
    const snip = r.files[M].snippets.find((x) => x.nodeId === `${M}::formatPrice`)!;
    assert.deepEqual([snip.startLine, snip.endLine], [8, 10]);
    assert.ok(r.budget.usedTokens <= r.budget.maxTokens);
    const tiny = explore(t.graph, 'repository save items', { maxTokens: 400 });
    assert.equal(tiny.budget.truncated, true);
    assert.ok(JSON.stringify(tiny).length / 4 < 1000);
    const one = explore(t.graph, 'repository save items', { maxFiles: 1 });
    assert.deepEqual(Object.keys(one.files), [R]);
    const none = explore(t.graph, 'kubernetes helm chart');
    assert.deepEqual(none.nodes, []);
    assert.match(none.hint!, /Nothing matches/);
    assert.deepEqual([adaptiveMaxFiles(10), adaptiveMaxFiles(400), adaptiveMaxFiles(3000), adaptiveMaxFiles(20000)], [12, 10, 8, 6]);
  });

  it('personalised PageRank favours nodes close to the seeds', () => {
    const e = (id: number, src: number, dst: number): EdgeRow => ({ id, src, dst, kind: 'calls', resolution: 'exact', line: 1, target: null, file_id: 1 });
    const pr = personalisedPageRank([1, 2, 3, 4], [e(1, 1, 2), e(2, 2, 3), e(3, 3, 4)], new Map([[1, 1]]));
    assert.ok(pr.get(1)! > pr.get(2)! && pr.get(2)! > pr.get(3)! && pr.get(3)! > pr.get(4)!);
  });

  it('file dependencies from imports edges; outside and unindexed paths explained', () => {
    assert.deepEqual(fileDependencies(t.graph, R), { file: R, dependencies: [M, S], dependents: [C, S, 'test/checkout.test.ts'] });
    assert.deepEqual(fileDependencies(t.graph, `./${M}`).dependents, [C, R, S]);
    assert.match(fileDependencies(t.graph, '/etc/passwd').message!, /outside the project/);
    assert.match(fileDependencies(t.graph, 'notes.txt').message!, /not in the index/);
  });

  it('status: every field, freshness from the watcher and the meta rows', () => {
    const st = indexStatus(t.root, t.graph, { watcher: () => ({ active: true, pendingFiles: [], degraded: false }) });
    assert.equal(st.initialized, true);
    assert.equal(st.indexFreshness, 'fresh');
    assert.equal(st.isStale, false);
    assert.deepEqual(st.stats.languages, { python: 1, typescript: 5 });
    assert.equal(st.stats.fileCount, 6);
    assert.equal(st.backend, t.store.backend);
    assert.equal(st.journalMode, t.store.journalMode);
    assert.ok(st.stats.dbSizeBytes > 0);
    assert.equal(indexStatus(t.root, t.graph).indexFreshness, 'unwatched');
    const stale = indexStatus(t.root, t.graph, { watcher: () => ({ active: true, pendingFiles: ['src/a.ts'], degraded: false }) });
    assert.deepEqual([stale.indexFreshness, stale.isStale, stale.watcherStatus.pendingFiles], ['stale', true, ['src/a.ts']]);
    const syncing = indexStatus(t.root, t.graph, { activity: () => ({ phase: 'syncing', filesDone: 1, filesTotal: 2 }) });
    assert.deepEqual([syncing.indexFreshness, syncing.progress], ['syncing', { filesDone: 1, filesTotal: 2 }]);
    t.store.transaction(() => writeMeta(t.store, { extractionVersion: 999 }));
    t.graph.refresh();
    const old = indexStatus(t.root, t.graph);
    assert.deepEqual([old.indexFreshness, old.isStale], ['incompatible', true]);
    assert.match(old.message!, /codeindex index --path/);
    const missing = indexStatus('/nonexistent/project', undefined);
    assert.deepEqual([missing.initialized, missing.indexFreshness, missing.stats.nodeCount, missing.journalMode], [false, 'missing', 0, 'none']);
    // Fast: the counts are cached per database version.
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 100; i++) indexStatus(t.root, t.graph);
    assert.ok(Number(process.hrtime.bigint() - t0) / 1e6 / 100 < 5);
  });

  it('sees a batch committed after the first answer (caches follow the database version)', () => {
    assert.equal(graphQuery(t.graph, 'find_dead_code').nodes.length, 1);
    t.store.transaction(() => {
      t.b.sym(R, 'legacyExport2', 'function', 'function writeRecord');
    });
    t.graph.refresh();
    assert.deepEqual(graphQuery(t.graph, 'find_dead_code').nodes.map((n) => n.name).sort(), ['legacyExport', 'legacyExport2']);
    assert.equal(indexStatus(t.root, t.graph).stats.nodeCount, t.store.prepare('SELECT count(*) AS c FROM nodes').get<{ c: number }>()!.c);
  });

  it('overview: languages, modules, central symbols, entry points', () => {
    const o = projectOverview(t.graph);
    assert.deepEqual(o.modules.map((m) => m.path), ['src', 'test', 'tools']);
    assert.equal(o.centralSymbols[0].id, `${M}::Item`);
    assert.deepEqual(o.entryPoints.map((x) => x.id), [`${C}::main`]);
  });
});
