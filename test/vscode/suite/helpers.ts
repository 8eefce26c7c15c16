// Helpers for the in-host suite: the extension's API, temp git repos with bare remotes
// (file://), and requests to the browser driver in run.mjs (palette, screenshots).
import * as vscode from 'vscode';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CodeindexApi } from '../../../src/extension/extension';
import type { Outcome } from '../../../src/extension/commands';

export const EXTENSION_ID = 'codeindex.codeindex';

/** The sandbox run.mjs made: <root>/ws/{app,other}, <root>/ipc, <root>/remotes. */
export function testRoot(): string {
  if (process.env.CODEINDEX_TEST_ROOT) return process.env.CODEINDEX_TEST_ROOT;
  const f = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!f) throw new Error('no workspace folder');
  return dirname(dirname(f));
}
export const ipcDir = () => join(testRoot(), 'ipc');

export function folder(name: 'app' | 'other'): string {
  const f = vscode.workspace.workspaceFolders?.find((w) => w.name === name);
  if (!f) throw new Error(`workspace folder ${name} is not open`);
  return f.uri.fsPath;
}

export async function api(): Promise<CodeindexApi> {
  const ext = vscode.extensions.getExtension<CodeindexApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  return ext.isActive ? ext.exports : ext.activate();
}

export function run<T = unknown>(command: string, args?: object): Thenable<Outcome<T>> {
  return vscode.commands.executeCommand<Outcome<T>>(command, args);
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

const temps: string[] = [];
export function tempDir(prefix: string): string {
  const base = join(testRoot(), 'tmp');
  mkdirSync(base, { recursive: true });
  const d = mkdtempSync(join(base, prefix));
  temps.push(d);
  return d;
}
export function cleanTemps(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A repo with one commit on main, and (unless origin: false) a bare origin over file:// holding it. */
export function makeRepo(opts: { origin?: boolean; commit?: boolean } = {}): { dir: string; bare: string } {
  const base = tempDir('repo-');
  const dir = join(base, 'work');
  const bare = join(base, 'origin.git');
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  if (opts.commit !== false) {
    writeFileSync(join(dir, 'README.md'), '# demo\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'initial');
  }
  git(base, 'init', '-q', '--bare', '-b', 'main', bare);
  if (opts.origin !== false) {
    git(dir, 'remote', 'add', 'origin', `file://${bare}`);
    if (opts.commit !== false) git(dir, 'push', '-q', '-u', 'origin', 'main');
  }
  return { dir, bare };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(what: string, fn: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export type Step =
  | { key: string } | { type: string } | { fill: string } | { sleep: number } | { shot: string }
  | { waitFor: string; text?: string; as?: string; timeout?: number } | { read: string; as?: string }
  | { frame: string; as?: string; timeout?: number; steps: FrameStep[] };
/** Inside a webview frame: fill, click, press a key, wait until visible, read the text. */
export type FrameStep = { sel: string; fill?: string; click?: boolean; press?: string; visible?: boolean; text?: boolean; as?: string; timeout?: number };
export interface DriverResult { ok: boolean; error?: string; texts: Record<string, string[]>; found: Record<string, boolean> }

let seq = 0;
/** Asks run.mjs (outside the host) to drive the browser: keys, typing, waits, screenshots. */
export async function driver(steps: Step[], timeoutMs = 60_000): Promise<DriverResult> {
  const n = ++seq;
  const dir = ipcDir();
  const tmp = join(dir, `.request-${n}.tmp`);
  writeFileSync(tmp, JSON.stringify({ steps }));
  renameSync(tmp, join(dir, `request-${n}.json`));
  const res = join(dir, `response-${n}.json`);
  await until(`the browser driver (request ${n})`, () => existsSync(res), timeoutMs);
  const r = JSON.parse(readFileSync(res, 'utf8')) as DriverResult;
  if (!r.ok) throw new Error(`driver failed: ${r.error}`);
  return r;
}
