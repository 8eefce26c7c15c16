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
  /** Bytes on disk when listed: chunks are cut by size (parse-plan.ts). */
  size: number;
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

/** A parse makes mostly short-lived garbage (nodes, captures): a bounded young generation keeps
 *  each worker's heap from growing far past what it holds. Full index of effect, node 24, 2
 *  workers, 3 runs: default 524-569 MB peak RSS; 24 MB: 451-484 MB for ~3% more CPU; 4 MB: 437-464
 *  MB for ~6% more. */
const WORKER_YOUNG_MB = 24;

export function defaultPoolSize(): number {
  const n = Number(process.env.CODEINDEX_WORKERS);
  if (n > 0) return Math.floor(n);
  return Math.max(1, Math.min(cpus().length, 8));
}

export class ParsePool {
  private readonly all: Worker[] = [];
  private readonly queue: Job[] = [];
  /** Jobs posted to each worker, in order. Two per worker, so a worker keeps parsing while the
   *  main thread is busy writing and cannot hand it the next chunk. */
  private readonly posted = new Map<Worker, Job[]>();
  private closed = false;

  constructor(private readonly root: string, size = defaultPoolSize()) {
    for (let i = 0; i < size; i++) this.spawn();
  }

  private spawn(): void {
    const w = new Worker(join(__dirname, 'parse-worker.js'), { workerData: { root: this.root }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
    const jobs: Job[] = [];
    this.posted.set(w, jobs);
    w.on('message', (results: ParseResult[]) => {
      jobs.shift()?.resolve(results);
      this.pump();
    });
    w.on('error', (e) => {
      for (const j of jobs.splice(0)) j.reject(e);
    });
    w.on('exit', (code) => {
      const i = this.all.indexOf(w);
      if (i >= 0) this.all.splice(i, 1);
      this.posted.delete(w);
      for (const j of jobs.splice(0)) j.reject(new Error(`parse worker exited with code ${code}`));
      if (!this.closed) { this.spawn(); this.pump(); } // a crashed worker is replaced
    });
    this.all.push(w);
  }

  private pump(): void {
    for (let depth = 1; depth <= 2; depth++) {
      for (const [w, jobs] of this.posted) {
        if (!this.queue.length) return;
        if (jobs.length >= depth) continue;
        const job = this.queue.shift()!;
        jobs.push(job);
        w.postMessage(job.tasks);
      }
    }
  }

  private readonly preloaded = new Set<string>();

  /** Has every worker load a language's grammar and query now (once per language), ahead of its files. */
  preload(language: string): void {
    if (this.closed || this.preloaded.has(language)) return;
    this.preloaded.add(language);
    for (const w of this.all) w.postMessage({ preload: language });
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
