// The daemon machinery's pure parts: mode selection, socket paths, the initialize answer the
// front gives (same as the SDK's), and the front's relay and replay logic on in-memory streams.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { SUPPORTED_PROTOCOL_VERSIONS as SDK_VERSIONS, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { selectMode } from '../../src/server/modes/select';
import { MAX_SOCKET_PATH, socketPath } from '../../src/server/modes/socket-path';
import { initializeResult, SUPPORTED_PROTOCOL_VERSIONS } from '../../src/server/mcp/info';
import { Backend, StdioFront } from '../../src/server/modes/front';
import { Worker } from 'node:worker_threads';

describe('daemon units', () => {
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'ci-dmn-unit-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a reader thread lowers its own priority for a heavy tool, and only its own', async () => {
    // in a worker thread, as a reader runs: its nice value, and the process's main thread's
    const code = `
      const { parentPort } = require('node:worker_threads');
      const { readFileSync } = require('node:fs');
      const nice = (t) => Number(readFileSync('/proc/' + t + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
      const { niceThread } = require(${JSON.stringify(join(__dirname, '../../src/server/modes/readers.js'))});
      niceThread(10);
      const during = nice('thread-self');
      const main = nice('self/task/' + process.pid);
      niceThread(0);
      parentPort.postMessage({ during, main, after: nice('thread-self') });`;
    const r = await new Promise<{ during: number; main: number; after: number }>((res, rej) => {
      const w = new Worker(code, { eval: true });
      w.once('message', (m) => { res(m); void w.terminate(); });
      w.once('error', rej);
    });
    assert.equal(r.during, 10);
    assert.equal(r.main, 0, 'the main thread keeps its priority');
    // lowering it back needs the right to (root here); a user's thread stays at 10
    assert.equal(r.after, process.getuid?.() === 0 ? 0 : 10);
  });

  it('selectMode follows the spec table', () => {
    const bare = join(dir, 'bare'); mkdirSync(bare);
    const idx = join(dir, 'idx'); mkdirSync(join(idx, '.codeindex'), { recursive: true });
    assert.equal(selectMode(idx, {}).mode, 'proxy');
    assert.equal(selectMode(bare, {}).mode, 'direct');
    assert.match(selectMode(bare, {}).reason, /no \.codeindex/);
    assert.equal(selectMode(idx, { CODEINDEX_NO_DAEMON: '1' }).mode, 'direct');
    assert.equal(selectMode(idx, { CODEINDEX_NO_DAEMON: '0' }).mode, 'proxy');
    assert.equal(selectMode(idx, { CODEINDEX_DAEMON_INTERNAL: '1' }).mode, 'daemon');
  });

  it('socket path: .codeindex/codeindex_<hash of the real path>.sock; symlinks share it; long paths go to the temp dir; Windows pipe', () => {
    const p = join(dir, 'proj'); mkdirSync(p);
    const link = join(dir, 'link'); symlinkSync(p, link);
    const s = socketPath(p);
    assert.match(s.path, /\/\.codeindex\/codeindex_[0-9a-f]{16}\.sock$/);
    assert.equal(s.path.startsWith(join(p, '.codeindex')), true);
    assert.equal(socketPath(link).path.split('/').pop(), s.path.split('/').pop(), 'same hash through a symlink');
    assert.notEqual(socketPath(join(dir, 'bare')).path, s.path);
    const long = join(dir, 'x'.repeat(120)); mkdirSync(long);
    const l = socketPath(long, 'linux', '/tmp');
    assert.equal(l.inTmp, true);
    assert.match(l.path, /^\/tmp\/codeindex_[0-9a-f]{16}\.sock$/);
    assert.ok(Buffer.byteLength(s.path) <= MAX_SOCKET_PATH);
    assert.match(socketPath(p, 'win32').path, /^\\\\\.\\pipe\\codeindex_[0-9a-f]{16}$/);
  });

  it('the front answers initialize as the SDK would (same versions, exact capabilities)', () => {
    assert.deepEqual(SUPPORTED_PROTOCOL_VERSIONS, SDK_VERSIONS);
    assert.equal(SUPPORTED_PROTOCOL_VERSIONS[0], LATEST_PROTOCOL_VERSION);
    assert.equal(initializeResult({ protocolVersion: '2024-11-05' }).protocolVersion, '2024-11-05');
    assert.equal(initializeResult({ protocolVersion: '1999-01-01' }).protocolVersion, LATEST_PROTOCOL_VERSION);
    assert.deepEqual(initializeResult({ protocolVersion: '2024-11-05' }).capabilities, { tools: {}, resources: {} });
  });

  it('the front: initialize at once, the backend\'s copy dropped, the session replayed to a new backend', async () => {
    const input = new PassThrough(), output = new PassThrough();
    const out: Record<string, unknown>[] = [];
    output.on('data', (d) => String(d).split('\n').filter(Boolean).forEach((l) => out.push(JSON.parse(l))));
    const front = new StdioFront(input, output);
    front.start();
    const tick = () => new Promise((r) => setImmediate(r));
    const send = async (m: object) => { input.write(JSON.stringify(m) + '\n'); await tick(); };
    await send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    assert.equal(out.length, 1);
    assert.equal((out[0].result as { protocolVersion: string }).protocolVersion, '2024-11-05');
    await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'a' } });
    await send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'b' } });
    await send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } });
    const got1: string[] = [];
    const b1: Backend = { label: 'one', send: (l) => got1.push(l), end: () => {} };
    const ev1 = front.events('one');
    front.attach(b1);
    assert.deepEqual(got1.map((l) => JSON.parse(l).id ?? JSON.parse(l).method), [1, 'notifications/initialized', 2, 3, 'notifications/cancelled']);
    ev1.onLine(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }));
    assert.equal(out.length, 1, 'the backend\'s initialize answer is not relayed');
    let lost = '';
    front.onBackendLost = (r) => { lost = r; };
    ev1.onClose('killed');
    assert.equal(lost, 'killed');
    await send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'c' } });
    const got2: string[] = [];
    const ev2 = front.events('two');
    front.attach({ label: 'two', send: (l) => got2.push(l), end: () => {} });
    assert.deepEqual(got2.map((l) => JSON.parse(l).id ?? JSON.parse(l).method), [1, 'notifications/initialized', 2, 4], 'init, initialized, the unanswered (not the cancelled), then the queued');
    ev2.onLine(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }));
    ev2.onLine(JSON.stringify({ jsonrpc: '2.0', id: 2, result: { ok: 2 } }));
    assert.deepEqual(out.map((m) => m.id), [1, 2]);
    input.end();
    await front.done;
  });
});
