// Daemon mode (CODEINDEX_DAEMON_INTERNAL=1, spawned detached by a proxy): one process per project
// serving every agent's proxy over a Unix socket (Windows: a named pipe). It wins the start race
// by O_EXCL-creating .codeindex/daemon.lock with its pid (losers exit: their proxies connect to the
// winner); a lock whose pid is dead and a socket file nobody listens on are cleaned up first.
// One MCP session per connection, all on one IndexHandle: one LiveIndex (one Store connection,
// one watcher). Heavy tools run on a reader thread. Exits after an idle period with no clients
// (5 minutes; CODEINDEX_IDLE_MS), on SIGTERM/SIGINT/SIGHUP, freeing socket and lock, and within
// LOCK_CHECK_MS of its lock file going (the project or its .codeindex removed: nothing left to
// serve, and a new daemon must be able to start); a liveness watchdog SIGKILLs it when its main
// thread stops responding (10 s; CODEINDEX_LIVENESS_MS).
import { existsSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, Server, Socket } from 'node:net';
import { NameTable } from '../graph/names';
import { IndexHandle } from '../mcp/context';
import { readLockPid, tryLock, unlock } from '../lockfile';
import { debug, warn } from '../log';
import { VERSION } from '../version';
import { liveServeOptions } from './direct';
import { openSession } from './session';
import { DaemonReply, Hello, IndexReply, parseHandshake, protocolVersion } from './handshake';
import { projectHash, socketPath } from './socket-path';
import { daemonFiles, DAEMON_EXIT_FATAL } from './proxy';
import { ReaderPool } from './readers';
import { LIVENESS_DEFAULT_MS, startLiveness } from './watchdog';
import { corePath } from './core-loader';

const log = debug('daemon');
export const IDLE_DEFAULT_MS = 5 * 60_000;
const LOCK_CHECK_MS = 2000;

function envMs(name: string, def: number): number {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) && v > 0 ? v : def;
}

function stamp(msg: string): void {
  process.stderr.write(`${new Date().toISOString()} daemon[${process.pid}] ${msg}\n`);
}

/** Whether something accepts connections on path (a live daemon), or the file is stale. */
function listening(path: string): Promise<boolean> {
  return new Promise((res) => {
    const s = createConnection(path);
    const done = (v: boolean) => { s.destroy(); res(v); };
    s.on('connect', () => done(true));
    s.on('error', () => done(false));
    setTimeout(() => done(false), 1000).unref();
  });
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((res, rej) => {
    const onErr = (e: Error) => { server.off('listening', onOk); rej(e); };
    const onOk = () => { server.off('error', onErr); res(); };
    server.once('error', onErr);
    server.once('listening', onOk);
    server.listen(path);
  });
}

const bindAdvice = (path: string, lock: string) =>
  `stale socket or race; remove ${lock} and retry, or set CODEINDEX_NO_DAEMON=1 (socket ${path})`;

export async function runDaemon(root: string): Promise<number> {
  const f = daemonFiles(root);
  const sock = socketPath(root);
  stamp(`starting codeindex ${VERSION} for ${root} (socket ${sock.path}${sock.inTmp ? ', in the temp dir: the project path is too long for a socket' : ''})`);
  if (!tryLock(f.lock)) {
    stamp(`another daemon (pid ${readLockPid(f.lock) ?? '?'}) holds ${f.lock}; its clients connect to it; exiting`);
    return 0;
  }
  let server: Server | undefined;
  let stopLiveness = () => {};
  let exiting = false;
  const cleanup = () => {
    try { server?.close(); } catch { /* closed */ }
    if (process.platform !== 'win32') try { unlinkSync(sock.path); } catch { /* gone */ }
    unlock(f.lock);
  };
  try {
    // a socket file left by a daemon that was killed: nobody answers on it, remove it
    if (process.platform !== 'win32' && existsSync(sock.path)) {
      if (await listening(sock.path)) {
        stamp(`socket ${sock.path} exists and answers, though this process holds the lock: ${bindAdvice(sock.path, f.lock)}`);
        unlock(f.lock);
        return DAEMON_EXIT_FATAL;
      }
      stamp(`removing stale socket ${sock.path}`);
      try { unlinkSync(sock.path); } catch { /* gone */ }
    }
    server = createServer();
    try {
      await listen(server, sock.path);
    } catch (e) {
      stamp(`socket cannot be bound (${(e as Error).message}): ${bindAdvice(sock.path, f.lock)}`);
      unlock(f.lock);
      return DAEMON_EXIT_FATAL;
    }
  } catch (e) {
    unlock(f.lock);
    throw e;
  }

  const nReaders = process.env.CODEINDEX_READERS ? Number(process.env.CODEINDEX_READERS) : 2;
  const readers = nReaders > 0 ? new ReaderPool(root, corePath(), nReaders) : undefined;
  // after each sync: every thread's name table brought up to date before a search needs it (the
  // main thread's too: it answers searches when both readers are busy)
  let handle: IndexHandle | undefined;
  // reader threads read the file: with them, an edit is visible once the sync has written it
  const live = liveServeOptions(root, () => {
    readers?.warm();
    setImmediate(() => { const g = handle?.current(); if (g) NameTable.of(g); });
  }, !readers);
  handle = new IndexHandle(root, { ...live, offload: readers && ((name, args) => readers.offload(name, args)) });
  handle.warmUp();
  stopLiveness = startLiveness(envMs('CODEINDEX_LIVENESS_MS', LIVENESS_DEFAULT_MS), () => live.activity?.() !== undefined);
  if (process.env.CODEINDEX_TEST_HOOKS === '1') {
    // test-only: SIGUSR2 wedges the main thread, to prove the liveness watchdog
    process.on('SIGUSR2', () => { stamp('test hook: blocking the main thread'); for (;;) { /* wedged */ } });
  }

  const idleMs = envMs('CODEINDEX_IDLE_MS', IDLE_DEFAULT_MS);
  const clients = new Set<Socket>();
  let idleTimer: NodeJS.Timeout | undefined;
  let resolveExit!: (code: number) => void;
  const exited = new Promise<number>((r) => { resolveExit = r; });
  const shutdown = (why: string) => {
    if (exiting) return;
    exiting = true;
    clearInterval(lockCheck);
    stamp(`exiting: ${why}`);
    cleanup();
    for (const c of clients) c.destroy();
    stopLiveness();
    readers?.close();
    try { live.close(); } finally { handle.close(); }
    resolveExit(0);
  };
  const armIdle = () => {
    clearTimeout(idleTimer);
    if (clients.size === 0 && !exiting) idleTimer = setTimeout(() => shutdown(`no clients for ${idleMs} ms`), idleMs);
  };
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => shutdown(sig));
  const lockCheck = setInterval(() => {
    if (readLockPid(f.lock) !== process.pid) shutdown(`${f.lock} is gone or names another process (project or its .codeindex removed)`);
  }, LOCK_CHECK_MS);
  lockCheck.unref();

  server.on('connection', (conn) => {
    if (exiting) { conn.destroy(); return; }
    clients.add(conn);
    clearTimeout(idleTimer);
    conn.on('close', () => { clients.delete(conn); armIdle(); });
    conn.on('error', (e) => log(`client error: ${e.message}`));
    void greet(conn);
  });

  const greet = async (conn: Socket) => {
    let buf = '';
    const hello = await new Promise<Hello | undefined>((res) => {
      const t = setTimeout(() => res(undefined), 5000);
      const onData = (d: Buffer) => {
        buf += d.toString('utf8');
        const i = buf.indexOf('\n');
        if (i < 0) return;
        clearTimeout(t);
        conn.off('data', onData);
        conn.pause(); // nothing is read (and lost) until the session's transport listens
        const h = parseHandshake<Hello>(buf.slice(0, i), 'hello');
        buf = buf.slice(i + 1);
        res(h);
      };
      conn.on('data', onData);
      conn.once('close', () => { clearTimeout(t); res(undefined); });
    });
    if (!hello) { conn.destroy(); return; }
    const me = { version: protocolVersion(), root, pid: process.pid };
    const reply = (r: DaemonReply) => conn.write(JSON.stringify(r) + '\n');
    const sameProject = hello.root === root || projectHash(hello.root) === projectHash(root); // symlinked paths
    if (hello.version !== me.version || !sameProject) {
      const others = clients.size - 1;
      const why = !sameProject ? `project ${hello.root} is not ${root}` : `proxy is codeindex ${hello.version}, daemon is ${me.version}`;
      // a command of another version syncs by itself; only a proxy makes an idle daemon give way
      const exitingNow = sameProject && others === 0 && hello.op !== 'index';
      stamp(`mismatch: ${why}; ${exitingNow ? 'no other clients: exiting so the proxy can start its own' : `${others} other client(s): staying`}`);
      reply({ codeindex: 'mismatch', ...me, reason: why, exiting: exitingNow });
      conn.end();
      if (exitingNow) shutdown('replaced by another version');
      return;
    }
    reply({ codeindex: 'welcome', ...me });
    if (hello.op === 'index') { await indexFor(conn, hello); return; }
    if (buf) conn.unshift(Buffer.from(buf, 'utf8'));
    const session = await openSession(handle, conn, conn, `client pid ${hello.pid}`);
    conn.resume();
    log(`session for proxy pid ${hello.pid} (${clients.size} client(s))`);
    await session.closed;
    conn.destroy();
  };

  // `codeindex index` handed over: this process's grammars are compiled and its tables loaded,
  // so a one-file sync costs what the sync does, not what a new process spends getting ready.
  const indexFor = async (conn: Socket, hello: Hello) => {
    const send = (r: IndexReply) => { if (!conn.destroyed) conn.write(JSON.stringify(r) + '\n'); };
    await handle.state(); // opens the live index if it is not open yet
    const index = live.live();
    if (!index) {
      send({ codeindex: 'unavailable', reason: 'the daemon serves this index read-only' });
    } else {
      try {
        const summary = await index.syncNow({ force: hello.force, onProgress: (p) => send({ codeindex: 'progress', ...p }) });
        stamp(`index for pid ${hello.pid}: ${summary.parsed} parsed, ${summary.deleted} removed in ${summary.ms} ms`);
        send({ codeindex: 'indexed', summary: { ...summary } });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        send({ codeindex: 'failed', message, exitCode: 1 });
      }
    }
    conn.end();
  };

  stamp(`listening on ${sock.path}`);
  armIdle();
  process.on('exit', () => { if (!exiting) cleanup(); });
  const code = await exited;
  return code;
}
