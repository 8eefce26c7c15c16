// The live index behind a serving process: edits picked up by the watcher, and answers during
// the first build (progress notifications, and an answer that says the index is still building).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, connect, Connected, copyFixture, initIndex, structured, tempDir } from './mcp-helpers';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mcp: live index while serving', function () {
  this.timeout(90_000);
  after(cleanup);

  describe('edits', () => {
    let root: string;
    let s: Connected;
    before(async () => {
      root = copyFixture('shop');
      initIndex(root);
      s = await connect(root);
      // The watcher starts after the catch-up sync: wait until status says so.
      for (let i = 0; i < 100; i++) {
        const st = structured(await s.client.callTool({ name: 'codeindex_status', arguments: {} }));
        if ((st.watcherStatus as Obj).active) break;
        await sleep(50);
      }
    });
    const search = async (q: string) => (structured(await s.client.callTool({ name: 'codeindex_search', arguments: { query: q } })).results as Obj[]);

    it('an added function is found 300 ms after the file is saved', async () => {
      const file = join(root, 'src/model.ts');
      writeFileSync(file, readFileSync(file, 'utf8') + '\nexport function applyDiscount(item: Item, pct: number): number {\n  return item.priceCents * (1 - pct);\n}\n');
      await sleep(300);
      const t0 = Date.now();
      const r = await search('applyDiscount');
      const ms = Date.now() - t0;
      assert.equal(r[0]?.id, 'src/model.ts::applyDiscount', `answered in ${ms} ms: ${JSON.stringify(r.slice(0, 2))}`);
      assert.equal(r[0].startLine, 12);
      const node = structured(await s.client.callTool({ name: 'codeindex_node', arguments: { symbol: 'applyDiscount' } }));
      assert.match(String(node.code), /return item\.priceCents \* \(1 - pct\);/);
    });

    it('a deleted file disappears from answers, and its imports from the dependency lists', async () => {
      unlinkSync(join(root, 'test/checkout.test.ts'));
      await sleep(300);
      assert.deepEqual((await search('testCheckoutSavesItems')).filter((x) => x.name === 'testCheckoutSavesItems'), []);
      const deps = structured(await s.client.callTool({ name: 'codeindex_file_dependencies', arguments: { filePath: 'src/checkout.ts' } }));
      assert.deepEqual(deps.dependents, []);
      const st = structured(await s.client.callTool({ name: 'codeindex_status', arguments: {} }));
      assert.equal(st.indexFreshness, 'fresh');
      assert.equal((st.stats as Obj).fileCount, 5);
    });
  });

  describe('first build', () => {
    const project = (n: number): string => {
      const root = tempDir();
      mkdirSync(join(root, 'src'));
      for (let i = 0; i < n; i++) {
        const prev = i > 0 ? i - 1 : 0;
        writeFileSync(join(root, 'src', `mod${i}.ts`), `import { f${prev} } from './mod${prev}';\n` +
          `/** Module ${i}. */\nexport function f${i}(x: number): number {\n  return ${i > 0 ? `f${prev}(x)` : 'x'} + 1;\n}\n` +
          `export class Widget${i} {\n  run(): number { return f${i}(${i}); }\n}\n`);
      }
      mkdirSync(join(root, '.codeindex')); // an index folder without a db: the serving process builds it
      return root;
    };

    it('a call during the build gets progress notifications and waits for the answer', async () => {
      const s = await connect(project(1500));
      const progress: Obj[] = [];
      const t0 = Date.now();
      const r = await s.client.callTool({ name: 'codeindex_search', arguments: { query: 'Widget1' } }, undefined, {
        onprogress: (p) => { progress.push(p); },
        timeout: 60_000,
      });
      const ms = Date.now() - t0;
      const body = structured(r);
      assert.ok(progress.length >= 1, 'at least one progress notification');
      assert.ok(progress.every((p) => typeof p.progress === 'number' && /indexing|indexed so far/.test(String(p.message))), JSON.stringify(progress.slice(0, 3)));
      if (body.indexing) {
        // The build took longer than the wait: the answer says it is partial.
        assert.ok(ms >= 9000, `answered partially after ${ms} ms`);
      } else {
        assert.equal((body.results as Obj[])[0].id, 'src/mod1.ts::Widget1');
      }
      const st = structured(await s.client.callTool({ name: 'codeindex_status', arguments: {} }));
      assert.ok(['fresh', 'indexing'].includes(String(st.indexFreshness)));
    });

    it('with no wait, the answer comes at once and says the index is still building', async () => {
      const root = project(1500);
      const s = await connect(root, { CODEINDEX_WAIT_FOR_INDEX_MS: '0' });
      const progress: Obj[] = [];
      const r = await s.client.callTool({ name: 'codeindex_explore', arguments: { query: 'widget run' } }, undefined, { onprogress: (p) => { progress.push(p); } });
      const body = structured(r);
      assert.equal(r.success, true);
      assert.ok(body.indexing, `the answer says the index is still building: ${JSON.stringify(body).slice(0, 300)}`);
      assert.match(String((body.indexing as Obj).message), /still being built/);
      assert.equal(progress.length, 1, JSON.stringify({ progress, stderr: s.stderr() }));
      assert.match(String(progress[0].message), /^answering from the \d+ files indexed so far$/);
      const st = structured(await s.client.callTool({ name: 'codeindex_status', arguments: {} }));
      assert.equal(st.indexFreshness, 'indexing');
      assert.equal(st.isStale, true);
      // Once built, the same question is answered in full and without the notice.
      let done: Obj = {};
      for (let i = 0; i < 600 && done.indexFreshness !== 'fresh'; i++) {
        await sleep(100);
        done = structured(await s.client.callTool({ name: 'codeindex_status', arguments: {} }));
      }
      assert.equal(done.indexFreshness, 'fresh');
      assert.equal((done.stats as Obj).fileCount, 1500);
      const full = structured(await s.client.callTool({ name: 'codeindex_search', arguments: { query: 'Widget1' } }));
      assert.equal(full.indexing, undefined);
      assert.equal((full.results as Obj[])[0].id, 'src/mod1.ts::Widget1');
    });
  });
});
