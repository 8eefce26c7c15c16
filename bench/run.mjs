// `npm run bench`: per corpus (BENCH.md), full index wall time and peak RSS (median of runs) on
// both storage backends, db size, node/edge counts, one-file incremental time, edit-to-visible
// time through the watcher, `initialize` latency cold in every serving mode, p50/p95 of every
// tool on warm caches (1 client; 3 clients on one daemon), beside `ctags -R` as the extraction
// floor and, with --peer, @colbymchenry/codegraph 1.6.1 in the same run (alternating with ours,
// ratio ours/theirs per figure). --quality adds bench/quality (call graph vs the compiler, search
// ranking). Prints tables and writes bench/results/<date>.json. See bench/README.md.
//   npm run bench -- [--corpus rxjs,three,effect,django,go,npm3k,kernel] [--runs 3] [--peer] [--quality]
//                    [--backends sqljs,node-sqlite] [--samples 20] [--no-tools] [--no-index] [--clients]
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg, tmpdir } from 'node:os';
import { root, CORPORA, workCopy, peerBin, PEER_ENV, PEER_VERSION } from './lib/corpora.mjs';
import { McpClient } from './lib/mcp.mjs';
import { openDb } from './lib/db.mjs';

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : def; };
const flag = (name) => args.includes(`--${name}`);
const runs = Number(opt('runs', '3'));
const samples = Number(opt('samples', '20'));
const wanted = opt('corpus', 'rxjs,three,effect').split(',');
const withPeer = flag('peer');
const entry = join(root, 'dist/server-entry.js');
const t0 = Date.now();
const log = (m) => console.error(`[bench ${((Date.now() - t0) / 1000).toFixed(0)}s] ${m}`);

const median = (xs) => { if (!xs.length) return NaN; const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const pct = (xs, p) => { if (!xs.length) return NaN; const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
const r1 = (x) => (Number.isFinite(x) ? +x.toFixed(1) : null);
const r2 = (x) => (Number.isFinite(x) ? +x.toFixed(2) : null);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((x) => +x.toFixed(2));

/** Runs a command under /usr/bin/time: wall seconds and peak RSS (MB) of the largest process. */
function timed(cmd, argv, env = {}, cwd) {
  const r = spawnSync('/usr/bin/time', ['-f', '@@%e %M', cmd, ...argv], { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
  const m = /@@([\d.]+) (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`${cmd} ${argv.join(' ')} failed: ${r.stderr.slice(-2000)}`);
  return { s: Number(m[1]), mb: Number(m[2]) / 1024, stderr: r.stderr, stdout: r.stdout };
}

function countFiles(dir) {
  let n = 0;
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { if (e.name.startsWith('.codeindex') || e.name.startsWith('.codegraph')) continue; if (e.isDirectory()) walk(join(d, e.name)); else n++; } };
  walk(dir);
  return n;
}

const node24 = (() => { try { return execFileSync('bash', [join(root, 'scripts/node24.sh')], { encoding: 'utf8' }).trim(); } catch { return undefined; } })();
const allBackends = [{ name: 'sqljs', node: process.execPath }, ...(node24 ? [{ name: 'node-sqlite', node: node24 }] : [])];
const backends = allBackends.filter((b) => opt('backends', 'sqljs,node-sqlite').split(',').includes(b.name));
const peer = withPeer ? peerBin() : undefined;
// Serving figures (initialize, modes, 3 clients) use the backend a supported Node picks by itself
// (node:sqlite on Node >= 22.13); tool latencies are measured on every backend.
const servingBackend = backends.find((b) => b.name === 'node-sqlite') ?? backends[0];

// ---------------------------------------------------------------------------------------------
// The two systems behind one shape, so every figure is measured the same way for both.
const OURS = {
  label: 'codeindex',
  index: (dir, b) => timed(b.node, [entry, '--init', '--path', dir], { CODEINDEX_DB_BACKEND: b.name }),
  clean: (dir) => rmSync(join(dir, '.codeindex'), { recursive: true, force: true }),
  incremental: (dir, b) => timed(b.node, [entry, 'index', '--path', dir], { CODEINDEX_DB_BACKEND: b.name }).s,
  dbFile: (dir) => join(dir, '.codeindex/codeindex.db'),
  serve: (dir, env = {}, b = servingBackend) => new McpClient(b.node, [entry, '--path', dir], { env: { CODEINDEX_NO_DAEMON: '1', CODEINDEX_DB_BACKEND: b.name, ...env }, cwd: dir }),
  search: async (c, q) => (await c.call('codeindex_search', { query: q, limit: 10 })).json?.results?.some((r) => r.name === q),
  tools: (s) => ({
    search: ['codeindex_search', { query: s.name }],
    node: ['codeindex_node', { symbol: s.name }],
    callers: ['codeindex_graph', { query: `find_callers ${s.name}` }],
    callees: ['codeindex_graph', { query: `find_callees ${s.name}` }],
    usages: ['codeindex_graph', { query: `find_usages ${s.name}` }],
    impact: ['codeindex_graph', { query: `find_impact ${s.name}` }],
    type_hierarchy: ['codeindex_graph', { query: `find_type_hierarchy ${s.name}` }],
    implementations: ['codeindex_graph', { query: `find_implementations ${s.name}` }],
    circular_deps: ['codeindex_graph', { query: 'find_circular_dependencies' }],
    dead_code: ['codeindex_graph', { query: 'find_dead_code' }],
    explore: ['codeindex_explore', { query: `how does ${s.name} work` }],
    status: ['codeindex_status', {}],
    file_dependencies: ['codeindex_file_dependencies', { filePath: s.file }],
  }),
};
const PEER = {
  label: `codegraph ${PEER_VERSION}`,
  index: (dir) => timed(peer, ['init', '-y', dir], PEER_ENV),
  clean: (dir) => rmSync(join(dir, '.codegraph'), { recursive: true, force: true }),
  incremental: (dir) => timed(peer, ['sync', '-q', dir], PEER_ENV).s,
  dbFile: (dir) => join(dir, '.codegraph/codegraph.db'),
  serve: (dir, env = {}) => new McpClient(peer, ['serve', '--mcp', '--path', dir], { env: { ...PEER_ENV, CODEGRAPH_NO_DAEMON: '1', ...env }, cwd: dir }),
  search: async (c, q) => (await c.call('codegraph_search', { query: q, limit: 10 })).text.includes(`**${q}**`),
  tools: (s) => ({
    search: ['codegraph_search', { query: s.name }],
    node: ['codegraph_node', { symbol: s.name }],
    callers: ['codegraph_callers', { symbol: s.name }],
    callees: ['codegraph_callees', { symbol: s.name }],
    impact: ['codegraph_impact', { symbol: s.name }],
    explore: ['codegraph_explore', { query: `how does ${s.name} work` }],
    status: ['codegraph_status', {}],
    file_dependencies: ['codegraph_node', { file: s.file, symbolsOnly: true }], // its closest: symbol map + dependents
  }),
};

/** Symbols to query: the most central functions/methods/classes with distinct names. */
async function sampleSymbols(dir, n) {
  const db = await openDb(OURS.dbFile(dir));
  const rows = db.all(`SELECT n.name, f.path file FROM nodes n JOIN files f ON f.id = n.file_id
    WHERE n.kind IN ('function','method','class','interface') AND length(n.name) > 3 ORDER BY n.rank DESC, n.uid LIMIT ${n * 6}`);
  db.close();
  const seen = new Set();
  return rows.filter((r) => !seen.has(r.name) && seen.add(r.name)).slice(0, n);
}

/** Full index, median of runs, for ours (each backend) and the peer, alternating. */
function measureIndex(sys, dir, b, res) {
  sys.clean(dir);
  const t = sys.index(dir, b);
  res.walls.push(t.s); res.rss.push(t.mb);
  res.last = t;
}

function incremental(sys, dir, b, editFile) {
  const xs = [];
  for (let i = 0; i < Math.max(runs, 5); i++) {
    appendFileSync(join(dir, editFile), `\n// bench edit ${i} ${Date.now()}\n`);
    xs.push(sys.incremental(dir, b));
  }
  return median(xs);
}

/** Spawn -> initialize answered, in ms, median of runs. */
async function initLatency(make, n = runs) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const c = make();
    try { xs.push(await c.initialize()); } finally { await c.close(); }
  }
  return r1(median(xs));
}

/** p50/p95 of each tool on warm caches: one warm-up pass, then `samples` calls per tool. */
async function toolLatencies(c, sys, syms) {
  const out = {};
  const names = Object.keys(sys.tools(syms[0]));
  for (const s of syms.slice(0, 3)) for (const [tool, a] of Object.values(sys.tools(s))) await c.call(tool, a, 120000).catch(() => {});
  for (const name of names) {
    const xs = [];
    const sizes = [];
    for (let i = 0; i < samples; i++) {
      const [tool, a] = sys.tools(syms[i % syms.length])[name];
      const r = await c.call(tool, a, 120000).catch((e) => ({ ms: NaN, text: String(e) }));
      if (Number.isFinite(r.ms)) { xs.push(r.ms); sizes.push(r.text.length); }
    }
    out[name] = { p50: r1(pct(xs, 50)), p95: r1(pct(xs, 95)), n: xs.length, chars: Math.round(median(sizes)) };
  }
  return out;
}

/** Edit saved -> new symbol visible in search, through the serving process's watcher (ms). */
async function editToVisible(c, sys, dir, editFile, ext) {
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const name = `benchProbe${Date.now().toString(36)}${i}`;
    const code = ext === 'py' ? `\n\ndef ${name}():\n    return 1\n` : ext === 'go' ? `\n\nfunc ${name}() int { return 1 }\n` : `\nexport function ${name}() { return 1; }\n`;
    const t = performance.now();
    appendFileSync(join(dir, editFile), code);
    let ok = false;
    while (performance.now() - t < 15000) {
      if (await sys.search(c, name).catch(() => false)) { ok = true; break; }
      await sleep(10);
    }
    xs.push(ok ? performance.now() - t : NaN);
    await sleep(300);
  }
  return r1(median(xs.filter(Number.isFinite))) ?? null;
}

function daemonPid(dir) {
  try { return Number(readFileSync(join(dir, '.codeindex/daemon.lock'), 'utf8').trim().split(/\s+/)[0]) || undefined; } catch { return undefined; }
}
async function stopDaemon(dir) {
  const pid = daemonPid(dir);
  if (!pid) return;
  try { process.kill(pid, 'SIGTERM'); } catch { return; }
  for (let i = 0; i < 50; i++) { try { process.kill(pid, 0); await sleep(100); } catch { return; } }
}

/** `codeindex index` after a one-file edit while an agent's proxy keeps the daemon up: the command
 *  hands the sync to the daemon (its watcher may be syncing the same edit). Median seconds. */
async function incrementalWithDaemon(dir, editFile) {
  const c = OURS.serve(dir, { CODEINDEX_NO_DAEMON: '', CODEINDEX_IDLE_MS: '20000' });
  try {
    await c.initialize();
    await c.call('codeindex_status', {}, 60000); // the daemon serves
    const xs = [];
    for (let i = 0; i < Math.max(runs, 5); i++) {
      await sleep(500); // the watcher has settled the previous edit
      appendFileSync(join(dir, editFile), `\n// bench edit (daemon) ${i} ${Date.now()}\n`);
      const r = timed(servingBackend.node, [entry, 'index', '--path', dir], { CODEINDEX_NO_DAEMON: '' });
      if (!/codeindex: updated /.test(r.stderr)) throw new Error(`no summary: ${r.stderr.slice(-300)}`);
      xs.push(r.s);
    }
    return r2(median(xs));
  } finally {
    await c.close();
    await stopDaemon(dir);
  }
}

/** initialize in proxy mode: cold (the proxy spawns the daemon) and with the daemon running. */
async function proxyModes(dir) {
  const env = { CODEINDEX_NO_DAEMON: '', CODEINDEX_IDLE_MS: '20000' };
  const cold = [], warm = [];
  for (let i = 0; i < runs; i++) {
    await stopDaemon(dir);
    const c = OURS.serve(dir, env);
    try {
      cold.push(await c.initialize());
      await c.call('codeindex_status', {}, 60000); // wait until the daemon serves
      const d = OURS.serve(dir, env);
      try { warm.push(await d.initialize()); } finally { await d.close(); }
    } finally { await c.close(); }
  }
  return { proxyNoDaemonMs: r1(median(cold)), proxyDaemonRunningMs: r1(median(warm)) };
}

/** 3 clients on one daemon: one runs explore in a loop, the others' cheap calls (search, node, status). */
async function threeClients(dir, syms) {
  const env = { CODEINDEX_NO_DAEMON: '', CODEINDEX_IDLE_MS: '20000' };
  await stopDaemon(dir);
  const cs = [OURS.serve(dir, env), OURS.serve(dir, env), OURS.serve(dir, env)];
  try {
    for (const c of cs) await c.initialize();
    await cs[0].call('codeindex_status', {}, 60000);
    // warm caches, as for one client: a first pass of every call (the daemon's reader threads build their own)
    for (const c of cs) for (const s of syms.slice(0, 2)) {
      await c.call('codeindex_search', { query: s.name }, 60000); await c.call('codeindex_node', { symbol: s.name }, 60000);
      await c.call('codeindex_explore', { query: `how does ${s.name} work` }, 60000);
    }
    let stop = false;
    const heavy = (async () => { let i = 0; while (!stop) await cs[0].call('codeindex_explore', { query: `how does ${syms[i++ % syms.length].name} work` }, 120000).catch(() => {}); })();
    const cheap = { search: [], node: [], status: [] };
    await Promise.all([1, 2].map(async (k) => {
      for (let i = 0; i < samples; i++) {
        const s = syms[(i + k) % syms.length];
        cheap.search.push((await cs[k].call('codeindex_search', { query: s.name })).ms);
        cheap.node.push((await cs[k].call('codeindex_node', { symbol: s.name })).ms);
        cheap.status.push((await cs[k].call('codeindex_status', {})).ms);
      }
    }));
    stop = true;
    await heavy;
    return Object.fromEntries(Object.entries(cheap).map(([k, xs]) => [k, { p50: r1(pct(xs, 50)), p95: r1(pct(xs, 95)), n: xs.length }]));
  } catch (e) {
    return { error: String(e) };
  } finally {
    for (const c of cs) await c.close();
    await stopDaemon(dir);
  }
}

// ---------------------------------------------------------------------------------------------
const results = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version, node24: node24 ? execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim() : null, loadStart: load() },
  options: { runs, samples, corpora: wanted, peer: withPeer ? PEER_VERSION : null, backends: backends.map((b) => b.name) },
  corpora: {},
};
for (const name of wanted) {
  log(`${name}: preparing (load ${load().join(' ')})`);
  const dir = workCopy(name);
  const pdir = withPeer ? workCopy(name, '-peer') : undefined;
  const editFile = CORPORA[name].edit;
  const ext = editFile.split('.').pop();
  const res = { files: countFiles(dir), loadStart: load() };
  // a corpus may keep to some backends and to indexing (the kernel: node:sqlite, no tool figures)
  const backends = allBackends.filter((b) => opt('backends', (CORPORA[name].backends ?? ['sqljs', 'node-sqlite']).join(',')).split(',').includes(b.name));
  const tools = !flag('no-tools') && CORPORA[name].tools !== false;
  if (!flag('no-index')) {
    const ct = [];
    for (let i = 0; i < runs; i++) ct.push(timed('ctags', ['-R', '-f', join(tmpdir(), 'codeindex-bench.tags'), dir]).s);
    res.ctags = { indexS: median(ct), tags: Number(execFileSync('wc', ['-l', join(tmpdir(), 'codeindex-bench.tags')], { encoding: 'utf8' }).split(' ')[0]) };
    const acc = Object.fromEntries([...backends.map((b) => [b.name, { walls: [], rss: [] }]), ['peer', { walls: [], rss: [] }]]);
    for (let i = 0; i < runs; i++) {
      for (const b of backends) { log(`${name}: full index ${b.name} run ${i + 1}/${runs}`); measureIndex(OURS, dir, b, acc[b.name]); }
      if (withPeer) { log(`${name}: full index peer run ${i + 1}/${runs}`); measureIndex(PEER, pdir, undefined, acc.peer); }
    }
    // the last backend in the loop wrote the db there now; the others index again (untimed) first
    for (const b of [...backends].reverse()) {
      const a = acc[b.name];
      const m = /indexed (\d+) files.*?, (\d+) symbols, (\d+) edges/.exec(a.last.stderr.split('\n').find((l) => l.includes(' symbols, ')) ?? '') ?? [];
      if (b !== backends[backends.length - 1]) { OURS.clean(dir); OURS.index(dir, b); }
      const x = { indexS: r2(median(a.walls)), peakRssMb: Math.round(median(a.rss)), dbMb: r1(statSync(OURS.dbFile(dir)).size / 1048576), indexedFiles: Number(m[1]), symbols: Number(m[2]), edges: Number(m[3]) };
      x.runsS = a.walls;
      x.ratioToCtags = r2(x.indexS / res.ctags.indexS);
      log(`${name}: incremental ${b.name}`);
      x.incrementalS = r2(incremental(OURS, dir, b, editFile));
      res[b.name] = x;
    }
    if (withPeer) {
      const a = acc.peer;
      const m = /([\d,]+) nodes, ([\d,]+) edges/.exec(a.last.stdout + a.last.stderr) ?? [];
      res.peer = { indexS: r2(median(a.walls)), peakRssMb: Math.round(median(a.rss)), dbMb: r1(statSync(PEER.dbFile(pdir)).size / 1048576), nodes: Number((m[1] ?? '').replace(/,/g, '')), edges: Number((m[2] ?? '').replace(/,/g, '')), runsS: a.walls };
      res.peer.ratioToCtags = r2(res.peer.indexS / res.ctags.indexS);
      log(`${name}: incremental peer`);
      res.peer.incrementalS = r2(incremental(PEER, pdir, undefined, editFile));
    }
  } else {
    OURS.index(dir, backends[0]);
    if (withPeer) PEER.index(pdir);
  }

  if (tools) {
    const syms = await sampleSymbols(dir, samples);
    res.init = { directMs: await initLatency(() => OURS.serve(dir)) };
    if (withPeer) res.peerInit = { directMs: await initLatency(() => PEER.serve(pdir)) };
    res.tools = {};
    res.editToVisibleMs = {};
    for (const b of backends) {
      log(`${name}: tools, 1 client (ours, ${b.name})`);
      const c = OURS.serve(dir, {}, b);
      await c.initialize();
      res.tools[b.name] = await toolLatencies(c, OURS, syms);
      log(`${name}: edit -> visible (ours, ${b.name})`);
      res.editToVisibleMs[b.name] = await editToVisible(c, OURS, dir, editFile, ext);
      await c.close();
    }
    if (withPeer) {
      log(`${name}: tools, 1 client (peer)`);
      const c = PEER.serve(pdir);
      await c.initialize();
      res.peerTools = await toolLatencies(c, PEER, syms);
      log(`${name}: edit -> visible (peer)`);
      res.peerEditToVisibleMs = await editToVisible(c, PEER, pdir, editFile, ext);
      await c.close();
    }
    log(`${name}: proxy/daemon modes`);
    try { Object.assign(res.init, await proxyModes(dir)); } catch (e) { res.init.proxyError = String(e); }
    log(`${name}: one changed file, codeindex index with the daemon running`);
    try { res.incrementalDaemonS = await incrementalWithDaemon(dir, editFile); } catch (e) { res.incrementalDaemonError = String(e); }
    log(`${name}: 3 clients on one daemon`);
    res.threeClients = await threeClients(dir, syms);
  }
  res.loadEnd = load();
  rmSync(dir, { recursive: true, force: true });
  if (pdir) rmSync(pdir, { recursive: true, force: true });
  results.corpora[name] = res;
}

// bench/clients.mjs (its own 3,000-file corpus; explore on/off the reader thread): once, with --clients
if (flag('clients') && existsSync(join(root, 'bench/clients.mjs'))) {
  log('bench/clients.mjs');
  const r = spawnSync(process.execPath, [join(root, 'bench/clients.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 900000 });
  console.log(r.stdout);
  const f = join(root, 'bench/results', `clients-${new Date().toISOString().slice(0, 10)}.json`);
  results.clients = existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : { error: 'no output' };
}
if (flag('quality')) {
  const { runQuality } = await import('./quality/run.mjs');
  results.quality = await runQuality({ corpora: opt('quality-corpus', 'rxjs,effect').split(','), peer: withPeer, log });
}
results.machine.loadEnd = load();
results.totalS = Math.round((Date.now() - t0) / 1000);

// ---------------------------------------------------------------------------------------------
function table(rows) {
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  console.log(rows.map((r) => r.map((c, i) => String(c ?? '').padEnd(w[i])).join('  ')).join('\n'));
}
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? (a / b).toFixed(2) : '');
const idxRows = [['corpus', 'system', 'files', 'index s', 'x ctags', 'ours/peer', 'peak MB', 'ours/peer', 'db MB', 'nodes', 'edges', '1-file s', 'ours/peer']];
for (const [name, r] of Object.entries(results.corpora)) {
  if (!r.ctags) continue;
  for (const b of backends) {
    const x = r[b.name];
    if (!x) continue; // a corpus kept to other backends
    idxRows.push([name, `codeindex ${b.name}`, x.indexedFiles, x.indexS, x.ratioToCtags, ratio(x.indexS, r.peer?.indexS), x.peakRssMb, ratio(x.peakRssMb, r.peer?.peakRssMb), x.dbMb, x.symbols, x.edges, x.incrementalS, ratio(x.incrementalS, r.peer?.incrementalS)]);
  }
  if (r.peer) idxRows.push([name, PEER.label, '', r.peer.indexS, r.peer.ratioToCtags, '', r.peer.peakRssMb, '', r.peer.dbMb, r.peer.nodes, r.peer.edges, r.peer.incrementalS, '']);
  idxRows.push([name, 'ctags -R', r.files, r.ctags.indexS, '1.00', '', '', '', '', r.ctags.tags, '', '', '']);
}
console.log('\nFull index (median of runs), incremental one-file index');
table(idxRows);

const toolNames = ['search', 'node', 'callers', 'callees', 'usages', 'impact', 'type_hierarchy', 'implementations', 'circular_deps', 'dead_code', 'explore', 'status', 'file_dependencies'];
// One column per backend; the ratio to the peer is taken on the serving backend's p95.
const bn = backends.map((b) => b.name);
const tRows = [['corpus', 'figure', ...bn.map((b) => `codeindex ${b}`), withPeer ? 'peer' : '', withPeer ? `ours/peer (${servingBackend.name})` : '']];
const blank = bn.map(() => '');
const only = (v) => bn.map((b) => (b === servingBackend.name ? v : ''));
for (const [name, r] of Object.entries(results.corpora)) {
  if (!r.init) continue;
  tRows.push([name, 'initialize cold, direct ms', ...only(r.init.directMs), r.peerInit?.directMs, ratio(r.init.directMs, r.peerInit?.directMs)]);
  tRows.push([name, 'initialize cold, proxy (spawns daemon) ms', ...only(r.init.proxyNoDaemonMs ?? r.init.proxyError), '', '']);
  tRows.push([name, 'initialize cold, proxy (daemon up) ms', ...only(r.init.proxyDaemonRunningMs), '', '']);
  tRows.push([name, 'one changed file, codeindex index, daemon up ms', ...only(r.incrementalDaemonS != null ? Math.round(r.incrementalDaemonS * 1000) : r.incrementalDaemonError), '', '']);
  const ev = r.editToVisibleMs ?? {};
  tRows.push([name, 'edit -> visible in search ms', ...bn.map((b) => ev[b]), r.peerEditToVisibleMs, ratio(ev[servingBackend.name], r.peerEditToVisibleMs)]);
  for (const t of toolNames) {
    const os = bn.map((b) => r.tools?.[b]?.[t]), p = r.peerTools?.[t];
    if (!os.some(Boolean)) continue;
    const mine = r.tools?.[servingBackend.name]?.[t];
    tRows.push([name, `${t} p50/p95 ms`, ...os.map((o) => (o ? `${o.p50}/${o.p95}` : '')), p ? `${p.p50}/${p.p95}` : '', p && mine ? ratio(mine.p95, p.p95) : '']);
  }
  const tc = r.threeClients;
  if (tc && !tc.error && tc.search) for (const k of ['search', 'node', 'status']) tRows.push([name, `3 clients (1 exploring): ${k} p50/p95 ms`, ...only(`${tc[k].p50}/${tc[k].p95}`), '', '']);
  else if (tc) tRows.push([name, '3 clients', JSON.stringify(tc).slice(0, 120), ...blank.slice(1), '', '']);
}
if (tRows.length > 1) { console.log('\nServing (warm caches, 1 client unless said; ratio on p95)'); table(tRows); }
if (results.quality) { const { printQuality } = await import('./quality/run.mjs'); console.log('\nGraph quality'); printQuality(results.quality); }

mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, 'bench/results', `${results.date.slice(0, 10)}.json`);
writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`\nmedians of ${runs} runs, ${samples} calls per tool; load average ${results.machine.loadStart.join(' ')} at start, ${results.machine.loadEnd.join(' ')} at end (${results.machine.cpus} cores); ${results.totalS} s; written to ${out}`);
