// Two watchdogs. The parent watchdog (proxy and direct mode): when the host that started this
// process dies - even by SIGKILL, when nobody closes our stdin - we are re-parented; polling
// notices within a quarter of a second and the caller tears down gracefully. The liveness watchdog
// (daemon): a worker thread watches a heartbeat the main thread bumps; when the main thread has
// not beaten for the threshold (10 s by default), the worker SIGKILLs the process, so a wedged
// daemon cannot hold its socket and lock forever (the next proxy starts a fresh one).
import { Worker } from 'node:worker_threads';
import { pidAlive } from '../lockfile';

export function watchParent(onGone: (why: string) => void, intervalMs = 250): () => void {
  const ppid = process.ppid;
  if (!ppid || ppid <= 1) return () => {};
  const t = setInterval(() => {
    const now = process.ppid;
    if (now !== ppid || !pidAlive(ppid)) {
      clearInterval(t);
      onGone(`host process ${ppid} exited`);
    }
  }, intervalMs);
  t.unref();
  return () => clearInterval(t);
}

export const LIVENESS_DEFAULT_MS = 10_000;

const WORKER = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const beat = new Int32Array(workerData.sab);
const base = workerData.thresholdMs;
const tick = Math.max(20, Math.min(250, Math.floor(base / 6)));
let last = Atomics.load(beat, 0), since = Date.now(), prevTick = Date.now();
setInterval(() => {
  const now = Date.now();
  // while the main thread is inside a sync (long synchronous batches), it gets more time
  const limit = Atomics.load(beat, 1) ? base * workerData.syncFactor : base;
  // this thread itself was not scheduled (process suspended, machine asleep): start over
  if (now - prevTick > base / 2) { since = now; }
  prevTick = now;
  const v = Atomics.load(beat, 0);
  if (v !== last) { last = v; since = now; return; }
  if (now - since >= limit) {
    try { writeSync(2, new Date().toISOString() + ' codeindex: liveness watchdog: main thread unresponsive for ' + (now - since) + ' ms (limit ' + limit + ' ms); SIGKILL pid ' + workerData.pid + '\\n'); } catch {}
    process.kill(workerData.pid, 'SIGKILL');
  }
}, tick);
`;

/** How much longer a main thread that was syncing when it last beat may stay silent. */
export const SYNC_FACTOR = 6;

/**
 * syncing: whether the main thread is inside an index sync. A full index writes and resolves in
 * long synchronous stretches (measured: up to 20 s on 3,000 files on a loaded 2-core machine), so
 * while one runs the limit is SYNC_FACTOR times longer; a wedged sync is still killed.
 */
export function startLiveness(thresholdMs = LIVENESS_DEFAULT_MS, syncing: () => boolean = () => false): () => void {
  const sab = new SharedArrayBuffer(8);
  const beat = new Int32Array(sab);
  const every = Math.max(10, Math.min(500, Math.floor(thresholdMs / 5)));
  const t = setInterval(() => { Atomics.store(beat, 1, syncing() ? 1 : 0); Atomics.add(beat, 0, 1); }, every);
  t.unref();
  const w = new Worker(WORKER, { eval: true, workerData: { sab, thresholdMs, syncFactor: SYNC_FACTOR, pid: process.pid } });
  w.unref();
  return () => { clearInterval(t); void w.terminate(); };
}
