// `codeindex index` with the project's daemon running: the daemon does the sync and the command
// prints its progress and summary; without a daemon, with CODEINDEX_NO_DAEMON=1 or against a
// daemon of another version, the command syncs by itself. Real processes, a real socket.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { ENTRY, call, cleanupAll, daemons, indexedProject, proxyClient, readLog, serverEnv, until, writeFile } from './daemon-helpers';

const names = (r: Record<string, any>) => (r.results as { name: string }[]).map((x) => x.name); // eslint-disable-line @typescript-eslint/no-explicit-any

function indexCmd(root: string, extra: string[] = [], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['--no-warnings', ENTRY, 'index', '--path', root, ...extra], { env: serverEnv(env), encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stderr: r.stderr, pid: r.pid };
}

const handedOver = (root: string, pid: number) => new RegExp(`index for pid ${pid}: `).test(readLog(root));

describe('daemon: codeindex index hands the sync to a running daemon', function () {
  this.timeout(60_000);
  after(cleanupAll);

  it('the daemon syncs the edit, the command prints its summary, and every client sees the new symbol', async () => {
    const root = indexedProject();
    const c = await proxyClient(root);
    await until('the watcher', async () => (await call(c, 'codeindex_status', {})).watcherStatus?.active, 10_000);
    const [daemon] = daemons(root);
    writeFile(root, 'src/handed-over.ts', 'export function indexedByTheDaemon(): number { return 1; }\n');
    const r = indexCmd(root);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^codeindex: updated \d+ files \(\d+ parsed, 0 removed\), \d+ symbols, \d+ edges \[[^\]]+\] in \d+\.\d\d s$/m);
    assert.ok(handedOver(root, r.pid!), `daemon.log names the command's pid ${r.pid}:\n${readLog(root)}`);
    assert.deepEqual(daemons(root), [daemon], 'the same daemon, still running');
    // the sync is done when the command returns: no waiting for the watcher
    assert.equal(names(await call(c, 'codeindex_search', { query: 'indexedByTheDaemon' }))[0], 'indexedByTheDaemon');
  });

  it('--force: the daemon re-indexes every file', async () => {
    const root = indexedProject();
    const c = await proxyClient(root);
    await call(c, 'codeindex_status', {});
    await until('the daemon', () => daemons(root).length === 1, 5000);
    const r = indexCmd(root, ['--force']);
    assert.equal(r.code, 0, r.stderr);
    const m = /^codeindex: indexed (\d+) files \((\d+) parsed/m.exec(r.stderr);
    assert.ok(m, r.stderr);
    assert.equal(m[1], m[2], 'every file parsed again');
    assert.ok(handedOver(root, r.pid!));
    assert.equal(names(await call(c, 'codeindex_search', { query: 'formatPrice' }))[0], 'formatPrice');
  });

  it('CODEINDEX_NO_DAEMON=1, or a daemon of another version: the command syncs by itself, and that daemon keeps serving', async () => {
    const root = indexedProject();
    const c = await proxyClient(root);
    await call(c, 'codeindex_status', {});
    const [daemon] = await until('the daemon', () => daemons(root).length === 1 && daemons(root), 5000);
    writeFile(root, 'src/local-one.ts', 'export function syncedLocally(): number { return 2; }\n');
    const own = indexCmd(root, [], { CODEINDEX_NO_DAEMON: '1' });
    assert.equal(own.code, 0, own.stderr);
    assert.match(own.stderr, /^codeindex: updated /m);
    assert.ok(!handedOver(root, own.pid!), 'not through the daemon');
    const other = indexCmd(root, [], { CODEINDEX_TEST_VERSION: '0.0.0-other' });
    assert.equal(other.code, 0, other.stderr);
    assert.match(other.stderr, /^codeindex: updated \d+ files \(0 parsed/m);
    assert.ok(!handedOver(root, other.pid!));
    assert.deepEqual(daemons(root), [daemon], 'a command of another version does not stop the daemon');
    // written by another process: the daemon's readers pick it up on their next refresh
    await until('the daemon to see the other writer\'s symbol', async () => names(await call(c, 'codeindex_search', { query: 'syncedLocally' }))[0] === 'syncedLocally', 5000, 100);
  });

  it('no daemon: the command syncs by itself and starts none', () => {
    const root = indexedProject();
    writeFile(root, 'src/no-daemon.ts', 'export function withoutDaemon(): number { return 3; }\n');
    const r = indexCmd(root);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^codeindex: updated \d+ files \(1 parsed, 0 removed\)/m);
    assert.deepEqual(daemons(root), []);
  });
});
