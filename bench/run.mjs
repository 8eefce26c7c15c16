// `npm run bench`: full index wall time and peak RSS (median of runs), db size, node/edge counts
// and one-file incremental time on real corpora (BENCH.md), on both storage backends, beside
// `ctags -R` as the extraction floor. Prints a table and writes bench/results/<date>.json.
//   npm run bench -- [--runs N] [--corpus rxjs,three,effect,django,go]
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const cache = join(root, '.cache/corpora');
const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : def; };
const runs = Number(opt('runs', '3'));
const wanted = opt('corpus', 'rxjs,three,effect').split(',');
const entry = join(root, 'dist/server-entry.js');

const CORPORA = {
  rxjs: { npm: 'rxjs@7.8.2', dir: 'src' },
  three: { npm: 'three@0.170.0', dir: 'src' },
  effect: { npm: 'effect@3.10.0', dir: 'src' },
  django: { path: '/usr/lib/python3/dist-packages/django', apt: 'python3-django' },
  go: { path: '/usr/share/go-1.19/src', apt: 'golang-1.19-src' },
};

function corpusDir(name) {
  const c = CORPORA[name];
  if (!c) throw new Error(`unknown corpus ${name}; known: ${Object.keys(CORPORA).join(', ')}`);
  if (c.path) {
    if (!existsSync(c.path)) {
      console.error(`installing ${c.apt} (apt) for the ${name} corpus...`);
      spawnSync('apt-get', ['install', '-y', '-qq', c.apt], { stdio: 'inherit' });
    }
    return c.path;
  }
  const dest = join(cache, name);
  if (!existsSync(join(dest, 'package'))) {
    mkdirSync(dest, { recursive: true });
    const tgz = execFileSync('npm', ['pack', c.npm, '--silent', '--pack-destination', dest], { encoding: 'utf8' }).trim().split('\n').pop();
    execFileSync('tar', ['xzf', join(dest, tgz), '-C', dest]);
  }
  return join(dest, 'package', c.dir);
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

/** Runs a command under /usr/bin/time: wall seconds and peak RSS (MB). */
function timed(cmd, argv, env = {}) {
  const r = spawnSync('/usr/bin/time', ['-f', '@@%e %M', cmd, ...argv], { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
  const m = /@@([\d.]+) (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`${cmd} ${argv.join(' ')} failed: ${r.stderr.slice(-2000)}`);
  return { s: Number(m[1]), mb: Number(m[2]) / 1024, stderr: r.stderr };
}

function countFiles(dir) {
  let n = 0;
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { if (e.isDirectory()) walk(join(d, e.name)); else n++; } };
  walk(dir);
  return n;
}

const node24 = execFileSync('bash', [join(root, 'scripts/node24.sh')], { encoding: 'utf8' }).trim();
const backends = [
  { name: 'sqljs', node: process.execPath },
  { name: 'node-sqlite', node: node24 },
];

const results = { date: new Date().toISOString(), machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, corpora: {} };
for (const name of wanted) {
  const src = corpusDir(name);
  const work = join(tmpdir(), `codeindex-bench-${name}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(src, work, { recursive: true });
  const res = { files: countFiles(work) };
  // ctags floor
  const ct = [];
  for (let i = 0; i < runs; i++) ct.push(timed('ctags', ['-R', '-f', join(tmpdir(), 'codeindex-bench.tags'), work]).s);
  res.ctagsS = median(ct);
  for (const b of backends) {
    const walls = [], rss = [];
    let summary = '';
    for (let i = 0; i < runs; i++) {
      rmSync(join(work, '.codeindex'), { recursive: true, force: true });
      const t = timed(b.node, [entry, '--init', '--path', work], { CODEINDEX_DB_BACKEND: b.name });
      walls.push(t.s); rss.push(t.mb);
      summary = t.stderr.split('\n').find((l) => l.includes(' symbols, ')) ?? '';
    }
    const m = /indexed (\d+) files.*?, (\d+) symbols, (\d+) edges/.exec(summary) ?? [];
    const db = join(work, '.codeindex/codeindex.db');
    // one changed file, incremental
    const target = readdirSync(work, { recursive: true }).map(String).find((p) => /\.(ts|js|py|go)$/.test(p) && !p.includes('.codeindex'));
    const inc = [];
    for (let i = 0; i < Math.max(runs, 5); i++) {
      appendFileSync(join(work, target), `\n// bench edit ${i}\n`);
      inc.push(timed(b.node, [entry, 'index', '--path', work], { CODEINDEX_DB_BACKEND: b.name }).s);
    }
    res[b.name] = {
      indexS: median(walls), peakRssMb: Math.round(median(rss)), dbMb: +(statSync(db).size / 1048576).toFixed(1),
      indexedFiles: Number(m[1]), symbols: Number(m[2]), edges: Number(m[3]), incrementalS: median(inc),
      ratioToCtags: +(median(walls) / res.ctagsS).toFixed(2),
    };
  }
  rmSync(work, { recursive: true, force: true });
  results.corpora[name] = res;
}

const rows = [['corpus', 'backend', 'files', 'index s', 'x ctags', 'peak MB', 'db MB', 'symbols', 'edges', '1-file s']];
for (const [name, r] of Object.entries(results.corpora)) {
  for (const b of backends) {
    const x = r[b.name];
    rows.push([name, b.name, String(x.indexedFiles), x.indexS.toFixed(2), x.ratioToCtags.toFixed(2), String(x.peakRssMb), String(x.dbMb), String(x.symbols), String(x.edges), x.incrementalS.toFixed(2)]);
  }
  rows.push([name, 'ctags -R', String(r.files), r.ctagsS.toFixed(2), '1.00', '', '', '', '', '']);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, 'bench/results', `${results.date.slice(0, 10)}.json`);
writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`\nmedians of ${runs} runs; written to ${out}`);
