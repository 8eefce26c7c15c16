// Heavy read-only tools (explore, graph traversals, search) off the daemon's main thread: worker
// threads, each with its own read-only connection to the index, run them, so one agent's 300 ms
// explore does not hold up another agent's 2 ms lookup. The main thread keeps the writer (LiveIndex), the sessions
// and the cheap tools. The worker is the same server-core.js, started with role 'reader'.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { ArgumentError } from '../graph/errors';
import { Graph } from '../graph/graph';
import { NameTable } from '../graph/names';
import { findTool } from '../mcp/call';
import { openStore } from '../store/open';
import { dbPath } from '../store/schema';
import { debug, warn } from '../log';

const log = debug('readers');

/** The tools worth a thread hop (explore and graph: 50-1000 ms; search: tens of ms on a large
 *  project); node, status and file dependencies answer in a few ms on the main thread. */
export const OFFLOADED_TOOLS = new Set(['codeindex_explore', 'codeindex_graph', 'codeindex_search']);

/** Offloaded tools that run on the main thread instead of queueing when no reader is free. */
const IN_PLACE_WHEN_BUSY = new Set(['codeindex_search']);

interface Task { id: number; name: string; args: Record<string, unknown> }
interface Warm { warm: true }
type Reply = { id: number; ok: Record<string, unknown> } | { id: number; error: string; field?: string };
interface Waiter { res: (v: Record<string, unknown>) => void; rej: (e: Error) => void; worker: ReaderThread }
interface ReaderThread { w: Worker; inFlight: number }

/** Reader threads (2 by default: an explore on one leaves the other free for a search). */
export class ReaderPool {
  private readonly threads: (ReaderThread | undefined)[];
  private seq = 0;
  private readonly waiting = new Map<number, Waiter>();
  private failures = 0;

  constructor(private readonly root: string, private readonly script: string, size = 2) {
    this.threads = new Array(Math.max(1, size)).fill(undefined);
  }

  /** Undefined when the tool is cheap or the readers cannot run (the caller runs it in place). */
  offload(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> | undefined {
    if (!OFFLOADED_TOOLS.has(name) || this.failures >= 3 || !this.threads.length) return undefined;
    // the least busy thread; an idle slot is started
    let i = this.threads.findIndex((t) => !t || t.inFlight === 0);
    // Every reader busy (an explore, say): a search takes milliseconds on the main thread, less
    // than the wait behind them.
    if (i < 0 && IN_PLACE_WHEN_BUSY.has(name)) return undefined;
    if (i < 0) i = this.threads.reduce((best, t, j) => (t!.inFlight < this.threads[best]!.inFlight ? j : best), 0);
    const t = this.threads[i] ??= this.start(i);
    const id = ++this.seq;
    t.inFlight++;
    return new Promise((res, rej) => {
      this.waiting.set(id, { res, rej, worker: t });
      t.w.postMessage({ id, name, args } satisfies Task);
    });
  }

  /** Starts every reader and has each bring its caches (the name table) up to date: at startup
   *  and after each sync, so the first search after an edit does not pay for them. */
  warm(): void {
    if (this.failures >= 3) return;
    for (let i = 0; i < this.threads.length; i++) (this.threads[i] ??= this.start(i)).w.postMessage({ warm: true } satisfies Warm);
  }

  private start(slot: number): ReaderThread {
    const w = new Worker(this.script, { workerData: { codeindexRole: 'reader', root: this.root } });
    const t: ReaderThread = { w, inFlight: 0 };
    w.unref();
    w.on('message', (m: Reply) => {
      const p = this.waiting.get(m.id);
      if (!p) return;
      this.waiting.delete(m.id);
      t.inFlight--;
      if ('ok' in m) p.res(m.ok);
      else p.rej(m.field !== undefined ? Object.assign(new ArgumentError(m.field, ''), { message: m.error }) : new Error(m.error));
    });
    const gone = (why: string) => {
      if (this.threads[slot] !== t) return;
      this.threads[slot] = undefined;
      this.failures++;
      warn(`reader thread ${why}; ${this.failures >= 3 ? 'heavy tools run on the main thread from now on' : 'restarting it'}`);
      for (const [id, p] of this.waiting) {
        if (p.worker !== t) continue;
        this.waiting.delete(id);
        p.rej(new Error(`the reader thread ${why}; call again`));
      }
    };
    w.on('error', (e) => gone(`failed: ${e.message}`));
    w.on('exit', (code) => gone(`exited (${code})`));
    log(`reader thread ${slot} started`);
    return t;
  }

  close(): void {
    const ts = this.threads.splice(0);
    for (const t of ts) void t?.w.terminate();
  }
}

/** Tools whose thread runs at a lower priority while they run: on two cores an explore took
 *  the CPU from other agents' searches on the other reader and the main thread. */
const BACKGROUND_TOOLS = new Set(['codeindex_explore', 'codeindex_graph']);
const BACKGROUND_NICE = 10;

/** This thread's id (Linux: /proc/thread-self is `<pid>/task/<tid>`), or undefined elsewhere. */
let threadId: number | undefined | null = null;
/** Sets this thread's nice value; best effort (a user may raise it but not lower it back). */
export function niceThread(nice: number): void {
  if (threadId === null) {
    try { threadId = Number(readlinkSync('/proc/thread-self').split('/').pop()) || undefined; } catch { threadId = undefined; }
  }
  if (threadId === undefined) return;
  try { setPriority(threadId, nice); } catch { /* not permitted: stays as it is */ }
}

/** The reader thread's side: open the index read-only once, run tools as asked. */
export function isReaderThread(): boolean {
  return !isMainThread && (workerData as { codeindexRole?: string } | undefined)?.codeindexRole === 'reader';
}

export function readerThreadMain(): void {
  const root = (workerData as { root: string }).root;
  let graph: Graph | undefined;
  let opening: Promise<Graph> | undefined;
  const open = () => opening ??= openStore(dbPath(root), { readOnly: true }).then((s) => (graph = new Graph(s, root)));
  parentPort!.on('message', async (t: Task | Warm) => {
    if ('warm' in t) {
      try { const g = graph ?? await open(); g.refresh(); NameTable.of(g); } catch (e) { log(`warm-up: ${e instanceof Error ? e.message : e}`); }
      return;
    }
    let reply: Reply;
    try {
      const g = graph ?? await open();
      g.refresh();
      const tool = findTool(t.name);
      if (!tool) throw new Error(`unknown tool ${t.name}`);
      const heavy = BACKGROUND_TOOLS.has(t.name);
      if (heavy) niceThread(BACKGROUND_NICE);
      try {
        reply = { id: t.id, ok: tool.run({ handle: undefined as never, root, graph: g }, t.args as never) };
      } finally {
        if (heavy) niceThread(0);
      }
    } catch (e) {
      opening = graph ? opening : undefined; // retry a failed open next time
      reply = { id: t.id, error: e instanceof Error ? e.message : String(e), field: e instanceof ArgumentError ? e.field : undefined };
    }
    parentPort!.postMessage(reply);
  });
}
