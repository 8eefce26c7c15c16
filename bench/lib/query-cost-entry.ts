// Bundled by bench/queries.mjs into dist/ (so assetPath finds the grammars and queries there).
// Compile time of each language's query, and with --top the costliest of its patterns: tree-sitter
// analyses a query pattern by pattern, and each parse worker pays it for each language it meets.
import { Language, Parser, Query } from 'web-tree-sitter';
import { assetPath } from '../../src/server/assets';
import { LANGUAGES } from '../../src/server/index/languages/table';
import { querySource } from '../../src/server/index/parse';

const arg = (name: string, dflt: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : dflt; };
const only = arg('--lang', '').split(',').filter(Boolean);
const runs = Number(arg('--runs', '5'));
const top = Number(arg('--top', '0'));

/** Top-level patterns of a query text (comments and strings skipped; predicates stay inside). */
function patterns(src: string): string[] {
  const out: string[] = [];
  let depth = 0, start = -1;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '"') { for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++; continue; }
    if (c === ';') { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (c === '(' || c === '[') { if (depth++ === 0) start = i; }
    else if ((c === ')' || c === ']') && --depth === 0) {
      let j = i + 1;
      for (;;) { // trailing captures and quantifiers belong to the pattern
        while (src[j] === ' ' || src[j] === '\t') j++;
        if (!/[@?*+]/.test(src[j] ?? '')) break;
        while (j < src.length && !/\s/.test(src[j])) j++;
      }
      out.push(src.slice(start, j));
      i = j - 1;
    }
  }
  return out;
}

function compileMs(language: Language, src: string, n: number): number {
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    new Query(language, src).delete();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

(async () => {
  await Parser.init({ locateFile: () => assetPath('tree-sitter.wasm') } as unknown as Parameters<typeof Parser.init>[0]);
  const rows: string[] = [];
  for (const spec of LANGUAGES) {
    if (only.length && !only.includes(spec.id)) continue;
    const language = await Language.load(assetPath('grammars', spec.grammar));
    const src = querySource(spec);
    const pats = patterns(src);
    rows.push(`${spec.id.padEnd(12)} ${compileMs(language, src, runs).toFixed(0).padStart(5)} ms  ${String(pats.length).padStart(4)} patterns`);
    if (!top) continue;
    // one pattern alone, less what compiling any query costs in this grammar (the cheapest one's)
    const alone = pats.map((p) => ({ p, ms: compileMs(language, p, 2) }));
    const base = Math.min(...alone.map((a) => a.ms));
    const costs = alone.map(({ p, ms }) => ({ p, ms: ms - base })).sort((a, b) => b.ms - a.ms);
    for (const { p, ms } of costs.slice(0, top)) rows.push(`  ${ms.toFixed(1).padStart(6)} ms  ${p.replace(/\s+/g, ' ').slice(0, 150)}`);
  }
  console.log(`query compile, min of ${runs} (${process.version})\n${rows.join('\n')}`);
})();
