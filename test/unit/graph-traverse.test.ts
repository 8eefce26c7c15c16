import assert from 'node:assert/strict';
import { graphQuery, GRAPH_MAX_CHARS, OPERATIONS, parseGraphQuery } from '../../src/server/graph/query';
import { ArgumentError } from '../../src/server/graph/errors';
import { shopIndex, TestIndex } from './graph-fixture';

const R = 'src/repository.ts', S = 'src/serialize.ts', C = 'src/checkout.ts', T = 'test/checkout.test.ts';

describe('graph: traversal operations', () => {
  let t: TestIndex;
  before(async () => { t = await shopIndex(); t.graph.refresh(); });
  after(() => t.dispose());
  const q = (query: string) => graphQuery(t.graph, query);
  const others = (r: ReturnType<typeof q>) => r.nodes.filter((n) => n.role !== 'root').map((n) => n.id).sort();

  it('find_callers: direct callers, plus calls through the methods it overrides (dispatch)', () => {
    const r = q(`find_callers ${R}::MemoryRepository.save`);
    assert.deepEqual(others(r), [`${R}::MemoryRepository.saveMany`, `${S}::saveAll`, `${T}::RecordingRepository.save`]);
    const viaBase = r.edges.find((e) => e.from === `${S}::saveAll`)!;
    assert.equal(viaBase.dispatch, true);
    assert.equal(viaBase.via, `${R}::Repository.save`);
    assert.equal(viaBase.resolution, 'heuristic');
    assert.equal(r.truncated, false);
    assert.deepEqual(r.resolution, { exact: 1, heuristic: 1, dispatch: 1, scope: 1 });
  });

  it('find_callers of a class includes instantiations', () => {
    assert.deepEqual(others(q('find_callers CheckoutService')), [`${C}::main`, `${T}::testCheckoutSavesItems`]);
  });

  it('find_callees fans a call through an interface out to every implementation, marked dispatch', () => {
    const r = q('find_callees saveAll');
    assert.deepEqual(others(r), [`${R}::DiskRepository.save`, `${R}::MemoryRepository.save`, `${R}::Repository.save`, `${T}::RecordingRepository.save`]);
    const stat = r.edges.filter((e) => !e.dispatch).map((e) => e.to);
    assert.deepEqual(stat, [`${R}::Repository.save`]);
    const dyn = r.edges.filter((e) => e.dispatch);
    assert.equal(dyn.length, 3);
    assert.ok(dyn.every((e) => e.via === `${R}::Repository.save`));
    assert.equal(r.resolution.dispatch, 3);
  });

  it('find_callees fans a call to an overridable method out to its overrides', () => {
    const r = q('find_callees MemoryRepository.saveMany');
    assert.deepEqual(r.edges.map((e) => [e.to, !!e.dispatch]), [[`${R}::MemoryRepository.save`, false], [`${T}::RecordingRepository.save`, true]]);
    assert.equal(r.edges[1].via, `${R}::MemoryRepository.save`);
    assert.equal(r.edges[1].line, 23);
  });

  it('find_callees lists unresolved calls by name', () => {
    const r = q('find_callees main');
    assert.deepEqual(others(r), [`${C}::CheckoutService`, `${C}::CheckoutService.checkout`, `${R}::MemoryRepository`]);
    assert.deepEqual(r.unresolved, [{ name: 'log', from: `${C}::main`, line: 17 }]);
    assert.equal(r.resolution.unresolved, 1);
  });

  it('find_usages: every kind of incoming edge', () => {
    const r = q('find_usages Item');
    assert.deepEqual(others(r), ['src/model.ts::formatPrice', `${R}::MemoryRepository`, `${R}::Repository.save`, `${S}::serializeItem`]);
    assert.ok(r.edges.every((e) => e.kind === 'references' && e.to === 'src/model.ts::Item'));
    const file = q(`find_usages ${S}`);
    assert.deepEqual(others(file), [C, R]);
  });

  it('find_type_hierarchy: ancestors and descendants with paths', () => {
    const r = q('find_type_hierarchy MemoryRepository');
    const byRole = (role: string) => r.nodes.filter((n) => n.role === role).map((n) => n.id).sort();
    assert.deepEqual(byRole('ancestor'), [`${R}::Repository`]);
    assert.deepEqual(byRole('descendant'), [`${R}::CachedRepository`, `${T}::RecordingRepository`]);
    assert.deepEqual(r.paths.find((p) => p.to === `${R}::Repository`)!.path, [`${R}::MemoryRepository`, `${R}::Repository`]);
    const deep = q('find_type_hierarchy Repository');
    assert.deepEqual(deep.paths.find((p) => p.to === `${R}::CachedRepository`)!.path, [`${R}::Repository`, `${R}::MemoryRepository`, `${R}::CachedRepository`]);
    assert.equal(deep.nodes.find((n) => n.id === `${R}::CachedRepository`)!.depth, 2);
  });

  it('find_implementations of an interface and of an interface method', () => {
    const r = q('find_implementations Repository');
    assert.deepEqual(others(r), [`${R}::CachedRepository`, `${R}::DiskRepository`, `${R}::MemoryRepository`, `${T}::RecordingRepository`]);
    const m = q(`find_implementations ${R}::Repository.find`);
    assert.deepEqual(others(m), [`${R}::CachedRepository.find`, `${R}::DiskRepository.find`, `${R}::MemoryRepository.find`]);
  });

  it('find_impact: transitive dependents, depth-ranked, through dispatch', () => {
    const r = q(`find_impact ${R}::MemoryRepository.save`);
    const depth = Object.fromEntries(r.nodes.map((n) => [n.id, n.depth]));
    assert.equal(depth[`${T}::RecordingRepository.save`], 1); // overrides and calls it
    assert.equal(depth[`${S}::saveAll`], 1); // calls Repository.save, which may dispatch here
    assert.equal(depth[`${R}::MemoryRepository.saveMany`], 1);
    assert.equal(depth[`${C}::CheckoutService.checkout`], 2);
    assert.equal(depth[`${C}::main`], 3);
    assert.equal(depth[`${T}::testCheckoutSavesItems`], 3);
    const ds = r.nodes.map((n) => n.depth);
    assert.deepEqual(ds, [...ds].sort((a, b) => a - b));
    assert.deepEqual(r.paths.find((p) => p.to === `${C}::main`)!.path,
      [`${R}::MemoryRepository.save`, `${S}::saveAll`, `${C}::CheckoutService.checkout`, `${C}::main`]);
    assert.ok(r.edges.some((e) => e.dispatch && e.from === `${S}::saveAll`));
  });

  it('find_circular_dependencies: the import cycle, and no cycle from test subclasses', () => {
    const r = q('find_circular_dependencies');
    assert.equal(r.paths.length, 1);
    assert.deepEqual(r.paths[0].path, [R, S, R]);
    assert.deepEqual(r.nodes.map((n) => n.id).sort(), [R, S]);
    assert.equal(r.symbol, null);
  });

  it('find_dead_code: only what nothing uses and no rule keeps alive', () => {
    const r = q('find_dead_code');
    assert.deepEqual(r.nodes.map((n) => n.id), [`${R}::legacyExport`]);
    assert.match(r.message!, /1 symbol/);
  });

  it('names the candidates of an ambiguous symbol and suggests close names for an unknown one', () => {
    const amb = q('find_callers save');
    assert.equal(amb.nodes[0].id, `${R}::MemoryRepository.save`);
    assert.deepEqual(amb.candidates!.map((c) => c.id), [`${R}::Repository.save`, `${R}::DiskRepository.save`, `${T}::RecordingRepository.save`]);
    assert.match(amb.message!, /'save' names 4 symbols; answered for src\/repository.ts::MemoryRepository.save/);
    const none = q('find_callers serializeItme');
    assert.deepEqual(none.nodes, []);
    assert.equal(none.suggestions![0].id, `${S}::serializeItem`);
    assert.match(none.message!, /No symbol 'serializeItme'.*serializeItem/);
  });

  it('rejects an unknown operation listing the valid ones, and a missing symbol', () => {
    assert.throws(() => parseGraphQuery('find_everything x'), (e: Error) => e instanceof ArgumentError && OPERATIONS.every((o) => e.message.includes(o)));
    assert.throws(() => parseGraphQuery('find_callers'), /query: find_callers needs a symbol/);
    assert.equal(parseGraphQuery('callers foo').op, 'find_callers');
  });
});

describe('graph: answer size', () => {
  let t: TestIndex;
  // 300 callers of formatPrice, each with a long docstring: far more than an agent should take in
  before(async () => {
    t = await shopIndex();
    const s = t.graph.store;
    const file = s.prepare(`SELECT id FROM files WHERE path = 'src/model.ts'`).get<{ id: number }>()!;
    const target = s.prepare(`SELECT id FROM nodes WHERE uid = 'src/model.ts::formatPrice'`).get<{ id: number }>()!;
    s.transaction(() => {
      for (let i = 0; i < 300; i++) {
        const doc = `Caller number ${i} formats a price. ${'It explains at length what it does and why. '.repeat(8)}`;
        const n = s.prepare(`INSERT INTO nodes(uid, file_id, parent_id, name, name_lower, kind, qualified_name, start_line, end_line, start_col, signature, docstring, visibility, is_async, is_exported, rank)
          VALUES (?, ?, NULL, ?, ?, 'function', ?, 1, 1, 0, ?, ?, '', 0, 0, 0)`).run(`src/model.ts::caller${i}`, Number(file.id), `caller${i}`, `caller${i}`, `caller${i}`, `function caller${i}(): string`, doc);
        s.prepare(`INSERT INTO edges(src, dst, kind, resolution, file_id, line, target) VALUES (?, ?, 'calls', 'exact', ?, 1, 'formatPrice')`).run(n.lastInsertRowid, Number(target.id), Number(file.id));
      }
    });
    t.graph.refresh();
  });
  after(() => t.dispose());

  it('stays within its budget, nearest nodes first, and says how many were left out', () => {
    const r = graphQuery(t.graph, 'find_callers formatPrice');
    assert.ok(JSON.stringify(r).length <= GRAPH_MAX_CHARS, `${JSON.stringify(r).length} chars`);
    assert.equal(r.truncated, true);
    assert.equal(r.nodes[0].role, 'root');
    assert.ok(r.nodes.length > 40, `${r.nodes.length} nodes kept`);
    assert.equal(r.omittedNodes, 200 - r.nodes.length, 'the 200-node cap, less what is shown');
    assert.match(r.message!, new RegExp(`^${r.omittedNodes} of 200 nodes left out`));
    const ids = new Set(r.nodes.map((n) => n.id));
    assert.ok(r.edges.length > 0 && r.edges.every((e) => ids.has(e.from) && ids.has(e.to)));
    // docstrings are cut to their first sentence
    assert.ok(r.nodes.filter((n) => n.role === 'caller').every((n) => /^Caller number \d+ formats a price\.$/.test(n.docstring)));
  });

  it('leaves a small answer whole', () => {
    const r = graphQuery(t.graph, 'find_callees formatPrice');
    assert.equal(r.omittedNodes, undefined);
    assert.ok(JSON.stringify(r).length < GRAPH_MAX_CHARS);
  });
});
