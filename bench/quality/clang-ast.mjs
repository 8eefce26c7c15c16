// Reads clang's JSON AST (`-Xclang -ast-dump=json`) for the C and C++ call-graph truths
// (c-calls.mjs, cpp-calls.mjs): each function's declarations and definition, and each direct
// call with the declaration it names.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, normalize, relative } from 'node:path';

/** Paths in the corpus at `work`: `rel(f)` is clang's path relative to it, or undefined outside
 *  it (or no file: clang's `<scratch space>`); `code(f, line)` is that line's text. */
export function corpusFiles(work) {
  const known = new Map();
  const rel = (f) => {
    let p = known.get(f);
    if (p === undefined) {
      p = isAbsolute(f) ? relative(work, f) : normalize(f);
      if (p.startsWith('..') || isAbsolute(p) || !existsSync(join(work, p))) p = null;
      known.set(f, p);
    }
    return p ?? undefined;
  };
  const lines = new Map();
  const code = (f, l) => {
    if (!lines.has(f)) lines.set(f, readFileSync(join(work, f), 'utf8').split('\n'));
    return (lines.get(f)[l - 1] ?? '').trim().slice(0, 160);
  };
  return { rel, inCorpus: (f) => rel(f) !== undefined, code };
}

/** Runs clang and parses what it prints: one JSON document, or one per declaration that
 *  `-ast-dump-filter` matched, printed one after another. */
export function clangJson(cmd, args, cwd) {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    let errors = 0;
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => { errors += (String(d).match(/error:/g) ?? []).length; });
    child.on('error', fail);
    child.on('close', () => {
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        ok({ objects: text.split(/\n}\n/).filter((t) => t.trim()).map((t) => JSON.parse(t.trimEnd().endsWith('}') ? t : `${t}\n}`)), errors });
      } catch (e) { fail(new Error(`${cmd} ${args[args.length - 1]}: ${e.message}`)); }
    });
  });
}

const FUNCTIONS = new Set(['FunctionDecl', 'CXXMethodDecl', 'CXXConstructorDecl', 'CXXDestructorDecl', 'CXXConversionDecl']);
const CLASSES = new Set(['CXXRecordDecl', 'ClassTemplateSpecializationDecl', 'ClassTemplatePartialSpecializationDecl', 'RecordDecl']);

/** One translation unit's functions and direct calls (operators, calls through pointers and calls
 *  a template leaves dependent are no sites). clang's JSON writes a location's file and line only
 *  where they change from the location printed before it, so the walk follows the dump's own
 *  order and carries them. `inCorpus(file)` says which places count.
 *  Returns { decls: id -> {name, cls, prev, isStatic, file, line, def?}, calls, docs, canonical,
 *  files (those the unit read) }. */
export function readUnit(objects, inCorpus) {
  let file = '', line = 0;
  const files = new Set(); // every file the unit read
  const bare = (l) => {
    if ('file' in l) files.add(file = l.file);
    if ('line' in l) line = l.line;
    return { file, line, col: l.col };
  };
  // a macro location gives the spelling (where the text is) and the expansion (where it is used)
  const place = (l) => {
    if (!l) return undefined;
    if (l.spellingLoc) { const s = bare(l.spellingLoc); bare(l.expansionLoc); return { ...s, macro: true, arg: !!l.expansionLoc.isMacroArgExpansion }; }
    return 'offset' in l ? bare(l) : undefined;
  };
  const decls = new Map();
  const calls = [];
  const docs = [];
  const callers = [];
  const classes = [];
  const classNames = new Map(); // id -> name (an out-of-line method names its class by id)
  let lambdas = 0;
  const visit = (n) => {
    const at = n.loc ? place(n.loc) : undefined;
    if (n.range) { n._begin = place(n.range.begin); n._end = place(n.range.end); }
    const fn = FUNCTIONS.has(n.kind) && n.name;
    const body = fn && (n.inner ?? []).some((c) => c.kind === 'CompoundStmt');
    // a lambda's body belongs to the function around it
    const caller = body && !lambdas;
    if (fn) {
      const cls = n.parentDeclContextId ? classNames.get(n.parentDeclContextId) : classes[classes.length - 1];
      const d = { name: n.name, cls, prev: n.previousDecl, isStatic: n.storageClass === 'static', file: at?.file, line: at?.line, type: n.type?.qualType };
      if (body && at) d.def = { file: at.file, line: at.line, macro: at.macro };
      decls.set(n.id, d);
      if (caller) callers.push({ name: n.name, line: at?.line, file: at?.file });
    }
    if (CLASSES.has(n.kind)) { classes.push(n.name); classNames.set(n.id, n.name); }
    if (n.kind === 'LambdaExpr') lambdas++;
    for (const c of n.inner ?? []) visit(c);
    if (n.kind === 'LambdaExpr') lambdas--;
    if (CLASSES.has(n.kind)) classes.pop();
    if (caller) callers.pop();
    if (body) {
      const doc = (n.inner ?? []).find((c) => c.kind === 'FullComment');
      if (doc && at && inCorpus(at.file)) docs.push({ file: at.file, line: at.line, name: n.name, doc: commentText(doc) });
    }
    if (n.kind === 'CallExpr' || n.kind === 'CXXMemberCallExpr') {
      let callee = n.inner?.[0];
      while (callee && (callee.kind === 'ImplicitCastExpr' || callee.kind === 'ParenExpr')) callee = callee.inner?.[0];
      let ref, p;
      if (callee?.kind === 'DeclRefExpr' && FUNCTIONS.has(callee.referencedDecl?.kind)) { ref = callee.referencedDecl; p = callee._begin; }
      // `a.b()`: the member's name is where the expression ends
      // (a method: a field holding a function pointer is no site)
      else if (callee?.kind === 'MemberExpr' && callee.type?.qualType === '<bound member function type>') { ref = { id: callee.referencedMemberDecl, name: callee.name }; p = callee._end; }
      const from = callers[callers.length - 1];
      // the name as written: in the file, or in a macro's argument (never in a macro's body)
      if (ref && p && (!p.macro || p.arg) && inCorpus(p.file) && from) {
        calls.push({ file: p.file, line: p.line, col: p.col, name: ref.name, id: ref.id, member: callee.kind === 'MemberExpr', caller: from.name, cline: from.line });
      }
    }
  };
  for (const o of objects) visit(o);
  // every declaration of a function shares its first one; the definition is any of them with a body
  const canonical = (id) => {
    let d = decls.get(id);
    const seen = new Set();
    while (d?.prev && decls.has(d.prev) && !seen.has(d.prev)) { seen.add(d.prev); d = decls.get(d.prev); }
    return d;
  };
  for (const d of decls.values()) {
    const c = canonical(d.prev) ?? d;
    if (d.def) c.def = d.def;
    if (d.isStatic) c.isStatic = true;
  }
  return { decls, calls, docs, canonical, files };
}

const commentText = (n) => [n.text ?? '', ...(n.inner ?? []).map(commentText)].join(n.kind === 'ParagraphComment' ? '\n' : '').replace(/\s+/g, ' ').trim();
