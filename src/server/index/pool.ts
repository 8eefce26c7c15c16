// A worker_threads pool that reads, hashes and parses files off the main thread. The main thread
// only writes to the database, so parsing scales with cores while writes stay in one place.
import { Worker } from 'node:worker_threads';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { FileExtraction } from './types';

export interface ParseTask {
  path: string;
  language: string;
  /** Hash the db already has: if the content still hashes to it, the worker skips the parse. */
  knownHash?: string;
}

export interface ParseResult {
  path: string;
  hash: string;
  size: number;
  /** null when the file was skipped: unchanged, binary, unreadable or gone. */
  extraction: FileExtraction | null;
  skipped?: 'unchanged' | 'binary' | 'unreadable';
}

interface Job { tasks: ParseTask[]; resolve: (r: ParseResult[]) => void; reject: (e: Error) => void }

export function defaultPoolSize(): number {
  const n = Number(process.env.CODEINDEX_WORKERS);
  if (n > 0) return Math.floor(n);
  return Math.max(1, Math.min(cpus().length, 8));
}

export class ParsePool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly busy = new Map<Worker, Job>();
  private closed = false;

  constructor(private readonly root: string, size = defaultPoolSize()) {
    for (let i = 0; i < size; i++) this.spawn();
  }

  private spawn(): void {
    const w = new Worker(join(__dirname, 'parse-worker.js'), { workerData: { root: this.root } });
    w.on('message', (results: ParseResult[]) => {
      const job = this.busy.get(w);
      this.busy.delete(w);
      this.idle.push(w);
      job?.resolve(results);
      this.pump();
    });
    w.on('error', (e) => {
      const job = this.busy.get(w);
      this.busy.delete(w);
      job?.reject(e);
    });
    w.on('exit', (code) => {
      const i = this.all.indexOf(w);
      if (i >= 0) this.all.splice(i, 1);
      const job = this.busy.get(w);
      this.busy.delete(w);
      job?.reject(new Error(`parse worker exited with code ${code}`));
      if (!this.closed) { this.spawn(); this.pump(); } // a crashed worker is replaced
    });
    this.all.push(w);
    this.idle.push(w);
  }

  private pump(): void {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.pop()!;
      const job = this.queue.shift()!;
      this.busy.set(w, job);
      w.postMessage(job.tasks);
    }
  }

  /** Parses a chunk of files on the next free worker. */
  parse(tasks: ParseTask[]): Promise<ParseResult[]> {
    if (this.closed) return Promise.reject(new Error('parse pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ tasks, resolve, reject });
      this.pump();
    });
  }

  get size(): number {
    return this.all.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.all.map((w) => w.terminate()));
  }
}
