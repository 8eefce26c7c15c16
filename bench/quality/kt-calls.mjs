// Call-graph quality for Kotlin against the Kotlin compiler: the corpus is compiled with kotlinc
// (Debian's kotlin 1.3, common and JVM sources as one multiplatform module) and every call and
// `new` is read back from the bytecode with javap: the method each `invoke*` names, looked up
// from its owner class to the class that declares it, at the source line the LineNumberTable
// gives. A bytecode call is a site only where its line shows the name called (`name(`,
// `name {`): property getters, operators and `invoke` of a function value are left out, and
// so are calls of inline functions (inlined, they leave no call). A delegating constructor
// (`: Base(...)`) is no `new`. Declarations outside the corpus (the standard library) are
// "external". Scored by score.mjs like the other truths. Needs Debian's kotlin and
// libkotlinx-atomicfu-java (installed on first use).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { aptInstall } from '../lib/corpora.mjs';
import { EXAMPLES, scoreRecords } from './score.mjs';

const ATOMICFU = '/usr/share/java/atomicfu.jar';
// the corpus's own build (build.gradle) opts in to these
const OPT_INS = ['kotlin.Experimental', 'kotlin.experimental.ExperimentalTypeInference', 'kotlinx.coroutines.ExperimentalCoroutinesApi',
  'kotlinx.coroutines.ObsoleteCoroutinesApi', 'kotlinx.coroutines.InternalCoroutinesApi'];

function walk(dir, ext, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, ext, out);
    else if (e.name.endsWith(ext)) out.push(p);
  }
  return out;
}

/** The classes javap prints: name -> { file (SourceFile), super, ifaces, methods: Map('name desc' -> { line, calls }) }. */
function readClasses(outDir) {
  const text = execFileSync('javap', ['-c', '-l', '-p', '-s', ...walk(outDir, '.class').map((f) => relative(outDir, f))], { cwd: outDir, encoding: 'utf8', maxBuffer: 1 << 30 });
  const classes = new Map();
  let cls, method, source, inLines = false;
  const dotted = (s) => s.replace(/<[^<>]*>/g, '').replace(/<[^<>]*>/g, '').replace(/<[^<>]*>/g, '');
  for (const line of text.split('\n')) {
    let m;
    if ((m = /^Compiled from "(.+)"$/.exec(line))) { source = m[1]; continue; }
    if (!line.startsWith(' ') && (m = /(?:class|interface) (\S+?)(?:<.*?>)?(?: extends ([^{]*?))?(?: implements ([^{]*?))? \{$/.exec(dotted(line)))) {
      const name = m[1].replaceAll('.', '/');
      const isInterface = / interface /.test(` ${line}`);
      const list = (s) => (s ? s.split(',').map((x) => x.trim().replaceAll('.', '/')).filter(Boolean) : []);
      cls = { name, source, super: isInterface ? undefined : list(m[2])[0], ifaces: isInterface ? list(m[2]) : list(m[3]), methods: new Map() };
      classes.set(name, cls);
      source = undefined;
      continue;
    }
    if (!cls) continue;
    if ((m = /^ {2}(\S.*);$/.exec(line))) { method = { decl: m[1], lines: [], calls: [] }; inLines = false; continue; }
    if (method && (m = /^ {4}descriptor: (\(.*)$/.exec(line))) {
      const nm = /([\w$]+)\(/.exec(method.decl);
      const name = !nm ? '<clinit>' : nm[1] === cls.name.split('/').pop() || method.decl.includes(`${cls.name.replaceAll('/', '.')}(`) ? '<init>' : nm[1];
      method.name = name; method.desc = m[1]; method.abstract = /\babstract\b/.test(method.decl);
      cls.methods.set(`${name} ${m[1]}`, method);
      continue;
    }
    if (!method) continue;
    if (/^ {4}LineNumberTable:/.test(line)) { inLines = true; continue; }
    if (inLines && (m = /^ {6}line (\d+): (\d+)$/.exec(line))) { method.lines.push([Number(m[2]), Number(m[1])]); continue; }
    if (/^ {4}\S/.test(line)) inLines = false;
    if ((m = /^\s+(\d+): (invoke(?:virtual|special|static|interface))\s.*\/\/ (?:Interface)?Method (\S+?):(\(\S*)$/.exec(line))) {
      const target = m[3].replaceAll('"', '');
      const dot = target.lastIndexOf('.');
      method.calls.push({ at: Number(m[1]), op: m[2], owner: dot < 0 ? cls.name : target.slice(0, dot), name: target.slice(dot + 1), desc: m[4] });
    }
  }
  return classes;
}

/** Kotlin's own file-to-class mapping: package + file name -> the corpus path. */
function sourceFiles(root) {
  const byClassFile = new Map();
  for (const f of walk(root, '.kt')) {
    const pkg = /^\s*package\s+([\w.]+)/m.exec(readFileSync(f, 'utf8'))?.[1] ?? '';
    byClassFile.set(`${pkg.replaceAll('.', '/')}/${f.slice(f.lastIndexOf('/') + 1)}`, relative(root, f));
  }
  return byClassFile;
}

function compile(root) {
  if (!existsSync('/usr/bin/kotlinc') || !existsSync(ATOMICFU)) aptInstall('kotlin libkotlinx-atomicfu-java', 'the Kotlin call-graph truth');
  const files = walk(root, '.kt').map((f) => relative(root, f));
  const out = mkdtempSync(join(tmpdir(), 'codeindex-kt-truth-'));
  // a multiplatform module: the common sources' `expect`s are met by the JVM sources' `actual`s
  const common = files.filter((f) => f.startsWith('common/'));
  execFileSync('kotlinc', ['-nowarn', '-Xmulti-platform', `-Xcommon-sources=${common.join(',')}`, ...OPT_INS.map((o) => `-Xuse-experimental=${o}`),
    '-cp', ATOMICFU, '-d', out, ...files], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return out;
}

/** Call records (score.mjs's sitesFrom) of the compiled corpus at `root`, given our graph (for
 *  callers, and for declarations that have no code to give a line). */
function records(root, classes, graph) {
  const files = sourceFiles(root);
  const fileOf = (c) => {
    const pkg = c.name.slice(0, c.name.lastIndexOf('/') + 1);
    return c.source ? files.get(`${pkg}${c.source}`) : undefined;
  };
  const text = new Map();
  const linesOf = (file) => { if (!text.has(file)) text.set(file, readFileSync(join(root, file), 'utf8').split('\n')); return text.get(file); };
  const firstLine = (c, m) => {
    const n = linesOf(fileOf(c)).length;
    const ls = m.lines.map(([, l]) => l).filter((l) => l <= n);
    return ls.length ? Math.min(...ls) : undefined;
  };
  const params = (desc) => desc.slice(1, desc.indexOf(')'));
  const parts = (owner) => [...classes.values()].filter((p) => p.name.startsWith(`${owner}__`));
  /** The declaration a call names: JVM method lookup from the owner up. A multifile facade
   *  (`BuildersKt`) delegates to its parts (`BuildersKt__Builders_commonKt`). */
  const declaring = (owner, name, desc, seen = new Set()) => {
    const c = classes.get(owner);
    if (!c || seen.has(owner)) return undefined;
    seen.add(owner);
    for (const p of parts(owner)) if (p.methods.has(`${name} ${desc}`)) return { c: p, m: p.methods.get(`${name} ${desc}`) };
    if (c.methods.has(`${name} ${desc}`)) return { c, m: c.methods.get(`${name} ${desc}`) };
    for (const s of [c.super, ...c.ifaces].filter(Boolean)) {
      const d = declaring(s, name, desc, seen);
      if (d) return d;
    }
    return undefined;
  };
  const nested = (c) => c.name.slice(c.name.lastIndexOf('/') + 1).replaceAll('$', '.');
  const callers = (file, line) => {
    let best;
    for (const n of graph.nodesByFile.get(file) ?? []) {
      if (['function', 'method', 'constructor'].includes(n.kind) && n.s <= line && line <= n.e && (!best || n.e - n.s < best.e - best.s)) best = n;
    }
    return best;
  };

  // Common code calls the `expect` declaration, which the JVM sources' `actual` (what the
  // bytecode names) meets: the one of the same qualified name in the same package.
  const pkgOf = new Map([...files].map(([k, f]) => [f, k.slice(0, k.lastIndexOf('/'))]));
  const expects = new Map();
  for (const [f, nodes] of graph.nodesByFile) if (f.startsWith('common/')) for (const n of nodes) expects.set(`${pkgOf.get(f)} ${n.q} ${n.kind}`, n);
  const expectOf = (rec) => {
    const n = rec.tline ? graph.mapDecl(rec.tfile, rec.tname, rec.tline) : graph.nodesByFile.get(rec.tfile)?.find((x) => x.q === rec.tqual);
    const e = n && expects.get(`${pkgOf.get(rec.tfile)} ${n.q} ${n.kind}`);
    if (e) Object.assign(rec, { tfile: e.path, tline: e.s, tname: e.name, tqual: undefined });
  };

  const bySite = new Map();
  for (const c of classes.values()) {
    const file = fileOf(c);
    if (!file) continue;
    const src = linesOf(file);
    for (const m of c.methods.values()) {
      // synthetic: the default-argument and private-access bridges repeat the declaration's own line
      if (m.name?.endsWith('$default') || m.name?.startsWith('access$')) continue;
      const sorted = [...m.lines].sort((a, b) => a[0] - b[0]);
      for (const call of m.calls) {
        let line;
        for (const [at, l] of sorted) { if (at <= call.at) line = l; else break; }
        // past the file's end: code inlined from elsewhere (its SMAP lines)
        if (!line || line > src.length) continue;
        let { name, desc, owner } = call;
        const isNew = name === '<init>';
        // `class A : B(...)` and `constructor(...) : this(...)`: delegation, not `new`
        if (isNew && m.name === '<init>' && (owner === c.name || owner === c.super)) continue;
        // private members reached from a lambda or nested class: a static `access$name(self, ...)`
        if (name.startsWith('access$')) {
          name = name.slice(7);
          if (!classes.get(owner)?.methods.has(`${name} ${desc}`)) desc = `(${params(desc).replace(/^\[*(?:L[^;]*;|.)/, '')})${desc.slice(desc.indexOf(')') + 1)}`;
        }
        // an interface's default-argument bridge is its DefaultImpls' static `name$default(self, ...)`
        if (name.endsWith('$default') && owner.endsWith('$DefaultImpls')) {
          owner = owner.slice(0, -13);
          desc = `(${params(desc).replace(/^L[^;]*;/, '')})${desc.slice(desc.indexOf(')') + 1)}`;
        }
        // a default-argument call: `name$default(..., mask, marker)` beside the real `name(...)`
        if (name.endsWith('$default')) {
          name = name.slice(0, -8);
          // (a member's bridge is static: the instance comes first, `dispatch$default(self, ...)`)
          const all = params(desc), self = `L${owner};`;
          const p = all.startsWith(self) ? all.slice(self.length) : all;
          const real = [classes.get(owner), ...parts(owner)].filter(Boolean).flatMap((x) => [...x.methods.values()])
            .find((x) => x.name === name && x.desc !== desc && params(x.desc).length > 0 && p.startsWith(params(x.desc)));
          if (real) desc = real.desc;
        }
        // internal members' names carry the module's (kotlinc's default module is `main`)
        const bare = name.replace(/\$main$/, '');
        if (bare.includes('$') || name === '<clinit>') continue;
        const shown = isNew ? owner.slice(owner.lastIndexOf('/') + 1).split('$').pop() : bare;
        if (/^\d/.test(shown)) continue;
        const code = src[line - 1];
        const re = new RegExp(`(^|[^\\w$])${shown.replace(/[$]/g, '\\$')}\\s*(<[^()]*?>)?\\s*[({]`, 'g');
        const shows = [...code.matchAll(re)];
        if (!shows.length) continue;
        const before = code.slice(0, shows[0].index + shows[0][1].length).trimEnd();
        const recv = isNew ? 'new' : before.endsWith('?.') ? 'safe call' : /\bthis\.$/.test(before) ? 'this' : /\bsuper(<\w+>)?\.$/.test(before) ? 'super' : before.endsWith('.') ? 'dotted' : 'bare';
        const caller = callers(file, line);
        const rec = { file, line, name: shown, code: code.trim().slice(0, 160), recv, caller: caller?.name, cline: caller?.s, what: isNew ? 'new' : 'call', count: shows.length };
        const target = isNew ? (classes.has(owner) ? { c: classes.get(owner) } : undefined) : declaring(owner, name, desc);
        const tc = target?.c;
        if (tc && fileOf(tc)) {
          rec.tfile = fileOf(tc);
          if (isNew) rec.tqual = nested(tc);
          else {
            // an interface method's body is in its DefaultImpls class (Kotlin 1.3 on the JVM 6 target)
            const impl = classes.get(`${tc.name}$DefaultImpls`)?.methods.get(`${name} (L${tc.name};${params(desc)})${desc.slice(desc.indexOf(')') + 1)}`);
            const l = firstLine(tc, target.m) ?? (impl && firstLine(tc, impl));
            if (l) { rec.tname = bare; rec.tline = l; } else rec.tqual = `${nested(tc)}.${bare}`;
          }
        }
        if (rec.tfile && file.startsWith('common/') && !rec.tfile.startsWith('common/')) expectOf(rec);
        const key = `${file}:${line}:${shown}`;
        if (!bySite.has(key)) bySite.set(key, new Map());
        const t = `${rec.tfile}:${rec.tline}:${rec.tqual}`;
        const prev = bySite.get(key).get(t);
        // try/finally and default-argument paths repeat a call in the bytecode: never more than the line shows
        if (prev) prev.n = Math.min(prev.n + 1, rec.count); else bySite.get(key).set(t, { rec, n: 1 });
      }
    }
  }
  return [...bySite.values()].flatMap((m) => [...m.values()].flatMap(({ rec, n }) => Array(n).fill(rec)));
}

/** `work`: the indexed copy (compiled in a temp folder: nothing is written into it). */
export async function scoreKtCalls(work, { top = 12, examples = EXAMPLES } = {}) {
  const root = resolve(work);
  const out = compile(root);
  try {
    const classes = readClasses(out);
    return await scoreRecords(root, (graph) => records(root, classes, graph), { truthName: 'kotlinc', top, examples });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** KDoc'd declarations: {file, line, name, doc} (search queries), read from the text: a
 *  `/** ... *\/` block, then annotations, then the declaration that names it. */
export function ktDocs(src) {
  const root = resolve(src);
  const out = [];
  for (const f of walk(root, '.kt')) {
    const lines = readFileSync(f, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^\s*\/\*\*/.test(lines[i])) continue;
      let j = i;
      while (j < lines.length && !lines[j].includes('*/')) j++;
      // the description is what comes before the block tags (`@param`, `@suppress`), as for javadoc
      const body = lines.slice(i, j + 1).join('\n').replace(/^\s*\/\*\*|\*\/\s*$/g, '').split('\n').map((l) => l.replace(/^\s*\*\s?/, ''));
      const tag = body.findIndex((l) => /^\s*@\w/.test(l));
      const doc = (tag < 0 ? body : body.slice(0, tag)).join('\n').trim();
      let k = j + 1;
      while (k < lines.length && /^\s*(@\w|$)/.test(lines[k])) k++;
      // a function's or property's name is the word before its `(` or `:`, after any receiver
      // type (`fun <T> Collection<Deferred<T>>.awaitAll(`); a class's follows its keyword
      const line = lines[k] ?? '';
      const m = /\b(?:(?:fun|val|var)\s+(?:<.*?>\s+)?(?:[^(]*\.)?(\w+)\s*[(:=]|(?:fun|val|var)\s+(\w+)|(?:class|interface|object|typealias)\s+(\w+))/.exec(line);
      const name = m && (m[1] ?? m[2] ?? m[3]);
      if (name && doc) out.push({ file: relative(root, f), line: k + 1, name, doc });
      i = j;
    }
  }
  return out;
}
