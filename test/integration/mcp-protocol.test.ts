// The protocol edges of the built server: handshake, version negotiation, malformed input, bad
// arguments, no index, a corrupt index, exit on disconnect, and the `codeindex query` mirror.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, connect, copyFixture, ENTRY, initIndex, rawServer, ROOT, structured, tempDir } from './mcp-helpers';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const init = (id: number, version = '2024-11-05') => JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
const pkgVersion = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

describe('mcp: protocol', function () {
  this.timeout(60_000);
  let shop: string;
  before(() => { shop = copyFixture('shop'); initIndex(shop); });
  after(cleanup);

  it('answers initialize at once with the version the client asked for, and exact capabilities', async () => {
    const srv = rawServer(shop);
    const t0 = Date.now();
    srv.send(init(1));
    const r = await srv.next((m) => m.id === 1) as Obj;
    const ms = Date.now() - t0;
    assert.deepEqual(r.result.protocolVersion, '2024-11-05');
    assert.deepEqual(r.result.capabilities, { tools: {}, resources: {} });
    assert.deepEqual(r.result.serverInfo, { name: 'codeindex', version: pkgVersion });
    assert.ok(ms < 3000, `initialize took ${ms} ms`);
    srv.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    srv.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'codeindex_search', arguments: { query: 'main' } } }));
    const call = await srv.next((m) => m.id === 2) as Obj;
    assert.equal(call.result.success, true);
    assert.equal(call.result.structuredContent.results[0].id, 'src/checkout.ts::main');
    const newer = rawServer(shop);
    newer.send(init(1, '2025-06-18'));
    assert.equal((await newer.next((m) => m.id === 1) as Obj).result.protocolVersion, '2025-06-18');
  });

  it('answers malformed JSON-RPC with -32700 / -32600 / -32601 and keeps serving', async () => {
    const srv = rawServer(shop);
    srv.send(init(1));
    await srv.next((m) => m.id === 1);
    srv.send('{"jsonrpc": "2.0", "id": 2, "method": ');
    const parse = await srv.next() as Obj;
    assert.deepEqual([parse.id, parse.error.code], [null, -32700]);
    srv.send(JSON.stringify({ id: 3, params: {} }));
    const invalid = await srv.next() as Obj;
    assert.deepEqual([invalid.id, invalid.error.code], [3, -32600]);
    srv.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/frobnicate' }));
    const unknown = await srv.next() as Obj;
    assert.deepEqual([unknown.id, unknown.error.code], [4, -32601]);
    srv.send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }));
    const list = await srv.next() as Obj;
    assert.equal(list.id, 5);
    assert.equal(list.result.tools.length, 6);
  });

  it('rejects bad arguments with -32602 naming the field, and keeps serving', async () => {
    const { client } = await connect(shop);
    const bad = async (name: string, args: Obj, re: RegExp) => {
      await assert.rejects(client.callTool({ name, arguments: args }), (e: Error & { code?: number }) => {
        assert.equal(e.code, -32602, e.message);
        assert.match(e.message, re);
        return true;
      });
    };
    await bad('codeindex_search', {}, /codeindex_search: query: required \(string\)/);
    await bad('codeindex_search', { query: 42 }, /query: expected string, received number/);
    await bad('codeindex_search', { query: 'x', limit: -5 }, /limit: Too small: expected number to be >=1/);
    await bad('codeindex_search', { query: 'x', limit: 'ten' }, /limit: expected number, received string/);
    await bad('codeindex_explore', { query: '' }, /query: Too small/);
    await bad('codeindex_node', { symbol: 'x', includeCode: 'yes' }, /includeCode: expected boolean/);
    await bad('codeindex_graph', { query: 'find_callers' }, /query: find_callers needs a symbol/);
    await bad('codeindex_file_dependencies', {}, /filePath: required/);
    await bad('codeindex_teleport', {}, /Unknown tool 'codeindex_teleport'. Tools: codeindex_search, .*codeindex_file_dependencies/);
    const ok = structured(await client.callTool({ name: 'codeindex_search', arguments: { query: 'saveAll', limit: 100000 } }));
    assert.equal((ok.results as Obj[])[0].id, 'src/serialize.ts::saveAll');
  });

  it('exits when the client closes stdin', async () => {
    const srv = rawServer(shop);
    srv.send(init(1));
    await srv.next((m) => m.id === 1);
    const t0 = Date.now();
    srv.proc.stdin!.end();
    const code = await srv.exited;
    assert.equal(code, 0);
    assert.ok(Date.now() - t0 < 5000);
  });

  it('without an index: isError false, success false, and the command to run; picks the index up once created', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.ts'), 'export function alpha(): number { return 1; }\n');
    const { client } = await connect(dir);
    const r = await client.callTool({ name: 'codeindex_search', arguments: { query: 'alpha' } });
    assert.equal(r.isError, false);
    assert.equal(r.success, false);
    const body = structured(r);
    assert.deepEqual(body.results, []);
    assert.equal(body.indexState, 'missing');
    assert.ok(String(body.message).includes(`codeindex --init --path ${dir}`), String(body.message));
    const st = structured(await client.callTool({ name: 'codeindex_status', arguments: {} }));
    assert.deepEqual([st.initialized, st.indexFreshness, st.isStale], [false, 'missing', false]);
    assert.match(String(st.message), /Run 'codeindex --init --path/);
    initIndex(dir);
    const after = structured(await client.callTool({ name: 'codeindex_search', arguments: { query: 'alpha' } }));
    assert.equal((after.results as Obj[])[0].id, 'a.ts::alpha');
  });

  it('a corrupt database: the handshake still works and tools say what to do', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.codeindex'));
    writeFileSync(join(dir, '.codeindex/codeindex.db'), 'this is not a database, just text that is long enough to look like a header '.repeat(100));
    const { client } = await connect(dir);
    const r = await client.callTool({ name: 'codeindex_node', arguments: { symbol: 'x' } });
    assert.equal(r.isError, false);
    assert.equal(r.success, false);
    const body = structured(r);
    assert.equal(body.indexState, 'error');
    assert.match(String(body.message), /corrupt|not a database/i);
    assert.match(String(body.message), /re-index/);
  });

  it('codeindex query prints the same JSON as the MCP tool and exits 0/1/2', async () => {
    const out = execFileSync(process.execPath, ['--no-warnings', ENTRY, 'query', 'codeindex_search', '{"query":"saveAll","limit":2}', '--path', shop], { encoding: 'utf8' });
    const { client } = await connect(shop);
    const viaMcp = (await client.callTool({ name: 'codeindex_search', arguments: { query: 'saveAll', limit: 2 } })).content as { text: string }[];
    assert.equal(out.trim(), viaMcp[0].text);
    const bad = spawnSync(process.execPath, ['--no-warnings', ENTRY, 'query', 'codeindex_search', '{"limit":-1}', '--path', shop], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /query: required/);
    const json = spawnSync(process.execPath, ['--no-warnings', ENTRY, 'query', 'codeindex_search', '{query}', '--path', shop], { encoding: 'utf8' });
    assert.equal(json.status, 2);
    assert.match(json.stderr, /must be a JSON object/);
    const none = spawnSync(process.execPath, ['--no-warnings', ENTRY, 'query', 'codeindex_graph', '{"query":"find_dead_code"}', '--path', tempDir()], { encoding: 'utf8' });
    assert.equal(none.status, 1);
    assert.match(none.stderr, /codeindex --init --path/);
  });
});
