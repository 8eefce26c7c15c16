// The store across real processes: concurrent readers, a writer killed mid-batch, and a WAL
// file written by node:sqlite read by sql.js. Children run on Node 24 (node:sqlite) from the
// cache that test/run.mjs installs (CODEINDEX_NODE24), or on this Node for sql.js.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, readFileSync, readdirSync, openSync, readSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/server/store/open';
import { BackendName } from '../../src/server/store/store';
import { dbPath } from '../../src/server/store/schema';
import { startChild, killAll } from './helpers/proc';

const child = join(__dirname, 'helpers/store-child.js');
const node24 = process.env.CODEINDEX_NODE24 || '';

function nodeFor(backend: BackendName): string {
  if (backend === 'sqljs') return process.execPath;
  assert.ok(node24, 'CODEINDEX_NODE24 must point at a Node with node:sqlite (test/run.mjs sets it)');
  return node24;
}

describe('store across processes', function () {
  this.timeout(60000);
  let root: string;
  beforeEach(() => { root = mkdtempSync(join(tmpdir(), 'ci-storep-')); });
  afterEach(() => { killAll(); rmSync(root, { recursive: true, force: true }); });

  it('node:sqlite: readers in two other processes never see an error or a partial batch while one writes', async () => {
    const rows = 3000;
    // create the schema first so readers can open it
    const w0 = startChild(node24 || nodeFor('node-sqlite'), child, ['write', root, '1', String(rows)], { CODEINDEX_DB_BACKEND: 'node-sqlite' });
    assert.deepEqual(await w0.exited, { code: 0, signal: null });
    const readers = [0, 1].map(() => startChild(nodeFor('node-sqlite'), child, ['read', dbPath(root), String(rows), '3000'], { CODEINDEX_DB_BACKEND: 'node-sqlite' }));
    const writer = startChild(nodeFor('node-sqlite'), child, ['write', root, '40', String(rows)], { CODEINDEX_DB_BACKEND: 'node-sqlite' });
    const wres = await writer.exited;
    assert.deepEqual(wres, { code: 0, signal: null }, JSON.stringify(writer.lines.slice(-3)) + writer.stderr());
    for (const r of readers) {
      const res = (await r.waitFor((l) => 'reads' in l)) as { reads: number; errors: number; partial: number; maxWait: number; lastBatch: number };
      assert.equal(res.errors, 0, JSON.stringify(r.lines));
      assert.equal(res.partial, 0, 'a reader saw part of a batch');
      assert.ok(res.reads > 10, `reader made ${res.reads} reads`);
      assert.ok(res.lastBatch > 1, 'reader saw batches land while the writer ran');
    }
  });

  for (const backend of ['sqljs', 'node-sqlite'] as BackendName[]) {
    it(`${backend}: a writer killed with SIGKILL mid-batch leaves an intact db holding only whole batches`, async () => {
      const rows = 20000;
      for (const delay of [30, 150, 400]) {
        const w = startChild(nodeFor(backend), child, ['write', root, '1000', String(rows), '40'], { CODEINDEX_DB_BACKEND: backend });
        await w.waitFor((l) => 'committed' in l);
        await new Promise((r) => setTimeout(r, delay));
        w.proc.kill('SIGKILL');
        const ex = await w.exited;
        assert.equal(ex.signal, 'SIGKILL', 'the writer was still writing when killed');
        // checked from a fresh process on the same backend, as the next server start would
        const c = startChild(nodeFor(backend), child, ['check', dbPath(root), backend]);
        const res = (await c.waitFor((l) => 'integrity' in l)) as { integrity: string; groups: { hash: string; n: number }[]; batch: number };
        assert.equal(res.integrity, 'ok');
        assert.ok(res.groups.length >= 1);
        for (const g of res.groups) assert.equal(g.n, rows, `batch ${g.hash} is whole`);
        assert.equal(res.groups.length, res.batch, 'meta and data come from the same commit');
        rmSync(join(root, '.codeindex'), { recursive: true, force: true });
      }
      // sql.js leaves no torn temp file behind that could be mistaken for the db
      assert.deepEqual(readdirSync(root).filter((f) => f.includes('.tmp-')), []);
    });
  }

  it('sql.js serving writer (deferPersist): readers in other processes never see a torn file; killed mid-write, it leaves whole batches', async () => {
    const rows = 20000;
    for (const delay of [20, 120, 400]) {
      const w = startChild(process.execPath, child, ['serve', root, '200', String(rows), '40'], { CODEINDEX_DB_BACKEND: 'sqljs' });
      await w.waitFor((l) => 'committed' in l);
      while (!existsSync(dbPath(root))) await new Promise((r) => setTimeout(r, 5)); // its first image
      const reader = startChild(process.execPath, child, ['read', dbPath(root), String(rows), String(delay + 200)], { CODEINDEX_DB_BACKEND: 'sqljs' });
      await new Promise((r) => setTimeout(r, delay));
      w.proc.kill('SIGKILL');
      assert.equal((await w.exited).signal, 'SIGKILL', 'the writer was still writing when killed');
      const seen = (await reader.waitFor((l) => 'reads' in l)) as { reads: number; errors: number; partial: number };
      assert.equal(seen.errors, 0, JSON.stringify(reader.lines));
      assert.equal(seen.partial, 0, 'a reader saw part of a batch');
      const c = startChild(process.execPath, child, ['check', dbPath(root), 'sqljs']);
      const res = (await c.waitFor((l) => 'integrity' in l)) as { integrity: string; groups: { hash: string; n: number }[]; batch: number };
      assert.equal(res.integrity, 'ok');
      for (const g of res.groups) assert.equal(g.n, rows, `batch ${g.hash} is whole`);
      assert.equal(res.groups.length, res.batch, 'meta and data come from the same commit');
      // the next writer clears the dead one's temp file
      const next = startChild(process.execPath, child, ['serve', root, '1', '10', '0'], { CODEINDEX_DB_BACKEND: 'sqljs' });
      assert.deepEqual(await next.exited, { code: 0, signal: null }, next.stderr());
      assert.deepEqual(readdirSync(join(root, '.codeindex')).filter((f) => f.includes('.tmp-')), []);
      rmSync(join(root, '.codeindex'), { recursive: true, force: true });
    }
  });

  it('sql.js serving writer: what it committed is on disk when it closes, written in the order committed', async () => {
    const w = startChild(process.execPath, child, ['serve', root, '12', '5000', '20'], { CODEINDEX_DB_BACKEND: 'sqljs' });
    assert.deepEqual(await w.exited, { code: 0, signal: null }, w.stderr());
    const c = startChild(process.execPath, child, ['check', dbPath(root), 'sqljs']);
    const res = (await c.waitFor((l) => 'integrity' in l)) as { integrity: string; groups: { hash: string; n: number }[]; batch: number };
    assert.equal(res.integrity, 'ok');
    assert.equal(res.batch, 12);
    assert.equal(res.groups.length, 12);
  });

  it('a WAL-mode file written by node:sqlite is read by sql.js after the checkpoint', async () => {
    const rows = 500;
    const w = startChild(nodeFor('node-sqlite'), child, ['write', root, '3', String(rows)], { CODEINDEX_DB_BACKEND: 'node-sqlite' });
    assert.deepEqual(await w.exited, { code: 0, signal: null }, w.stderr());
    const header = Buffer.alloc(20);
    const fd = openSync(dbPath(root), 'r');
    readSync(fd, header, 0, 20, 0);
    closeSync(fd);
    assert.equal(header[18], 2, 'file format write version 2 = WAL');
    const s = await openStore(dbPath(root), { backend: 'sqljs', readOnly: true });
    assert.equal(s.backend, 'sqljs');
    assert.equal(s.prepare('SELECT count(*) AS n FROM files').get<{ n: number }>()!.n, 3 * rows);
    assert.equal(s.prepare("SELECT value FROM meta WHERE key = 'batch'").get<{ value: string }>()!.value, '3');
    assert.ok(readFileSync(dbPath(root)).length > 0);
    s.close();
  });
});
