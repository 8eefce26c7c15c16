// The corpora of BENCH.md: downloaded once into the git-ignored .cache/corpora (npm pack) or
// installed with apt, then copied into a scratch folder per run so an index never lands in the cache.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';

export const root = dirname(dirname(dirname(new URL(import.meta.url).pathname)));
const cache = join(root, '.cache/corpora');

export const CORPORA = {
  rxjs: { npm: 'rxjs@7.8.2', dir: 'src', edit: 'internal/operators/map.ts' },
  three: { npm: 'three@0.170.0', dir: 'src', edit: 'math/Vector3.js' },
  effect: { npm: 'effect@3.10.0', dir: 'src', edit: 'Option.ts' },
  django: { path: '/usr/lib/python3/dist-packages/django', apt: 'python3-django', edit: 'utils/text.py' },
  go: { path: '/usr/share/go-1.19/src', apt: 'golang-1.19-src', edit: 'strings/strings.go' },
};

export function corpusDir(name) {
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

/** A fresh scratch copy of the corpus (indexes are written into it). */
export function workCopy(name, suffix = '') {
  const work = join(tmpdir(), `codeindex-bench-${name}${suffix}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(corpusDir(name), work, { recursive: true });
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
