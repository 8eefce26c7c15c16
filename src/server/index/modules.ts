// Module resolution: an import's source as written -> the project files it means, per import
// style (languages/rules.ts). Pure path work over an in-memory index of the project's files.
import { posix } from 'node:path';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ImportStyle } from './languages/rules';
import { testFile } from './build-constraint';

const JS_EXTS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.vue'];

function stripExt(p: string): string {
  const base = p.slice(p.lastIndexOf('/') + 1);
  if (base.endsWith('.d.ts')) return p.slice(0, -5);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? p.slice(0, p.length - (base.length - dot)) : p;
}

export interface TsPaths {
  baseUrl: string; // relative to the project root ('' = root)
  paths: [string, string[]][]; // pattern -> substitutions
}

/** A folder with a package.json: the module its name means (`import x from '@acme/ui'`, and a
 *  package importing itself by name), read from its `exports` (subpath -> targets, the most
 *  source-like condition first) or else `source`, `module`, `main`, `types`. */
export interface Package { dir: string; exports: [string, string[]][] }

const CONDITIONS = ['source', 'types', 'import', 'module', 'default', 'require', 'node'];

function targetsOf(e: unknown, out: string[] = []): string[] {
  if (typeof e === 'string') out.push(e);
  else if (Array.isArray(e)) for (const x of e) targetsOf(x, out);
  else if (e && typeof e === 'object') for (const k of CONDITIONS) if (k in e) targetsOf((e as Record<string, unknown>)[k], out);
  return out;
}

function packageOf(dir: string, pj: Record<string, unknown>): Package {
  const ex = pj.exports;
  const subpaths = ex && typeof ex === 'object' && !Array.isArray(ex) && Object.keys(ex).some((k) => k.startsWith('.'))
    ? Object.entries(ex as Record<string, unknown>).map(([k, v]) => [k, targetsOf(v)] as [string, string[]])
    : ex !== undefined ? [['.', targetsOf(ex)] as [string, string[]]] : [];
  const fields = ['source', 'module', 'main', 'types', 'typings'].map((f) => pj[f]).filter((v): v is string => typeof v === 'string');
  const root = subpaths.find(([k]) => k === '.');
  if (root) root[1].push(...fields);
  else subpaths.push(['.', fields]);
  return { dir, exports: subpaths };
}

export class PathIndex {
  readonly files = new Set<string>();
  private readonly byStem = new Map<string, string[]>(); // 'src/a/b' -> ['src/a/b.ts', ...]
  private readonly byBase = new Map<string, string[]>(); // 'b' -> all files whose stem ends in /b
  private readonly byDir = new Map<string, string[]>();
  goModule?: string;
  tsPaths?: TsPaths;
  /** The project's packages by name, and every package.json folder by path. */
  packages?: Map<string, Package>;
  packageDirs?: Map<string, Package>;

  constructor(paths: Iterable<string>, root?: string) {
    for (const p of paths) this.add(p);
    if (root) this.readProjectFiles(root);
  }

  add(p: string): void {
    if (this.files.has(p)) return;
    this.files.add(p);
    const stem = stripExt(p);
    push(this.byStem, stem, p);
    push(this.byBase, stem.slice(stem.lastIndexOf('/') + 1), p);
    push(this.byDir, posix.dirname(p), p);
  }

  remove(p: string): void {
    if (!this.files.delete(p)) return;
    const stem = stripExt(p);
    pull(this.byStem, stem, p);
    pull(this.byBase, stem.slice(stem.lastIndexOf('/') + 1), p);
    pull(this.byDir, posix.dirname(p), p);
  }

  inDir(dir: string): string[] {
    return this.byDir.get(dir) ?? [];
  }

  /** go.mod's module path, tsconfig's baseUrl/paths and the packages, read once per sync. */
  private readProjectFiles(root: string): void {
    try {
      const m = /^module\s+(\S+)/m.exec(readFileSync(join(root, 'go.mod'), 'utf8'));
      if (m) this.goModule = m[1];
    } catch { /* not a Go module */ }
    for (const f of ['tsconfig.json', 'jsconfig.json']) {
      try {
        // tsconfig allows comments and trailing commas
        const text = readFileSync(join(root, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:"])\/\/.*$/gm, '$1').replace(/,(\s*[}\]])/g, '$1');
        const co = JSON.parse(text).compilerOptions ?? {};
        if (co.paths || co.baseUrl) {
          this.tsPaths = { baseUrl: posix.normalize(co.baseUrl ?? '.').replace(/^\.\/?$/, '').replace(/^\.\//, ''), paths: Object.entries(co.paths ?? {}) as [string, string[]][] };
        }
        break;
      } catch { /* absent or unparsable: no aliases */ }
    }
    this.readPackages(root);
  }

  /** The package.json files in the folders of the JavaScript-family files and those above them
   *  (a package.json above src/): `packages` by name, `packageDirs` by folder. */
  private readPackages(root: string): void {
    const dirs = new Set<string>();
    for (const [d, files] of this.byDir) {
      if (!files.some((f) => JS_EXTS.some((e) => f.endsWith(e)))) continue;
      for (let x = d; !dirs.has(x); x = posix.dirname(x)) dirs.add(x);
    }
    const named = new Set<string>();
    for (const dir of dirs) {
      let pj: Record<string, unknown>;
      try { pj = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')); } catch { continue; }
      if (!pj || typeof pj !== 'object') continue;
      const pkg = packageOf(dir === '.' ? '' : dir, pj);
      (this.packageDirs ??= new Map()).set(pkg.dir, pkg);
      if (typeof pj.name !== 'string') continue;
      // a name two package.json files give (a test fixture's `react`) is neither's
      if (named.has(pj.name)) this.packages?.delete(pj.name);
      else (this.packages ??= new Map()).set(pj.name, pkg);
      named.add(pj.name);
    }
  }

  /** Files whose stem is `stem` exactly. */
  stem(stem: string): string[] {
    return this.byStem.get(posix.normalize(stem).replace(/^\.\//, '')) ?? [];
  }

  /** Files whose stem ends with '/'+suffix (or equals it), closest to `from` first. */
  suffix(suffix: string, from: string): string[] {
    const base = suffix.slice(suffix.lastIndexOf('/') + 1);
    const hits = (this.byBase.get(base) ?? []).filter((p) => {
      const s = stripExt(p);
      return s === suffix || s.endsWith('/' + suffix);
    });
    return closestFirst(hits, from);
  }

  dirSuffix(suffix: string, from: string): string[] {
    const dirs = [...this.byDir.keys()].filter((d) => d === suffix || d.endsWith('/' + suffix));
    const best = closestFirst(dirs, from)[0];
    return best === undefined ? [] : this.inDir(best);
  }
}

/** The module `from <source> import <imported>` names when `imported` is a submodule (Python's
 *  `from django.core import checks`); undefined where the style has no such import. */
export function submoduleSource(style: ImportStyle, source: string, imported: string): string | undefined {
  if (style !== 'python' || !imported || imported === '*') return undefined;
  return source.endsWith('.') ? source + imported : `${source}.${imported}`;
}

/** A file an importer of its Go package sees: a `_test.go` file is built only into the package's
 *  own tests (the Go source tree: 707k file imports edges, a third of them into tests). */
export function goPackageFile(path: string): boolean {
  return path.endsWith('.go') && !testFile(path);
}

function push(m: Map<string, string[]>, k: string, v: string) {
  const a = m.get(k);
  if (a) a.push(v); else m.set(k, [v]);
}
function pull(m: Map<string, string[]>, k: string, v: string) {
  const a = m.get(k);
  if (!a) return;
  const i = a.indexOf(v);
  if (i >= 0) a.splice(i, 1);
  if (!a.length) m.delete(k);
}
function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
function closestFirst(paths: string[], from: string): string[] {
  return [...paths].sort((x, y) => commonPrefix(y, from) - commonPrefix(x, from) || x.length - y.length || (x < y ? -1 : 1));
}

function probeJs(idx: PathIndex, target: string): string[] {
  const t = posix.normalize(target);
  if (idx.files.has(t) && !/\.(js|jsx|mjs|cjs)$/.test(t)) return [t];
  const stem = t.replace(/\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/, ''); // TS ESM imports name the .js output
  for (const ext of JS_EXTS) if (idx.files.has(stem + ext)) return [stem + ext];
  if (idx.files.has(t)) return [t];
  for (const ext of JS_EXTS) if (idx.files.has(`${t}/index${ext}`)) return [`${t}/index${ext}`];
  return [];
}

/** What a pattern's one `*` stands for in `s` ('' for a pattern without one that is `s`), null
 *  where `s` does not match (tsconfig's paths, package.json's exports). */
function starMatch(pattern: string, s: string): string | null {
  const star = pattern.indexOf('*');
  if (star < 0) return s === pattern ? '' : null;
  const tail = pattern.length - star - 1;
  return s.length >= pattern.length - 1 && s.startsWith(pattern.slice(0, star)) && s.endsWith(pattern.slice(star + 1)) ? s.slice(star, s.length - tail) : null;
}

/** A package of the project imported by name (`@acme/ui`, `@acme/ui/button`): the file its
 *  exports or entry fields name, as source where they name built output (`dist/index.js` ->
 *  `src/index.ts`); then `src/index`, `index`; a subpath also as a folder or file in it. */
function packageImport(idx: PathIndex, source: string): string[] {
  if (!idx.packages) return [];
  const parts = source.split('/');
  const n = source.startsWith('@') ? 2 : 1;
  const pkg = idx.packages.get(parts.slice(0, n).join('/'));
  return pkg ? packageEntry(idx, pkg, parts.length > n ? `./${parts.slice(n).join('/')}` : '.', 0) : [];
}

function packageEntry(idx: PathIndex, pkg: Package, sub: string, depth: number): string[] {
  const probe = (t: string) => {
    const p = posix.join(pkg.dir, t);
    const hit = probeJs(idx, p);
    // (built output: the source it was built from)
    return hit.length ? hit : probeJs(idx, p.replace(/(^|\/)(?:dist|lib|build|out)\/(?:(?:esm|cjs|es|mjs|types)\/)?/, '$1src/'));
  };
  for (const [key, targets] of pkg.exports) {
    const m = starMatch(key, sub);
    if (m === null) continue;
    // (`"./internal/*": null`: a subpath the package keeps to itself)
    if (!targets.length) return [];
    for (const t of targets) {
      const hit = probe(t.replaceAll('*', m));
      if (hit.length) return hit;
    }
  }
  if (sub === '.') {
    const src = probe('src/index');
    return src.length ? src : probe('index');
  }
  const inner = depth < 2 ? idx.packageDirs?.get(posix.join(pkg.dir, sub)) : undefined;
  const nested = inner ? packageEntry(idx, inner, '.', depth + 1) : [];
  if (nested.length) return nested;
  const hit = probe(sub);
  return hit.length ? hit : probe(posix.join('src', sub));
}

/** The project files an import means; [] when it is external or not found. */
export function resolveModule(source: string, from: string, style: ImportStyle, idx: PathIndex): string[] {
  const dir = posix.dirname(from);
  const rel = (p: string) => posix.normalize(posix.join(dir, p));
  switch (style) {
    case 'js': {
      if (source.startsWith('.')) return probeJs(idx, rel(source));
      if (source.startsWith('/')) return probeJs(idx, source.slice(1));
      const tp = idx.tsPaths;
      if (tp) {
        for (const [pattern, subs] of tp.paths) {
          const m = starMatch(pattern, source);
          if (m === null) continue;
          for (const s of subs) {
            const hit = probeJs(idx, posix.join(tp.baseUrl, s.replaceAll('*', m)));
            if (hit.length) return hit;
          }
        }
        if (tp.baseUrl !== undefined) {
          const hit = probeJs(idx, posix.join(tp.baseUrl, source));
          if (hit.length) return hit;
        }
      }
      return packageImport(idx, source);
    }
    case 'python': {
      const dots = /^\.*/.exec(source)![0].length;
      const mod = source.slice(dots).replace(/\./g, '/');
      if (dots > 0) {
        let base = dir;
        for (let i = 1; i < dots; i++) base = posix.dirname(base);
        const stem = posix.join(base, mod || '__init__');
        const hits = [...idx.stem(stem), ...idx.stem(posix.join(base, mod, '__init__'))].filter((p) => p.endsWith('.py') || p.endsWith('.pyi'));
        return hits.slice(0, 1);
      }
      // by path suffix (a source root such as `src/`), but not from inside a package (the project
      // root too, when it is one): `import math` is the standard library's, not django's
      // db/models/functions/math.py
      const atRoot = (p: string, tail: string) => {
        const stem = p.slice(0, p.length - posix.extname(p).length);
        const root = stem.slice(0, stem.length - tail.length).replace(/\/$/, '');
        return !idx.stem(root ? `${root}/__init__` : '__init__').length;
      };
      const hits = idx.suffix(mod, from).filter((p) => /\.pyi?$/.test(p) && atRoot(p, mod));
      if (hits.length) return hits.slice(0, 1);
      const pkg = idx.suffix(`${mod}/__init__`, from).filter((p) => atRoot(p, `${mod}/__init__`)).slice(0, 1);
      if (pkg.length) return pkg;
      // The project may be the package itself (Django's `django/` opened as the root): there
      // `django.core.exceptions` is `core/exceptions.py`, from the root only.
      const slash = mod.indexOf('/');
      if (slash < 0 || !idx.stem('__init__').length) return [];
      const rest = mod.slice(slash + 1);
      return [...idx.stem(rest), ...idx.stem(`${rest}/__init__`)].filter((p) => /\.pyi?$/.test(p)).slice(0, 1);
    }
    case 'go': {
      let path = source;
      if (idx.goModule && (path === idx.goModule || path.startsWith(idx.goModule + '/'))) {
        path = path.slice(idx.goModule.length + 1);
        return idx.inDir(path || '.').filter(goPackageFile);
      }
      // Go's own source tree (module std): a standard package's import path is its folder
      // (`fmt`, `net/http`; no dot in the first element), else `fmt.Sprintf` binds nowhere there.
      if (idx.goModule === 'std' && !path.split('/')[0].includes('.')) {
        const std = idx.inDir(path).filter(goPackageFile);
        if (std.length) return std;
      }
      // Without go.mod, or a vendored path: the longest folder suffix that exists.
      const segs = path.split('/');
      for (let i = 0; i < segs.length; i++) {
        const hit = idx.dirSuffix(segs.slice(i).join('/'), from).filter(goPackageFile);
        if (hit.length && segs.length - i >= 2) return hit;
      }
      return [];
    }
    case 'dotted': {
      const clean = source.replace(/^static\s+/, '');
      const segs = clean.split('.');
      if (segs[segs.length - 1] === '*') return idx.dirSuffix(segs.slice(0, -1).join('/'), from);
      for (let n = segs.length; n >= 2; n--) {
        const hit = idx.suffix(segs.slice(0, n).join('/'), from);
        if (hit.length) return hit.slice(0, 1);
      }
      // no file: a package, `a.b` of Java's `import a.b.*` (the capture leaves the `*` out) or
      // C#'s `using A.B`, is its folder's files
      return idx.dirSuffix(segs.join('/'), from);
    }
    case 'rust': {
      const segs = source.split('::').filter(Boolean);
      const explicit = segs[0] === 'crate' || segs[0] === 'super' || segs[0] === 'self';
      let base: string;
      if (segs[0] === 'crate') {
        base = crateRoot(dir, idx);
        segs.shift();
      } else if (segs[0] === 'super' || segs[0] === 'self') {
        base = moduleDir(from);
        while (segs[0] === 'super') { base = posix.dirname(base); segs.shift(); }
        if (segs[0] === 'self') segs.shift();
      } else {
        base = crateRoot(dir, idx); // `use a::b` inside a crate may name a sibling module
      }
      for (let n = segs.length; n >= 1; n--) {
        const p = posix.join(base, ...segs.slice(0, n));
        if (idx.files.has(`${p}.rs`)) return [`${p}.rs`];
        if (idx.files.has(`${p}/mod.rs`)) return [`${p}/mod.rs`];
      }
      // `crate::f`, `super::T`, `self::E`: an item of that module's own file
      if (!explicit) return [];
      if (base === moduleDir(from)) return [from];
      return [`${base}.rs`, `${base}/mod.rs`, `${base}/lib.rs`, `${base}/main.rs`].filter((f) => idx.files.has(f)).slice(0, 1);
    }
    case 'include': {
      const name = source.replace(/^[<"]|[>"]$/g, '');
      const local = rel(name);
      if (idx.files.has(local)) return [local];
      return idx.suffix(stripExt(name), from).filter((p) => p.endsWith(name.slice(name.lastIndexOf('/') + 1))).slice(0, 1);
    }
    case 'lua': {
      // package.path's `?.lua;?/init.lua`, from any folder the project keeps modules in (`lua/`)
      const mod = source.replace(/\./g, '/');
      const hits = [...idx.suffix(mod, from), ...idx.suffix(`${mod}/init`, from)].filter((p) => p.endsWith('.lua'));
      return hits.slice(0, 1);
    }
    case 'path':
    default: {
      const name = source.replace(/^['"<]|['">]$/g, '');
      if (name.startsWith('.')) {
        const t = rel(name);
        if (idx.files.has(t)) return [t];
        const hit = idx.stem(t);
        if (hit.length) return hit.slice(0, 1);
      }
      // ruby 'a/b', php 'App\\Models\\User': try the path as written, then dots as folders
      const p = name.replace(/\\/g, '/').replace(/^\.\//, '');
      const hit = idx.suffix(stripExt(p), from);
      return (hit.length ? hit : idx.suffix(p.replace(/\./g, '/'), from)).slice(0, 1);
    }
  }
}

function crateRoot(dir: string, idx: PathIndex): string {
  for (let d = dir; ; d = posix.dirname(d)) {
    if (idx.files.has(posix.join(d, 'lib.rs')) || idx.files.has(posix.join(d, 'main.rs'))) return d;
    if (d === '.' || d === '/' || d === '') return dir;
  }
}

/** The folder holding a Rust module's children: a/b.rs -> a/b, a/b/mod.rs -> a/b, lib.rs -> its dir. */
function moduleDir(file: string): string {
  const base = posix.basename(file);
  if (base === 'mod.rs' || base === 'lib.rs' || base === 'main.rs') return posix.dirname(file);
  return file.slice(0, -3);
}
