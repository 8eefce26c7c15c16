// Mode selection and the proxy/daemon pair on real processes: proxy by default (one detached
// daemon per project, its own session, log in .codeindex/daemon.log), direct with
// CODEINDEX_NO_DAEMON=1 or without .codeindex/, projects never crossing, the socket in the temp
// dir when the project path is too long, and each daemon failure ending in direct mode with a
// message that says what to do.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_ROOTS, ENTRY, alive, call, cleanupAll, closeClient, daemons, indexedProject, lockFile, procIds, proxyClient, readLog, serverProcs, tempDir, until, writeFile } from './daemon-helpers';
import { MAX_SOCKET_PATH, socketPath } from '../../src/server/modes/socket-path';
import { ROOT } from './mcp-helpers';
import { nodeSqliteAvailable } from '../../src/server/store/store';

const names = (r: Record<string, any>) => (r.results as { name: string }[]).map((x) => x.name); // eslint-disable-line @typescript-eslint/no-explicit-any

describe('daemon: modes', function () {
  this.timeout(60_000);
  after(cleanupAll);

  it('proxy by default: spawns one detached daemon (own session, not the proxy, logs to daemon.log) and answers through it', async () => {
    const root = indexedProject();
    const c = await proxyClient(root);
    const r = await call(c, 'codeindex_search', { query: 'formatPrice' });
    assert.equal(names(r)[0], 'formatPrice');
    const [pid] = await until('the daemon', () => daemons(root).length === 1 && daemons(root), 5000);
    assert.notEqual(pid, c.pid);
    assert.equal(Number(readFileSync(lockFile(root), 'utf8')), pid, 'daemon.lock holds the daemon pid');
    const ids = procIds(pid);
    assert.equal(ids.sid, pid, 'the daemon leads its own session');
    assert.equal(ids.pgid, pid, 'and its own process group');
    assert.match(readLog(root), /listening on .*codeindex_[0-9a-f]{16}\.sock/);
    assert.ok(existsSync(socketPath(root).path));
    // the agent leaves: the proxy exits, the daemon stays for the next one
    await closeClient(c);
    await until('the proxy to exit', () => !alive(c.pid), 3000);
    assert.ok(alive(pid), 'the daemon outlives its first proxy');
    const c2 = await proxyClient(root);
    assert.equal(names(await call(c2, 'codeindex_search', { query: 'CheckoutService' }))[0], 'CheckoutService');
    assert.deepEqual(daemons(root), [pid], 'the second proxy used the same daemon');
    const st = await call(c2, 'codeindex_status', {});
    assert.equal(st.watcher?.active ?? true, true);
  });

  it('initialize is answered while the daemon is still starting; the calls after it go to the daemon', async () => {
    const root = indexedProject();
    // a daemon that takes 2.5 s to start: this entry waits, then runs the real one
    const slow = join(tempDir('ci-dmn-slow-'), 'slow-server-entry.js');
    writeFileSync(slow, `setTimeout(() => require(${JSON.stringify(ENTRY)}), 2500);\n`);
    const c = await proxyClient(root, { CODEINDEX_DAEMON_ENTRY: slow });
    assert.equal(existsSync(socketPath(root).path), false, 'no daemon listening yet when initialize was answered');
    assert.equal(c.client.getServerVersion()?.name, 'codeindex');
    assert.deepEqual(c.client.getServerCapabilities(), { tools: {}, resources: {} });
    assert.equal(names(await call(c, 'codeindex_search', { query: 'formatPrice' }))[0], 'formatPrice');
    assert.equal(daemons(root).length, 1);
    assert.doesNotMatch(c.stderr(), /serving directly/);
  });

  it('all clients of a daemon share one index and one watcher: an edit is seen by every one of them', async () => {
    const root = indexedProject();
    const [a, b] = await Promise.all([proxyClient(root), proxyClient(root)]);
    await Promise.all([call(a, 'codeindex_status', {}), call(b, 'codeindex_status', {})]);
    await until('the watcher', async () => (await call(a, 'codeindex_status', {})).watcherStatus?.active, 10_000);
    writeFile(root, 'src/added-later.ts', 'export function addedWhileServing(): number { return 7; }\n');
    const seen = async (c: typeof a) => { for (let i = 0; i < 100; i++) { if (names(await call(c, 'codeindex_search', { query: 'addedWhileServing' }))[0] === 'addedWhileServing') return true; await new Promise((r) => setTimeout(r, 100)); } return false; };
    assert.deepEqual(await Promise.all([seen(a), seen(b)]), [true, true]);
    assert.equal(daemons(root).length, 1);
  });

  it('the reader threads build their name tables before the first search, and update them after each sync', async () => {
    const root = indexedProject();
    const c = await proxyClient(root, { DEBUG: 'codeindex:graph' });
    await call(c, 'codeindex_status', {});
    const tables = (kind: string) => (readLog(root).match(new RegExp(`name table: \\d+ names, ${kind}`, 'g')) ?? []).length;
    await until('both readers to build their tables, no search asked', () => tables('built') >= 2, 10_000);
    await until('the watcher', async () => (await call(c, 'codeindex_status', {})).watcherStatus?.active, 10_000);
    writeFile(root, 'src/added-later.ts', 'export function addedWhileServing(): number { return 7; }\n');
    await until('both readers to update theirs after the sync', () => tables('updated') >= 2, 10_000);
    assert.equal(names(await call(c, 'codeindex_search', { query: 'addedWhileServing' }))[0], 'addedWhileServing');
  });

  it('CODEINDEX_NO_DAEMON=1: direct, no daemon, no lock, no socket', async () => {
    const root = indexedProject();
    const c = await proxyClient(root, { CODEINDEX_NO_DAEMON: '1' });
    assert.equal(names(await call(c, 'codeindex_search', { query: 'serializeItem' }))[0], 'serializeItem');
    assert.deepEqual(daemons(root), []);
    assert.equal(existsSync(lockFile(root)), false);
    assert.equal(existsSync(socketPath(root).path), false);
    assert.equal(serverProcs(root).length, 1, 'only the direct server itself');
  });

  it('no .codeindex/: direct, and nothing is created behind the user', async () => {
    const root = tempDir('ci-dmn-bare-');
    cpSync(join(ROOT, 'test/fixtures/projects/shop'), root, { recursive: true });
    const c = await proxyClient(root);
    const r = await c.client.callTool({ name: 'codeindex_search', arguments: { query: 'main' } });
    assert.equal(r.isError, false);
    assert.match(String((r.structuredContent as { message: string }).message), /--init/);
    assert.deepEqual(daemons(root), []);
    assert.equal(existsSync(join(root, '.codeindex')), false);
  });

  it('two projects served at once do not cross: two daemons, two sockets, each its own symbols', async () => {
    const a = indexedProject();
    const b = tempDir('ci-dmn-b-');
    cpSync(join(ROOT, 'test/fixtures/projects/shop'), b, { recursive: true });
    writeFile(b, 'src/only-in-b.ts', 'export function onlyInProjectB(): number { return 2; }\n');
    execFileSync(process.execPath, ['--no-warnings', ENTRY, '--init', '--path', b], { stdio: 'ignore' });
    ALL_ROOTS.add(b);
    const [ca, cb] = await Promise.all([proxyClient(a), proxyClient(b)]);
    const [ra, rb] = await Promise.all([call(ca, 'codeindex_search', { query: 'onlyInProjectB' }), call(cb, 'codeindex_search', { query: 'onlyInProjectB' })]);
    assert.deepEqual(names(ra).filter((n) => n === 'onlyInProjectB'), []);
    assert.equal(names(rb)[0], 'onlyInProjectB');
    const [da, db] = [await until('daemon a', () => daemons(a)[0]), await until('daemon b', () => daemons(b)[0])];
    assert.notEqual(da, db);
    assert.notEqual(socketPath(a).path, socketPath(b).path);
    assert.equal((await call(ca, 'codeindex_status', {})).projectPath, a);
    assert.equal((await call(cb, 'codeindex_status', {})).projectPath, b);
  });

  it('a project path too long for a socket: the socket goes to the temp dir, same name, and it works', async () => {
    const base = tempDir('ci-dmn-long-');
    const deep = join(base, 'a-rather-long-folder-name-for-a-project'.repeat(3), 'nested');
    mkdirSync(deep, { recursive: true });
    const root = indexedProject(deep);
    const s = socketPath(root);
    assert.ok(Buffer.byteLength(join(root, '.codeindex', 'codeindex_0123456789abcdef.sock')) > MAX_SOCKET_PATH);
    assert.equal(s.inTmp, true);
    const c = await proxyClient(root);
    assert.equal(names(await call(c, 'codeindex_search', { query: 'formatPrice' }))[0], 'formatPrice');
    const [pid] = await until('the daemon', () => daemons(root).length === 1 && daemons(root));
    assert.ok(existsSync(s.path), `socket at ${s.path}`);
    assert.match(readLog(root), /temp dir/);
    assert.deepEqual(readdirSync(join(root, '.codeindex')).filter((f) => f.endsWith('.sock')), []);
    await closeClient(c);
    process.kill(pid, 'SIGTERM');
    await until('the daemon to exit and free its socket', () => !alive(pid) && !existsSync(s.path), 5000);
  });

  it('a bad entry point path: the spec message, then direct mode answers', async () => {
    const root = indexedProject();
    const c = await proxyClient(root, { CODEINDEX_DAEMON_ENTRY: '/nonexistent/server-entry.js' });
    assert.equal(names(await call(c, 'codeindex_search', { query: 'formatPrice' }))[0], 'formatPrice');
    assert.match(c.stderr(), /cannot resolve CLI script path to spawn the daemon; use the full path to server-entry\.js/);
    assert.match(c.stderr(), /serving directly/);
    assert.deepEqual(daemons(root), []);
  });

  it('the socket cannot be bound: the daemon says why and what to do, the proxy serves directly at once', async () => {
    const root = indexedProject();
    // a directory where the socket file should be: bind fails (EADDRINUSE), no one answers on it
    mkdirSync(socketPath(root).path);
    const t0 = Date.now();
    // the proxy would wait 60 s for a daemon that is merely slow; one that exited is not waited for
    const c = await proxyClient(root, { CODEINDEX_CONNECT_TIMEOUT_MS: '60000' });
    assert.equal(names(await call(c, 'codeindex_search', { query: 'formatPrice' }))[0], 'formatPrice');
    assert.ok(Date.now() - t0 < 30_000, 'no wait for the connect deadline');
    assert.match(c.stderr(), /the daemon could not start/);
    assert.match(readLog(root), /remove .*daemon\.lock and retry, or set CODEINDEX_NO_DAEMON=1/);
    assert.equal(existsSync(lockFile(root)), false, 'the failed daemon released its lock');
    rmSync(socketPath(root).path, { recursive: true, force: true });
  });

  it('versions are checked both ways: an idle daemon of another version is replaced, a busy one is left to its clients', async () => {
    const root = indexedProject();
    const old = await proxyClient(root, { CODEINDEX_TEST_VERSION: '0.0.1-old' });
    await call(old, 'codeindex_search', { query: 'main' });
    const oldPid = await until('the old daemon', () => daemons(root)[0]);
    // busy (the old proxy is connected): this proxy serves directly, the old daemon stays
    const busy = await proxyClient(root);
    assert.equal(names(await call(busy, 'codeindex_search', { query: 'formatPrice' }))[0], 'formatPrice');
    assert.match(busy.stderr(), /serving other agents.*serving directly/s);
    assert.deepEqual(daemons(root), [oldPid]);
    await closeClient(busy);
    await closeClient(old);
    // idle: the old daemon exits and a new one (this version) takes over
    const fresh = await proxyClient(root);
    assert.equal(names(await call(fresh, 'codeindex_search', { query: 'formatPrice' }))[0], 'formatPrice');
    await until('the old daemon to exit', () => !alive(oldPid), 5000);
    const [newPid] = await until('the new daemon', () => daemons(root).length === 1 && daemons(root));
    assert.notEqual(newPid, oldPid);
    assert.doesNotMatch(fresh.stderr(), /serving directly/);
    assert.match(readLog(root), /mismatch: proxy is codeindex \S+, daemon is 0\.0\.1-old; no other clients: exiting/);
  });

  it('the daemon runs on node:sqlite: this Node when it has it, else a `node` on PATH that has it, else this Node on sql.js', async () => {
    const node24 = process.env.CODEINDEX_NODE24;
    assert.ok(node24, 'CODEINDEX_NODE24 must point at a Node with node:sqlite (test/run.mjs sets it)');
    const bin = tempDir('ci-dmn-bin-');
    symlinkSync(node24, join(bin, 'node'));
    const withIt = indexedProject();
    const a = await proxyClient(withIt, { PATH: `${bin}:${process.env.PATH}`, CODEINDEX_DB_BACKEND: '' });
    assert.equal((await call(a, 'codeindex_status', {})).backend, 'node-sqlite');
    const [pa] = await until('the daemon', () => daemons(withIt).length === 1 && daemons(withIt), 5000);
    const own = nodeSqliteAvailable();
    assert.equal(realpathSync(`/proc/${pa}/exe`), realpathSync(own ? process.execPath : node24));
    // no such node on PATH: this Node, whatever it has
    const without = indexedProject();
    const b = await proxyClient(without, { PATH: tempDir('ci-dmn-empty-'), CODEINDEX_DB_BACKEND: '' });
    assert.equal((await call(b, 'codeindex_status', {})).backend, own ? 'node-sqlite' : 'sqljs');
    const [pb] = await until('the daemon', () => daemons(without).length === 1 && daemons(without), 5000);
    assert.equal(realpathSync(`/proc/${pb}/exe`), realpathSync(process.execPath));
  });
});
