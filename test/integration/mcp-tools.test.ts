// Every tool and every graph operation of the built server, on a real index of the shop fixture
// (built by `codeindex --init`), spoken to by the SDK's Client over stdio.
import assert from 'node:assert/strict';
import { EXTRACTION_VERSION } from '../../src/server/version';
import { cleanup, connect, Connected, copyFixture, initIndex, structured } from './mcp-helpers';

const R = 'src/repository.ts', S = 'src/serialize.ts', C = 'src/checkout.ts', M = 'src/model.ts', T = 'test/checkout.test.ts';
type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const readJson = (r: { contents: Obj[] }): Obj => JSON.parse(String(r.contents[0].text));

describe('mcp: the six tools on an indexed project', function () {
  this.timeout(60_000);
  let root: string;
  let s: Connected;
  const call = async (name: string, args: Obj): Promise<Obj> => {
    const r = await s.client.callTool({ name, arguments: args });
    assert.equal(r.success, true, JSON.stringify(r).slice(0, 400));
    assert.equal(r.isError, false);
    return structured(r);
  };
  const graph = (query: string) => call('codeindex_graph', { query });
  const ids = (nodes: Obj[], role?: string) => nodes.filter((n) => (role ? n.role === role : n.role !== 'root')).map((n) => n.id).sort();

  before(async () => {
    root = copyFixture('shop');
    initIndex(root);
    s = await connect(root);
  });
  after(cleanup);

  it('lists the six tools with zod-derived schemas, descriptions and readOnlyHint', async () => {
    const { tools } = await s.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['codeindex_search', 'codeindex_explore', 'codeindex_node', 'codeindex_graph', 'codeindex_status', 'codeindex_file_dependencies']);
    for (const t of tools) {
      assert.equal(t.annotations?.readOnlyHint, true, t.name);
      assert.ok((t.description ?? '').length > 150, `${t.name} describes when to use it`);
      assert.equal(t.inputSchema.type, 'object');
    }
    const search = tools[0];
    assert.deepEqual(search.inputSchema.required, ['query']);
    assert.deepEqual(Object.keys(search.inputSchema.properties ?? {}), ['query', 'limit']);
    assert.deepEqual(tools[2].inputSchema.required, ['symbol']);
    assert.deepEqual(Object.keys(tools[2].inputSchema.properties ?? {}), ['symbol', 'includeCode', 'kind', 'includeRelated']);
    assert.deepEqual(tools[4].inputSchema.required ?? [], []);
  });

  it('codeindex_search: ranked symbol records, exact name first', async () => {
    const r = await call('codeindex_search', { query: 'saveAll' });
    const first = r.results[0];
    assert.deepEqual(Object.keys(first).sort(), ['docstring', 'endLine', 'filePath', 'id', 'kind', 'name', 'qualifiedName', 'score', 'signature', 'startLine']);
    assert.deepEqual([first.id, first.kind, first.filePath, first.startLine, first.endLine], [`${S}::saveAll`, 'function', S, 10, 12]);
    assert.match(first.signature, /saveAll\(repo: Repository, items: Item\[\]\)/);
    const save = await call('codeindex_search', { query: 'save', limit: 3 });
    assert.equal(save.results.length, 3);
    assert.ok(save.results.every((x: Obj) => x.name === 'save'));
    const snake = await call('codeindex_search', { query: 'total price' });
    assert.equal(snake.results[0].id, 'tools/report.py::compute_total_price');
    const typo = await call('codeindex_search', { query: 'serializeItme' });
    assert.equal(typo.results[0].id, `${S}::serializeItem`);
    const none = await call('codeindex_search', { query: 'qqqzzzxxx' });
    assert.deepEqual(none.results, []);
    assert.match(none.hint, /Nothing matches/);
  });

  it('codeindex_explore: relevant files with snippets of the current code, within the budget', async () => {
    const r = await call('codeindex_explore', { query: 'how are prices formatted at checkout?' });
    assert.equal(r.nodes[0].id, `${M}::formatPrice`);
    assert.ok(Object.keys(r.files).includes(M) && Object.keys(r.files).includes(C));
    const snip = r.files[M].snippets.find((x: Obj) => x.nodeId === `${M}::formatPrice`);
    assert.deepEqual([snip.startLine, snip.endLine], [8, 10]);
    assert.equal(snip.code.split('\n')[0], 'export function formatPrice(item: Item): string {');
    assert.ok(r.relationships.calls.some((x: Obj) => x.from === `${C}::CheckoutService.checkout` && x.to === `${S}::saveAll`));
    assert.ok(r.relationships.references.some((x: Obj) => x.from === `${C}::CheckoutService.checkout` && x.to === `${M}::formatPrice`));
    assert.ok(Array.isArray(r.edges) && r.edges.length > 0);
    assert.equal(r.budget.maxTokens, 12000);
    assert.ok(r.budget.usedTokens > 0 && r.budget.usedTokens <= 12000);
    const one = await call('codeindex_explore', { query: 'prices checkout', maxFiles: 1 });
    assert.equal(Object.keys(one.files).length, 1);
    assert.equal(one.budget.maxFiles, 1);
  });

  it('codeindex_node: the record, the code, and related symbols on request', async () => {
    const r = await call('codeindex_node', { symbol: 'MemoryRepository.saveMany' });
    assert.deepEqual(r.node, {
      id: `${R}::MemoryRepository.saveMany`, name: 'saveMany', kind: 'method', qualifiedName: 'MemoryRepository.saveMany', filePath: R,
      startLine: 22, endLine: 24, docstring: '', signature: 'saveMany(items: Item[]): void', visibility: 'public', isAsync: false, isExported: true,
    });
    assert.equal(r.code, '  saveMany(items: Item[]): void {\n    for (const item of items) this.save(item);\n  }');
    assert.equal(r.callers, undefined);
    const rel = await call('codeindex_node', { symbol: `${R}::MemoryRepository.save`, includeRelated: true, includeCode: false });
    assert.equal(rel.code, null);
    // saveAll calls repo.save() on a parameter typed as the Repository interface: a caller by dispatch
    assert.deepEqual(rel.callers.map((x: Obj) => x.id).sort(), [`${R}::MemoryRepository.saveMany`, `${S}::saveAll`, `${T}::RecordingRepository.save`]);
    assert.ok(rel.usages.some((x: Obj) => x.edgeKind === 'overrides' && x.id === `${T}::RecordingRepository.save`));
    assert.ok(rel.callers.every((x: Obj) => x.resolution === 'exact' && typeof x.line === 'number'));
    const amb = await call('codeindex_node', { symbol: 'find' });
    assert.equal(amb.node.name, 'find');
    assert.equal(amb.candidates.length, 3);
    assert.match(amb.message, /'find' names 4 symbols/);
    const kind = await call('codeindex_node', { symbol: 'Repository', kind: 'interface' });
    assert.equal(kind.node.id, `${R}::Repository`);
    const none = await call('codeindex_node', { symbol: 'formatPrise' });
    assert.equal(none.node, null);
    assert.equal(none.suggestions[0].id, `${M}::formatPrice`);
    assert.match(none.message, /No symbol 'formatPrise'.*formatPrice/);
  });

  it('codeindex_graph find_callers / find_callees (with dispatch to overrides) / find_usages', async () => {
    const callers = await graph('find_callers MemoryRepository.save');
    assert.deepEqual(ids(callers.nodes), [`${R}::MemoryRepository.saveMany`, `${S}::saveAll`, `${T}::RecordingRepository.save`]);
    assert.equal(callers.truncated, false);
    assert.equal(callers.resolution.exact, 3);
    assert.deepEqual(callers.paths, []);
    const callees = await graph('find_callees MemoryRepository.saveMany');
    assert.deepEqual(callees.edges.map((e: Obj) => [e.to, e.dispatch ?? false]), [[`${R}::MemoryRepository.save`, false], [`${T}::RecordingRepository.save`, true]]);
    assert.equal(callees.edges[1].via, `${R}::MemoryRepository.save`);
    assert.equal(callees.resolution.dispatch, 1);
    // repo: Repository -> the interface method, fanned out to every implementation
    const typed = await graph('find_callees saveAll');
    assert.equal(typed.unresolved, undefined);
    const toInterface = typed.edges.find((e: Obj) => e.to === `${R}::Repository.save`);
    assert.equal(toInterface?.resolution, 'exact');
    assert.ok(typed.edges.some((e: Obj) => e.to === `${R}::MemoryRepository.save` && e.dispatch === true));
    const usages = await graph('find_usages formatPrice');
    assert.deepEqual(ids(usages.nodes), [`${C}::CheckoutService.checkout`]);
    assert.equal(usages.edges[0].kind, 'references');
  });

  it('codeindex_graph find_type_hierarchy / find_implementations / find_impact', async () => {
    const h = await graph('find_type_hierarchy MemoryRepository');
    assert.deepEqual(ids(h.nodes, 'ancestor'), [`${R}::Repository`]);
    assert.deepEqual(ids(h.nodes, 'descendant'), [`${R}::CachedRepository`, `${T}::RecordingRepository`]);
    assert.ok(h.paths.some((p: Obj) => p.to === `${R}::Repository` && p.path.join() === `${R}::MemoryRepository,${R}::Repository`));
    const impl = await graph('find_implementations Repository');
    assert.deepEqual(ids(impl.nodes), [`${R}::CachedRepository`, `${R}::DiskRepository`, `${R}::MemoryRepository`, `${T}::RecordingRepository`]);
    assert.deepEqual(impl.paths.find((p: Obj) => p.to === `${T}::RecordingRepository`).path, [`${R}::Repository`, `${R}::MemoryRepository`, `${T}::RecordingRepository`]);
    const impact = await graph('find_impact formatPrice');
    const depth = Object.fromEntries(impact.nodes.map((n: Obj) => [n.id, n.depth]));
    assert.equal(depth[`${C}::CheckoutService.checkout`], 1);
    assert.equal(depth[`${C}::main`], 2);
    assert.equal(depth[`${T}::testCheckoutSavesItems`], 2);
    assert.deepEqual(impact.paths.find((p: Obj) => p.to === `${C}::main`).path, [`${M}::formatPrice`, `${C}::CheckoutService.checkout`, `${C}::main`]);
    assert.equal(impact.truncated, false);
  });

  it('codeindex_graph find_circular_dependencies / find_dead_code / errors', async () => {
    const cyc = await graph('find_circular_dependencies');
    assert.deepEqual(cyc.paths.map((p: Obj) => p.path), [[R, S, R]]);
    assert.deepEqual(cyc.resolution, { exact: 2 });
    const dead = await graph('find_dead_code');
    assert.deepEqual(dead.nodes.map((n: Obj) => n.id), [`${R}::legacyExport`]);
    const unknown = await graph('find_callers noSuchThing');
    assert.deepEqual(unknown.nodes, []);
    assert.match(unknown.message, /No symbol 'noSuchThing'/);
    await assert.rejects(s.client.callTool({ name: 'codeindex_graph', arguments: { query: 'find_friends x' } }),
      (e: Error & { code?: number }) => e.code === -32602 && /unknown operation 'find_friends'.*find_callers <symbol>.*find_dead_code/.test(e.message));
  });

  it('codeindex_file_dependencies: imports both ways; outside or unindexed paths get a message', async () => {
    const r = await call('codeindex_file_dependencies', { filePath: S });
    assert.deepEqual(r, { file: S, dependencies: [M, R], dependents: [C, R] });
    const abs = await call('codeindex_file_dependencies', { filePath: `${root}/${C}` });
    assert.deepEqual(abs.dependencies, [M, R, S]);
    const out = await call('codeindex_file_dependencies', { filePath: '../elsewhere.ts' });
    assert.match(out.message, /outside the project/);
    const missing = await call('codeindex_file_dependencies', { filePath: 'notes.txt' });
    assert.deepEqual([missing.dependencies, missing.dependents], [[], []]);
    assert.match(missing.message, /not in the index/);
  });

  it('codeindex_status: every field of the status record, truthfully, fast', async () => {
    const t0 = Date.now();
    const r = await call('codeindex_status', {});
    const ms = Date.now() - t0;
    assert.equal(r.initialized, true);
    assert.equal(r.indexFreshness, 'fresh');
    assert.equal(r.isStale, false);
    assert.ok(r.lastIndexedAt > Date.now() - 120_000 && r.lastIndexedAt <= Date.now());
    assert.equal(typeof r.indexBuildInfo.version, 'string');
    assert.equal(r.indexBuildInfo.extractionVersion, EXTRACTION_VERSION);
    assert.deepEqual(r.stats.languages, { python: 1, typescript: 5 });
    assert.equal(r.stats.fileCount, 6);
    assert.ok(r.stats.nodeCount > 30 && r.stats.edgeCount > 50 && r.stats.dbSizeBytes > 0);
    assert.equal(r.backend, process.env.CODEINDEX_DB_BACKEND ?? r.backend);
    assert.equal(r.journalMode, r.backend === 'node-sqlite' ? 'wal' : r.journalMode);
    assert.deepEqual({ ...r.watcherStatus, reason: undefined }, { active: true, pendingFiles: [], degraded: false, reason: undefined });
    assert.ok(ms < 1000, `status round trip ${ms} ms`);
    await assert.rejects(s.client.callTool({ name: 'codeindex_status', arguments: { projectPath: '/somewhere/else' } }), /projectPath: this server serves/);
  });

  it('resources: the status record and the project overview', async () => {
    const { resources } = await s.client.listResources();
    assert.deepEqual(resources.map((r) => r.uri), ['codeindex://status', 'codeindex://overview']);
    const ov = readJson(await s.client.readResource({ uri: 'codeindex://overview' }));
    assert.deepEqual(ov.languages, { python: 1, typescript: 5 });
    assert.deepEqual(ov.modules.map((m: Obj) => [m.path, m.files]), [['src', 4], ['test', 1], ['tools', 1]]);
    assert.equal(ov.centralSymbols[0].id, `${M}::Item`);
    assert.deepEqual(ov.entryPoints.map((x: Obj) => x.id), [`${C}::main`]);
    const st = readJson(await s.client.readResource({ uri: 'codeindex://status' }));
    assert.equal(st.indexFreshness, 'fresh');
  });
});
