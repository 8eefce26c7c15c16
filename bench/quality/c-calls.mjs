// Call-graph quality for C against clang. The corpus is GNU binutils 2.40's programs and
// libiberty (corpora.mjs `c`); clang-14 (Debian's, installed on first use) compiles each of their
// .c files, configured as a native build, and its JSON AST gives every direct call with the
// function it names. A callee defined in the same translation unit (a static function, or one a
// header defines inline) is that definition; any other is the one external definition of that
// name in the corpus (two definitions, as two programs may have, leave the site unknown); none
// means outside the corpus (libc, or libbfd, which the corpus leaves out). Calls written in a
// macro's body are left out; names written in a macro's arguments count. Calls through function
// pointers name no function and are not sites. Search queries are the comments clang attaches to
// function definitions (`-fparse-all-comments`). Scored by score.mjs like the other truths.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, resolve } from 'node:path';
import { aptInstall, root as repo } from '../lib/corpora.mjs';
import ignore from 'ignore';
import { loadGraph, scoreSites, sitesFrom } from './score.mjs';

const CLANG = '/usr/bin/clang-14';
/** The corpus's folders whose .c files the truth compiles. */
const UNITS = ['binutils', 'libiberty'];

/** A native configure of the whole source tree `src` (cached beside it): config.h files and the
 *  generated bfd.h the programs include. About a minute, once. */
function configured(src) {
  const build = `${src}-build`;
  if (existsSync(join(build, '.complete'))) return build;
  rmSync(build, { recursive: true, force: true });
  mkdirSync(build, { recursive: true });
  console.error(`configuring binutils in ${build} (once)...`);
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: build, stdio: ['ignore', 'ignore', 'inherit'] });
  run(join(src, 'configure'), ['--disable-gdb', '--disable-gprofng', '--disable-gold', '--disable-sim', '--disable-nls', '--disable-werror']);
  run('make', ['-j2', 'configure-bfd', 'configure-binutils', 'configure-libiberty', 'configure-zlib']);
  run('make', ['-C', 'bfd', 'bfd.h', 'bfdver.h']);
  writeFileSync(join(build, '.complete'), '');
  return build;
}

/** clang's JSON AST of one file (relative to `work`), parsed. Headers it includes come too. */
function clangAst(work, file, src, build) {
  const dir = file.split('/')[0];
  const args = ['-fsyntax-only', '-fparse-all-comments', '-Xclang', '-ast-dump=json', '-DHAVE_CONFIG_H', '-w',
    `-I${join(build, dir)}`, `-I${dir}`, `-I${join(src, dir)}`, `-I${join(build, 'bfd')}`, `-I${join(src, 'bfd')}`, '-Iinclude', `-I${join(build, 'libiberty')}`, `-I${join(src, 'zlib')}`, file];
  return new Promise((ok, fail) => {
    const child = spawn(CLANG, args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    let errors = 0;
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => { errors += (String(d).match(/error:/g) ?? []).length; });
    child.on('error', fail);
    child.on('close', () => {
      try { ok({ ast: JSON.parse(Buffer.concat(chunks).toString('utf8')), errors }); } catch (e) { fail(new Error(`clang on ${file}: ${e.message}`)); }
    });
  });
}

/** One translation unit's functions and direct calls. clang's JSON writes a location's file and
 *  line only where they change from the location printed before it, so the walk follows the
 *  dump's own order and carries them. */
function readUnit(ast, inCorpus) {
  let file = '', line = 0;
  const bare = (l) => {
    if ('file' in l) file = l.file;
    if ('line' in l) line = l.line;
    return { file, line, col: l.col };
  };
  // a macro location gives the spelling (where the text is) and the expansion (where it is used)
  const place = (l) => {
    if (!l) return undefined;
    if (l.spellingLoc) { const s = bare(l.spellingLoc); bare(l.expansionLoc); return { ...s, macro: true, arg: !!l.expansionLoc.isMacroArgExpansion }; }
    return 'offset' in l ? bare(l) : undefined;
  };
  const decls = new Map(); // id -> { name, prev, static, def?: {file, line} }
  const calls = [];
  const docs = [];
  const callers = [];
  const visit = (n) => {
    const at = n.loc ? place(n.loc) : undefined;
    let begin;
    if (n.range) { begin = place(n.range.begin); place(n.range.end); }
    n._begin = begin;
    const body = n.kind === 'FunctionDecl' && (n.inner ?? []).some((c) => c.kind === 'CompoundStmt');
    if (n.kind === 'FunctionDecl') {
      const d = { name: n.name, prev: n.previousDecl, isStatic: n.storageClass === 'static', file: at?.file, line: at?.line };
      if (body && at) d.def = { file: at.file, line: at.line, macro: at.macro };
      decls.set(n.id, d);
      if (body) callers.push({ name: n.name, line: at?.line, file: at?.file });
    }
    for (const c of n.inner ?? []) visit(c);
    if (body) {
      callers.pop();
      const doc = (n.inner ?? []).find((c) => c.kind === 'FullComment');
      if (doc && at && inCorpus(at.file)) docs.push({ file: at.file, line: at.line, name: n.name, doc: commentText(doc) });
    }
    if (n.kind === 'CallExpr') {
      let callee = n.inner?.[0];
      while (callee && (callee.kind === 'ImplicitCastExpr' || callee.kind === 'ParenExpr')) callee = callee.inner?.[0];
      const ref = callee?.kind === 'DeclRefExpr' ? callee.referencedDecl : undefined;
      const p = callee?._begin;
      const caller = callers[callers.length - 1];
      // the name as written: in the file, or in a macro's argument (never in a macro's body)
      if (ref?.kind === 'FunctionDecl' && p && (!p.macro || p.arg) && inCorpus(p.file) && caller) {
        calls.push({ file: p.file, line: p.line, col: p.col, name: ref.name, id: ref.id, caller: caller.name, cline: caller.line });
      }
    }
  };
  visit(ast);
  const canonical = (id) => { let d = decls.get(id); const seen = new Set(); while (d?.prev && decls.has(d.prev) && !seen.has(d.prev)) { seen.add(d.prev); d = decls.get(d.prev); } return d; };
  // every declaration of a function shares its first one; the definition is any of them with a body
  const defs = new Map();
  const isStatic = new Map();
  for (const [id, d] of decls) {
    const c = canonical(id);
    if (d.def) defs.set(c, d.def);
    if (d.isStatic) isStatic.set(c, true);
  }
  for (const call of calls) {
    const c = canonical(call.id);
    call.def = c ? defs.get(c) : undefined;
    call.isStatic = c ? !!isStatic.get(c) : false;
    call.declaredAt = c && { file: c.file, line: c.line };
  }
  const externalDefs = [];
  for (const [id, d] of decls) if (d.def && !isStatic.get(canonical(id))) externalDefs.push({ name: d.name, ...d.def });
  return { calls, docs, externalDefs };
}

const commentText = (n) => [n.text ?? '', ...(n.inner ?? []).map(commentText)].join(n.kind === 'ParagraphComment' ? '\n' : '').replace(/\s+/g, ' ').trim();

/** The truth records over `work` (a copy of the corpus; `src`, the full source tree it came from). */
export async function cTruth(work, src) {
  if (!existsSync(CLANG)) aptInstall('clang-14', 'the C call-graph truth');
  const build = configured(src);
  // a path in the corpus, relative to it (clang's `<scratch space>` is no file)
  const rel = (f) => {
    const p = isAbsolute(f) ? relative(work, f) : normalize(f);
    return p.startsWith('..') || isAbsolute(p) || !existsSync(join(work, p)) ? undefined : p;
  };
  const inCorpus = (f) => rel(f) !== undefined;
  // what the index leaves out (binutils/.gitignore lists the parsers and lexers bison and flex make)
  const ignored = new Map(UNITS.map((d) => [d, existsSync(join(work, d, '.gitignore')) ? ignore().add(readFileSync(join(work, d, '.gitignore'), 'utf8')) : ignore()]));
  const isIgnored = (f) => { const [d, ...rest] = f.split('/'); return !!ignored.get(d)?.ignores(rest.join('/')); };
  const files = UNITS.flatMap((d) => readdirSync(join(work, d)).filter((f) => f.endsWith('.c')).map((f) => `${d}/${f}`)).filter((f) => !isIgnored(f));
  const units = [];
  let failed = 0, errors = 0;
  for (const f of files) {
    try {
      const { ast, errors: e } = await clangAst(work, f, src, build);
      errors += e;
      units.push({ file: f, ...readUnit(ast, inCorpus) });
    } catch (e) { failed++; console.error(String(e.message).slice(0, 200)); }
  }
  console.error(`[quality] c: clang read ${units.length} of ${files.length} files (${failed} failed, ${errors} errors reported)`);
  // each external name's definitions in the corpus (a header's inline one, seen by many units, once)
  const external = new Map();
  for (const u of units) {
    for (const d of u.externalDefs) {
      const f = rel(d.file);
      if (!f) continue;
      const k = `${f}:${d.line}`;
      if (!external.has(d.name)) external.set(d.name, new Map());
      external.get(d.name).set(k, { file: f, line: d.line, macro: d.macro });
    }
  }
  const lines = new Map();
  const code = (f, l) => {
    if (!lines.has(f)) lines.set(f, readFileSync(join(work, f), 'utf8').split('\n'));
    return (lines.get(f)[l - 1] ?? '').trim().slice(0, 160);
  };
  const seen = new Set();
  const records = [];
  for (const u of units) {
    for (const c of u.calls) {
      const file = rel(c.file);
      if (isIgnored(file)) continue;
      const key = `${file}:${c.line}:${c.col}:${c.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const r = { file, line: c.line, name: c.name, code: code(file, c.line), recv: '', caller: c.caller, cline: c.cline, what: 'function' };
      // a function a macro's expansion defines (dwarfnames.c's get_DW_TAG_name, regex.c's
      // token-pasted byte_regex_compile) has no place of its own in the text, and one in a file
      // the index leaves out (a generated parser) is not the index's to find: both left out
      let def = c.def && { file: rel(c.def.file), line: c.def.line, macro: c.def.macro };
      // a function the system's headers declare is the system's, though libiberty has a
      // replacement for it (memcpy.c), which configure leaves out where the system has one
      const declared = c.declaredAt && rel(c.declaredAt.file);
      if (!def && !c.isStatic && declared) {
        const all = [...(external.get(c.name)?.values() ?? [])];
        if (all.length > 1) { records.push({ ...r, what: 'unknown' }); continue; }
        // declared by the corpus and defined by none of its compiled code: the declaration is
        // what the project has of it (libbfd's functions, a generated parser's yyparse), unless
        // its text defines it where the preprocessor left it out (getopt1.c's getopt_long under
        // glibc: configDependent, at score time)
        def = all[0] ?? { file: declared, line: c.declaredAt.line, declaredOnly: true };
      }
      if (def?.macro || (def?.file && isIgnored(def.file))) { records.push({ ...r, what: 'unknown' }); continue; }
      if (def?.file) Object.assign(r, { tfile: def.file, tline: def.line, tname: c.name });
      if (def?.declaredOnly) r.declaredOnly = true;
      // the system's function, unless the corpus's text declares it too (libiberty.h's strtoul,
      // under #if !HAVE_DECL_STRTOUL): configDependent, at score time
      if (!def && !c.isStatic) r.system = true;
      records.push(r);
    }
  }
  const docs = units.flatMap((u) => u.docs.map((d) => ({ ...d, file: rel(d.file) }))).filter((d) => d.file && d.doc);
  return { records, docs };
}

let cached;
async function truthOf(work, src) {
  if (cached?.work !== work) cached = { work, ...(await cTruth(resolve(work), resolve(src))) };
  return cached;
}

/** `work`: the indexed copy; `src`: the corpus's full source tree (configured for clang). */
export async function scoreCCalls(work, src, { top = 12, examples = 4 } = {}) {
  const { records } = await truthOf(work, src);
  const graph = await loadGraph(resolve(work));
  // Where the text holds what this configuration's preprocessor left out, the answer depends on
  // the configuration, and the site is left out: a function the corpus declares and defines in
  // its text where clang compiled no definition, and a system function the corpus's headers (or
  // the calling file) declare or define as well.
  const defined = new Set(), inHeaders = new Set();
  for (const [file, nodes] of graph.nodesByFile) {
    for (const n of nodes) {
      if (n.kind !== 'function' && n.kind !== 'macro') continue;
      if (file.endsWith('.h')) inHeaders.add(n.name);
      else if (UNITS.includes(file.split('/')[0]) && n.e > n.s) defined.add(n.name);
    }
  }
  const inFile = (r) => graph.nodesByFile.get(r.file)?.some((n) => n.name === r.name && (n.kind === 'function' || n.kind === 'macro'));
  const configDependent = (r) => (r.declaredOnly && defined.has(r.name)) || (r.system && (inHeaders.has(r.name) || inFile(r)));
  const scored = records.map((r) => (configDependent(r) ? { ...r, what: 'unknown' } : r));
  const { sites, counts } = sitesFrom(graph, scored);
  const scores = scoreSites(graph, sites, { truthName: 'clang', top, examples });
  graph.db.close();
  return { sites: counts, ...scores };
}

/** Documented function definitions: {file, line, name, doc} (search queries). */
export async function cDocs(work, src) {
  return (await truthOf(work, src)).docs;
}
