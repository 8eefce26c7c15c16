// `codeindex --init` and `codeindex index`: one sync with progress on stderr and a summary line.
// Also the entry of dist/index-core.js, which these two commands load instead of the whole core
// (no SDK, zod or graph: a third of a one-file `codeindex index` went to loading them).
// A running daemon takes `codeindex index` first (modes/index-client.ts); this is the fallback.
// Run as a forked child (child-sync.ts), it is a serving process's full sync: progress and the
// summary go back over IPC. A full sync runs on a worker thread of the process (syncInWorker).
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Indexer, SyncLockedError, SyncProgress, SyncSummary } from './sync';
import { progressPrinter, summaryLine } from './report';
import { ConfigError, loadConfig } from './config';
import { Filter, walk } from './walk';
import { languageForPath } from './languages/table';
import { ensureIndexDir } from '../store/schema';
import { debug, warn } from '../log';
import { childScript, syncInWorker } from './child-sync';

/** The command: exit code 1 with the message for a bad codeindex.json or a busy index. */
export async function runIndexCommand(root: string, force: boolean): Promise<number> {
  try {
    await runIndex(root, { force });
    return 0;
  } catch (e) {
    if (e instanceof ConfigError || e instanceof SyncLockedError) { warn(e.message); return 1; }
    throw e;
  }
}

export async function runIndex(root: string, opts: { force?: boolean }): Promise<SyncSummary> {
  const summary = await syncProject(root, !!opts.force, progressPrinter());
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  process.stderr.write(summaryLine(summary) + '\n');
  return summary;
}

/** A full sync of fewer files runs where it is: the thread's own start (its isolate, the code
 *  loaded again) cost rxjs (252 files) ~60 ms and ~12 MB, more than its smaller young generation
 *  saved; from npm3k's and java.base's ~3,000 files it saves more (bench, 2026-11-23). */
const THREAD_MIN_FILES = 1000;
const log = debug('index');

/** How many files the project has to index, counted up to `n` (a bad codeindex.json: 0, for the
 *  sync itself to report). */
function filesUpTo(root: string, n: number): number {
  try {
    return walk(root, new Filter(root, loadConfig(root), languageForPath), undefined, n).files.length;
  } catch {
    return 0;
  }
}

/** One sync of the project, its index folder made if missing; a full one of many files on
 *  node:sqlite on a worker thread. */
async function syncProject(root: string, force: boolean, onProgress: (p: SyncProgress) => void): Promise<SyncSummary> {
  ensureIndexDir(root);
  const indexer = await Indexer.open(root);
  // sql.js: its statements make garbage the bounded young generation collects often (java.base
  // 10-20% slower), and its image in wasm memory is most of its peak (no less on the thread)
  const script = indexer.store.backend === 'node-sqlite' ? childScript() : undefined;
  if (script && indexer.wantsFull(force) && filesUpTo(root, THREAD_MIN_FILES) >= THREAD_MIN_FILES) {
    indexer.close();
    log('a full sync of many files: on a worker thread');
    return syncInWorker(script, root, force, onProgress);
  }
  return syncHere(indexer, force, onProgress);
}

async function syncHere(indexer: Indexer, force: boolean, onProgress: (p: SyncProgress) => void): Promise<SyncSummary> {
  try {
    return await indexer.sync({ force, onProgress });
  } finally {
    indexer.close();
  }
}

/** One sync whose progress and summary, or failure, go to `post` (a forked child's IPC channel,
 *  a worker thread's port); false when it failed. */
async function syncAndAnswer(post: (m: ChildMessage) => unknown, sync: (onProgress: (p: SyncProgress) => void) => Promise<SyncSummary>): Promise<boolean> {
  try {
    const summary = await sync((p) => void post({ codeindex: 'progress', progress: p }));
    await post({ codeindex: 'summary', summary });
    return true;
  } catch (e) {
    await post({ codeindex: 'failed', message: e instanceof Error ? e.message : String(e), locked: e instanceof SyncLockedError, config: e instanceof ConfigError });
    return false;
  }
}

/** The worker thread's side of syncInWorker. */
async function workerMain(root: string, force: boolean): Promise<void> {
  await syncAndAnswer((m) => parentPort!.postMessage(m), async (onProgress) => {
    ensureIndexDir(root);
    return syncHere(await Indexer.open(root), force, onProgress);
  });
}

/** The forked child's side (argv: root, then `--force` or nothing); the exit code says whether
 *  the sync worked. */
async function childMain(send: NonNullable<typeof process.send>): Promise<void> {
  const [root, flag] = process.argv.slice(2);
  const post = (m: ChildMessage) => new Promise<void>((r) => send(m, undefined, {}, () => r()));
  if (!(await syncAndAnswer(post, (onProgress) => syncProject(root, flag === '--force', onProgress)))) process.exitCode = 1;
  process.disconnect?.();
}

export type ChildMessage =
  | { codeindex: 'progress'; progress: SyncProgress }
  | { codeindex: 'summary'; summary: SyncSummary }
  | { codeindex: 'failed'; message: string; locked: boolean; config?: boolean };

if (!isMainThread && workerData?.codeindexSync) void workerMain(workerData.codeindexSync.root, workerData.codeindexSync.force);
else if (require.main === module && process.send) void childMain(process.send.bind(process));
