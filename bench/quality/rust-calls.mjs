// Call-graph quality for Rust against rustc. rustc's THIR dump (`-Zunpretty=thir-tree`, with
// RUSTC_BOOTSTRAP=1 on a stable toolchain) prints every body with each call's callee as a resolved
// definition (`FnDef(DefId(0:269 ~ regex_syntax[4d2b]::ast::visitor::Visitor::visit_pre), [V])`)
// and its span. A callee of this crate maps to our node by the file + line of its own body, or by
// qualified name (a trait method without a body). A trait method called on a concrete type of the
// crate is the impl that runs (rustc resolves it so when it monomorphizes): that type's method of
// the same name where the crate declares one, else the trait's default method, else external (a
// derive or blanket impl). Spans from macro expansions (`(#4)`) and operator calls are left out;
// calls written inside a macro's arguments (`assert_eq!(f(x), 1)`) keep their own spans and count.
// The dump is ~1 GB of text for regex-syntax: read as a stream, never held whole. Search queries
// come from rustdoc's JSON (the items' doc comments).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { EXAMPLES, scoreRecords } from './score.mjs';

/** The crate's features to turn on: the default ones, as Cargo.toml lists them (flattened). */
function defaultFeatures(dir) {
  const toml = readFileSync(join(dir, 'Cargo.toml'), 'utf8');
  const sec = /\n\[features\]\n([\s\S]*?)(\n\[|$)/.exec(toml)?.[1] ?? '';
  const table = new Map();
  for (const m of sec.matchAll(/^([\w-]+)\s*=\s*\[([^\]]*)\]/gm)) table.set(m[1], [...m[2].matchAll(/"([^"]+)"/g)].map((x) => x[1]));
  const on = new Set();
  const add = (f) => { if (on.has(f)) return; on.add(f); for (const g of table.get(f) ?? []) add(g); };
  if (table.has('default')) add('default');
  return [...on];
}

const edition = (dir) => /edition\s*=\s*"(\d+)"/.exec(readFileSync(join(dir, 'Cargo.toml'), 'utf8'))?.[1] ?? '2015';

/** Splits `a, b<c, d>, e` at its top-level commas. */
function splitTop(s) {
  const out = [];
  let depth = 0, start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '<' || c === '(' || c === '[' || c === '{') depth++;
    else if (c === '>' || c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) { out.push(s.slice(start, i).trim()); start = i + 1; }
  }
  if (s.slice(start).trim()) out.push(s.slice(start).trim());
  return out;
}

const SPAN = /span: (\S+?):(\d+):(\d+): (\d+):(\d+) \(#(\d+)\)/;
const DEFID = /DefId\((\d+):(\d+) ~ ([^)]*)\)/;
// the crate dropped, and the disambiguators of same-named items (`--test` makes a `#[test] fn f`
// a const `f` and the function `f#1`)
const strip = (path) => path.replace(/\[[0-9a-f]+\]/g, '').split('::').slice(1).map((s) => s.replace(/^([^{].*?)#\d+$/, '$1'));

/** Streams rustc's THIR of the crate at `dir` (its lib, with its unit tests): bodies and calls. */
async function thir(dir) {
  const feats = defaultFeatures(dir).flatMap((f) => ['--cfg', `feature="${f}"`]);
  const child = spawn('rustc', ['--edition', edition(dir), '--crate-type', 'lib', '--test', '--crate-name', 'corpus', ...feats,
    '-Zunpretty=thir-tree', '-o', '-', 'src/lib.rs'], { cwd: dir, env: { ...process.env, RUSTC_BOOTSTRAP: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => { err = (err + d).slice(-4000); });
  const bodies = new Map(); // path (joined) -> { file, line }
  const calls = [];
  const seen = new Set();
  let body, want = 0, call;
  for await (const raw of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (raw[0] === 'D') {
      const m = /^DefId\(0:\d+ ~ (.*)\):$/.exec(raw);
      if (m) { body = { path: strip(m[1]), loc: undefined }; continue; }
    }
    const line = raw.trimStart();
    if (body && !body.loc && line.startsWith('span: ')) {
      const s = SPAN.exec(line);
      if (s && !s[1].startsWith('/')) { body.loc = { file: s[1], line: Number(s[2]) }; bodies.set(body.path.join('::'), body.loc); }
    }
    if (line === 'Call {') { want = 3; call = { body }; continue; }
    if (!want) continue;
    want--;
    if (line.startsWith('ty: ')) {
      const d = DEFID.exec(line);
      if (!d) { want = 0; continue; }
      const rest = line.slice(d.index + d[0].length);
      const args = rest.startsWith(', [') ? splitTop(rest.slice(3, rest.lastIndexOf(']'))) : [];
      Object.assign(call, { crate: Number(d[1]), path: d[1] === '0' ? strip(d[3]) : d[3].replace(/\[[0-9a-f]+\]/g, '').split('::'), args });
    } else if (line.startsWith('from_hir_call: ')) {
      if (line !== 'from_hir_call: true') want = 0; // an operator (`a + b`, `v[i]`): no call written
    } else if (line.startsWith('fn_span: ')) {
      const s = SPAN.exec(line.replace('fn_span', 'span'));
      // once per written call: a macro may expand its arguments twice (`test_lit!` makes two tests)
      const key = s && `${s[1]}:${s[2]}:${s[3]}`;
      if (s && s[6] === '0' && !s[1].startsWith('/') && call.path && !seen.has(key)) {
        seen.add(key);
        calls.push({ ...call, file: s[1], line: Number(s[2]), col: Number(s[3]) });
      }
      want = 0;
    }
  }
  const code = await new Promise((r) => child.on('close', r));
  if (code !== 0) throw new Error(`rustc's THIR dump failed (exit ${code}): ${err}`);
  return { bodies, calls };
}

/** Which file declares the item at module path `segs` (src/lib.rs, src/a/b.rs or src/a/b/mod.rs),
 *  and the segments left inside it. */
function moduleFile(dir, segs) {
  let file = 'src/lib.rs', base = 'src', i = 0;
  for (; i < segs.length; i++) {
    const a = `${base}/${segs[i]}.rs`, b = `${base}/${segs[i]}/mod.rs`;
    if (existsSync(join(dir, a))) file = a;
    else if (existsSync(join(dir, b))) file = b;
    else break;
    base = `${base}/${segs[i]}`;
  }
  return { file, rest: segs.slice(i) };
}

/** A type as rustc prints it, without its references (`&'{erased} mut ast::Literal` -> ast::Literal). */
const unref = (t) => t.replace(/^(&('\S+ )?(mut )?)+/, '');

const TYPE_KINDS = new Set(['struct', 'enum', 'type', 'class', 'union']);
/** Types of std a trait of the crate may be implemented for (capitalised, so not told from a
 *  type parameter by their looks). */
const STD_TYPES = new Set(['Vec', 'String', 'Box', 'Option', 'Result', 'Rc', 'Arc', 'Cow', 'HashMap', 'BTreeMap', 'HashSet', 'BTreeSet', 'VecDeque']);

/** Truth records (score.mjs's sitesFrom shape) for the crate at `dir`, indexed at `work`. */
export async function rustTruth(dir, graph) {
  const { bodies, calls } = await thir(dir);
  const lines = new Map();
  const src = (file) => { if (!lines.has(file)) lines.set(file, readFileSync(join(dir, file), 'utf8').split('\n')); return lines.get(file); };
  const byQual = new Map();
  for (const list of graph.nodesByFile.values()) for (const n of list) { if (!byQual.has(n.q)) byQual.set(n.q, []); byQual.get(n.q).push(n); }
  const types = new Set();
  for (const list of graph.nodesByFile.values()) for (const n of list) if (TYPE_KINDS.has(n.kind)) types.add(n.name);
  const isCallerSeg = (s) => !s.startsWith('{');
  const out = [];
  for (const c of calls) {
    const text = src(c.file)[c.line - 1] ?? '';
    const name = c.path[c.path.length - 1];
    const method = text[c.col - 2] === '.' || /\.\s*$/.test(text.slice(0, c.col - 1));
    const callerSeg = [...c.body.path].reverse().find(isCallerSeg);
    const rec = { file: c.file, line: c.line, name, code: text.trim().slice(0, 120), recv: method ? 'method' : 'path', caller: callerSeg, cline: c.body.loc?.line, what: 'function' };
    const body = c.crate === 0 ? bodies.get(c.path.join('::')) : undefined;
    const traitIdx = c.path.length - 2;
    if (traitIdx >= 1 && /^[A-Z]/.test(c.path[traitIdx]) && c.args.length > 0) {
      // a trait method (`Iterator::next`, `Visitor::visit_pre`), Self first among its arguments
      const bare = unref(c.args[0]);
      const segs = bare.replace(/<.*$/, '').split('::'); // `ast::Literal` -> its modules, its name
      const self = segs[segs.length - 1];
      const impls = (byQual.get(`${self}.${name}`) ?? []).filter((n) => n.kind === 'method' || n.kind === 'function');
      if (impls.length === 1) { out.push({ ...rec, what: 'method', tfile: impls[0].path, tline: impls[0].s, tname: name }); continue; }
      if (impls.length > 1) {
        // `ast::Literal` and `hir::Literal`: the one under the printed path's modules
        const mods = segs.slice(0, -1);
        const under = impls.filter((n) => mods.every((m) => n.path.split(/[/.]/).includes(m)));
        if (under.length === 1) out.push({ ...rec, what: 'method', tfile: under[0].path, tline: under[0].s, tname: name });
        else out.push({ ...rec, what: 'unknown' });
        continue;
      }
      // a type parameter (`Self/#0`, `I/#1`), `dyn Trait`, `impl Trait`, or a name the crate does not declare
      const generic = /^(dyn|impl) /.test(bare) || /^\w+\/#\d+$/.test(bare) || (/^[A-Z]\w*$/.test(self) && !types.has(self) && !STD_TYPES.has(self));
      if (c.crate !== 0) { out.push({ ...rec, what: generic ? 'trait method' : 'impl' }); continue; }
      if (!generic) {
        // a concrete type with no method of its own: the trait's default, or a derive / blanket impl
        if (body) out.push({ ...rec, what: 'method', tfile: body.file, tline: body.line, tname: name });
        else out.push({ ...rec, what: 'impl' });
        continue;
      }
      const mod = moduleFile(dir, c.path.slice(0, traitIdx));
      out.push({ ...rec, what: 'method', tfile: mod.file, tqual: [...mod.rest, c.path[traitIdx], name].join('.'), tname: name });
      continue;
    }
    if (c.crate !== 0) { out.push(rec); continue; } // std, core, alloc: external
    if (body) { out.push({ ...rec, what: 'function', tfile: body.file, tline: body.line, tname: name }); continue; }
    out.push({ ...rec, what: 'unknown' });
  }
  return out;
}

/** Documented items of the crate at `dir`, as rustdoc's JSON output gives them (private ones
 *  too): {file, line, name, doc}, the search queries. Modules (whole files) are left out. */
export function rustDocs(dir) {
  const out = mkdtempSync(join(tmpdir(), 'codeindex-rustdoc-'));
  try {
    const feats = defaultFeatures(dir).flatMap((f) => ['--cfg', `feature="${f}"`]);
    execFileSync('rustdoc', ['--edition', edition(dir), '--crate-name', 'corpus', ...feats, '-Z', 'unstable-options', '--output-format', 'json',
      '--document-private-items', '-o', out, 'src/lib.rs'], { cwd: dir, env: { ...process.env, RUSTC_BOOTSTRAP: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    const json = JSON.parse(readFileSync(join(out, 'corpus.json'), 'utf8'));
    return Object.values(json.index)
      .filter((i) => i.docs && i.name && i.span && !i.span.filename.startsWith('/') && !['module', 'impl', 'use'].includes(Object.keys(i.inner)[0]))
      .map((i) => ({ file: i.span.filename, line: i.span.begin[0], name: i.name, doc: i.docs }));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** `work`: the indexed copy of the crate (rustc reads the same files). */
export async function scoreRustCalls(work, { top = 12, examples = EXAMPLES } = {}) {
  execFileSync('rustc', ['--version'], { stdio: 'ignore' }); // a clear error where there is no rustc
  return scoreRecords(resolve(work), (graph) => rustTruth(resolve(work), graph), { truthName: 'rustc', top, examples });
}
