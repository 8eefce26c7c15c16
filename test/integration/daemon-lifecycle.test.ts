// The daemon's life on real processes: the start race (10 proxies at once -> one daemon), a
// daemon SIGKILLed mid-session, a stale lock and a dead socket file, the idle exit, the liveness
// watchdog, and a host SIGKILLed under its proxy. Every wait is bounded; every process is killed
// by pid in the after hook.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { alive, call, cleanupAll, closeClient, daemons, deadPid, ENTRY, indexedProject, leftoverSocket, lockFile, proxyClient, readLog, removeWhileWritten, serverEnv, serverProcs, spawnTracked, track, until } from './daemon-helpers';
import { socketPath } from '../../src/server/modes/socket-path';

const first = (r: Record<string, any>) => (r.results as { name: string }[])[0]?.name; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('daemon: lifecycle', function () {
  this.timeout(90_000);
  after(cleanupAll);

  it('10 proxies started at the same instant: exactly one daemon, and all 10 get correct answers', async () => {
    const root = indexedProject();
    const clients = await Promise.all(Array.from({ length: 10 }, () => proxyClient(root)));
    const answers = await Promise.all(clients.map((c, i) => call(c, 'codeindex_search', { query: i % 2 ? 'formatPrice' : 'CheckoutService' })));
    answers.forEach((r, i) => assert.equal(first(r), i % 2 ? 'formatPrice' : 'CheckoutService', `client ${i}`));
    const ds = daemons(root);
    assert.equal(ds.length, 1, `one daemon, got ${ds.join(', ')}`);
    assert.equal((readLog(root).match(/listening on/g) ?? []).length, 1, readLog(root));
    for (const c of clients) assert.doesNotMatch(c.stderr(), /serving directly/, 'nobody fell back to direct');
    // every proxy is a client of that daemon: serverProcs = 10 proxies + 1 daemon
    assert.equal(serverProcs(root).length, 11);
  });

  it('the daemon SIGKILLed mid-session: running proxies recover, the next proxy starts a new daemon, none hangs', async () => {
    const root = indexedProject();
    const [a, b] = await Promise.all([proxyClient(root), proxyClient(root)]);
    assert.equal(first(await call(a, 'codeindex_search', { query: 'formatPrice' })), 'formatPrice');
    const [pid] = await until('the daemon', () => daemons(root).length === 1 && daemons(root));
    // a slow call in flight when it dies is re-sent to the next daemon
    const inFlight = call(b, 'codeindex_explore', { query: 'checkout total price of items' });
    process.kill(pid, 'SIGKILL');
    await until('the daemon to die', () => !alive(pid), 3000);
    const t0 = Date.now();
    assert.equal(first(await call(a, 'codeindex_search', { query: 'serializeItem' })), 'serializeItem');
    assert.ok(((await inFlight).nodes as unknown[]).length > 0, 'the call in flight was answered');
    assert.ok(Date.now() - t0 < 30_000, `recovered in ${Date.now() - t0} ms`);
    const c = await proxyClient(root);
    assert.equal(first(await call(c, 'codeindex_search', { query: 'CheckoutService' })), 'CheckoutService');
    const now = daemons(root);
    assert.equal(now.length, 1);
    assert.notEqual(now[0], pid, 'a new daemon');
    for (const x of [a, b, c]) assert.doesNotMatch(x.stderr(), /serving directly/);
  });

  it('a stale lock (dead pid) and a socket file nobody listens on: cleaned up and the daemon starts', async () => {
    const root = indexedProject();
    const dead = deadPid();
    writeFileSync(lockFile(root), String(dead));
    await leftoverSocket(socketPath(root).path);
    const c = await proxyClient(root);
    assert.equal(first(await call(c, 'codeindex_search', { query: 'formatPrice' })), 'formatPrice');
    const [pid] = await until('the daemon', () => daemons(root).length === 1 && daemons(root));
    assert.notEqual(pid, dead);
    assert.equal(Number(readFileSync(lockFile(root), 'utf8')), pid);
    assert.match(readLog(root), /removing stale socket/);
    assert.doesNotMatch(c.stderr(), /serving directly/);
  });

  it('idle exit: no clients for CODEINDEX_IDLE_MS -> the daemon exits, freeing socket and lock', async () => {
    const root = indexedProject();
    const c = await proxyClient(root, { CODEINDEX_IDLE_MS: '1500' });
    await call(c, 'codeindex_status', {});
    const [pid] = await until('the daemon', () => daemons(root).length === 1 && daemons(root));
    await new Promise((r) => setTimeout(r, 2000));
    assert.ok(alive(pid), 'a client is connected: no idle exit');
    const t0 = Date.now();
    await closeClient(c);
    await until('the idle exit', () => !alive(pid), 6000);
    assert.ok(Date.now() - t0 >= 1000, 'not before the idle time');
    assert.equal(existsSync(lockFile(root)), false);
    assert.equal(existsSync(socketPath(root).path), false);
    assert.match(readLog(root), /exiting: no clients for 1500 ms/);
  });

  it('the project or its .codeindex removed: the daemon exits within seconds, with or without clients; a new proxy starts a new one', async () => {
    const root = indexedProject();
    const c = await proxyClient(root);
    await call(c, 'codeindex_status', {});
    const [pid] = await until('the daemon', () => daemons(root).length === 1 && daemons(root));
    await closeClient(c);
    // the running daemon may write into the folder as it goes (ENOTEMPTY): rm starts over
    await removeWhileWritten(join(root, '.codeindex'));
    await until('the exit after .codeindex went', () => !alive(pid), 6000);
    execFileSync(process.execPath, ['--no-warnings', ENTRY, '--init', '--path', root], { stdio: 'ignore', timeout: 60_000 });
    const c2 = await proxyClient(root);
    assert.equal(first(await call(c2, 'codeindex_search', { query: 'formatPrice' })), 'formatPrice');
    const [pid2] = await until('a new daemon', () => daemons(root).length === 1 && daemons(root));
    assert.notEqual(pid2, pid);
    assert.match(readLog(root), /listening on/);
    // now the whole project goes while a client is connected
    await removeWhileWritten(root);
    await until('the exit after the project went', () => !alive(pid2), 6000);
    await closeClient(c2);
  });

  it('liveness watchdog: a wedged main thread is SIGKILLed after the threshold; a quiet one is not; proxies carry on', async () => {
    const root = indexedProject();
    const env = { CODEINDEX_LIVENESS_MS: '1500', CODEINDEX_TEST_HOOKS: '1' };
    const c = await proxyClient(root, env);
    await call(c, 'codeindex_status', {});
    const [pid] = await until('the daemon', () => daemons(root).length === 1 && daemons(root));
    await new Promise((r) => setTimeout(r, 3000));
    assert.ok(alive(pid), 'idle but responsive: alive after twice the threshold');
    const t0 = Date.now();
    process.kill(pid, 'SIGUSR2'); // test hook: the main thread spins forever
    await until('the watchdog kill', () => !alive(pid), 8000);
    const ms = Date.now() - t0;
    assert.ok(ms >= 1200, `killed after ${ms} ms, not before the threshold`);
    assert.match(readLog(root), /liveness watchdog: main thread unresponsive for \d+ ms \(limit 1500 ms\); SIGKILL/);
    assert.equal(first(await call(c, 'codeindex_search', { query: 'formatPrice' })), 'formatPrice');
    assert.notEqual(daemons(root)[0], pid);
  });

  it('the host SIGKILLed: its proxy notices and exits within 2 s, even with stdin still open', async () => {
    const root = indexedProject();
    // feeder: a relay the test writes to; its stdout is the host's (and so the proxy's) stdin,
    // and stays open when the host dies
    const feeder = spawnTracked(['-e', 'process.stdin.pipe(process.stdout)'], serverEnv());
    // host: spawns the proxy with the host's own stdin, prints the proxy's pid and its output
    const { spawn } = await import('node:child_process');
    const host = spawn(process.execPath, ['--no-warnings', '-e', `
      const { spawn } = require('node:child_process');
      const p = spawn(process.execPath, ['--no-warnings', ${JSON.stringify(ENTRY)}, '--path', ${JSON.stringify(root)}], { stdio: ['inherit', 'pipe', 'inherit'] });
      p.stdout.on('data', (d) => process.stdout.write(d));
      console.log(JSON.stringify({ proxy: p.pid }));
    `], { env: serverEnv(), stdio: [feeder.stdout!, 'pipe', 'inherit'] });
    track(host);
    let out = '';
    host.stdout!.on('data', (d) => { out += d; });
    feeder.stdin!.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'h', version: '1' } } }) + '\n');
    await until('the proxy pid and the initialize answer', () => /"proxy":\d+/.test(out) && /"id":1/.test(out), 10_000);
    const proxy = Number(/"proxy":(\d+)/.exec(out)![1]);
    feeder.stdin!.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    await until('the daemon', () => daemons(root).length === 1, 10_000);
    assert.ok(alive(proxy));
    const t0 = Date.now();
    host.kill('SIGKILL');
    await until('the proxy to exit', () => !serverProcs(root).some((p) => p.pid === proxy), 2000, 20);
    const ms = Date.now() - t0;
    assert.ok(ms <= 2000, `proxy exited ${ms} ms after its host`);
    assert.ok(alive(feeder.pid!) && feeder.stdin!.writable, 'stdin was still open: the watchdog did it');
    assert.equal(daemons(root).length, 1, 'the daemon is not the host\'s child: it stays');
  });
});
