// A full index killed with SIGKILL half-way leaves a usable db; the next `index` completes it to
// exactly what a clean index gives.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openStore } from '../../src/server/store/open';
import { dbPath } from '../../src/server/store/schema';
import { makeProject, removeProject } from './helpers/project';

const entry = resolve(__dirname, '../../../dist/server-entry.js');

function generated(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const prev = i > 0 ? `import { f${i - 1} } from './m${i - 1}';\n` : '';
    const body = Array.from({ length: 30 }, (_, k) => `export function g${i}_${k}(x: number) { return x + ${k}; }`).join('\n');
    files[`src/m${i}.ts`] = `${prev}/** Module ${i}. */\nexport function f${i}(x: number): number { return ${i > 0 ? `f${i - 1}(x)` : 'x'} + 1; }\n${body}\n`;
  }
  return files;
}

async function counts(root: string) {
  const s = await openStore(dbPath(root), { readOnly: true });
  const n = (sql: string) => s.prepare(sql).get<{ n: number }>()!.n;
  const r = {
    integrity: s.prepare('PRAGMA integrity_check').get<{ integrity_check: string }>()!.integrity_check,
    files: n('SELECT count(*) AS n FROM files'),
    nodes: n('SELECT count(*) AS n FROM nodes'),
    edges: n('SELECT count(*) AS n FROM edges'),
    resolvedCalls: n("SELECT count(*) AS n FROM edges WHERE kind = 'calls' AND dst IS NOT NULL"),
  };
  s.close();
  return r;
}

describe('index: crash mid-index', function () {
  this.timeout(240000);
  let root: string, clean: string;
  before(() => { root = makeProject(generated(800)); clean = makeProject({}); cpSync(root, clean, { recursive: true }); });
  after(() => { removeProject(root); removeProject(clean); });

  it('SIGKILL during --init, then `index` finishes to the same graph as a clean run', async () => {
    const child = spawn(process.execPath, [entry, '--init', '--path', root], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CODEINDEX_WORKERS: '1' } });
    let err = '';
    child.stderr!.on('data', (d) => { err += d; });
    const killed = new Promise<NodeJS.Signals | null>((res) => child.on('exit', (_c, sig) => res(sig)));
    // kill as soon as the first batch of files is committed, long before the end
    const until = Date.now() + 60000;
    for (;;) {
      assert.ok(Date.now() < until, `no batch committed in time: ${err}`);
      await new Promise((r) => setTimeout(r, 20));
      let n = 0;
      try {
        const s = await openStore(dbPath(root), { readOnly: true });
        try { n = s.prepare('SELECT count(*) AS n FROM files').get<{ n: number }>()!.n; } finally { s.close(); }
      } catch { /* not created yet */ }
      if (n > 0) { child.kill('SIGKILL'); break; }
    }
    assert.equal(await killed, 'SIGKILL');
    const mid = await counts(root);
    assert.equal(mid.integrity, 'ok');
    assert.ok(mid.files > 0 && mid.files < 800, `a partial index: ${mid.files} files`);

    const r = spawnSync(process.execPath, [entry, 'index', '--path', root], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const c = spawnSync(process.execPath, [entry, '--init', '--path', clean], { encoding: 'utf8' });
    assert.equal(c.status, 0, c.stderr);
    const after = await counts(root);
    const want = await counts(clean);
    assert.deepEqual(after, want);
    assert.equal(want.files, 800);
    assert.ok(want.resolvedCalls >= 799, 'the chain of calls across files is resolved');
  });
});
