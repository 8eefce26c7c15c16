// Worker thread body: receives chunks of ParseTask, answers ParseResult[] for each chunk, in the
// order they came. A chunk's files are read as soon as it arrives (the pool posts the next chunk
// while this one parses), so reading from disk overlaps parsing.
import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { initParser, loadLanguage, parseAs } from './parse';
import { readSourceAsync, ReadResult } from './read-file';
import { ParseResult, ParseTask } from './pool';

const root: string = workerData.root;
const ready = initParser();
let last: Promise<void> = ready;

parentPort!.on('message', (msg: ParseTask[] | { preload: string }) => {
  if (!Array.isArray(msg)) {
    // a grammar to have ready before its files come; a failure shows with the first of them
    void ready.then(() => loadLanguage(msg.preload)).catch(() => {});
    return;
  }
  const reads = msg.map((t) => readSourceAsync(join(root, t.path)));
  // one chunk at a time: the pool matches answers to chunks by order
  last = last.then(() => parseChunk(msg, reads));
});

async function parseChunk(tasks: ParseTask[], reads: Promise<ReadResult>[]): Promise<void> {
  const out: ParseResult[] = [];
  for (let i = 0; i < tasks.length; i++) {
    const t = tasks[i];
    const r = await reads[i];
    if (r.skipped) { out.push({ path: t.path, hash: r.hash, size: r.size, extraction: null, skipped: r.skipped }); continue; }
    if (t.knownHash && t.knownHash === r.hash) { out.push({ path: t.path, hash: r.hash, size: r.size, extraction: null, skipped: 'unchanged' }); continue; }
    let extraction = null;
    try {
      extraction = await parseAs(t.language, r.text!);
    } catch (e) {
      // One bad file must not stop the index: keep it as a file with no symbols.
      extraction = { language: t.language, symbols: [], refs: [], imports: [], errorCount: 1 };
      process.stderr.write(`codeindex: could not parse ${t.path}: ${(e as Error).message}\n`);
    }
    out.push({ path: t.path, hash: r.hash, size: r.size, extraction });
  }
  parentPort!.postMessage(out);
}
