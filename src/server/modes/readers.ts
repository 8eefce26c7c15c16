// Heavy read-only tools (explore, graph traversals) off the daemon's main thread: a worker thread
// with its own read-only connection to the index runs them, so one agent's 300 ms explore does not
// hold up another agent's 2 ms search. The main thread keeps the writer (LiveIndex), the sessions
// and the cheap tools. The worker is the same server-core.js, started with role 'reader'.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { ArgumentError } from '../graph/errors';
import { Graph } from '../graph/graph';
import { findTool } from '../mcp/call';
import { openStore } from '../store/open';
import { dbPath } from '../store/schema';
import { debug, warn } from '../log';

const log = debug('readers');

/** The tools worth a thread hop (typical 50-1000 ms); the others answer in a few ms. */
export const HEAVY_TOOLS = new Set(['codeindex_explore', 'codeindex_graph']);

interface Task { id: number; name: string; args: Record<string, unknown> }
type Reply = { id: number; ok: Record<string, unknown> } | { id: number; error: string; field?: string };

export class ReaderPool {
  private worker?: Worker;
  private seq = 0;
  private readonly waiting = new Map<number, { res: (v: Record<string, unknown>) => void; rej: (e: Error) => void }>();
  private failures = 0;

  constructor(private readonly root: string, private readonly script: string) {}

  /** Undefined when the tool is cheap or the reader cannot run (the caller runs it in place). */
  offload(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> | undefined {
    if (!HEAVY_TOOLS.has(name) || this.failures >= 3) return undefined;
    const w = this.worker ??= this.start();
    const id = ++this.seq;
    return new Promise((res, rej) => {
      this.waiting.set(id, { res, rej });
      w.postMessage({ id, name, args } satisfies Task);
    });
  }

  private start(): Worker {
    const w = new Worker(this.script, { workerData: { codeindexRole: 'reader', root: this.root } });
    w.unref();
    w.on('message', (m: Reply) => {
      const p = this.waiting.get(m.id);
      if (!p) return;
      this.waiting.delete(m.id);
      if ('ok' in m) p.res(m.ok);
      else p.rej(m.field !== undefined ? Object.assign(new ArgumentError(m.field, ''), { message: m.error }) : new Error(m.error));
    });
    const gone = (why: string) => {
      if (this.worker !== w) return;
      this.worker = undefined;
      this.failures++;
      warn(`reader thread ${why}; ${this.failures >= 3 ? 'heavy tools run on the main thread from now on' : 'restarting it'}`);
      for (const p of this.waiting.values()) p.rej(new Error(`the reader thread ${why}; call again`));
      this.waiting.clear();
    };
    w.on('error', (e) => gone(`failed: ${e.message}`));
    w.on('exit', (code) => gone(`exited (${code})`));
    log('reader thread started');
    return w;
  }

  close(): void {
    const w = this.worker;
    this.worker = undefined;
    void w?.terminate();
  }
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
  parentPort!.on('message', async (t: Task) => {
    let reply: Reply;
    try {
      const g = graph ?? await open();
      g.refresh();
      const tool = findTool(t.name);
      if (!tool) throw new Error(`unknown tool ${t.name}`);
      reply = { id: t.id, ok: tool.run({ handle: undefined as never, root, graph: g }, t.args as never) };
    } catch (e) {
      opening = graph ? opening : undefined; // retry a failed open next time
      reply = { id: t.id, error: e instanceof Error ? e.message : String(e), field: e instanceof ArgumentError ? e.field : undefined };
    }
    parentPort!.postMessage(reply);
  });
}
