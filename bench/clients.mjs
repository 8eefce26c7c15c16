// Several agents on one daemon: does one agent's slow explore hold up the others' cheap calls?
// And how fast is `initialize` answered, cold, in each mode?
//   node bench/clients.mjs [--seconds 20] [--runs 5] [--files 3000]
// Corpus: the first N .js/.ts files (sorted walk, <= 64 KB each) of this repo's node_modules (the
// npm3k corpus of bench/lib/corpora.mjs), copied to .cache/clients-corpus and indexed once. Three
// SDK clients go through proxies to one daemon: one runs codeindex_explore back to back, two run cheap calls (search, node, status,
// file_dependencies). Printed: median / p95 of the cheap calls alone, beside the explorer, and
// beside the explorer with the reader thread off (CODEINDEX_READERS=0: explore on the daemon's
// main thread), and cold `initialize` per mode. JSON goes to bench/results/clients-<date>.json.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { pickNodeModules } from './lib/corpora.mjs';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const entry = join(root, 'dist/server-entry.js');
const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(`--${name}`); return i >= 0 ? Number(args[i + 1]) : def; };
const SECONDS = opt('seconds', 20);
const RUNS = opt('runs', 5);
const FILES = opt('files', 3000);
const corpus = join(root, '.cache/clients-corpus');

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length ? (s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2) : NaN; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN; };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');

function buildCorpus() {
  if (existsSync(join(corpus, '.codeindex/codeindex.db'))) return;
  rmSync(corpus, { recursive: true, force: true });
  cpSync(pickNodeModules(FILES), corpus, { recursive: true });
  console.log(`corpus: ${FILES} files in ${corpus}; indexing...`);
  const t0 = Date.now();
  execFileSync(process.execPath, [entry, '--init', '--path', corpus], { stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`indexed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function daemonPid() {
  try { return Number(readFileSync(join(corpus, '.codeindex/daemon.lock'), 'utf8')); } catch { return undefined; }
}
async function stopDaemon() {
  const pid = daemonPid();
  if (!pid) return;
  try { process.kill(pid, 'SIGTERM'); } catch { return; }
  for (let i = 0; i < 100; i++) { try { process.kill(pid, 0); } catch { return; } await sleep(50); }
  try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
}

/** ms from spawn to the first line on stdout, for a process answering `initialize`. */
function coldInitialize(argv, env) {
  return new Promise((res, rej) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, argv, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'ignore'] });
    p.stdout.once('data', () => { res(performance.now() - t0); p.stdin.end(); setTimeout(() => p.kill(), 2000).unref(); });
    p.on('error', rej);
    p.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } }) + '\n');
  });
}

async function initializeFigures() {
  const out = {};
  const init = [entry, '--path', corpus];
  out['node itself (prints at once)'] = [];
  out['direct (CODEINDEX_NO_DAEMON=1)'] = [];
  out['proxy, daemon not running (spawns it)'] = [];
  out['proxy, daemon running'] = [];
  for (let i = 0; i < RUNS; i++) {
    out['node itself (prints at once)'].push(await coldInitialize(['-e', 'process.stdout.write("x\\n")'], {}));
    out['direct (CODEINDEX_NO_DAEMON=1)'].push(await coldInitialize(init, { CODEINDEX_NO_DAEMON: '1' }));
    await sleep(300);
    await stopDaemon();
    out['proxy, daemon not running (spawns it)'].push(await coldInitialize(init, {}));
    await sleep(1500); // the daemon is up
    out['proxy, daemon running'].push(await coldInitialize(init, {}));
    await sleep(300);
  }
  return out;
}

async function client(env = {}) {
  const e = { ...process.env, ...env };
  delete e.CODEINDEX_NO_DAEMON;
  const transport = new StdioClientTransport({ command: process.execPath, args: [entry, '--path', corpus], env: e, stderr: 'ignore' });
  const c = new Client({ name: 'bench', version: '1' });
  await c.connect(transport);
  return c;
}

const EXPLORE_QUERIES = ['parse a json schema and report errors', 'how are http requests retried', 'resolve module paths from package exports',
  'walk the syntax tree and visit nodes', 'format an error message with a stack trace', 'stream data and handle backpressure'];
const SEARCHES = ['parse', 'resolve', 'create', 'format', 'emit', 'visit', 'token', 'error', 'stream', 'schema'];

async function cheapLoop(c, names, files, until, lat) {
  let i = 0;
  while (Date.now() < until) {
    const k = i++ % 4;
    const call = k === 0 ? { name: 'codeindex_search', arguments: { query: SEARCHES[i % SEARCHES.length], limit: 10 } }
      : k === 1 ? { name: 'codeindex_node', arguments: { symbol: names[i % names.length], includeCode: false } }
      : k === 2 ? { name: 'codeindex_status', arguments: {} }
      : { name: 'codeindex_file_dependencies', arguments: { filePath: files[i % files.length] } };
    const t0 = performance.now();
    await c.callTool(call);
    lat.push({ tool: call.name, ms: performance.now() - t0 });
  }
}

async function exploreLoop(c, until, lat) {
  let i = 0;
  while (Date.now() < until) {
    const t0 = performance.now();
    await c.callTool({ name: 'codeindex_explore', arguments: { query: EXPLORE_QUERIES[i++ % EXPLORE_QUERIES.length] } });
    lat.push(performance.now() - t0);
  }
}

async function scenario(label, env, withExplorer) {
  await stopDaemon();
  const [a, b, c] = [await client(env), await client(env), await client(env)];
  // names and files to ask about, and a warm-up of every tool
  const found = await b.callTool({ name: 'codeindex_search', arguments: { query: 'parse', limit: 40 } });
  const recs = found.structuredContent.results;
  const names = [...new Set(recs.map((r) => r.name))];
  const files = [...new Set(recs.map((r) => r.filePath))];
  await a.callTool({ name: 'codeindex_explore', arguments: { query: EXPLORE_QUERIES[0] } });
  await cheapLoop(c, names, files, Date.now() + 1000, []);
  const until = Date.now() + SECONDS * 1000;
  const cheap = [], explores = [];
  await Promise.all([
    withExplorer ? exploreLoop(a, until, explores) : Promise.resolve(),
    cheapLoop(b, names, files, until, cheap),
    cheapLoop(c, names, files, until, cheap),
  ]);
  await Promise.all([a.close(), b.close(), c.close()]);
  const ms = cheap.map((x) => x.ms);
  const row = { label, cheapCalls: ms.length, cheapMedian: median(ms), cheapP95: pct(ms, 95), cheapMax: Math.max(...ms), explores: explores.length, exploreMedian: median(explores), exploreP95: pct(explores, 95) };
  const byTool = {};
  for (const x of cheap) (byTool[x.tool] ??= []).push(x.ms);
  row.byTool = Object.fromEntries(Object.entries(byTool).map(([t, v]) => [t, { n: v.length, median: median(v), p95: pct(v, 95) }]));
  return row;
}

buildCorpus();
// bring the index up to date first (an index of another extraction version is rebuilt here, not
// by the daemon in the middle of the measurements)
execFileSync(process.execPath, [entry, 'index', '--path', corpus], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CODEINDEX_NO_DAEMON: '1' } });
const fileCount = Number(execFileSync(process.execPath, [entry, 'query', 'codeindex_status', '{}', '--path', corpus], { encoding: 'utf8', env: { ...process.env, CODEINDEX_NO_DAEMON: '1' } }).match(/"fileCount":\s*(\d+)/)?.[1] ?? NaN);
console.log(`corpus: ${fileCount} files indexed; node ${process.version}; backend ${process.env.CODEINDEX_DB_BACKEND || 'auto'}\n`);

const init = await initializeFigures();
console.log('initialize answered, cold (ms)      median    p95    (runs)');
for (const [k, v] of Object.entries(init)) console.log(`  ${k.padEnd(38)} ${f1(median(v)).padStart(6)} ${f1(pct(v, 95)).padStart(6)}    (${v.length})`);

const rows = [];
rows.push(await scenario('3 clients, no explore', {}, false));
rows.push(await scenario('3 clients, one explores (reader thread)', {}, true));
rows.push(await scenario('3 clients, one explores (CODEINDEX_READERS=0)', { CODEINDEX_READERS: '0' }, true));
await stopDaemon();

console.log(`\ncheap calls of 2 clients over ${SECONDS} s (ms)            n   median    p95    max | explores  median   p95`);
for (const r of rows) {
  console.log(`  ${r.label.padEnd(46)} ${String(r.cheapCalls).padStart(5)} ${f1(r.cheapMedian).padStart(7)} ${f1(r.cheapP95).padStart(6)} ${f1(r.cheapMax).padStart(6)} | ${String(r.explores).padStart(8)} ${f1(r.exploreMedian).padStart(7)} ${f1(r.exploreP95).padStart(5)}`);
}
console.log('\nbar: cheap calls p95 <= 20 ms while another client explores (BENCH.md)');
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, `bench/results/clients-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ node: process.version, backend: process.env.CODEINDEX_DB_BACKEND || 'auto', files: fileCount, seconds: SECONDS, initialize: init, rows }, null, 2));
console.log(`written ${out}`);
