// The bundled CLI run as a child process: `--init` / `index` with progress parsed from its stderr
// lines, and `query codeindex_status`. Plain Node, no `vscode`, so mocha tests it directly.
import { spawn } from 'node:child_process';
import { indexRuntime, nodeRuntime } from './node-runtime';

export type IndexMode = 'init' | 'index' | 'force';

export interface IndexProgress {
  done: number;
  total: number;
}

export interface IndexRun {
  /** The CLI's summary line ("codeindex: indexed 6 files (...), 33 symbols, ..."). */
  summary: string;
  /** Symbols named in the summary line, when it has one. */
  symbols?: number;
}

const PROGRESS = /codeindex: parsed (\d+)\/(\d+) files/;
const SUMMARY = /codeindex: (indexed|updated) .*?(\d+) symbols/;

/** Reads "codeindex: parsed N/M files (P%)" from one stderr line. */
export function parseProgressLine(line: string): IndexProgress | undefined {
  const m = PROGRESS.exec(line);
  return m ? { done: Number(m[1]), total: Number(m[2]) } : undefined;
}

export function indexArgs(scriptPath: string, projectPath: string, mode: IndexMode): string[] {
  if (mode === 'init') return [scriptPath, '--init', '--path', projectPath];
  return [scriptPath, 'index', ...(mode === 'force' ? ['--force'] : []), '--path', projectPath];
}

export class IndexProcessError extends Error {
  constructor(message: string, readonly stderr: string, readonly exitCode: number | null) {
    super(message);
    this.name = 'IndexProcessError';
  }
}

export function runIndexProcess(opts: {
  scriptPath: string;
  projectPath: string;
  mode: IndexMode;
  onProgress?: (p: IndexProgress) => void;
  /** Kills the child (e.g. the progress notification's Cancel). */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}): Promise<IndexRun> {
  return indexRuntime({ ...process.env, ...opts.env }).then((rt) => new Promise<IndexRun>((resolve, reject) => {
    const child = spawn(rt.command, indexArgs(opts.scriptPath, opts.projectPath, opts.mode), {
      cwd: opts.projectPath,
      env: { ...process.env, ...rt.env, ...opts.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const onAbort = () => child.kill();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    let stderr = '';
    let pending = '';
    let summary = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      stderr = (stderr + d).slice(-20000);
      pending += d;
      let nl: number;
      while ((nl = pending.search(/\r|\n/)) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        const p = parseProgressLine(line);
        if (p) opts.onProgress?.(p);
        else if (SUMMARY.test(line)) summary = line.trim();
      }
    });
    child.on('error', (e) => reject(new IndexProcessError(`Could not start the indexer: ${e.message}`, stderr, null)));
    child.on('close', (code, sig) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (SUMMARY.test(pending)) summary = pending.trim();
      if (code === 0) {
        const m = SUMMARY.exec(summary);
        resolve({ summary, symbols: m ? Number(m[2]) : undefined });
      } else if (opts.signal?.aborted) {
        reject(new IndexProcessError('Indexing was cancelled.', stderr, code));
      } else {
        const last = stderr.trim().split(/\r?\n/).filter((l) => !PROGRESS.test(l)).slice(-3).join('\n');
        reject(new IndexProcessError(`Indexing failed (${sig ?? `exit code ${code}`})${last ? `: ${last}` : ''}`, stderr, code));
      }
    });
  }));
}

/** What `codeindex_status` answers (the fields the status bar reads). */
export interface IndexStatus {
  initialized: boolean;
  isStale?: boolean;
  indexFreshness?: string;
  lastIndexedAt?: number | null;
  stats?: { nodeCount: number; edgeCount: number; fileCount: number; languages?: Record<string, number> };
  backend?: string;
  journalMode?: string;
  projectPath?: string;
  message?: string;
  [k: string]: unknown;
}

/** `node <script> query codeindex_status '{}' --path <project>` -> its JSON. */
export function queryStatus(scriptPath: string, projectPath: string, env?: NodeJS.ProcessEnv): Promise<IndexStatus> {
  const rt = nodeRuntime();
  return new Promise((resolve, reject) => {
    const child = spawn(rt.command, [scriptPath, 'query', 'codeindex_status', '{}', '--path', projectPath], {
      cwd: projectPath,
      env: { ...process.env, ...rt.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '', err = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => { out += d; });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => { err += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as IndexStatus);
      } catch {
        reject(new Error(`codeindex status failed (exit code ${code}): ${err.trim() || out.trim() || 'no output'}`));
      }
    });
  });
}
