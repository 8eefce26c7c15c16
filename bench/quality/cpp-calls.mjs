// Call-graph quality for C++ against clang, on two corpora (corpora.mjs):
// - `cpp`, spdlog (Debian's libspdlog-dev, header-only). One translation unit includes every
//   header that builds on Linux and instantiates each sink template for std::mutex (the `_mt`
//   sinks), so that clang resolves the calls in their bodies;
// - `gtest`, GoogleTest 1.12.1 with GoogleMock (Debian's googletest sources): the libraries'
//   own units, gtest-all.cc and gmock-all.cc, which include every source file (the tests' units
//   dump gigabytes of JSON: each EXPECT instantiates templates of `testing`).
// clang-14's JSON AST (the corpus's namespace only) gives each direct call and member call with
// the declaration it names; a site seen by both units is one. A method's target is its definition (in
// its class, or out of line in an -inl.h file), else its declaration; a declaration outside the
// corpus (the standard library, fmt) is external. A call a template leaves dependent is no site;
// a site two instantiations resolve differently is unknown. Calls written in macro bodies are
// left out. Scored by score.mjs like the other truths.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { aptInstall } from '../lib/corpora.mjs';
import { clangJson, corpusFiles, readUnit } from './clang-ast.mjs';
import { EXAMPLES, scoreRecords } from './score.mjs';

const CLANG = '/usr/bin/clang++-14';
// headers for other platforms or libraries this machine lacks
const SKIP = /-inl\.h$|android|msvc|mongo|qt_sinks|systemd|win/;
const MUTEX = { Mutex: 'std::mutex', ConsoleMutex: 'spdlog::details::console_mutex' };

/** The translation unit: every header, and each sink template instantiated. */
function unitText(work) {
  const lines = [];
  const walk = (dir) => {
    for (const e of readdirSync(join(work, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) { if (e.name !== 'fmt') walk(p); } else if (e.name.endsWith('.h') && !SKIP.test(e.name)) lines.push(`#include "${p}"`);
    }
  };
  walk('spdlog');
  for (const inc of [...lines]) {
    const text = readFileSync(join(work, inc.slice(10, -1)), 'utf8');
    if (!inc.includes('/sinks/')) continue;
    for (const m of text.matchAll(/template\s*<\s*typename\s+(\w+)[^>]*>\s*class\s+(?:SPDLOG_API\s+)?(\w+)\s*(?:final\s*)?:/g)) {
      if (MUTEX[m[1]]) lines.push(`template class spdlog::sinks::${m[2]}<${MUTEX[m[1]]}>;`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Per corpus: the units clang compiles (files relative to the copy, or generated text), the
 *  include folders, and the namespace whose declarations it dumps. */
const SETUPS = {
  cpp: { units: (work) => [{ text: unitText(work) }], includes: ['.'], namespace: 'spdlog' },
  gtest: {
    units: () => [{ file: 'googletest/googletest/src/gtest-all.cc' }, { file: 'googletest/googlemock/src/gmock-all.cc' }],
    includes: ['googletest/googletest/include', 'googletest/googletest', 'googletest/googlemock/include', 'googletest/googlemock'],
    namespace: 'testing',
  },
};

export async function cppTruth(work, corpus = 'cpp') {
  if (!existsSync(CLANG)) aptInstall('clang-14', 'the C++ call-graph truth');
  const setup = SETUPS[corpus];
  const { rel, inCorpus, code } = corpusFiles(work);
  const tmp = mkdtempSync(join(tmpdir(), 'codeindex-cpp-truth-'));
  const decls = new Map();
  const calls = [];
  const docs = [];
  const files = new Set();
  const canonicals = [];
  try {
    for (const [i, u] of setup.units(work).entries()) {
      let tu = u.file;
      if (u.text !== undefined) writeFileSync(tu = join(tmp, `unit${i}.cpp`), u.text);
      const { objects, errors } = await clangJson(CLANG, ['-std=c++17', '-fsyntax-only', '-fparse-all-comments', '-w', ...setup.includes.map((d) => `-I${join(work, d)}`),
        '-Xclang', '-ast-dump=json', '-Xclang', `-ast-dump-filter=${setup.namespace}`, tu], work);
      console.error(`[quality] ${corpus}: clang read ${objects.length} declarations of ${setup.namespace} in ${u.file ?? 'one generated unit'} (${errors} errors reported)`);
      const unit = readUnit(objects, inCorpus);
      // a unit's declaration ids are its own: a call's target is looked up in its unit
      for (const [id, d] of unit.decls) decls.set(`${i}:${id}`, d);
      for (const c of unit.calls) calls.push({ ...c, unit: i });
      docs.push(...unit.docs);
      for (const f of unit.files) files.add(f);
      canonicals.push(unit.canonical);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // what this configuration compiled, to tell the text's alternatives (below)
  const compiled = new Set([...decls.values()].map((d) => `${rel(d.file ?? '')}:${d.line}`));
  const read = new Set([...files].map(rel).filter(Boolean));
  // an instantiated method's declaration knows no body: the definition of its class and name
  // (and type, among overloads) stands for it
  const defsByName = new Map();
  for (const d of decls.values()) {
    if (!d.def || d.def.macro) continue;
    const k = `${d.cls}::${d.name}`;
    if (!defsByName.has(k)) defsByName.set(k, []);
    // a header's definition, seen by each unit, once
    const list = defsByName.get(k);
    if (!list.some((x) => x.def.file === d.def.file && x.def.line === d.def.line)) list.push(d);
  }
  const targetOf = (unit, id) => {
    const c = canonicals[unit](id);
    if (!c) return undefined;
    if (c.def) return c.def;
    const same = defsByName.get(`${c.cls}::${c.name}`) ?? [];
    const d = same.length === 1 ? same[0] : same.find((x) => x.type === c.type);
    return d?.def ?? { file: c.file, line: c.line };
  };
  // one record per site; the instantiations of a template may each name a target
  const sites = new Map();
  for (const c of calls) {
    const file = rel(c.file);
    const key = `${file}:${c.line}:${c.col}:${c.name}`;
    const t = targetOf(c.unit, c.id);
    const where = t?.file && rel(t.file) && !t.macro ? `${rel(t.file)}:${t.line}` : t?.macro ? 'macro' : 'external';
    let s = sites.get(key);
    if (!s) sites.set(key, s = { r: { file, line: c.line, name: c.name, code: code(file, c.line), recv: c.member ? 'member' : '', caller: c.caller, cline: c.cline, what: c.member ? 'method' : 'function' }, targets: new Set(), t });
    s.targets.add(where);
  }
  const records = [];
  for (const { r, targets, t } of sites.values()) {
    if (targets.size > 1 || targets.has('macro')) { records.push({ ...r, what: 'unknown' }); continue; }
    if (!targets.has('external')) Object.assign(r, { tfile: rel(t.file), tline: t.line, tname: r.name });
    records.push(r);
  }
  const seen = new Set();
  const docList = docs.map((d) => ({ ...d, file: rel(d.file) })).filter((d) => d.file && d.doc && !seen.has(`${d.file}:${d.line}`) && seen.add(`${d.file}:${d.line}`));
  return { records, compiled, read, docs: docList };
}

let cached;
async function truthOf(work, corpus) {
  if (cached?.work !== work) cached = { work, ...(await cppTruth(resolve(work), corpus)) };
  return cached;
}

/** `work`: the indexed copy of `corpus` (`cpp`: its spdlog/ folder is what the headers include). */
export async function scoreCppCalls(work, corpus = 'cpp', { top = 12, examples = EXAMPLES } = {}) {
  const { records, compiled, read } = await truthOf(work, corpus);
  return scoreRecords(resolve(work), (graph) => {
    // A call clang sends outside the corpus where a file it read defines a function of the name
    // in text this configuration's preprocessor left out (common.h's own `make_unique`, under
    // `#if __cplusplus < 201402L`, where C++17 takes `using std::make_unique`): the answer
    // depends on the configuration, and the site is left out.
    const leftOut = new Set();
    for (const [file, nodes] of graph.nodesByFile) {
      if (!read.has(file)) continue;
      for (const n of nodes) if ((n.kind === 'function' || n.kind === 'method') && n.e > n.s && !compiledWithin(compiled, file, n)) leftOut.add(n.name);
    }
    return records.map((r) => (r.what !== 'unknown' && !r.tfile && leftOut.has(r.name) ? { ...r, what: 'unknown' } : r));
  }, { truthName: 'clang', top, examples });
}

/** Did clang declare anything on the lines of our node `n` (its name's line, usually)? */
function compiledWithin(compiled, file, n) {
  for (let l = n.s; l <= Math.min(n.e, n.s + 3); l++) if (compiled.has(`${file}:${l}`)) return true;
  return false;
}

/** Documented definitions: {file, line, name, doc} (search queries). */
export async function cppDocs(work, corpus = 'cpp') {
  return (await truthOf(work, corpus)).docs;
}
