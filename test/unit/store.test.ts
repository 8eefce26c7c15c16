import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeSqliteAvailable } from '../../src/server/store/store';
import { chooseBackend, openStore } from '../../src/server/store/open';
import { openIndex, readInfo, dbPath, writeMeta } from '../../src/server/store/schema';
import { EXTRACTION_VERSION, VERSION } from '../../src/server/version';
import type { SqlJsStatic } from 'sql.js';

const backend = chooseBackend();

describe(`store (${backend})`, () => {
  let root: string;
  beforeEach(() => { root = mkdtempSync(join(tmpdir(), 'ci-store-')); });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('uses the backend CODEINDEX_DB_BACKEND asks for and reports its journal mode truthfully', async () => {
    const { store } = await openIndex(root);
    assert.equal(store.backend, process.env.CODEINDEX_DB_BACKEND || (nodeSqliteAvailable() ? 'node-sqlite' : 'sqljs'));
    const mode = store.prepare('PRAGMA journal_mode').get<{ journal_mode: string }>()!.journal_mode;
    assert.equal(store.journalMode, mode);
    if (store.backend === 'node-sqlite') assert.equal(store.journalMode, 'wal');
    store.close();
  });

  it('creates .codeindex/ with a .gitignore and records the build info', async () => {
    const { store, needsFullIndex } = await openIndex(root);
    assert.equal(needsFullIndex, true);
    assert.equal(readFileSync(join(root, '.codeindex/.gitignore'), 'utf8'), '*\n');
    const info = readInfo(store)!;
    assert.equal(info.version, VERSION);
    assert.equal(info.extractionVersion, EXTRACTION_VERSION);
    store.close();
    const again = await openIndex(root);
    assert.equal(again.needsFullIndex, false, 'same versions: the index is kept');
    again.store.close();
  });

  it('round-trips every table through the file on disk', async () => {
    const { store } = await openIndex(root);
    store.transaction(() => {
      const f = store.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at, error_count) VALUES (?,?,?,?,?,?,?)').run('src/a.ts', 'typescript', 'abc', 120, 1700000000000, 1700000000001, 2);
      const n1 = store.prepare(`INSERT INTO nodes(uid, file_id, parent_id, name, name_lower, kind, qualified_name, start_line, end_line, start_col, signature, docstring, visibility, is_async, is_exported, rank)
        VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`).run('src/a.ts::Foo', f.lastInsertRowid, null, 'Foo', 'foo', 'class', 'Foo', 1, 20, 0, 'class Foo', 'A foo.', 'public', 0, 1, 0.5);
      const n2 = store.prepare(`INSERT INTO nodes(uid, file_id, parent_id, name, name_lower, kind, qualified_name, start_line, end_line, signature, is_async)
        VALUES (?,?,?,?,?,?,?,?,?,?,?)`).run('src/a.ts::Foo.run', f.lastInsertRowid, n1.lastInsertRowid, 'run', 'run', 'method', 'Foo.run', 3, 9, 'async run(): Promise<void>', 1);
      store.prepare('INSERT INTO edges(src, dst, kind, resolution, file_id, line, target, receiver) VALUES (?,?,?,?,?,?,?,?)').run(n2.lastInsertRowid, n1.lastInsertRowid, 'calls', 'scope', f.lastInsertRowid, 4, 'Foo', 'this');
      store.prepare('INSERT INTO file_imports(file_id, source, imported, local, line, reexport, resolved_file_id) VALUES (?,?,?,?,?,?,?)').run(f.lastInsertRowid, './b', 'default', 'B', 1, 0, null);
      store.prepare('INSERT INTO nodes_fts(docid, words, signature, docstring, path) VALUES (?,?,?,?,?)').run(n2.lastInsertRowid, 'run', 'async run(): Promise<void>', '', 'src/a.ts');
      writeMeta(store, { lastIndexedAt: 1234 });
    });
    store.close();

    const s2 = await openStore(dbPath(root), { readOnly: true });
    assert.deepEqual({ ...s2.prepare('SELECT path, language, hash, size, mtime_ms, indexed_at, error_count FROM files').get<object>() },
      { path: 'src/a.ts', language: 'typescript', hash: 'abc', size: 120, mtime_ms: 1700000000000, indexed_at: 1700000000001, error_count: 2 });
    const nodes = s2.prepare('SELECT uid, parent_id, kind, qualified_name, signature, docstring, visibility, is_async, is_exported, rank FROM nodes ORDER BY id').all<Record<string, unknown>>();
    assert.deepEqual(nodes.map((n) => ({ ...n })), [
      { uid: 'src/a.ts::Foo', parent_id: null, kind: 'class', qualified_name: 'Foo', signature: 'class Foo', docstring: 'A foo.', visibility: 'public', is_async: 0, is_exported: 1, rank: 0.5 },
      { uid: 'src/a.ts::Foo.run', parent_id: 1, kind: 'method', qualified_name: 'Foo.run', signature: 'async run(): Promise<void>', docstring: '', visibility: '', is_async: 1, is_exported: 0, rank: 0 },
    ]);
    assert.deepEqual({ ...s2.prepare('SELECT src, dst, kind, resolution, line, target, receiver FROM edges').get<object>() },
      { src: 2, dst: 1, kind: 'calls', resolution: 'scope', line: 4, target: 'Foo', receiver: 'this' });
    assert.deepEqual({ ...s2.prepare('SELECT source, imported, local, reexport, resolved_file_id FROM file_imports').get<object>() },
      { source: './b', imported: 'default', local: 'B', reexport: 0, resolved_file_id: null });
    assert.deepEqual(s2.prepare("SELECT docid FROM nodes_fts WHERE nodes_fts MATCH 'run'").all().map((r) => r.docid), [2]);
    assert.equal(readInfo(s2)!.lastIndexedAt, 1234);
    assert.ok(s2.sizeBytes() > 0);
    s2.close();
  });

  it('rolls back a failed transaction and keeps the previous state on disk', async () => {
    const { store } = await openIndex(root);
    const ins = store.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at) VALUES (?,?,?,?,?,?)');
    store.transaction(() => ins.run('a', 'x', 'h', 1, 0, 0));
    assert.throws(() => store.transaction(() => {
      ins.run('b', 'x', 'h', 1, 0, 0);
      ins.run('a', 'x', 'h', 1, 0, 0); // UNIQUE(path) fails
    }), /UNIQUE/);
    assert.deepEqual(store.prepare('SELECT path FROM files').all().map((r) => r.path), ['a']);
    store.close();
    const s2 = await openStore(dbPath(root), { readOnly: true });
    assert.deepEqual(s2.prepare('SELECT path FROM files').all().map((r) => r.path), ['a']);
    s2.close();
  });

  it('rebuilds an index written by another extraction version instead of serving it', async () => {
    const { store } = await openIndex(root);
    store.transaction(() => {
      store.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at) VALUES (?,?,?,?,?,?)').run('a', 'x', 'h', 1, 0, 0);
      writeMeta(store, { extractionVersion: EXTRACTION_VERSION - 1 });
    });
    store.close();
    const { store: s2, needsFullIndex } = await openIndex(root);
    assert.equal(needsFullIndex, true);
    assert.equal(s2.prepare('SELECT count(*) AS n FROM files').get<{ n: number }>()!.n, 0);
    assert.equal(readInfo(s2)!.extractionVersion, EXTRACTION_VERSION);
    s2.close();
  });

  it('explains a file that is not a database, naming the next step', async () => {
    const p = join(root, 'bad.db');
    writeFileSync(p, 'this is not sqlite, just text that is long enough to have a header'.repeat(20));
    await assert.rejects(async () => {
      const s = await openStore(p);
      s.prepare('SELECT * FROM sqlite_master').all();
    }, /corrupted.*remove \.codeindex\/ and re-index/);
  });

  it('refuses an unknown CODEINDEX_DB_BACKEND with the valid names', () => {
    assert.throws(() => chooseBackend('postgres'), /node-sqlite or sqljs/);
  });

  it('a reader connection sees a committed batch (sql.js after refresh(), node:sqlite at once)', async () => {
    const { store: w } = await openIndex(root);
    const r = await openStore(dbPath(root), { readOnly: true });
    const count = () => r.prepare('SELECT count(*) AS n FROM files').get<{ n: number }>()!.n;
    w.transaction(() => w.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at) VALUES (?,?,?,?,?,?)').run('a', 'x', 'h', 1, 0, 0));
    assert.equal(count(), backend === 'sqljs' ? 0 : 1, 'sql.js holds an image; WAL readers see commits');
    assert.equal(r.refresh(), backend === 'sqljs');
    assert.equal(count(), 1);
    w.close(); r.close();
  });

  it('deferPersist (a serving process): a commit reaches the file after it, flush() resolves once it is there, close() writes it at once; refresh() never drops it', async () => {
    const { store } = await openIndex(root, { deferPersist: true });
    const count = async () => {
      const r = await openStore(dbPath(root), { readOnly: true });
      try { return r.prepare('SELECT count(*) AS n FROM files').get<{ n: number }>()!.n; } finally { r.close(); }
    };
    const add = (path: string) => store.transaction(() => { store.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at) VALUES (?,?,?,?,?,?)').run(path, 'typescript', 'h', 1, 1, 1); });
    await store.flush(); // the schema's own commit
    add('a.ts');
    assert.equal(store.prepare('SELECT count(*) AS n FROM files').get<{ n: number }>()!.n, 1, 'this connection sees it at once');
    assert.equal(store.refresh(), false);
    assert.equal(store.prepare('SELECT count(*) AS n FROM files').get<{ n: number }>()!.n, 1, 'refresh() kept the unwritten commit');
    if (store.backend === 'sqljs') assert.equal(await count(), 0, 'sql.js: not on disk inside the same turn');
    await store.flush();
    assert.equal(await count(), 1, 'flush() resolves once it is written');
    add('b.ts');
    await new Promise((r) => setImmediate(r)); // sql.js: b's image is being written now
    add('c.ts');
    store.close();
    assert.equal(await count(), 3, 'close() writes every commit, the one after the running write too');
    await new Promise((r) => setTimeout(r, 300)); // the write that was running has ended by now
    assert.equal(await count(), 3, 'the older image written meanwhile did not replace the newer one');
    assert.deepEqual(readdirSync(join(root, '.codeindex')).filter((f) => f.includes('.tmp-')), [], 'no temp file left');
  });

  it('deferPersist: close() does not write back an index whose folder was removed (rm -rf .codeindex)', async () => {
    const { store } = await openIndex(root, { deferPersist: true });
    await store.flush();
    store.transaction(() => { store.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at) VALUES (?,?,?,?,?,?)').run('a.ts', 'typescript', 'h', 1, 1, 1); });
    rmSync(join(root, '.codeindex'), { recursive: true, force: true });
    store.close();
    assert.equal(existsSync(join(root, '.codeindex')), false, 'nothing written back');
  });

  it('deferPersist: commits made while an image is written go into the next one; the file only ever moves forward', async () => {
    const { store } = await openIndex(root, { deferPersist: true });
    await store.flush();
    const onDisk = async () => {
      const r = await openStore(dbPath(root), { readOnly: true });
      try {
        const batch = Number(r.prepare("SELECT value FROM meta WHERE key = 'batch'").get<{ value: string }>()?.value ?? 0);
        const rows = r.prepare('SELECT hash, count(*) AS n FROM files GROUP BY hash').all<{ hash: string; n: number }>();
        return { batch, rows: rows.length, whole: rows.every((g) => g.n === 200) };
      } finally { r.close(); }
    };
    const ins = store.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at) VALUES (?,?,?,?,?,?)');
    let last = 0;
    for (let b = 1; b <= 30; b++) {
      store.transaction(() => {
        for (let i = 0; i < 200; i++) ins.run(`b${b}/f${i}.ts`, 'typescript', `h${b}`, b, 0, b);
        writeMeta(store, { batch: b } as never);
      });
      if (b % 3 === 0) await new Promise((r) => setImmediate(r));
      const d = await onDisk();
      assert.ok(d.batch >= last, `the file went back from batch ${last} to ${d.batch}`);
      assert.equal(d.rows, d.batch, 'meta and rows come from one commit');
      assert.ok(d.whole, 'every batch on disk is whole');
      last = d.batch;
    }
    await store.flush();
    assert.equal((await onDisk()).batch, 30);
    store.close();
  });

  it('sql.js: export() leaves the database open with its prepared statements (persisting does not recompile them)', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const SQL = await (require('sql.js') as () => Promise<SqlJsStatic>)();
    const db = new SQL.Database();
    db.exec('CREATE TABLE t(x); INSERT INTO t VALUES (1)');
    const st = db.prepare('SELECT x FROM t');
    assert.ok(db.export().length > 0);
    assert.ok(st.step());
    assert.deepEqual(st.get(), [1]);
    st.free();
    db.close();
  });

  it('sql.js: a writer removes temp files left by a writer that died mid-write, not those of a live process', async () => {
    const dir = join(root, 'x/.codeindex');
    mkdirSync(dir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '']).pid!; // exited by now
    const torn = join(dir, `.codeindex.db.tmp-${dead}-1`);
    const busy = join(dir, `.codeindex.db.tmp-${process.ppid}-1`);
    writeFileSync(torn, 'half an image');
    writeFileSync(busy, 'being written');
    const reader = await openStore(dbPath(join(root, 'x')), { backend: 'sqljs', readOnly: true });
    reader.close();
    assert.ok(existsSync(torn), 'a reader leaves them alone');
    const writer = await openStore(dbPath(join(root, 'x')), { backend: 'sqljs' });
    writer.close();
    assert.equal(existsSync(torn), false, 'the dead writer\'s temp file is gone');
    assert.ok(existsSync(busy), 'a live process\'s temp file is kept');
  });
});
