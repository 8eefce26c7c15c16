// `npm run bench:quality` (or `npm run bench -- --quality`): call-graph precision/recall against
// a type checker (the TypeScript compiler on rxjs, effect and three's JavaScript, go/types on Go's tree, javac on
// java.base, kotlinc on kotlinx.coroutines, NRefactory on KeePass (C#), Jedi on Django, rustc on regex-syntax, clang on binutils, spdlog and GoogleTest, solc on
// OpenZeppelin Contracts), and search and explore ranking on doc-comment queries.
//   node bench/quality/run.mjs [--corpus rxjs,effect,three,go,java,django,rust,c,cpp,gtest,csharp,kotlin,solidity] [--queries 150] [--peer] [--out file]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, workCopy, corpusDir, peerBin, PEER_ENV } from '../lib/corpora.mjs';
import { McpClient } from '../lib/mcp.mjs';
import { scoreCalls } from './calls.mjs';
import { cDocs, scoreCCalls } from './c-calls.mjs';
import { cppDocs, scoreCppCalls } from './cpp-calls.mjs';
import { csDocs, scoreCsCalls } from './cs-calls.mjs';
import { goDocs, scoreGoCalls } from './go-calls.mjs';
import { javaDocs, scoreJavaCalls } from './java-calls.mjs';
import { ktDocs, scoreKtCalls } from './kt-calls.mjs';
import { pyDocs, scorePyCalls } from './py-calls.mjs';
import { rustDocs, scoreRustCalls } from './rust-calls.mjs';
import { scoreSolCalls, solDocs } from './sol-calls.mjs';
import { deriveQueries, queriesFromDocs, scoreRanking } from './search.mjs';

/** The ground truth for a corpus's calls, and where its search queries come from (TypeScript's
 *  docs are read by the compiler in search.mjs; Go's by go/ast, Python's by ast). */
const TRUTH = {
  go: { name: 'go/types', score: (work, name) => scoreGoCalls(work, corpusDir(name)), docs: (name) => goDocs(corpusDir(name)) },
  java: { name: 'javac', score: (work) => scoreJavaCalls(work), docs: (name) => javaDocs(corpusDir(name)) },
  // rustdoc comments do not start with the item's name, as Go's do: a leading "The kind ..." stays
  rust: { name: 'rustc', score: (work) => scoreRustCalls(work), docs: (name) => rustDocs(corpusDir(name)), keepName: true },
  c: { name: 'clang', score: (work, name) => scoreCCalls(work, corpusDir(name)), docs: (name, work) => cDocs(work, corpusDir(name)) },
  cpp: { name: 'clang', score: (work, name) => scoreCppCalls(work, name), docs: (name, work) => cppDocs(work, name) },
  gtest: { name: 'clang', score: (work, name) => scoreCppCalls(work, name), docs: (name, work) => cppDocs(work, name) },
  csharp: { name: 'NRefactory', score: (work) => scoreCsCalls(work), docs: (name, work) => csDocs(work) },
  kotlin: { name: 'kotlinc', score: (work) => scoreKtCalls(work), docs: (name, work) => ktDocs(work) },
  solidity: { name: 'solc', score: (work) => scoreSolCalls(work), docs: (name, work) => solDocs(work) },
  django: { name: 'Jedi (every 5th file)', score: (work, name) => scorePyCalls(work, corpusDir(name)), docs: (name) => pyDocs(corpusDir(name)) },
};
const TS_TRUTH = { name: 'the TypeScript compiler', score: (work) => scoreCalls(work) };

export async function runQuality({ corpora = ['rxjs', 'effect'], maxQueries = 150, peer = false, log = console.error } = {}) {
  const entry = join(root, 'dist/server-entry.js');
  const out = {};
  for (const name of corpora) {
    const work = workCopy(name, '-quality');
    log(`[quality] ${name}: indexing...`);
    execFileSync(process.execPath, [entry, '--init', '--path', work], { stdio: ['ignore', 'ignore', 'pipe'] });
    const truth = TRUTH[name] ?? TS_TRUTH;
    log(`[quality] ${name}: ground truth from ${truth.name}, and scoring...`);
    const calls = await truth.score(work, name);
    log(`[quality] ${name}: calls precision ${calls.precision} recall ${calls.recall} f1 ${calls.f1}`);
    const { available, queries } = truth.docs ? await queriesFromDocs(work, await truth.docs(name, work), maxQueries, { dropName: !truth.keepName }) : await deriveQueries(work, maxQueries);
    const ours = new McpClient(process.execPath, [entry, '--path', work], { env: { CODEINDEX_NO_DAEMON: '1' }, cwd: work });
    await ours.initialize();
    const search = await scoreRanking(queries, async (q) => {
      const r = await ours.call('codeindex_search', { query: q, limit: 10 });
      return (r.json?.results ?? []).map((x) => ({ id: x.id }));
    });
    // explore on the same sentences: is the documented symbol among the nodes it ranks first?
    const explore = await scoreRanking(queries, async (q) => {
      const r = await ours.call('codeindex_explore', { query: q });
      return (r.json?.nodes ?? []).map((x) => ({ id: x.id }));
    });
    await ours.close();
    search.available = available;
    log(`[quality] ${name}: search MRR@10 ${search.mrr10} recall@1 ${search.recall1} @5 ${search.recall5} @10 ${search.recall10} (${queries.length} queries)`);
    log(`[quality] ${name}: explore MRR@10 ${explore.mrr10} recall@1 ${explore.recall1} @5 ${explore.recall5} @10 ${explore.recall10}, p50 ${explore.p50ms} ms`);
    const res = { calls, search, explore };
    if (peer) {
      const bin = peerBin();
      execFileSync(bin, ['init', '-y', work], { stdio: 'ignore', env: { ...process.env, ...PEER_ENV } });
      const c = new McpClient(bin, ['serve', '--mcp', '--path', work], { env: { ...PEER_ENV, CODEGRAPH_NO_DAEMON: '1' }, cwd: work });
      await c.initialize();
      res.peerSearch = await scoreRanking(queries, async (q) => {
        const r = await c.call('codegraph_search', { query: q, limit: 10 });
        // markdown: **name** (kind)\n<path>:<line>
        return [...r.text.matchAll(/^(\S+?):(\d+)\s*$/gm)].map((m) => ({ file: m[1], line: Number(m[2]) }));
      });
      await c.close();
      log(`[quality] ${name}: peer search MRR@10 ${res.peerSearch.mrr10} recall@10 ${res.peerSearch.recall10}`);
    }
    out[name] = res;
  }
  return out;
}

export function printQuality(q) {
  const rows = [['corpus', 'sites', 'P', 'R', 'F1', 'pairs P', 'pairs R', 'exact P', 'scope P', 'import P', 'heur. P', 'MRR@10', 'R@1', 'R@5', 'R@10', 'peer MRR', 'explore MRR', 'explore R@10']];
  for (const [name, r] of Object.entries(q)) {
    const br = (k) => (r.calls.byResolution[k] ? `${r.calls.byResolution[k].precision} (${r.calls.byResolution[k].edges})` : '-');
    rows.push([name, String(r.calls.truthSites), String(r.calls.precision), String(r.calls.recall), String(r.calls.f1), String(r.calls.pairs.precision), String(r.calls.pairs.recall),
      br('exact'), br('scope'), br('import'), br('heuristic'), ...(r.search ? [r.search.mrr10, r.search.recall1, r.search.recall5, r.search.recall10].map(String) : ['-', '-', '-', '-']), r.peerSearch ? String(r.peerSearch.mrr10) : '-',
      r.explore ? String(r.explore.mrr10) : '-', r.explore ? String(r.explore.recall10) : '-']);
  }
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log(rows.map((r) => r.map((c, i) => c.padEnd(w[i])).join('  ')).join('\n'));
  console.log('bars: precision >= 0.95, recall >= 0.80');
  for (const [name, r] of Object.entries(q)) {
    console.log(`\n${name}: top false positives`);
    for (const g of r.calls.falsePositives.slice(0, 6)) console.log(`  ${String(g.count).padStart(5)}  ${g.pattern}\n         e.g. ${g.examples[0]}`);
    console.log(`${name}: top false negatives`);
    for (const g of r.calls.falseNegatives.slice(0, 6)) console.log(`  ${String(g.count).padStart(5)}  ${g.pattern}\n         e.g. ${g.examples[0]}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const opt = (n, d) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1] : d; };
  const q = await runQuality({ corpora: opt('corpus', 'rxjs,effect').split(','), maxQueries: Number(opt('queries', '150')), peer: args.includes('--peer') });
  printQuality(q);
  const file = opt('out', join(root, 'bench/results', `quality-${new Date().toISOString().slice(0, 10)}.json`));
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), quality: q }, null, 2));
  console.log(`\nwritten to ${file}`);
}
