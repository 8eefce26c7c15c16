// A serving process's heavy sync (a new, rebuilt or forced index; a branch switch's batch) run
// in a forked child (see LiveOptions.fullSyncInChild). The
// memory of a whole-project parse and resolve stays with V8 and malloc after it is freed: a daemon
// that ran Go's tree in-process idled at 620 MB RSS afterwards, with a 7 MB heap. A child returns
// all of it when it exits. The parent's connection reads each batch the child commits (WAL), so
// tools answer from the growing index as they do during an in-process sync.
// A full sync of the command line (and of that child) runs on a worker thread instead: see
// syncInWorker.
import { ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ChildMessage } from './run';
import type { SyncProgress, SyncSummary } from './sync';
import { SyncLockedError } from './sync';
import { ConfigError } from './config';

const STDERR_TAIL = 2000;

/** A sync's failure as the sync threw it (a busy index, a bad codeindex.json, anything else). */
function failure(m: Extract<ChildMessage, { codeindex: 'failed' }>): Error {
  return m.locked ? new SyncLockedError(m.message) : m.config ? new ConfigError(m.message) : new Error(m.message);
}

/** dist/index-core.js beside the bundle; out/: index/run.js beside this file. */
export function childScript(): string | undefined {
  for (const p of [join(__dirname, 'index-core.js'), join(__dirname, 'run.js')]) if (existsSync(p)) return p;
  return undefined;
}

export interface ChildSync {
  readonly pid: number | undefined;
  readonly done: Promise<SyncSummary>;
  kill(): void;
}

export function syncInChild(script: string, root: string, force: boolean, onProgress: (p: SyncProgress) => void): ChildSync {
  const child: ChildProcess = fork(script, [root, force ? '--force' : ''], {
    execArgv: process.execArgv.filter((a) => !a.startsWith('--inspect')),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let tail = '';
  child.stderr?.on('data', (d: Buffer) => {
    process.stderr.write(d); // warnings and DEBUG lines, into the server's log
    tail = (tail + d.toString('utf8')).slice(-STDERR_TAIL);
  });
  const done = new Promise<SyncSummary>((resolve, reject) => {
    let summary: SyncSummary | undefined;
    let failed: Error | undefined;
    child.on('message', (m: ChildMessage) => {
      if (m.codeindex === 'progress') onProgress(m.progress);
      else if (m.codeindex === 'summary') summary = m.summary;
      else if (m.codeindex === 'failed') failed = failure(m);
    });
    child.on('error', (e) => reject(new Error(`the index process could not run (${e.message}); index with 'codeindex index --path ${root}'`)));
    child.on('exit', (code, signal) => {
      if (summary && code === 0) return resolve(summary);
      if (failed) return reject(failed);
      const last = tail.trim().split('\n').slice(-3).join(' | ');
      reject(new Error(`the index process ended (${signal ? `signal ${signal}` : `exit code ${code}`}) before its summary${last ? `: ${last}` : ''}; the index keeps every batch it committed, and the next sync goes on from there`));
    });
  });
  return { pid: child.pid, done, kill: () => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM'); } };
}

/** The young generation of a full sync's thread. Its objects (a batch of parsed files, the
 *  resolver's lookups) outlive a scavenge or die young; the main thread's default young
 *  generation, and the old generation it then grew, made much of a full index's peak (and
 *  `--max-semi-space-size` cannot be set once the process runs). Full index, medians of 3,
 *  in-process -> this thread with 24 MB: java.base 468 -> 369 MB, 12.13 -> 12.52 s; npm3k 320 ->
 *  305 MB, 4.54 -> 4.57 s (12 MB: 360 MB / 12.75 s and 298 MB / 4.78 s). */
const SYNC_YOUNG_MB = 24;

/** Runs a sync on a worker thread of this process (script: childScript()), with a bounded young
 *  generation. Errors come back as the in-process sync throws them. */
export function syncInWorker(script: string, root: string, force: boolean, onProgress: (p: SyncProgress) => void): Promise<SyncSummary> {
  return new Promise<SyncSummary>((resolve, reject) => {
    const w = new Worker(script, { workerData: { codeindexSync: { root, force } }, resourceLimits: { maxYoungGenerationSizeMb: SYNC_YOUNG_MB } });
    let settled = false;
    const settle = (f: () => void) => { if (!settled) { settled = true; f(); } };
    w.on('message', (m: ChildMessage) => {
      if (m.codeindex === 'progress') onProgress(m.progress);
      else if (m.codeindex === 'summary') settle(() => resolve(m.summary));
      else if (m.codeindex === 'failed') settle(() => reject(failure(m)));
    });
    w.on('error', (e) => settle(() => reject(e)));
    w.on('exit', (code) => settle(() => reject(new Error(`the index thread ended (exit code ${code}) before its summary; the index keeps every batch it committed, and the next sync goes on from there`))));
  });
}
