// Call-graph quality for Solidity against solc: the compiler (solc-js 0.8.20, its emscripten
// build from npm, fetched once into .cache/solc) compiles the whole corpus to ASTs, where every
// call names the declaration it reached (`referencedDeclaration`): a function call (an internal
// or inherited one, a library's through `using for`, another contract's through its type), an
// `emit`ted event, a `revert`ed error, a modifier or base constructor invoked in a function's
// header, a type conversion to a contract (`IERC20(token)`). A declaration of the corpus maps to
// our node by file + name + line; the language's own (`keccak256`, `abi.encode`, an address's
// `call`) are "external" (an edge there is wrong). Scored by score.mjs like the other truths.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { root as repo } from '../lib/corpora.mjs';
import { EXAMPLES, scoreRecords } from './score.mjs';

const SOLC = 'solc@0.8.20';

function compiler() {
  const dest = join(repo, '.cache/solc');
  const js = join(dest, 'package/soljson.js');
  if (!existsSync(js)) {
    mkdirSync(dest, { recursive: true });
    const tgz = execFileSync('npm', ['pack', SOLC, '--silent', '--pack-destination', dest], { encoding: 'utf8' }).trim().split('\n').pop();
    execFileSync('tar', ['xzf', join(dest, tgz), '-C', dest]);
  }
  return createRequire(import.meta.url)(js).cwrap('solidity_compile', 'string', ['string', 'number', 'number']);
}

function solFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory() && !e.name.startsWith('.')) solFiles(p, out);
    else if (e.name.endsWith('.sol')) out.push(p);
  }
  return out;
}

/** Byte offset -> 1-based line, per file (solc's `src` offsets count UTF-8 bytes). */
function lineIndex(text) {
  const buf = Buffer.from(text, 'utf8');
  const starts = [0];
  for (let i = 0; i < buf.length; i++) if (buf[i] === 10) starts.push(i + 1);
  const line = (off) => { let lo = 0, hi = starts.length - 1; while (lo < hi) { const m = (lo + hi + 1) >> 1; if (starts[m] <= off) lo = m; else hi = m - 1; } return lo + 1; };
  return { buf, line, lines: text.split('\n') };
}

const DECLS = new Set(['FunctionDefinition', 'ModifierDefinition', 'EventDefinition', 'ErrorDefinition', 'ContractDefinition', 'StructDefinition', 'VariableDeclaration', 'EnumDefinition']);
const CALLERS = new Set(['FunctionDefinition', 'ModifierDefinition']);

/** The corpus compiled to ASTs: its sources, solc's output, `at(src)` -> {file, line, start, len}. */
function compileAll(work) {
  const files = solFiles(work).map((p) => relative(work, p));
  const sources = Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(work, f), 'utf8') }]));
  const out = JSON.parse(compiler()(JSON.stringify({ language: 'Solidity', sources, settings: { outputSelection: { '*': { '': ['ast'] } } } }), 0, 0));
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc: ${errors.length} errors, e.g. ${errors[0].formattedMessage}`);
  const unitFile = new Map(); // solc's source index -> file
  const index = new Map();
  for (const [f, s] of Object.entries(out.sources)) { unitFile.set(s.id, f); index.set(f, lineIndex(sources[f].content)); }
  const at = (src) => {
    const [start, len, unit] = src.split(':').map(Number);
    const file = unitFile.get(unit);
    return file === undefined ? undefined : { file, line: index.get(file).line(start), start, len };
  };
  return { out, index, at };
}

/** Visits every AST node with the stack of contracts, functions and modifiers around it. */
function walk(n, visit, stack = []) {
  if (!n || typeof n !== 'object') return;
  if (Array.isArray(n)) { for (const c of n) walk(c, visit, stack); return; }
  visit(n, stack);
  const inner = CALLERS.has(n.nodeType) || n.nodeType === 'ContractDefinition' ? [...stack, n] : stack;
  for (const [k, v] of Object.entries(n)) if (k !== 'typeDescriptions' && v && typeof v === 'object') walk(v, visit, inner);
}

/** Documented contracts, functions, events and errors (NatSpec): {file, line, name, doc}, for
 *  search queries (`@dev`/`@notice` tags dropped, their text kept). */
export function solDocs(work) {
  const { out, at } = compileAll(resolve(work));
  const docs = [];
  for (const s of Object.values(out.sources)) {
    walk(s.ast, (n) => {
      const text = n.documentation?.text ?? (typeof n.documentation === 'string' ? n.documentation : undefined);
      if (!text || !n.name || !DECLS.has(n.nodeType)) return;
      const p = at(n.nameLocation && !n.nameLocation.startsWith('-1') ? n.nameLocation : n.src);
      const doc = text.replace(/@(?:dev|notice)\s+/g, '').split(/\n\s*@\w+/)[0].trim();
      if (p && doc) docs.push({ file: p.file, line: p.line, name: n.name, doc });
    });
  }
  return docs;
}

/** One record per call site (score.mjs's sitesFrom shape). */
export function solTruth(work) {
  const { out, index, at } = compileAll(work);
  // every declaration by id
  const decls = new Map();
  for (const s of Object.values(out.sources)) {
    walk(s.ast, (n) => {
      if (!DECLS.has(n.nodeType) || n.id === undefined) return;
      const p = at(n.nameLocation && !n.nameLocation.startsWith('-1') ? n.nameLocation : n.src);
      const name = n.nodeType === 'FunctionDefinition' && n.kind === 'constructor' ? 'constructor' : n.name;
      if (p && name) decls.set(n.id, { file: p.file, line: p.line, name, what: n.nodeType });
    });
  }
  const records = [];
  const text = (file, start, len) => index.get(file).buf.subarray(start, start + len).toString('utf8');
  const site = (n, name, ref, recvNode, stack, where = n.src) => {
    const p = at(where);
    if (!p || !name) return;
    const caller = [...stack].reverse().find((x) => CALLERS.has(x.nodeType)) ?? stack[stack.length - 1];
    const cp = caller && at(caller.nameLocation && !caller.nameLocation.startsWith('-1') ? caller.nameLocation : caller.src);
    const cname = caller ? (caller.nodeType === 'FunctionDefinition' && caller.kind === 'constructor' ? 'constructor' : caller.name) : undefined;
    const r = recvNode && at(recvNode.src);
    const rec = {
      file: p.file, line: p.line, name, code: index.get(p.file).lines[p.line - 1].trim().slice(0, 120),
      recv: r ? text(r.file, r.start, r.len).slice(0, 60) : 'none', caller: cname || undefined, cline: cp?.line,
    };
    const d = ref != null && ref >= 0 ? decls.get(ref) : undefined;
    if (d) records.push({ ...rec, what: d.what, tfile: d.file, tline: d.line, tname: d.name });
    else if (ref != null) records.push({ ...rec, what: 'built-in' }); // (negative ids: the language's own)
    else records.push({ ...rec, what: 'unknown' }); // a function-typed value, an elementary conversion
  };
  for (const s of Object.values(out.sources)) {
    walk(s.ast, (n, stack) => {
      if (n.nodeType === 'FunctionCall') {
        const e = n.expression;
        if (e.nodeType === 'Identifier') site(n, e.name, e.referencedDeclaration, undefined, stack, e.src);
        else if (e.nodeType === 'MemberAccess') {
          // no declaration: a member of the language's own (an address's `call`, an array's `push`,
          // `abi.encode`, `bytes.concat`); the site is the member's name (a chain over several lines)
          site(n, e.memberName, e.referencedDeclaration ?? -1, e.expression, stack, e.memberLocation ?? e.src);
        } else if (e.nodeType === 'NewExpression' && e.typeName?.pathNode) site(n, e.typeName.pathNode.name.split('.').pop(), e.typeName.referencedDeclaration, undefined, stack, e.typeName.src);
      } else if (n.nodeType === 'ModifierInvocation') {
        const id = n.modifierName;
        site(n, id.name.split('.').pop(), id.referencedDeclaration, undefined, stack, id.src);
      }
    });
  }
  return records;
}

/** `work`: the indexed copy (solc reads the same files; its source names are relative to it). */
export async function scoreSolCalls(work, { top = 12, examples = EXAMPLES } = {}) {
  return scoreRecords(resolve(work), solTruth(resolve(work)), { truthName: 'solc', top, examples });
}
