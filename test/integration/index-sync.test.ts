// Incremental sync, exclusions, the sync lock, and the watcher, on real files.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { Indexer } from '../../src/server/index/sync';
import { LiveIndex } from '../../src/server/index/live';
import { makeProject, removeProject, writeFiles, edgeFrom, uids, files } from './helpers/project';

/** Rewrites a file with a new mtime (some filesystems keep mtime within the same ms). */
function edit(root: string, p: string, text: string) {
  writeFileSync(join(root, p), text);
  const t = new Date(Date.now() + 2000);
  utimesSync(join(root, p), t, t);
}

describe('index: incremental sync', function () {
  this.timeout(30000);
  let root: string;
  let ix: Indexer;
  beforeEach(async () => {
    root = makeProject({
      'a.ts': `import { helper } from './b';\nimport { later } from './c';\nexport function main() { return helper() + later(); }\n`,
      'b.ts': `export function helper() { return 1; }\n`,
    });
    ix = await Indexer.open(root);
    const s = await ix.sync();
    assert.equal(s.parsed, 2);
  });
  afterEach(() => { ix.close(); removeProject(root); });

  it('a full index leaves the text index in one segment (searches read each word once)', async () => {
    const segments = () => Number(ix.store.prepare('SELECT count(*) AS n FROM nodes_fts_segdir').get<{ n: number }>()!.n);
    assert.equal(segments(), 1);
    edit(root, 'b.ts', `export function helper() { return 2; }\nexport function more() { return 3; }\n`);
    await ix.sync();
    assert.ok(segments() > 1, 'a small sync appends a segment');
    await ix.sync({ force: true });
    assert.equal(segments(), 1);
  });

  it('a second sync with nothing changed parses nothing', async () => {
    const s = await ix.sync();
    assert.equal(s.parsed, 0);
    assert.equal(s.files, 2);
    // the summary derives its counts: they must equal the counted rows
    const n = (sql: string) => ix.store.prepare(sql).get<{ n: number }>()!.n;
    assert.equal(s.nodes, n("SELECT count(*) AS n FROM nodes WHERE kind != 'file'"));
    assert.equal(s.edges, n("SELECT count(*) AS n FROM edges WHERE kind != 'contains'"));
    assert.ok(s.nodes > 0 && s.edges > 0);
  });

  it('an added file that an import named resolves the old unresolved call', async () => {
    assert.equal(edgeFrom(ix.store, 'a.ts::main', 'later', 'calls')?.to, null);
    writeFiles(root, { 'c.ts': `export function later() { return 2; }\n` });
    const s = await ix.sync();
    assert.equal(s.parsed, 1);
    assert.equal(edgeFrom(ix.store, 'a.ts::main', 'later', 'calls')?.to, 'c.ts::later');
  });

  it('a type added later binds the type references that named it, as a full index does', async () => {
    writeFiles(root, { 'd.ts': `import { Shape } from './e';\nexport function area(s: Shape): number { return 0; }\n` });
    await ix.sync();
    assert.equal(edgeFrom(ix.store, 'd.ts::area', 'Shape', 'references')?.to, null, 'kept, unresolved');
    writeFiles(root, { 'e.ts': `export interface Shape { n: number }\n` });
    const s = await ix.sync();
    assert.equal(s.parsed, 1, 'd.ts is not parsed again');
    assert.equal(edgeFrom(ix.store, 'd.ts::area', 'Shape', 'references')?.to, 'e.ts::Shape');
  });

  it('a changed file re-resolves the edges that pointed into it', async () => {
    assert.equal(edgeFrom(ix.store, 'a.ts::main', 'helper', 'calls')?.to, 'b.ts::helper');
    edit(root, 'b.ts', `export function other() { return 1; }\n`);
    await ix.sync();
    assert.equal(edgeFrom(ix.store, 'a.ts::main', 'helper', 'calls')?.to, null, 'helper is gone');
    assert.ok(uids(ix.store).includes('b.ts::other'));
    edit(root, 'b.ts', `// moved down\n\nexport function helper() { return 3; }\n`);
    const s = await ix.sync();
    assert.equal(s.parsed, 1);
    assert.equal(edgeFrom(ix.store, 'a.ts::main', 'helper', 'calls')?.to, 'b.ts::helper', 'bound again after it came back');
    const line = ix.store.prepare("SELECT start_line FROM nodes WHERE uid = 'b.ts::helper'").get<{ start_line: number }>()!.start_line;
    assert.equal(line, 3);
  });

  it('a deleted file takes its nodes and the imports into it', async () => {
    unlinkSync(join(root, 'b.ts'));
    const s = await ix.sync();
    assert.equal(s.deleted, 1);
    assert.deepEqual(files(ix.store), ['a.ts']);
    assert.ok(!uids(ix.store).some((u) => u.startsWith('b.ts')));
    assert.equal(ix.store.prepare("SELECT count(*) AS n FROM edges WHERE kind = 'imports'").get<{ n: number }>()!.n, 0);
    assert.equal(edgeFrom(ix.store, 'a.ts::main', 'helper', 'calls')?.to, null);
  });

  it('a renamed file: the old path goes, imports of the new path resolve', async () => {
    renameSync(join(root, 'b.ts'), join(root, 'lib.ts'));
    edit(root, 'a.ts', `import { helper } from './lib';\nexport function main() { return helper(); }\n`);
    await ix.sync();
    assert.deepEqual(files(ix.store), ['a.ts', 'lib.ts']);
    assert.equal(edgeFrom(ix.store, 'a.ts::main', 'helper', 'calls')?.to, 'lib.ts::helper');
  });

  it('the watcher hint path: only the named files are looked at', async () => {
    writeFiles(root, { 'c.ts': `export function later() { return 2; }\n` });
    const s = await ix.sync({ changedPaths: ['c.ts'] });
    assert.equal(s.parsed, 1);
    assert.equal(edgeFrom(ix.store, 'a.ts::main', 'later', 'calls')?.to, 'c.ts::later');
    unlinkSync(join(root, 'c.ts'));
    const s2 = await ix.sync({ changedPaths: ['c.ts'] });
    assert.equal(s2.deleted, 1);
  });

  it('--force re-parses every file', async () => {
    const s = await ix.sync({ force: true });
    assert.equal(s.parsed, 2);
    assert.equal(edgeFrom(ix.store, 'a.ts::main', 'helper', 'calls')?.to, 'b.ts::helper');
  });

  it('an index that has no file yet takes the full path when files come, even as a watcher hint', async () => {
    const empty = makeProject({});
    const ex = await Indexer.open(empty);
    try {
      assert.equal((await ex.sync()).files, 0);
      assert.equal((await ex.sync()).full, false, 'still nothing to index: nothing to do');
      writeFiles(empty, { 'a.ts': `import { helper } from './b';\nexport function main() { return helper(); }\n`, 'b.ts': `export function helper() { return 1; }\n` });
      const s = await ex.sync({ changedPaths: ['a.ts'] });
      assert.equal(s.full, true);
      assert.equal(s.parsed, 2, 'a full sync walks the project: b.ts too');
      assert.equal(edgeFrom(ex.store, 'a.ts::main', 'helper', 'calls')?.to, 'b.ts::helper');
      assert.equal((await ex.sync({ changedPaths: ['a.ts'] })).full, false, 'once it has files, syncs are incremental');
    } finally {
      ex.close();
      removeProject(empty);
    }
  });
});

describe('index: what is indexed', function () {
  this.timeout(30000);
  let root: string;
  afterEach(() => removeProject(root));

  it('honours nested .gitignore with negation, codeindex.json exclude, the size cap, binaries and symlink loops', async () => {
    root = makeProject({
      '.gitignore': 'build/\n*.gen.ts\n',
      'src/keep.ts': 'export const a = 1;\n',
      'src/skip.gen.ts': 'export const b = 1;\n',
      'src/sub/.gitignore': '!special.gen.ts\nlocal.ts\n',
      'src/sub/special.gen.ts': 'export const c = 1;\n',
      'src/sub/local.ts': 'export const d = 1;\n',
      'build/out.ts': 'export const e = 1;\n',
      'vendor/lib.ts': 'export const f = 1;\n',
      'node_modules/x/index.ts': 'export const g = 1;\n',
      'big.ts': `export const big = "${'x'.repeat(3000)}";\n`,
      'notes.txt': 'not code\n',
      'codeindex.json': JSON.stringify({ exclude: ['vendor/'], maxFileSize: 2000 }),
    });
    writeFileSync(join(root, 'bin.ts'), Buffer.from([0x65, 0x78, 0x00, 0x01, 0x02]));
    mkdirSync(join(root, 'loop'));
    writeFileSync(join(root, 'loop/in.ts'), 'export const h = 1;\n');
    symlinkSync('..', join(root, 'loop/up')); // loop/up -> the project root: a cycle
    const ix = await Indexer.open(root);
    const s = await ix.sync();
    assert.deepEqual(files(ix.store), ['loop/in.ts', 'src/keep.ts', 'src/sub/special.gen.ts']);
    assert.equal(s.skippedTooLarge, 1);
    ix.close();
  });

  it('JSON is indexed only when codeindex.json names it; "languages" limits the rest', async () => {
    root = makeProject({ 'a.ts': 'export const a = 1;\n', 'b.py': 'def b():\n    pass\n', 'data.json': '{"name": "x"}\n' });
    let ix = await Indexer.open(root);
    await ix.sync();
    assert.deepEqual(files(ix.store), ['a.ts', 'b.py']);
    ix.close();
    writeFiles(root, { 'codeindex.json': JSON.stringify({ languages: ['typescript', 'json'] }) });
    ix = await Indexer.open(root);
    await ix.sync();
    assert.deepEqual(files(ix.store), ['a.ts', 'codeindex.json', 'data.json']);
    ix.close();
  });

  it('a bad codeindex.json is reported with the file and the fix', async () => {
    root = makeProject({ 'a.ts': 'export const a = 1;\n', 'codeindex.json': '{ "exclude": "vendor" }' });
    const ix = await Indexer.open(root);
    await assert.rejects(ix.sync(), /codeindex\.json: "exclude" must be an array of strings/);
    ix.close();
  });
});

describe('index: one writer at a time', function () {
  this.timeout(30000);
  let root: string;
  afterEach(() => removeProject(root));

  it('a live lock makes the second writer wait, then report; a dead pid\'s lock is taken over', async () => {
    root = makeProject({ 'a.ts': 'export const a = 1;\n' });
    const ix = await Indexer.open(root);
    writeFileSync(join(root, '.codeindex/sync.lock'), String(process.ppid)); // a live process that is not us
    await assert.rejects(ix.sync({ lockTimeoutMs: 300 }), /another process \(pid \d+\) is indexing .* remove .*sync\.lock/);
    writeFileSync(join(root, '.codeindex/sync.lock'), '999999'); // no such pid
    const s = await ix.sync({ lockTimeoutMs: 300 });
    assert.equal(s.files, 1);
    ix.close();
  });

  it('a serving writer (deferPersist) lets go of the lock only once the file holds the sync, and sees it itself at the commit', async () => {
    root = makeProject({ 'a.ts': 'export const a = 1;\n' });
    const ix = await Indexer.open(root, { deferPersist: true });
    await ix.sync();
    const lock = join(root, '.codeindex/sync.lock');
    const db = join(root, '.codeindex/codeindex.db');
    // what the files on disk hold (the db, and node:sqlite's WAL when a checkpoint was partial)
    const onDisk = (name: string) => [db, `${db}-wal`].some((f) => existsSync(f) && readFileSync(f).includes(name));
    edit(root, 'a.ts', 'export const a = 1;\nexport function persistedBeforeUnlock() {}\n');
    let committedSeen = false;
    const syncing = ix.sync({
      changedPaths: ['a.ts'],
      onCommitted: () => { committedSeen = !!ix.store.prepare("SELECT 1 AS x FROM nodes WHERE name = 'persistedBeforeUnlock'").get(); },
    });
    // checked at every turn of the event loop while the image is written (off it, on sql.js)
    let turns = 0, unlockedAt = -1;
    while (unlockedAt < 0) {
      await new Promise((r) => setImmediate(r));
      turns++;
      if (!existsSync(lock)) {
        unlockedAt = turns;
        assert.ok(onDisk('persistedBeforeUnlock'), 'the lock went before the file held the sync');
      }
      assert.ok(turns < 1e6);
    }
    await syncing;
    assert.ok(committedSeen, 'onCommitted: this connection reads the batch');
    ix.close();
  });
});

describe('index: watcher', function () {
  this.timeout(30000);
  let root: string;
  let live: LiveIndex | undefined;
  afterEach(() => { live?.close(); live = undefined; removeProject(root); });

  const waitFor = async (cond: () => boolean, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) { if (cond()) return Date.now(); await new Promise((r) => setTimeout(r, 10)); }
    throw new Error('condition not met in time');
  };

  it('an edit saved is visible in the index within 300 ms (new folder too)', async () => {
    root = makeProject({ 'a.ts': 'export function one() { return 1; }\n' });
    live = await LiveIndex.open(root);
    await live.ready;
    await live.warmed;
    assert.equal(live.watcherStatus().active, true);
    const has = (uid: string) => !!live!.store.prepare('SELECT 1 AS x FROM nodes WHERE uid = ?').get(uid);
    const t0 = Date.now();
    writeFileSync(join(root, 'a.ts'), 'export function one() { return 1; }\nexport function two() { return 2; }\n');
    const t1 = await waitFor(() => has('a.ts::two'), 3000);
    assert.ok(t1 - t0 <= 300, `visible after ${t1 - t0} ms`);
    mkdirSync(join(root, 'pkg'));
    writeFileSync(join(root, 'pkg/c.ts'), 'export function three() { return 3; }\n');
    await waitFor(() => has('pkg/c.ts::three'), 3000);
    rmSync(join(root, 'pkg'), { recursive: true });
    await waitFor(() => !has('pkg/c.ts::three'), 3000);
    // the paths stay pending until their sync has finished (written, lock released), a moment
    // after its data is visible on this connection
    await waitFor(() => live!.watcherStatus().pendingFiles.length === 0, 3000);
    assert.deepEqual(live.watcherStatus(), { active: true, pendingFiles: [], degraded: false });
  });

  it('past the OS watch limit it polls instead, and says it is degraded', async () => {
    root = makeProject({ 'a.ts': 'export function one() { return 1; }\n', 'x/b.ts': 'export const b = 1;\n' });
    live = await LiveIndex.open(root, { maxWatches: 1, pollMs: 100 });
    await live.ready;
    await new Promise((r) => setTimeout(r, 50));
    const st = live.watcherStatus();
    assert.equal(st.degraded, true);
    assert.equal(st.active, true);
    writeFileSync(join(root, 'x/b.ts'), 'export const b = 1;\nexport function polled() {}\n');
    const t = new Date(Date.now() + 2000);
    utimesSync(join(root, 'x/b.ts'), t, t);
    await waitFor(() => !!live!.store.prepare("SELECT 1 AS x FROM nodes WHERE uid = 'x/b.ts::polled'").get(), 5000);
  });
});

describe('index: a .h file is read as the language of most of the project\'s sources', function () {
  this.timeout(30000);
  let root: string;
  let ix: Indexer;
  // a plain object: node:sqlite's rows have a null prototype, which deepEqual tells apart
  const language = (p: string) => ({ ...ix.store.prepare('SELECT language, error_count AS e FROM files WHERE path = ?').get<{ language: string; e: number }>(p) });
  beforeEach(async () => {
    // `new` as a name: valid C, an error for the C++ grammar
    root = makeProject({
      'a.c': '#include "x.h"\nint main(void) { return bump(1); }\n',
      'x.h': 'static inline int bump(int new) { return new + 1; }\n',
    });
    ix = await Indexer.open(root);
    await ix.sync();
  });
  afterEach(() => { ix.close(); removeProject(root); });

  it('C when C sources are the most, C++ once C++ sources outnumber them, the header parsed again', async () => {
    assert.deepEqual(language('x.h'), { language: 'c', e: 0 });
    assert.equal(edgeFrom(ix.store, 'a.c::main', 'bump', 'calls')?.to, 'x.h::bump');
    writeFiles(root, { 'b.cpp': 'int b() { return 0; }\n', 'c.cpp': 'int c() { return 0; }\n' });
    const s = await ix.sync();
    assert.equal(s.parsed, 3, 'the two new files and the header');
    assert.equal(language('x.h')!.language, 'cpp');
  });

  it('a header the watcher reports takes the language the indexed files give', async () => {
    writeFiles(root, { 'y.h': 'int twice(int new);\n' });
    await ix.sync({ changedPaths: ['y.h'] });
    assert.deepEqual(language('y.h'), { language: 'c', e: 0 });
  });
});

describe('index: a header whose includes change re-binds what its includers call through it', function () {
  this.timeout(30000);
  let root: string;
  let ix: Indexer;
  beforeEach(async () => {
    // `clamp` is defined twice (neither definition includes core.h, nor is in a file named
    // after it), so only the include chain can bind main.c's call, to the prototype
    root = makeProject({
      'src/main.c': '#include "util.h"\nint main(void) { return clamp(twice(1)); }\n',
      'src/util.h': 'int twice(int v);\n',
      'src/core.h': 'int clamp(int v);\n',
      'tools/neg.c': 'int clamp(int v) { return -v; }\n',
      'tools/same.c': 'int clamp(int v) { return v; }\n',
    });
    ix = await Indexer.open(root);
    await ix.sync();
  });
  afterEach(() => { ix.close(); removeProject(root); });

  it('an include added binds the call, one removed unbinds it, as a full index would', async () => {
    const clamp = () => edgeFrom(ix.store, 'src/main.c::main', 'clamp', 'calls');
    assert.equal(clamp()?.to, null);
    edit(root, 'src/util.h', '#include "core.h"\nint twice(int v);\n');
    const s = await ix.sync();
    assert.equal(s.parsed, 1, 'only the header is parsed again');
    assert.deepEqual({ to: clamp()?.to, resolution: clamp()?.resolution }, { to: 'src/core.h::clamp', resolution: 'import' });
    edit(root, 'src/util.h', 'int twice(int v);\n');
    await ix.sync();
    assert.deepEqual({ to: clamp()?.to, resolution: clamp()?.resolution }, { to: null, resolution: 'unresolved' });
  });
});
