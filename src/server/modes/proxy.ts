// Proxy mode: the agent's stdio bridged to the project's daemon. Connects to the daemon's socket;
// when nobody listens, spawns the daemon (detached: its own session and process group, stdio to
// .codeindex/daemon.log, CODEINDEX_DAEMON_INTERNAL=1) and connects once it is ready. Several proxies
// may start at once: one of them spawns (a short .codeindex/spawn.lock), the others wait for the
// socket. The agent's `initialize` has been answered by the front meanwhile. Whatever goes wrong
// with the daemon (it cannot start, another version is busy, the connection keeps dropping),
// the session carries on in direct mode in this process, after one line on stderr saying why.
import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createConnection, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { pidAlive, readLockPid, tryLock, unlock } from '../lockfile';
import { debug, warn } from '../log';
import { LineSplitter } from '../lines';
import { Backend, StdioFront } from './front';
import { DaemonReply, Hello, helloLine, parseHandshake, protocolVersion } from './handshake';
import { indexDirOf, socketPath } from './socket-path';
import { loadCore } from './core-loader';
import { sqliteNodeOnPath } from '../node-runtime';

const log = debug('proxy');

/** Exit code of a daemon that could not start (socket cannot be bound, ...): do not wait for it. */
export const DAEMON_EXIT_FATAL = 3;
const MAX_DROPS = 3;
const LOG_ROTATE_BYTES = 1 << 20;

function envMs(name: string, def: number): number {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) && v >= 0 ? v : def;
}

export class DaemonUnavailable extends Error {}

export function daemonFiles(root: string) {
  const dir = indexDirOf(root);
  return { dir, lock: join(dir, 'daemon.lock'), spawnLock: join(dir, 'spawn.lock'), log: join(dir, 'daemon.log') };
}

function lastLogLines(path: string, n = 3): string {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-n).join(' | ');
  } catch {
    return '';
  }
}

export interface Connected { sock: Socket; reply: DaemonReply; rest: string }

/** One connection attempt with the version handshake (`hello` adds to the proxy's hello, e.g.
 *  `op: 'index'`). Rejects with an errno-style code. */
export function connectOnce(path: string, root: string, timeoutMs: number, hello: Pick<Hello, 'op' | 'force'> = {}): Promise<Connected> {
  return new Promise((res, rej) => {
    const sock = createConnection(path);
    let buf = '';
    let done = false;
    const fail = (code: string, msg: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      rej(Object.assign(new Error(msg), { code }));
    };
    const timer = setTimeout(() => fail('ETIMEDOUT', `no handshake from the daemon within ${timeoutMs} ms`), timeoutMs);
    sock.setEncoding('utf8');
    sock.on('connect', () => sock.write(helloLine(root, hello)));
    sock.on('error', (e: NodeJS.ErrnoException) => fail(e.code ?? 'EIO', e.message));
    sock.on('close', () => fail('ECONNRESET', 'the daemon closed the connection during the handshake'));
    const onData = (d: string) => {
      buf += d;
      const i = buf.indexOf('\n');
      if (i < 0) return;
      const reply = parseHandshake<DaemonReply>(buf.slice(0, i), ['welcome', 'mismatch']);
      if (!reply) return fail('EPROTO', `unexpected handshake from the daemon: ${buf.slice(0, Math.min(i, 200))}`);
      done = true;
      clearTimeout(timer);
      sock.off('data', onData);
      sock.pause(); // until the backend reads it
      sock.removeAllListeners('error');
      sock.removeAllListeners('close');
      res({ sock, reply, rest: buf.slice(i + 1) });
    };
    sock.on('data', onData);
  });
}

/** The script to run as the daemon: this entry point, by its full path. */
export function daemonEntry(): string {
  const given = process.env.CODEINDEX_DAEMON_ENTRY || require.main?.filename || process.argv[1];
  const msg = `cannot resolve CLI script path to spawn the daemon; use the full path to server-entry.js`;
  if (!given) throw new DaemonUnavailable(msg);
  const abs = resolve(given);
  let ok = false;
  try { ok = statSync(abs).isFile(); } catch { /* missing */ }
  if (!ok) throw new DaemonUnavailable(`${msg} (${abs} is not a file)`);
  return abs;
}

export async function spawnDaemon(root: string): Promise<ChildProcess> {
  const entry = daemonEntry();
  const f = daemonFiles(root);
  const rt = await daemonRuntime();
  try { if (statSync(f.log).size > LOG_ROTATE_BYTES) renameSync(f.log, f.log + '.1'); } catch { /* no log yet */ }
  const fd = openSync(f.log, 'a');
  try {
    const child = spawn(rt.command, [...rt.execArgv, entry, '--mcp', '--path', root], {
      detached: true, // setsid(): own session and process group, outlives the proxy and its host
      stdio: ['ignore', fd, fd],
      env: { ...process.env, CODEINDEX_DAEMON_INTERNAL: '1' },
      cwd: root,
      windowsHide: true,
    });
    child.unref();
    log(`spawned daemon pid ${child.pid} (${rt.command} ${entry})`);
    return child;
  } finally {
    closeSync(fd);
  }
}

/** The Node the daemon runs on (see node-runtime.ts): it serves every agent of the project. */
export async function daemonRuntime(): Promise<{ command: string; execArgv: string[] }> {
  const other = await sqliteNodeOnPath();
  return other ? { command: other, execArgv: [] } : { command: process.execPath, execArgv: process.execArgv.filter((a) => !a.startsWith('--inspect')) };
}

/**
 * Connects to the project's daemon, spawning it when none is running or starting. Resolves with a
 * connected, version-checked socket; rejects with DaemonUnavailable saying why and what to do.
 */
export async function connectDaemon(root: string): Promise<Connected> {
  const sockPath = socketPath(root).path;
  const f = daemonFiles(root);
  const deadline = Date.now() + envMs('CODEINDEX_CONNECT_TIMEOUT_MS', 10_000);
  const handshakeMs = envMs('CODEINDEX_HANDSHAKE_TIMEOUT_MS', 3_000);
  let child: ChildProcess | undefined;
  let childExit: number | null | undefined;
  let holdsSpawnLock = false;
  let lastErr = '';
  let timeouts = 0;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const c = await connectOnce(sockPath, root, Math.max(200, Math.min(handshakeMs, deadline - Date.now())));
        if (c.reply.codeindex === 'welcome') {
          if (c.reply.version !== protocolVersion()) {
            c.sock.destroy();
            throw new DaemonUnavailable(`the daemon (pid ${c.reply.pid}) is codeindex ${c.reply.version}, this is ${protocolVersion()}`);
          }
          log(`connected to daemon pid ${c.reply.pid} after ${attempt} retries`);
          return c;
        }
        c.sock.destroy();
        if (!c.reply.exiting) {
          throw new DaemonUnavailable(`the daemon (pid ${c.reply.pid}) is codeindex ${c.reply.version} and is serving other agents; this is ${protocolVersion()} (${c.reply.reason})`);
        }
        log(`daemon pid ${c.reply.pid} (${c.reply.version}) exits to be replaced`);
        lastErr = 'an older daemon was being replaced';
      } catch (e) {
        if (e instanceof DaemonUnavailable) throw e;
        const code = (e as NodeJS.ErrnoException).code ?? '';
        lastErr = `${code}: ${(e as Error).message}`;
        if (code === 'ETIMEDOUT' && ++timeouts >= 2) {
          throw new DaemonUnavailable(`the daemon did not answer the handshake (${timeouts} timeouts): it crashed or ran out of resources; check ${f.log}; restart it by ending its process`);
        }
      }
      if (child && childExit !== undefined && childExit !== 0) {
        const tail = lastLogLines(f.log);
        throw new DaemonUnavailable(`the daemon could not start (exit ${childExit})${tail ? `: ${tail}` : ''}; see ${f.log}`);
      }
      if (Date.now() >= deadline) break;
      const holder = readLockPid(f.lock);
      const starting = holder !== undefined && pidAlive(holder);
      if (!starting && (!child || childExit === 0) && existsSync(f.dir)) {
        // nobody is (or will soon be) the daemon: one proxy spawns it, the others wait
        if (holdsSpawnLock || (holdsSpawnLock = tryLock(f.spawnLock))) {
          child = await spawnDaemon(root);
          childExit = undefined;
          child.on('exit', (code) => { childExit = code; });
          child.on('error', (e) => { lastErr = e.message; childExit = -1; });
        }
      }
      await new Promise((r) => setTimeout(r, attempt < 20 ? 25 : 100));
    }
  } finally {
    if (holdsSpawnLock) unlock(f.spawnLock);
  }
  throw new DaemonUnavailable(`ECONNREFUSED: the daemon did not start or its socket is not ready (${lastErr}); check ${f.log}`);
}

let backendSeq = 0;

export function socketBackend(front: StdioFront, c: Connected): Backend {
  const label = `daemon#${++backendSeq} pid ${c.reply.pid}`;
  const ev = front.events(label);
  const { sock } = c;
  const lines = new LineSplitter((line) => ev.onLine(line));
  const onData = (d: string) => lines.push(d);
  let why = 'the daemon closed the connection';
  sock.on('error', (e) => { why = `socket error: ${e.message}`; });
  sock.on('close', () => ev.onClose(why));
  const b: Backend = {
    label,
    send: (line) => { sock.write(line + '\n'); },
    end: () => { sock.end(); setTimeout(() => sock.destroy(), 1000).unref(); },
  };
  // the backend must be attached before lines arrive: start reading on the next tick
  setImmediate(() => { if (c.rest) onData(c.rest); sock.on('data', onData); sock.resume(); });
  return b;
}

/** An MCP session in this process (direct mode) behind the front. */
export function directBackend(front: StdioFront, root: string): Backend {
  const label = `direct#${++backendSeq}`;
  const ev = front.events(label);
  const core = loadCore();
  const { input, output } = core.lineStreams((line) => ev.onLine(line));
  core.serveDirectLive(root, input, output).then(
    () => ev.onClose('direct session ended'),
    (e) => { warn(`direct mode failed: ${e instanceof Error ? e.message : e}`); ev.onClose('direct session failed'); },
  );
  return { label, send: (line) => { input.write(line + '\n'); }, end: () => { input.end(); } };
}

/** Proxy mode on an already started front: daemon first, direct when the daemon machinery fails. */
export async function runProxy(front: StdioFront, root: string): Promise<void> {
  let drops = 0;
  let direct = false;
  const toDirect = (why: string) => {
    direct = true;
    warn(`${why}; serving directly (set CODEINDEX_NO_DAEMON=1 to skip the daemon)`);
    front.attach(directBackend(front, root));
  };
  const viaDaemon = async () => {
    try {
      const c = await connectDaemon(root);
      if (!front.agentConnected) { c.sock.destroy(); return; }
      front.attach(socketBackend(front, c));
    } catch (e) {
      if (!front.agentConnected) return;
      toDirect(e instanceof Error ? e.message : String(e));
    }
  };
  front.onBackendLost = (reason) => {
    if (direct) { front.shutdown(`direct session ended: ${reason}`); return; }
    drops++;
    if (drops >= MAX_DROPS) {
      toDirect(`the daemon connection dropped ${drops} times (last: ${reason}): it crashed or ran out of resources; check ${daemonFiles(root).log}`);
      return;
    }
    log(`daemon connection lost (${reason}); reconnecting`);
    void viaDaemon();
  };
  await viaDaemon();
}
