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
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { aptInstall } from '../lib/corpora.mjs';
import ignore from 'ignore';
import { clangJson, corpusFiles, readUnit } from './clang-ast.mjs';
import { EXAMPLES, scoreRecords } from './score.mjs';

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

/** clang's JSON AST of one file (relative to `work`), read: its functions and calls. */
async function clangUnit(work, file, src, build, inCorpus) {
  const dir = file.split('/')[0];
  const args = ['-fsyntax-only', '-fparse-all-comments', '-Xclang', '-ast-dump=json', '-DHAVE_CONFIG_H', '-w',
    `-I${join(build, dir)}`, `-I${dir}`, `-I${join(src, dir)}`, `-I${join(build, 'bfd')}`, `-I${join(src, 'bfd')}`, '-Iinclude', `-I${join(build, 'libiberty')}`, `-I${join(src, 'zlib')}`, file];
  const { objects, errors } = await clangJson(CLANG, args, work);
  const { decls, calls, docs, canonical } = readUnit(objects, inCorpus);
  for (const call of calls) {
    const c = canonical(call.id);
    call.def = c?.def;
    call.isStatic = !!c?.isStatic;
    call.declaredAt = c && { file: c.file, line: c.line };
  }
  const externalDefs = [];
  for (const [id, d] of decls) if (d.def && !canonical(id)?.isStatic) externalDefs.push({ name: d.name, ...d.def });
  return { calls, docs, externalDefs, errors };
}

/** The truth records over `work` (a copy of the corpus; `src`, the full source tree it came from). */
export async function cTruth(work, src) {
  if (!existsSync(CLANG)) aptInstall('clang-14', 'the C call-graph truth');
  const build = configured(src);
  const { rel, inCorpus, code } = corpusFiles(work);
  // what the index leaves out (binutils/.gitignore lists the parsers and lexers bison and flex make)
  const ignored = new Map(UNITS.map((d) => [d, existsSync(join(work, d, '.gitignore')) ? ignore().add(readFileSync(join(work, d, '.gitignore'), 'utf8')) : ignore()]));
  const isIgnored = (f) => { const [d, ...rest] = f.split('/'); return !!ignored.get(d)?.ignores(rest.join('/')); };
  const files = UNITS.flatMap((d) => readdirSync(join(work, d)).filter((f) => f.endsWith('.c')).map((f) => `${d}/${f}`)).filter((f) => !isIgnored(f));
  const units = [];
  let failed = 0, errors = 0;
  for (const f of files) {
    try {
      const unit = await clangUnit(work, f, src, build, inCorpus);
      errors += unit.errors;
      units.push({ file: f, ...unit });
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
      let def = c.def && { file: rel(c.def.file), line: c.def.line, macro: c.def.macro };
      // a function the system's headers declare (no `declared` in the corpus) is the system's,
      // though libiberty has a replacement for it (memcpy.c), which configure leaves out where
      // the system has one
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
      // a function a macro's expansion defines (dwarfnames.c's get_DW_TAG_name, regex.c's
      // token-pasted byte_regex_compile) has no place of its own in the text, and one in a file
      // the index leaves out (a generated parser) is not the index's to find: both left out
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
export async function scoreCCalls(work, src, { top = 12, examples = EXAMPLES } = {}) {
  const { records } = await truthOf(work, src);
  return scoreRecords(resolve(work), (graph) => {
    // Where the text holds what this configuration's preprocessor left out, the answer depends
    // on the configuration, and the site is left out: a function the corpus declares and
    // defines in its text where clang compiled no definition, and a system function the
    // corpus's headers (or the calling file) declare or define as well.
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
    return records.map((r) => (configDependent(r) ? { ...r, what: 'unknown' } : r));
  }, { truthName: 'clang', top, examples });
}

/** Documented function definitions: {file, line, name, doc} (search queries). */
export async function cDocs(work, src) {
  return (await truthOf(work, src)).docs;
}
