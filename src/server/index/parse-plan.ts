// How a full sync hands files to the parse workers: chunks of small files, and each big file in
// a chunk of its own, spread evenly among the others and never two at once in flight. Parsing
// one of the Linux kernel's ~800 KB generated register headers takes ~200 MB of worker memory
// (tree and captures), and they sit side by side in one folder: two workers on two of them at
// once made the index's peak RSS.
import { ParseTask } from './pool';
import { hasSharedExtension } from './languages/table';

/** A file of more bytes than this is parsed alone, with no other big file in flight. */
export const BIG_FILE_BYTES = 256 * 1024;

export interface ParseChunk { tasks: ParseTask[]; big: boolean }

/** Up to this many big files stay in their place in the walk (see planChunks). */
export const SPREAD_MIN_BIG = 16;

/** A language with fewer files than this (and RARE_LANGUAGE_BYTES at most) is parsed by one
 *  worker: compiling its query costs each worker that loads it 10-320 ms (Objective-C's most, a
 *  large grammar), more than its few files take to parse. */
export const RARE_LANGUAGE_FILES = 16;
const RARE_LANGUAGE_BYTES = 512 * 1024;

/** For the walk: has the workers load a language ahead of its files once it has
 *  RARE_LANGUAGE_FILES of them (a rarer one is loaded by the worker that gets its chunk; a
 *  `.h`'s language is only decided after the walk). */
export function preloadCommon(preload: (language: string) => void): (f: { path: string; language: string }) => void {
  const seen = new Map<string, number>();
  return (f) => {
    if (hasSharedExtension(f.path)) return;
    const n = (seen.get(f.language) ?? 0) + 1;
    seen.set(f.language, n);
    if (n === RARE_LANGUAGE_FILES) preload(f.language);
  };
}

/** Rare languages' files first, a chunk per language (one worker loads each), then planChunks'
 *  plan of the rest. */
export function planParse(tasks: ParseTask[], workers: number, bigBytes = BIG_FILE_BYTES): ParseChunk[] {
  const byLanguage = new Map<string, ParseTask[]>();
  for (const t of tasks) {
    const list = byLanguage.get(t.language);
    if (list) list.push(t);
    else byLanguage.set(t.language, [t]);
  }
  const rare = [...byLanguage.values()].filter((l) => l.length < RARE_LANGUAGE_FILES && bytesOf(l) <= RARE_LANGUAGE_BYTES);
  // one language only: its files are all there is, spread over the workers
  if (!rare.length || rare.length === byLanguage.size) return planChunks(tasks, workers, bigBytes);
  const isRare = new Set(rare.flat());
  const rest = planChunks(tasks.filter((t) => !isRare.has(t)), workers, bigBytes);
  return [...rare.map((l) => ({ tasks: l, big: l.some((t) => t.size > bigBytes) })), ...rest];
}

/** Chunks in a fixed order (node ids follow it), small files cut by size (chunkEnd), each
 *  big file alone. A few big files keep their place in the walk, so node ids follow it (effect's
 *  four: waiting behind one costs little). Many are moved, evenly spaced among the small chunks
 *  in their own walk order: the kernel's register headers fill whole folders, and one after the
 *  other (feedChunks posts one at a time) would leave the other worker waiting. */
export function planChunks(tasks: ParseTask[], workers: number, bigBytes = BIG_FILE_BYTES): ParseChunk[] {
  const small: ParseTask[] = [];
  const big: ParseTask[] = [];
  for (const t of tasks) (t.size > bigBytes ? big : small).push(t);
  if (big.length <= SPREAD_MIN_BIG) return inWalkOrder(tasks, workers, bigBytes);
  const smallChunks: ParseChunk[] = [];
  cutBySize(small, workers, { bytes: bytesOf(small) }, smallChunks);
  if (!big.length) return smallChunks;
  const out: ParseChunk[] = [];
  // big file k goes before small chunk floor(k * gap): the same spacing from start to end
  const gap = smallChunks.length / big.length;
  let b = 0;
  for (let i = 0; i < smallChunks.length; i++) {
    while (b < big.length && Math.floor(b * gap) <= i) out.push({ tasks: [big[b++]], big: true });
    out.push(smallChunks[i]);
  }
  while (b < big.length) out.push({ tasks: [big[b++]], big: true });
  return out;
}

/** The walk's order: runs of small files cut by size, each big file alone in its place. */
function inWalkOrder(tasks: ParseTask[], workers: number, bigBytes: number): ParseChunk[] {
  const left = { bytes: bytesOf(tasks) };
  const out: ParseChunk[] = [];
  for (let i = 0; i < tasks.length;) {
    if (tasks[i].size > bigBytes) { left.bytes -= tasks[i].size; out.push({ tasks: [tasks[i++]], big: true }); continue; }
    let runEnd = i;
    while (runEnd < tasks.length && tasks[runEnd].size <= bigBytes) runEnd++;
    cutBySize(tasks.slice(i, runEnd), workers, left, out);
    i = runEnd;
  }
  return out;
}

const bytesOf = (tasks: readonly ParseTask[]) => tasks.reduce((n, t) => n + t.size, 0);

/** Cuts a run of small files into chunks (chunkEnd), counting them off `left.bytes`. */
function cutBySize(run: ParseTask[], workers: number, left: { bytes: number }, out: ParseChunk[]): void {
  for (let i = 0; i < run.length;) {
    const end = chunkEnd(run, i, left.bytes, workers);
    for (let k = i; k < end; k++) left.bytes -= run[k].size;
    out.push({ tasks: run.slice(i, end), big: false });
    i = end;
  }
}

/** Where the chunk starting at `from` ends: about a (3 x workers)-th of the bytes still to post,
 *  from 32 KB to 512 KB and at most 64 files. Chunks shrink towards the end, so the workers run
 *  out of work together: with 16-file chunks, effect's last chunk of large files kept one worker
 *  busy ~0.3 s after the other had finished, and a slow chunk ahead of a fast one made the fast
 *  one's worker wait. */
export function chunkEnd(tasks: readonly ParseTask[], from: number, bytesLeft: number, workers: number): number {
  const target = Math.min(512 * 1024, Math.max(32 * 1024, bytesLeft / (3 * workers)));
  let end = from, bytes = 0;
  while (end < tasks.length && end - from < 64 && (end === from || bytes + tasks[end].size <= target)) bytes += tasks[end++].size;
  return end;
}


/**
 * Posts chunks in order with a bounded look-ahead, and a big chunk only when no other big one
 * is in flight (posting waits for it; the small chunks before it keep the workers busy).
 * Results come back in chunk order, every chunk's.
 */
export async function* feedChunks<R>(chunks: ParseChunk[], ahead: number, parse: (tasks: ParseTask[]) => Promise<R>): AsyncGenerator<R> {
  const inflight: { result: Promise<R>; big: boolean }[] = [];
  let next = 0;
  /** Settles (after clearing itself) when the big chunk in flight has its answer. */
  let bigInFlight: Promise<unknown> | undefined;
  const post = () => {
    while (inflight.length < ahead && next < chunks.length) {
      const c = chunks[next];
      if (c.big && bigInFlight) return;
      const result = parse(c.tasks);
      if (c.big) {
        const mine: Promise<unknown> = result.then(() => {}, () => {}).finally(() => { if (bigInFlight === mine) bigInFlight = undefined; });
        bigInFlight = mine;
      }
      inflight.push({ result, big: c.big });
      next++;
    }
  };
  post();
  while (next < chunks.length || inflight.length) {
    // Nothing in flight but a big chunk waiting for the last one's gate to clear: it clears a few
    // microtasks after that chunk's answer, which the loop may already have taken (two big files
    // side by side in the walk once ended the index there, leaving the rest of the files out).
    if (!inflight.length) { await bigInFlight; post(); continue; }
    // the head's result, or an earlier end of the big chunk in flight (it frees the next big one)
    const head = inflight[0];
    if (bigInFlight && !head.big) {
      const first = await Promise.race([head.result.then(() => 'head', () => 'head'), bigInFlight.then(() => 'big')]);
      if (first === 'big') { post(); continue; }
    }
    const r = await head.result;
    inflight.shift();
    post();
    yield r;
  }
}
