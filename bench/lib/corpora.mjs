// The corpora of BENCH.md: downloaded once into the git-ignored .cache/corpora (npm pack) or
// installed with apt, then copied into a scratch folder per run so an index never lands in the cache.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { tmpdir } from 'node:os';

export const root = dirname(dirname(dirname(new URL(import.meta.url).pathname)));
const cache = join(root, '.cache/corpora');

export const CORPORA = {
  rxjs: { npm: 'rxjs@7.8.2', dir: 'src', edit: 'internal/operators/map.ts' },
  three: { npm: 'three@0.170.0', dir: 'src', edit: 'math/Vector3.js' },
  effect: { npm: 'effect@3.10.0', dir: 'src', edit: 'Option.ts' },
  django: { path: '/usr/lib/python3/dist-packages/django', apt: 'python3-django', edit: 'utils/text.py' },
  go: { path: '/usr/share/go-1.19/src', apt: 'golang-1.19-src', edit: 'strings/strings.go' },
  // Java: OpenJDK 17's java.base module (3,091 files), from the src.zip of Debian's openjdk-17-source.
  java: { zip: '/usr/lib/jvm/openjdk-17/lib/src.zip', apt: 'openjdk-17-source', dir: 'java.base', edit: 'java/util/ArrayList.java' },
  // Rust: the regex-syntax crate (0.6.27, no dependencies), from Debian's librust-regex-syntax-dev.
  rust: { path: '/usr/share/cargo/registry/regex-syntax-0.6.27', apt: 'librust-regex-syntax-dev', edit: 'src/ast/parse.rs' },
  // C: GNU binutils 2.40's programs (binutils/), libiberty and their headers (include/), from
  // Debian's binutils-source; libbfd and the rest of the tree are left out of the copy.
  c: {
    tarball: '/usr/src/binutils/binutils-2.40.tar.xz', apt: 'binutils-source', dir: 'binutils-2.40', edit: 'binutils/nm.c',
    prepare: keepOnly(['binutils', 'libiberty', 'include']),
  },
  // C++: spdlog (header-only), from Debian's libspdlog-dev, as spdlog/ in the copy (its headers
  // include "spdlog/...").
  cpp: { local: () => nested('/usr/include/spdlog', 'libspdlog-dev', 'cpp'), edit: 'spdlog/logger-inl.h' },
  // C++ with classes, virtuals and overloads: GoogleTest 1.12.1 and GoogleMock, sources and tests
  // (Debian's googletest, 154 .cc and .h files), as googletest/ in the copy.
  gtest: { local: () => nested('/usr/src/googletest', 'googletest', 'gtest'), edit: 'googletest/googletest/src/gtest.cc' },
  // Solidity: OpenZeppelin Contracts 5.0.2 (143 files), from npm.
  solidity: { npm: '@openzeppelin/contracts@5.0.2', dir: '', edit: 'token/ERC20/ERC20.sol' },
  // C#: KeePass 2.47 (the app and KeePassLib, 482 files), from Debian's keepass2 source package
  // (its orig tarball, fetched from the Debian archive: no binary package ships the sources).
  csharp: {
    url: 'http://deb.debian.org/debian/pool/main/k/keepass2/keepass2_2.47+dfsg.orig.tar.xz', dir: '', edit: 'KeePassLib/PwDatabase.cs',
    prepare: keepOnly(['KeePass', 'KeePassLib']),
  },
  // Kotlin: kotlinx.coroutines 1.0.1's core library, its common and JVM sources (96 files), from
  // Debian's kotlinx-coroutines source package (its orig tarball, from the Debian archive).
  kotlin: {
    url: 'http://deb.debian.org/debian/pool/main/k/kotlinx-coroutines/kotlinx-coroutines_1.0.1.orig.tar.xz', dir: 'kotlinx-coroutines-1.0.1',
    edit: 'common/kotlinx-coroutines-core-common/src/JobSupport.kt',
    prepare: keepPaths(['common/kotlinx-coroutines-core-common/src', 'core/kotlinx-coroutines-core/src']),
  },
  // 3,000 real JS/TS files of many packages (BENCH.md's tool bars are for a 3,000-file corpus):
  // the first 3,000 .js/.ts files of this repo's node_modules (sorted walk, <= 64 KB, no .d.ts or .min.js).
  npm3k: { local: () => pickNodeModules(3000), edit: 'glob/dist/esm/walker.js' },
  // The Linux kernel (BENCH.md: full index <= 3 min, <= 2 GB): Debian's linux-source-6.1 tarball,
  // extracted once. Index only, on node:sqlite (sql.js keeps the whole db in wasm memory).
  kernel: {
    tarball: '/usr/src/linux-source-6.1.tar.xz', apt: 'linux-source-6.1', dir: 'linux-source-6.1', edit: 'kernel/sched/core.c',
    backends: ['node-sqlite'], tools: false, prepare: unignoreTopLevel,
  },
};

/** A folder (installed by apt on first use) copied once as a folder of the corpus's root. */
function nested(path, apt, name) {
  const dest = join(cache, name);
  if (existsSync(join(dest, '.complete'))) return dest;
  if (!existsSync(path)) aptInstall(apt, `the ${name} corpus`);
  rmSync(dest, { recursive: true, force: true });
  cpSync(path, join(dest, path.slice(path.lastIndexOf('/') + 1)), { recursive: true });
  writeFileSync(join(dest, '.complete'), '');
  return dest;
}

/** A work copy's preparation that keeps only these top-level entries. */
function keepOnly(names) {
  return (dir) => { for (const e of readdirSync(dir)) if (!names.includes(e)) rmSync(join(dir, e), { recursive: true, force: true }); };
}

/** A work copy's preparation that keeps only these folders (paths from the root). */
function keepPaths(paths) {
  const prune = (dir, rel) => {
    for (const e of readdirSync(dir)) {
      const r = rel ? `${rel}/${e}` : e;
      if (paths.includes(r)) continue;
      if (paths.some((p) => p.startsWith(`${r}/`))) prune(join(dir, e), r);
      else rmSync(join(dir, e), { recursive: true, force: true });
    }
  };
  return (dir) => prune(dir, '');
}

/** Debian's packaging appends `/*` and `!/debian/` to the kernel's top-level .gitignore (its repo
 *  holds only debian/), which would leave nothing to index: the work copy drops those two lines. */
function unignoreTopLevel(dir) {
  const f = join(dir, '.gitignore');
  const lines = readFileSync(f, 'utf8').split('\n');
  writeFileSync(f, lines.filter((l) => l !== '/*' && l !== '!/debian/').join('\n'));
}

/** Copies the first `n` source files of node_modules (sorted walk) into dest; nested node_modules/ become nm/. */
export function pickNodeModules(n, dest = join(cache, `npm${n / 1000}k`)) {
  if (existsSync(join(dest, '.complete'))) return dest;
  rmSync(dest, { recursive: true, force: true });
  const picked = [];
  const walk = (d) => {
    if (picked.length >= n) return;
    let entries;
    try { entries = readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)); } catch { return; }
    for (const e of entries) {
      if (picked.length >= n) return;
      const p = join(d, e.name);
      if (e.isDirectory()) { if (!e.name.startsWith('.')) walk(p); }
      else if (/\.(js|ts)$/.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.min.js') && statSync(p).size <= 65536) picked.push(p);
    }
  };
  walk(join(root, 'node_modules'));
  for (const p of picked) {
    const to = join(dest, relative(join(root, 'node_modules'), p).replace(/(^|\/)node_modules\//g, '$1nm/'));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(p, to);
  }
  writeFileSync(join(dest, '.complete'), `${picked.length}\n`);
  return dest;
}

/** Installs Debian packages (space-separated; non-interactively), saying what they are for. */
export function aptInstall(pkg, purpose) {
  console.error(`installing ${pkg} (apt) for ${purpose}...`);
  spawnSync('apt-get', ['install', '-y', '-qq', ...pkg.split(' ')], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

export function corpusDir(name) {
  const c = CORPORA[name];
  if (!c) throw new Error(`unknown corpus ${name}; known: ${Object.keys(CORPORA).join(', ')}`);
  if (c.local) return c.local();
  if (c.url) {
    const dest = join(cache, name);
    if (!existsSync(join(dest, '.complete'))) {
      rmSync(dest, { recursive: true, force: true });
      mkdirSync(dest, { recursive: true });
      const file = join(dest, c.url.slice(c.url.lastIndexOf('/') + 1));
      console.error(`downloading ${c.url}...`);
      execFileSync('curl', ['-fsSL', '--max-time', '300', '-o', file, c.url], { stdio: 'inherit' });
      execFileSync('tar', ['xf', file, '-C', dest]);
      rmSync(file);
      writeFileSync(join(dest, '.complete'), '');
    }
    return join(dest, c.dir);
  }
  const archive = c.tarball ?? c.zip;
  if (archive) {
    const dest = join(cache, name);
    if (!existsSync(join(dest, c.dir))) {
      if (!existsSync(archive)) {
        aptInstall(c.apt, `the ${name} corpus`);
      }
      // into a scratch folder first, so an interrupted extraction is not taken for a corpus
      const tmp = `${dest}.tmp`;
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
      console.error(`extracting ${archive} into ${dest}...`);
      if (c.tarball) execFileSync('tar', ['xJf', c.tarball, '-C', tmp]);
      // python3 is on every machine, unzip is not; only the folder wanted (src.zip holds all modules)
      else execFileSync('python3', ['-c', 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); z.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith(sys.argv[3] + "/")])', c.zip, tmp, c.dir]);
      rmSync(dest, { recursive: true, force: true });
      renameSync(tmp, dest);
    }
    return join(dest, c.dir);
  }
  if (c.path) {
    if (!existsSync(c.path)) {
      aptInstall(c.apt, `the ${name} corpus`);
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

const copies = new Set();
process.on('exit', () => { for (const c of copies) rmSync(c, { recursive: true, force: true }); });

/** A fresh scratch copy of the corpus (indexes are written into it), this process's own (two
 *  benches at once must not index each other's copy) and removed when it exits. */
export function workCopy(name, suffix = '') {
  const work = join(tmpdir(), `codeindex-bench-${name}${suffix}-${process.pid}`);
  copies.add(work);
  rmSync(work, { recursive: true, force: true });
  cpSync(corpusDir(name), work, { recursive: true });
  CORPORA[name].prepare?.(work);
  return work;
}

export const PEER_VERSION = '1.6.1';
/** The peer's launcher, installed into .cache/peer on first use (never into the repo's node_modules). */
export function peerBin() {
  const prefix = join(root, '.cache/peer');
  const bin = join(prefix, 'node_modules/@colbymchenry/codegraph-linux-x64/bin/codegraph');
  if (!existsSync(bin)) {
    console.error(`installing @colbymchenry/codegraph@${PEER_VERSION} into ${prefix}...`);
    execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', `@colbymchenry/codegraph@${PEER_VERSION}`], { stdio: 'inherit', env: { ...process.env, CODEGRAPH_TELEMETRY: '0' } });
  }
  if (!existsSync(bin)) throw new Error(`the peer's linux-x64 bundle is missing under ${prefix}`);
  return bin;
}
export const PEER_ENV = { CODEGRAPH_TELEMETRY: '0', DO_NOT_TRACK: '1' };
