// The resolve phase of a sync runs on the serving process's main thread: it must let the event
// loop run (tools, the liveness beat) while it works, and still commit as one transaction.
import assert from 'node:assert/strict';
import { Indexer } from '../../src/server/index/sync';
import { makeProject, removeProject, edgeFrom } from './helpers/project';

function generated(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const prev = i > 0 ? `import { f${i - 1} } from './m${i - 1}';\n` : '';
    const calls = Array.from({ length: 40 }, (_, k) => `  g${i}_${k}(x);`).join('\n');
    const defs = Array.from({ length: 40 }, (_, k) => `export function g${i}_${k}(x: number) { return x + ${k}; }`).join('\n');
    files[`src/m${i}.ts`] = `${prev}export function f${i}(x: number): number {\n${calls}\n  return ${i > 0 ? `f${i - 1}(x)` : 'x'};\n}\n${defs}\n`;
  }
  return files;
}

describe('index: resolve in slices', function () {
  this.timeout(120000);
  let root: string;
  before(() => { root = makeProject(generated(800)); });
  after(() => removeProject(root));

  it('the event loop runs during the resolve phase, and every call is resolved at the end', async () => {
    const ix = await Indexer.open(root);
    try {
      let resolving = false;
      let resolveStart = 0;
      const ticks: number[] = [];
      const timer = setInterval(() => { if (resolving) ticks.push(Date.now()); }, 5);
      const s = await ix.sync({
        onProgress: (p) => {
          if (p.phase === 'resolve' && !resolving) { resolving = true; resolveStart = Date.now(); }
          if (p.phase === 'done') resolving = false;
        },
      });
      clearInterval(timer);
      const resolveMs = Date.now() - resolveStart;
      assert.equal(s.parsed, 800);
      // 800 files x 41 calls take many 40 ms slices to resolve: no stretch without a tick may
      // come near the whole phase (one unbroken transaction would be one long gap)
      let maxGap = 0;
      let last = resolveStart;
      for (const t of ticks) { maxGap = Math.max(maxGap, t - last); last = t; }
      assert.ok(ticks.length >= 4 && maxGap < resolveMs / 3, `longest stretch without the event loop ${maxGap} ms of a ${resolveMs} ms resolve (${ticks.length} ticks)`);
      assert.equal(edgeFrom(ix.store, 'src/m799.ts::f799', 'f798', 'calls')?.to, 'src/m798.ts::f798');
      assert.equal(edgeFrom(ix.store, 'src/m7.ts::f7', 'g7_39', 'calls')?.to, 'src/m7.ts::g7_39');
      const unhashed = ix.store.prepare("SELECT count(*) AS n FROM files WHERE hash = ''").get<{ n: number }>()!.n;
      assert.equal(unhashed, 0, 'every file is marked resolved');
    } finally {
      ix.close();
    }
  });
});
