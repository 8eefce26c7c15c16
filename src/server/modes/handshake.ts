// The first line each way on a daemon connection, before any MCP message: the proxy says hello
// with its version and project, the daemon answers welcome (same version and project) or
// mismatch. Each side checks the other's version, so a session is never served by a daemon of
// another version: on a mismatch an idle daemon exits (the proxy starts its own) and a busy one
// is left alone (the proxy serves directly).
import { VERSION } from '../version';

/** `op: 'index'`: not an MCP session but `codeindex index` handed to the daemon (index-client.ts). */
export type Hello = { codeindex: 'hello'; version: string; root: string; pid: number; op?: 'index'; force?: boolean };
export type Welcome = { codeindex: 'welcome'; version: string; root: string; pid: number };
export type Mismatch = { codeindex: 'mismatch'; version: string; root: string; pid: number; reason: string; exiting: boolean };
export type DaemonReply = Welcome | Mismatch;

/** The version both sides compare; CODEINDEX_TEST_VERSION stands in for it in tests of a mismatch. */
export function protocolVersion(): string {
  return process.env.CODEINDEX_TEST_VERSION || VERSION;
}

export function helloLine(root: string, extra: Pick<Hello, 'op' | 'force'> = {}): string {
  const h: Hello = { codeindex: 'hello', version: protocolVersion(), root, pid: process.pid, ...extra };
  return JSON.stringify(h) + '\n';
}

export function parseHandshake<T extends { codeindex: string }>(line: string, kind: T['codeindex'] | T['codeindex'][]): T | undefined {
  try {
    const v = JSON.parse(line);
    const kinds = Array.isArray(kind) ? kind : [kind];
    return v && typeof v === 'object' && kinds.includes(v.codeindex) && typeof v.version === 'string' ? v as T : undefined;
  } catch {
    return undefined;
  }
}

/** After the welcome of an `op: 'index'` hello, the daemon sends progress lines, then the summary
 *  or why it cannot sync (unavailable: the command syncs itself; failed: it reports the error). */
export type IndexReply =
  | { codeindex: 'progress'; phase: string; done: number; total: number }
  | { codeindex: 'indexed'; summary: Record<string, unknown> }
  | { codeindex: 'unavailable'; reason: string }
  | { codeindex: 'failed'; message: string; exitCode: number };
