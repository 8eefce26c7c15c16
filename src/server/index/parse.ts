// Parsing with web-tree-sitter: the runtime is loaded once per thread, each grammar and its
// compiled query lazily on first use and then cached. Usable from a worker_thread: the only
// state is these caches. Trees are deleted as soon as their file is extracted.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { isMainThread } from 'node:worker_threads';
import { Language, Parser, Query } from 'web-tree-sitter';
import { assetPath } from '../assets';
import { compileLanguage, extract, type CompiledLanguage, type Injection } from './extract';
import { LANGUAGES, languageById, languageForPath, type LanguageSpec } from './languages/table';
import { preparse } from './languages/preparse';
import type { ExtractedRef, ExtractedSymbol, FileExtraction } from './types';

// V8's optimizing compiler unrolls and peels the loops of a grammar's generated lexer, one
// function of thousands of branches: compiling Bash's took ~500 MB for a moment, and binutils'
// full index peaked at 744 MB (555-575 MB without; no slower on any corpus). Read at each
// compile, so set once, by the main thread, before any grammar loads (it is this process's only
// user of WebAssembly apart from sql.js).
if (isMainThread) setFlagsFromString('--no-wasm-loop-unrolling --no-wasm-loop-peeling');

let runtime: Promise<void> | undefined;
let parser: Parser | undefined;
const loading = new Map<string, Promise<CompiledLanguage>>();
const loaded = new Map<string, CompiledLanguage>();

/** Loads the tree-sitter runtime (once per thread). */
export function initParser(): Promise<void> {
  // The declared parameter type is the whole Emscripten module; locateFile is all it needs.
  const options = { locateFile: () => assetPath('tree-sitter.wasm') } as unknown as Parameters<typeof Parser.init>[0];
  runtime ??= Parser.init(options).then(() => {
    parser = new Parser();
  });
  return runtime;
}

/** The query text of a language: its query files concatenated. */
export function querySource(spec: LanguageSpec): string {
  return spec.queries.map((q) => readFileSync(assetPath('queries', q), 'utf8')).join('\n');
}

/** Loads a language's grammar and compiles its query (cached; injected languages too). */
export function loadLanguage(id: string): Promise<CompiledLanguage> {
  let p = loading.get(id);
  if (!p) {
    const spec = languageById(id);
    if (!spec) return Promise.reject(new Error(`unknown language '${id}'`));
    p = (async () => {
      await initParser();
      const language = await Language.load(assetPath('grammars', spec.grammar));
      let query: Query;
      try {
        query = new Query(language, querySource(spec));
      } catch (e) {
        throw new Error(`query of language '${id}' does not compile: ${(e as Error).message}`);
      }
      const compiled = compileLanguage(spec, language, query);
      if (spec.injection) {
        // a language may inject itself (Rust's macro arguments): that one is this very load
        for (const inj of new Set([spec.injection.default, ...Object.values(spec.injection.languages)])) if (inj !== id) await loadLanguage(inj);
      }
      loaded.set(id, compiled);
      return compiled;
    })();
    loading.set(id, p);
    p.catch(() => loading.delete(id));
  }
  return p;
}

/** True when the file's language is loaded, so parseFileSync can take it. */
export function isLanguageLoaded(id: string): boolean {
  return loaded.has(id);
}

/** Parses and extracts one file; null when it is in no indexed language. Loads the grammar
 *  on first use. */
export async function parseFile(relPath: string, source: string): Promise<FileExtraction | null> {
  const spec = languageForPath(relPath);
  return spec ? parseAs(spec.id, source) : null;
}

/** Parses and extracts `source` as language `id` (the sync's choice: a `.h` may be C), loading
 *  the grammar on first use. */
export async function parseAs(id: string, source: string): Promise<FileExtraction> {
  await loadLanguage(id);
  return parseWith(id, source);
}

/** Like parseFile, for a language already loaded (throws otherwise). */
export function parseFileSync(relPath: string, source: string): FileExtraction | null {
  const spec = languageForPath(relPath);
  if (!spec) return null;
  return parseWith(spec.id, source);
}

/** Parses `source` as language `id` (loaded; the caller picks it) and extracts it. */
export function parseWith(id: string, source: string): FileExtraction {
  const lang = loaded.get(id);
  if (!lang || !parser) throw new Error(`language '${id}' is not loaded: await loadLanguage('${id}') first`);
  parser.setLanguage(lang.language);
  // the parser may see fixed-up text (same offsets); extraction reads the file as it is
  const text = preparse(lang.spec.preparse, source);
  let tree = parser.parse(text);
  const mis = lang.spec.misparsed;
  if (tree && mis && tree.rootNode.namedChildren.some((c) => !!c && mis.topLevel.includes(c.type) && c.endPosition.row > c.startPosition.row)) {
    tree.delete();
    tree = parser.parse(preparse([mis.preparse], text));
  }
  if (!tree) throw new Error(`tree-sitter returned no tree for a '${id}' file`);
  try {
    const { extraction, injections } = extract(lang, tree, source);
    // a queue of ranges (a range's nodes die with its tree): an injected range may hold
    // injections of its own (a macro in a macro's arguments)
    const ranges = injections.map(asRange);
    const texts = new Map<string, string>();
    const selfRefs: number[] = [];
    for (let i = 0; i < ranges.length && i < INJECTIONS_MAX; i++) {
      const { languageId, range } = ranges[i];
      const sub = loaded.get(languageId);
      if (!sub) continue;
      parser.setLanguage(sub.language);
      let text = texts.get(languageId);
      if (text === undefined) texts.set(languageId, (text = preparse(sub.spec.preparse, source)));
      // the range's text only, read as the parser asks: a whole-file string is copied into the
      // parser at each parse. (One parse of all a file's ranges together saved ~5% of the parse
      // on regex-syntax, but read neighbouring macros' arguments as one expression.)
      const end = range.endIndex;
      const input = (at: number) => (at < end ? text!.slice(at, Math.min(end, at + 4096)) : undefined);
      const subTree = parser.parse(input, null, { includedRanges: [range] });
      if (!subTree) continue;
      try {
        const part = extract(sub, subTree, source);
        merge(extraction, part.extraction, sub.spec.id === lang.spec.id, ranges[i].self, selfRefs);
        ranges.push(...part.injections.map(asRange));
      } finally {
        subTree.delete();
      }
    }
    if (selfRefs.length) ownSelf(extraction, selfRefs);
    return extraction;
  } finally {
    tree.delete();
  }
}

const asRange = ({ languageId, node: n, self }: Injection) =>
  ({ languageId, self, range: { startIndex: n.startIndex, endIndex: n.endIndex, startPosition: n.startPosition, endPosition: n.endPosition } });

/** A Vue template's bare names (`selfRefs`, given the receiver `this` by merge()) are members of
 *  the component its script exports (`export default {...}`, the symbol `default`), whose
 *  references they are; with none (`<script setup>`), the file's own names, as written. */
function ownSelf(x: FileExtraction, selfRefs: number[]): void {
  const component = x.symbols.findIndex((s) => s.parent < 0 && s.name === 'default');
  for (const i of selfRefs) {
    if (component >= 0) x.refs[i].from = component;
    else delete x.refs[i].receiver;
  }
}

/** The innermost of `symbols` whose lines hold the reference, -1 for none. */
function around(symbols: ExtractedSymbol[], r: ExtractedRef): number {
  let best = -1;
  for (let i = 0; i < symbols.length; i++) {
    const s = symbols[i];
    const after = r.line > s.startLine || (r.line === s.startLine && r.col >= s.startCol);
    if (!after || r.line > s.endLine) continue;
    const b = best < 0 ? undefined : symbols[best];
    if (!b || s.startLine > b.startLine || (s.startLine === b.startLine && s.startCol >= b.startCol)) best = i;
  }
  return best;
}

/** Ranges re-parsed per file at most (a generated file of thousands of macro calls). */
const INJECTIONS_MAX = 20_000;

/** Appends an injected range's extraction to its host file's. A reference at the range's top
 *  level belongs to the host's innermost symbol around it (a call in a Rust macro's arguments to
 *  the function that calls the macro). `same`: the range is the host's own language (a macro's
 *  arguments), whose parse errors (a macro's own syntax) say nothing about the file. */
function merge(into: FileExtraction, part: FileExtraction, same: boolean, self?: string, selfRefs?: number[]): void {
  const offset = into.symbols.length;
  // the host sees no symbol inside the range: one answer holds for all its references
  const host = part.refs.length ? around(into.symbols, part.refs[0]) : -1;
  for (const s of part.symbols) into.symbols.push({ ...s, parent: s.parent >= 0 ? s.parent + offset : -1 } as ExtractedSymbol);
  for (const r of part.refs) {
    if (self && r.receiver === undefined && r.from < 0) {
      selfRefs!.push(into.refs.length);
      into.refs.push({ ...r, receiver: self, from: host });
    } else into.refs.push({ ...r, from: r.from >= 0 ? r.from + offset : host });
  }
  into.imports.push(...part.imports);
  if (part.exportAliases) (into.exportAliases ??= []).push(...part.exportAliases);
  if (!same) into.errorCount += part.errorCount;
}

export { LANGUAGES, languageForPath };
