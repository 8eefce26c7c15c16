// Search-ranking quality: queries derived from doc comments. For a sample of documented symbols
// (doc read by the TypeScript parser, not by our extractor), query = the first sentence of the
// doc, expected = that symbol; scored by MRR@10 and recall@1/5/10 over the tool's top 10.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { openDb } from '../lib/db.mjs';

const require = createRequire(import.meta.url);
const canon = (uid) => uid.replace(/#\d+$/, '');

function listFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) listFiles(p, out);
    else if (/\.(ts|tsx|js|jsx|mjs|cjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function firstSentence(text) {
  const t = text.replace(/\{@link\s+([^}|\s]+)[^}]*\}/g, '$1').replace(/`/g, '').replace(/\s+/g, ' ').trim();
  const m = /^(.+?[.!?])(\s|$)/.exec(t);
  return (m ? m[1] : t).replace(/[.!?]$/, '').trim();
}

/** Up to `max` {query, expected: uid, file, start, end} from TypeScript doc comments (read by the
 *  compiler's parser), spread evenly over the corpus. */
export async function deriveQueries(root, max = 150) {
  const ts = require('typescript');
  root = resolve(root);
  const records = [];
  for (const file of listFiles(root).sort()) {
    const rel = relative(root, file).split(sep).join('/');
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      const nameNode = ts.getNameOfDeclaration?.(node);
      if (nameNode && ts.isIdentifier(nameNode) && !ts.isParameter(node)) {
        const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
        const doc = docs.map((d) => (typeof d.comment === 'string' ? d.comment : ts.getTextOfJSDocComment?.(d.comment) ?? '')).find((c) => c && c.trim());
        if (doc) records.push({ file: rel, line: sf.getLineAndCharacterOfPosition(nameNode.getStart(sf)).line + 1, name: nameNode.text, doc });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return queriesFromDocs(root, records, max, { dropName: false });
}

/** Up to `max` queries from doc comments read by the language's own tools (the TypeScript
 *  compiler, go/ast, Python's ast): records {file, line, name, doc}, mapped to our node by file,
 *  name and line. With `dropName`, a doc that starts with its symbol's name (Go's `Compare
 *  returns ...`) loses it, since an agent asking does not know the name. */
export async function queriesFromDocs(root, records, max = 150, { dropName = true } = {}) {
  const db = await openDb(join(resolve(root), '.codeindex/codeindex.db'));
  const byFile = new Map();
  for (const n of db.all("SELECT n.uid, n.name, n.start_line s, n.end_line e, f.path FROM nodes n JOIN files f ON f.id = n.file_id WHERE n.kind != 'file'")) {
    if (!byFile.has(n.path)) byFile.set(n.path, []);
    byFile.get(n.path).push(n);
  }
  db.close();
  const all = [];
  const seen = new Set();
  const sentence = (r) => {
    const first = firstSentence(r.doc);
    // a C++ operator's name is no word (`operator++`): the sentence keeps it
    const name = r.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return dropName ? first.replace(new RegExp(`^(?:(?:A|An|The)\\s+)?${name}\\b\\s*`), '') : first;
  };
  // a sentence that documents several symbols (Java's overrides repeat their interface's
  // "Returns the element at the specified position in this list") has no one right answer
  // (one symbol's overloads, sharing it, are one answer)
  const uses = new Map();
  for (const r of records) {
    const k = sentence(r).toLowerCase();
    if (!uses.has(k)) uses.set(k, new Set());
    uses.get(k).add(`${r.file}\0${r.name}`);
  }
  for (const r of records.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line))) {
    const q = sentence(r);
    if (uses.get(q.toLowerCase()).size > 1) continue;
    let best;
    for (const n of byFile.get(r.file) ?? []) if (n.name === r.name && n.s <= r.line && r.line <= n.e && (!best || n.e - n.s < best.e - best.s)) best = n;
    const key = best && canon(best.uid);
    if (best && q.split(/\s+/).filter(Boolean).length >= 3 && q.length <= 200 && !seen.has(key)) {
      seen.add(key);
      all.push({ query: q, expected: key, name: best.name, file: r.file, start: best.s, end: best.e });
    }
  }
  if (all.length <= max) return { available: all.length, queries: all };
  const step = all.length / max;
  return { available: all.length, queries: Array.from({ length: max }, (_, i) => all[Math.floor(i * step)]) };
}

/** `hits(q)` returns the tool's top results as a list of {id} or {file, line}; scores them. */
export async function scoreRanking(queries, hits) {
  let rr = 0, r1 = 0, r5 = 0, r10 = 0;
  const misses = [];
  const ms = [];
  for (const q of queries) {
    const t = performance.now();
    const list = await hits(q.query);
    ms.push(performance.now() - t);
    const seen = [];
    let idx = -1;
    for (const h of list) {
      const k = h.id ? canon(h.id) : `${h.file}:${h.line}`;
      if (seen.includes(k)) continue;
      seen.push(k);
      const ok = h.id ? k === q.expected : h.file === q.file && h.line >= q.start && h.line <= q.end;
      if (ok && idx < 0 && seen.length <= 10) idx = seen.length - 1;
    }
    const rank = idx + 1;
    if (rank > 0) { rr += 1 / rank; if (rank <= 1) r1++; if (rank <= 5) r5++; r10++; } else if (misses.length < 8) misses.push({ query: q.query, expected: q.expected, got: seen.slice(0, 3) });
  }
  const n = Math.max(1, queries.length);
  const r3 = (x) => +x.toFixed(3);
  ms.sort((a, b) => a - b);
  return { queries: queries.length, mrr10: r3(rr / n), recall1: r3(r1 / n), recall5: r3(r5 / n), recall10: r3(r10 / n), p50ms: +ms[Math.floor(ms.length / 2)]?.toFixed(1), misses };
}
