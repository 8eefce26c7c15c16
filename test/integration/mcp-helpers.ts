// Helpers for the MCP integration tests: index a fixture copy with the built CLI, connect the
// SDK's Client to the built server over stdio, and clean up every process and temp dir.
import { execFileSync, spawn, ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const ROOT = resolve(__dirname, '../../..');
export const ENTRY = join(ROOT, 'dist/server-entry.js');
const dirs: string[] = [];
const procs = new Set<ChildProcess>();
const clients = new Set<{ client: Client; transport: StdioClientTransport }>();

export function tempDir(prefix = 'ci-mcp-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** A temp copy of test/fixtures/projects/<name>. */
export function copyFixture(name: string): string {
  const d = tempDir(`ci-mcp-${name}-`);
  cpSync(join(ROOT, 'test/fixtures/projects', name), d, { recursive: true });
  return d;
}

/** `codeindex --init --path <dir>` with the built CLI (same Node, same backend as the tests). */
export function initIndex(dir: string): string {
  return execFileSync(process.execPath, ['--no-warnings', ENTRY, '--init', '--path', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

export interface Connected { client: Client; transport: StdioClientTransport; stderr: () => string }

export async function connect(dir: string, env: Record<string, string> = {}): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--no-warnings', ENTRY, '--path', dir],
    env: { ...(process.env as Record<string, string>), CODEINDEX_NO_DAEMON: '1', ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d) => { err += d; });
  const client = new Client({ name: 'codeindex-test', version: '1.0.0' });
  await client.connect(transport);
  const c = { client, transport };
  clients.add(c);
  return { client, transport, stderr: () => err };
}

/** The server as a raw child: JSON-RPC lines in, parsed lines out. */
export function rawServer(dir: string): { proc: ChildProcess; send: (line: string) => void; next: (pred?: (m: Record<string, unknown>) => boolean, ms?: number) => Promise<Record<string, unknown>>; exited: Promise<number | null> } {
  const proc = spawn(process.execPath, ['--no-warnings', ENTRY, '--path', dir], { env: { ...process.env, CODEINDEX_NO_DAEMON: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
  procs.add(proc);
  const got: Record<string, unknown>[] = [];
  const waiters: { pred: (m: Record<string, unknown>) => boolean; res: (m: Record<string, unknown>) => void }[] = [];
  let buf = '';
  proc.stdout!.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const m = JSON.parse(buf.slice(0, i));
      buf = buf.slice(i + 1);
      const w = waiters.find((x) => x.pred(m));
      if (w) { waiters.splice(waiters.indexOf(w), 1); w.res(m); } else got.push(m);
    }
  });
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => { procs.delete(proc); r(code); }));
  return {
    proc, exited,
    send: (line) => proc.stdin!.write(line + '\n'),
    next: (pred = () => true, ms = 15_000) => {
      const i = got.findIndex(pred);
      if (i >= 0) return Promise.resolve(got.splice(i, 1)[0]);
      return new Promise((res, rej) => {
        const t = setTimeout(() => rej(new Error('no matching message from the server')), ms);
        waiters.push({ pred, res: (m) => { clearTimeout(t); res(m); } });
      });
    },
  };
}

/** The structured result of a tool call, checking the content/structuredContent/success contract. */
export function structured(r: unknown): Record<string, unknown> {
  const res = r as { content: { type: string; text: string }[]; structuredContent: Record<string, unknown>; success: boolean; isError?: boolean };
  if (!Array.isArray(res.content) || res.content.length !== 1 || res.content[0].type !== 'text') throw new Error(`content is not one text item: ${JSON.stringify(res).slice(0, 300)}`);
  const parsed = JSON.parse(res.content[0].text);
  if (JSON.stringify(parsed) !== JSON.stringify(res.structuredContent)) throw new Error('content text and structuredContent differ');
  return res.structuredContent;
}

export async function cleanup(): Promise<void> {
  for (const c of clients) {
    const pid = c.transport.pid;
    try { await c.client.close(); } catch { /* gone */ }
    if (pid) try { process.kill(pid, 'SIGKILL'); } catch { /* exited */ }
  }
  clients.clear();
  for (const p of procs) try { p.kill('SIGKILL'); } catch { /* gone */ }
  procs.clear();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}
