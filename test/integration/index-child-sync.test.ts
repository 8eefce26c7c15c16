// A serving process's full sync runs in a forked child (index/child-sync.ts) on node:sqlite, and
// in-process on sql.js (whose db image lives in the serving process). Real child processes,
// observed through /proc; every wait is bounded.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Indexer, SyncProgress } from '../../src/server/index/sync';
import { LiveIndex } from '../../src/server/index/live';
import { makeProject, removeProject, edgeFrom, files } from './helpers/project';

/** Pids of this process's children whose command line names root (the index child). */
function indexChildren(root: string): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').includes(root)) out.push(Number(d));
    } catch { /* gone */ }
  }
  return out;
}

/** Runs p while sampling the index children every 10 ms: the pids seen. */
async function watching<T>(root: string, p: Promise<T>): Promise<{ value: T; pids: Set<number> }> {
  const pids = new Set<number>();
  const t = setInterval(() => { for (const pid of indexChildren(root)) pids.add(pid); }, 10);
  try { return { value: await p, pids }; } finally { clearInterval(t); }
}

async function until(what: string, fn: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`m/f${i}.ts`,
  `import { helper } from '../b';\n${Array.from({ length: 40 }, (_, k) => `export function f${i}_${k}(x: number) { return helper() + x * ${k}; }`).join('\n')}\n`]));

describe('index: a serving process runs its full syncs in a child process', function () {
  this.timeout(60_000);
  let root: string;
  let live: LiveIndex | undefined;
  afterEach(() => { live?.close(); live = undefined; removeProject(root); });

  it('first index and --force in a child (node:sqlite), edits in-process; data and progress reach the server', async () => {
    root = makeProject({
      'a.ts': `import { helper } from './b';\nexport function main() { return helper(); }\n`,
      'b.ts': `export function helper() { return 1; }\n`,
    });
    const progress: SyncProgress[] = [];
    live = await LiveIndex.open(root, { watch: false, fullSyncInChild: true, onProgress: (p) => progress.push(p) });
    const inChild = live.store.backend === 'node-sqlite';
    const first = await watching(root, live.ready);
    assert.equal(first.value.full, true);
    assert.equal(first.value.parsed, 2);
    assert.equal(first.pids.size, inChild ? 1 : 0, `index children seen: ${[...first.pids]}`);
    assert.ok(progress.some((p) => p.phase === 'parse' && p.total === 2), JSON.stringify(progress));
    // the server's own connection reads what the child wrote
    assert.equal(edgeFrom(live.store, 'a.ts::main', 'helper', 'calls')?.to, 'b.ts::helper');
    assert.deepEqual(indexChildren(root), [], 'the child has exited');

    writeFileSync(join(root, 'b.ts'), `export function helper() { return 2; }\nexport function more() { return 3; }\n`);
    const edit = await watching(root, live.syncNow({}));
    assert.equal(edit.value.full, false);
    assert.equal(edit.value.parsed, 1);
    assert.equal(edit.pids.size, 0, 'an incremental sync stays in-process');

    const forced = await watching(root, live.syncNow({ force: true }));
    assert.equal(forced.value.full, true);
    assert.equal(forced.value.parsed, 2);
    assert.equal(forced.pids.size, inChild ? 1 : 0);
    assert.ok(live.store.prepare("SELECT 1 AS x FROM nodes WHERE uid = 'b.ts::more'").get());
  });

  it('a watcher batch of at least childSyncFiles paths (a branch switch) goes to a child too; a smaller one stays', async () => {
    root = makeProject({ 'a.ts': 'export function one() { return 1; }\n' });
    live = await LiveIndex.open(root, { watch: true, fullSyncInChild: true, childSyncFiles: 3, debounceMs: 300 });
    await live.ready;
    await live.warmed;
    const inChild = live.store.backend === 'node-sqlite';
    const has = (uid: string) => !!live!.store.prepare('SELECT 1 AS x FROM nodes WHERE uid = ?').get(uid);
    const pids = new Set<number>();
    const t = setInterval(() => { for (const pid of indexChildren(root)) pids.add(pid); }, 10);
    try {
      writeFileSync(join(root, 'b.ts'), 'export function two() { return 2; }\n');
      await until('b.ts synced', () => has('b.ts::two'), 5000);
      assert.equal(pids.size, 0, 'one path: in-process');
      // the watcher's debounce gathers these into one batch
      for (const f of ['c', 'd', 'e', 'f']) writeFileSync(join(root, `${f}.ts`), `export function ${f}Fn() { return 0; }\n`);
      await until('all four synced', () => ['c', 'd', 'e', 'f'].every((f) => has(`${f}.ts::${f}Fn`)), 10_000);
      assert.equal(pids.size, inChild ? 1 : 0, `index children seen: ${[...pids]}`);
    } finally {
      clearInterval(t);
    }
  });

  it('a catch-up sync at start that finds at least childSyncFiles files to parse (a branch switched while no server ran) goes to a child', async () => {
    root = makeProject({ 'a.ts': 'export function one() { return 1; }\n', 'b.ts': "import { one } from './a';\nexport function two() { return one(); }\n" });
    const ix = await Indexer.open(root);
    try { await ix.sync(); } finally { ix.close(); }
    const has = (uid: string) => !!live!.store.prepare('SELECT 1 AS x FROM nodes WHERE uid = ?').get(uid);

    // two changed files, under the threshold: in-process
    writeFileSync(join(root, 'a.ts'), 'export function one() { return 11; }\nexport function uno() { return 1; }\n');
    writeFileSync(join(root, 'c.ts'), 'export function three() { return 3; }\n');
    live = await LiveIndex.open(root, { watch: false, fullSyncInChild: true, childSyncFiles: 3 });
    const inChild = live.store.backend === 'node-sqlite';
    const small = await watching(root, live.ready);
    assert.equal(small.value.parsed, 2);
    assert.equal(small.value.full, false);
    assert.equal(small.pids.size, 0, 'two files: in-process');
    assert.ok(has('a.ts::uno') && has('c.ts::three'));
    live.close();
    live = undefined;

    // three changed, one deleted: the scan hands the sync to a child, which parses them
    for (const f of ['d', 'e']) writeFileSync(join(root, `${f}.ts`), `export function ${f}Fn() { return 0; }\n`);
    writeFileSync(join(root, 'b.ts'), "import { one } from './a';\nexport function two() { return 2; }\nexport function dos() { return one(); }\n");
    rmSync(join(root, 'c.ts'));
    live = await LiveIndex.open(root, { watch: false, fullSyncInChild: true, childSyncFiles: 3 });
    const big = await watching(root, live.ready);
    assert.equal(big.value.handedOff, undefined);
    assert.equal(big.value.full, false);
    assert.equal(big.value.parsed, 3);
    assert.equal(big.value.deleted, 1);
    assert.equal(big.pids.size, inChild ? 1 : 0, `index children seen: ${[...big.pids]}`);
    assert.ok(has('d.ts::dFn') && has('e.ts::eFn') && has('b.ts::dos') && !has('c.ts::three'));
    assert.equal(edgeFrom(live.store, 'b.ts::dos', 'one', 'calls')?.to, 'a.ts::one');
  });

  it('the child killed mid-index: the sync fails with a message naming it, and the next one finishes the index', async function () {
    root = makeProject({ 'b.ts': `export function helper() { return 1; }\n`, ...many(400) });
    live = await LiveIndex.open(root, { watch: false, fullSyncInChild: true });
    if (live.store.backend !== 'node-sqlite') {
      // sql.js: no child to kill; the full sync runs here, and that is what is asserted
      const s = await watching(root, live.ready);
      assert.equal(s.pids.size, 0);
      assert.equal(s.value.parsed, 401);
      return;
    }
    await until('the index child', () => indexChildren(root).length === 1, 10_000);
    const [pid] = indexChildren(root);
    process.kill(pid, 'SIGKILL');
    await assert.rejects(live.ready, /the index process ended \(signal SIGKILL\) before its summary/);
    const again = await watching(root, live.syncNow({}));
    assert.equal(again.pids.size, 1, 'still a full sync: in a child again');
    assert.equal(files(live.store).length, 401);
    assert.ok(live.store.prepare("SELECT 1 AS x FROM nodes WHERE uid = 'm/f399.ts::f399_39'").get());
  });

  it('closing the server mid-index ends the child; the db it leaves opens and syncs', async () => {
    root = makeProject({ 'b.ts': `export function helper() { return 1; }\n`, ...many(400) });
    live = await LiveIndex.open(root, { watch: false, fullSyncInChild: true });
    if (live.store.backend !== 'node-sqlite') {
      await live.ready;
      assert.deepEqual(indexChildren(root), []);
      return;
    }
    await until('the index child', () => indexChildren(root).length === 1, 10_000);
    const [pid] = indexChildren(root);
    live.close();
    live = undefined;
    await until('the child to end', () => !indexChildren(root).includes(pid), 5000);
    const ix = await Indexer.open(root);
    try {
      const s = await ix.sync();
      assert.equal(s.files, 401);
      assert.equal(edgeFrom(ix.store, 'm/f7.ts::f7_3', 'helper', 'calls')?.to, 'b.ts::helper');
    } finally {
      ix.close();
    }
  });
});
