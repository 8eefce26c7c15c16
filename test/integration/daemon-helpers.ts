// Helpers for the daemon/proxy tests: indexed temp projects, SDK clients on the built server in
// its default mode (proxy), a view of the daemon processes through /proc, and cleanup that kills
// every daemon and proxy a test started (by pid) and records the projects for the final check
// that nothing was left running.
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ENTRY, ROOT } from './mcp-helpers';
import { socketPath } from '../../src/server/modes/socket-path';

export { ENTRY };

/** Every project a daemon test used, in this mocha process (for the no-strays check). */
export const ALL_ROOTS = new Set<string>();
const dirs: string[] = [];
const clients = new Set<ProxyClient>();
const children = new Set<ChildProcess>();
let template: string | undefined;

export function tempDir(prefix = 'ci-dmn-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** An indexed copy of the shop fixture (indexed once per run, copied after). */
export function indexedProject(where?: string): string {
  if (!template) {
    template = tempDir('ci-dmn-template-');
    cpSync(join(ROOT, 'test/fixtures/projects/shop'), template, { recursive: true });
    try {
      execFileSync(process.execPath, ['--no-warnings', ENTRY, '--init', '--path', template], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
    } catch (e) {
      // (what the index said: a bare "Command failed" told nothing the one time it failed in CI)
      const err = e as { status?: number | null; signal?: string | null; stderr?: Buffer };
      throw new Error(`--init of the daemon tests' template failed (status ${err.status}, signal ${err.signal}): ${err.stderr?.toString().slice(-2000) ?? ''}`);
    }
  }
  const d = where ?? tempDir('ci-dmn-p-');
  mkdirSync(d, { recursive: true });
  cpSync(template, d, { recursive: true });
  for (const f of ['daemon.lock', 'daemon.log', 'spawn.lock', 'sync.lock']) rmSync(join(d, '.codeindex', f), { force: true });
  ALL_ROOTS.add(d);
  return d;
}

/** Env for the server under test: the test env minus CODEINDEX_NO_DAEMON, plus extras. */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env = { ...process.env } as Record<string, string>;
  delete env.CODEINDEX_NO_DAEMON;
  delete env.CODEINDEX_DAEMON_INTERNAL;
  // a daemon a failed test leaves behind goes away by itself
  return { CODEINDEX_IDLE_MS: '30000', ...env, ...extra };
}

export interface ProxyClient {
  client: Client;
  transport: StdioClientTransport;
  pid: number;
  stderr: () => string;
  /** ms from spawn to the initialize answer */
  initMs: number;
}

export async function proxyClient(root: string, env: Record<string, string> = {}): Promise<ProxyClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--no-warnings', ENTRY, '--path', root],
    env: serverEnv(env),
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d) => { err += d; });
  const client = new Client({ name: 'codeindex-daemon-test', version: '1.0.0' });
  const t0 = Date.now();
  await client.connect(transport);
  const c = { client, transport, pid: transport.pid!, stderr: () => err, initMs: Date.now() - t0 };
  clients.add(c);
  return c;
}

export async function closeClient(c: ProxyClient): Promise<void> {
  clients.delete(c);
  try { await c.client.close(); } catch { /* gone */ }
  try { process.kill(c.pid, 'SIGKILL'); } catch { /* exited */ }
}

export function track(p: ChildProcess): ChildProcess {
  children.add(p);
  p.on('exit', () => children.delete(p));
  return p;
}

export function spawnTracked(args: string[], env: Record<string, string>, stdio: ('pipe' | 'ignore' | 'inherit')[] = ['pipe', 'pipe', 'pipe']): ChildProcess {
  return track(spawn(process.execPath, ['--no-warnings', ...args], { env, stdio }));
}

/** The structured result of a tool call. */
export async function call(c: ProxyClient, name: string, args: Record<string, unknown>): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.client.callTool({ name, arguments: args });
  if (r.success !== true) throw new Error(`${name} failed: ${JSON.stringify(r).slice(0, 400)}`);
  return r.structuredContent as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export const lockFile = (root: string) => join(root, '.codeindex', 'daemon.lock');
export const logFile = (root: string) => join(root, '.codeindex', 'daemon.log');
export const readLog = (root: string) => { try { return readFileSync(logFile(root), 'utf8'); } catch { return ''; } };

export function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

/** Processes (by /proc) whose command line serves root: [pid, isDaemon]. Zombies are not counted. */
export function serverProcs(root: string): { pid: number; daemon: boolean }[] {
  const out: { pid: number; daemon: boolean }[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const argv = readFileSync(`/proc/${e}/cmdline`, 'utf8').split('\0');
      const i = argv.indexOf('--path');
      if (i < 0 || argv[i + 1] !== root || !argv.some((a) => a.endsWith('server-entry.js'))) continue;
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      if (/\) Z /.test(stat)) continue;
      const env = readFileSync(`/proc/${e}/environ`, 'utf8');
      out.push({ pid: Number(e), daemon: env.split('\0').includes('CODEINDEX_DAEMON_INTERNAL=1') });
    } catch { /* exited meanwhile */ }
  }
  return out;
}

export const daemons = (root: string) => serverProcs(root).filter((p) => p.daemon).map((p) => p.pid);

/** /proc/<pid>/stat: [ppid, pgid, sid] */
export function procIds(pid: number): { ppid: number; pgid: number; sid: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), pgid: Number(f[2]), sid: Number(f[3]) };
}

export async function until<T>(what: string, fn: () => T | undefined | false | Promise<T | undefined | false>, ms = 10_000, every = 25): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** A pid that is certainly dead (a process that has exited). */
export function deadPid(): number {
  const r = execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r);
}

/** Leaves a socket file at path that nobody listens on (its owner was SIGKILLed). */
export async function leftoverSocket(path: string): Promise<void> {
  const p = spawnTracked(['-e', `require('net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`], { ...process.env } as Record<string, string>);
  await new Promise<void>((res, rej) => { p.stdout!.once('data', () => res()); p.once('exit', () => rej(new Error('listener exited'))); });
  p.kill('SIGKILL');
  await new Promise((r) => p.once('exit', r));
  if (!existsSync(path)) throw new Error('socket file did not survive its owner');
}

/** rm -rf of a folder a live daemon may still write into (a db image landing as it goes):
 *  rmSync's own retries never look at the folder again, so each try starts over (bounded). */
export async function removeWhileWritten(path: string, ms = 5000): Promise<void> {
  for (const t0 = Date.now(); ;) {
    try {
      rmSync(path, { recursive: true, force: true });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || Date.now() - t0 > ms) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

export function writeFile(root: string, rel: string, text: string): void {
  writeFileSync(join(root, rel), text);
}

/** Kills every client, child and daemon the tests started (daemons by their lock pid and /proc). */
export async function cleanupAll(): Promise<void> {
  for (const c of [...clients]) await closeClient(c);
  for (const p of children) try { p.kill('SIGKILL'); } catch { /* gone */ }
  children.clear();
  for (const root of ALL_ROOTS) {
    for (const p of serverProcs(root)) try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone */ }
    const s = socketPath(root);
    if (s.inTmp && existsSync(root)) rmSync(s.path, { force: true });
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  template = undefined;
}
