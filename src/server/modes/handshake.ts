// The first line each way on a daemon connection, before any MCP message: the proxy says hello
// with its version and project, the daemon answers welcome (same version and project) or
// mismatch. Each side checks the other's version, so a session is never served by a daemon of
// another version: on a mismatch an idle daemon exits (the proxy starts its own) and a busy one
// is left alone (the proxy serves directly).
import { VERSION } from '../version';

export type Hello = { codeindex: 'hello'; version: string; root: string; pid: number };
export type Welcome = { codeindex: 'welcome'; version: string; root: string; pid: number };
export type Mismatch = { codeindex: 'mismatch'; version: string; root: string; pid: number; reason: string; exiting: boolean };
export type DaemonReply = Welcome | Mismatch;

/** The version both sides compare; CODEINDEX_TEST_VERSION stands in for it in tests of a mismatch. */
export function protocolVersion(): string {
  return process.env.CODEINDEX_TEST_VERSION || VERSION;
}

export function helloLine(root: string): string {
  const h: Hello = { codeindex: 'hello', version: protocolVersion(), root, pid: process.pid };
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
