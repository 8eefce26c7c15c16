// Worker thread body: receives chunks of ParseTask, answers ParseResult[] for each chunk.
import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { initParser, loadLanguage, parseFile } from './parse';
import { readSource } from './read-file';
import { ParseResult, ParseTask } from './pool';

const root: string = workerData.root;
const ready = initParser();

parentPort!.on('message', async (msg: ParseTask[] | { preload: string }) => {
  if (!Array.isArray(msg)) {
    // a grammar to have ready before its files come; a failure shows with the first of them
    void ready.then(() => loadLanguage(msg.preload)).catch(() => {});
    return;
  }
  const tasks = msg;
  await ready;
  const out: ParseResult[] = [];
  for (const t of tasks) {
    const r = readSource(join(root, t.path));
    if (r.skipped) { out.push({ path: t.path, hash: r.hash, size: r.size, extraction: null, skipped: r.skipped }); continue; }
    if (t.knownHash && t.knownHash === r.hash) { out.push({ path: t.path, hash: r.hash, size: r.size, extraction: null, skipped: 'unchanged' }); continue; }
    let extraction = null;
    try {
      extraction = await parseFile(t.path, r.text!);
    } catch (e) {
      // One bad file must not stop the index: keep it as a file with no symbols.
      extraction = { language: t.language, symbols: [], refs: [], imports: [], errorCount: 1 };
      process.stderr.write(`codeindex: could not parse ${t.path}: ${(e as Error).message}\n`);
    }
    out.push({ path: t.path, hash: r.hash, size: r.size, extraction });
  }
  parentPort!.postMessage(out);
});
