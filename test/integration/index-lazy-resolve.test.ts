// A project too large to preload (the Linux kernel) resolves through lazy lookups whose caches
// start over when full: the graph must be the one a preloaded resolve makes.
import assert from 'node:assert/strict';
import { Indexer } from '../../src/server/index/sync';
import { cacheLimits } from '../../src/server/index/graph-db';
import { makeProject, removeProject, edges, uids } from './helpers/project';

function generated(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const prev = i > 0 ? `import { f${i - 1}, C${i - 1} } from './m${i - 1}';\n` : '';
    const calls = Array.from({ length: 10 }, (_, k) => `  g${i}_${k}(x);`).join('\n');
    const defs = Array.from({ length: 10 }, (_, k) => `export function g${i}_${k}(x: number) { return x + ${k}; }`).join('\n');
    const cls = i > 0 ? `export class C${i} extends C${i - 1} { m${i}() { return this.m${i - 1}(); } }` : 'export class C0 { m0() { return 0; } }';
    files[`src/m${i}.ts`] = `${prev}export function f${i}(x: number): number {\n${calls}\n  return ${i > 0 ? `f${i - 1}(x)` : 'x'};\n}\n${defs}\n${cls}\n`;
    files[`c/u${i}.c`] = `#include "u${i > 0 ? i - 1 : 0}.h"\n#define LIMIT${i} 4\nstruct s${i} { int a; };\nstatic int h${i}(int x) { return x + LIMIT${i}; }\nint k${i}(int x) { return h${i}(x)${i > 0 ? ` + k${i - 1}(x)` : ''}; }\n`;
    files[`c/u${i}.h`] = `int k${i}(int x);\n`;
  }
  return files;
}

async function graph(root: string): Promise<{ edges: unknown[]; nodes: string[] }> {
  const ix = await Indexer.open(root);
  try {
    await ix.sync({ force: true });
    return { edges: edges(ix.store), nodes: uids(ix.store) };
  } finally {
    ix.close();
  }
}

describe('index: lazy resolve of a project too large to preload', function () {
  this.timeout(120000);
  let root: string;
  const saved = { ...cacheLimits };
  before(() => { root = makeProject(generated(150)); });
  after(() => { Object.assign(cacheLimits, saved); removeProject(root); });

  it('makes the same graph as the preloaded resolve, with caches starting over many times', async () => {
    const preloaded = await graph(root);
    Object.assign(cacheLimits, { preloadMaxNodes: 0, lazyCacheMax: 50 });
    const lazy = await graph(root);
    Object.assign(cacheLimits, saved);
    assert.ok(preloaded.edges.length > 3000, `${preloaded.edges.length} edges`);
    assert.deepEqual(lazy.nodes, preloaded.nodes);
    assert.deepEqual(lazy.edges, preloaded.edges);
  });
});
