import { strict as assert } from 'node:assert';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexArgs, parseProgressLine } from '../../src/extension/index-process';
import { indexRuntime } from '../../src/extension/node-runtime';
import { nodeSqliteAvailable } from '../../src/server/store/store';

describe('agents: indexer child process', () => {
  it('reads files done / total from the CLI progress lines', () => {
    assert.deepEqual(parseProgressLine('codeindex: parsed 12/48 files (25%)'), { done: 12, total: 48 });
    assert.equal(parseProgressLine('codeindex: indexed 6 files (6 parsed, 0 removed), 33 symbols'), undefined);
  });
  it('builds --init, index and index --force command lines', () => {
    assert.deepEqual(indexArgs('/s.js', '/p', 'init'), ['/s.js', '--init', '--path', '/p']);
    assert.deepEqual(indexArgs('/s.js', '/p', 'index'), ['/s.js', 'index', '--path', '/p']);
    assert.deepEqual(indexArgs('/s.js', '/p', 'force'), ['/s.js', 'index', '--force', '--path', '/p']);
  });
  it('runs the index on a `node` from PATH that has node:sqlite when the editor\'s runtime lacks it, else on the editor\'s own', async () => {
    const node24 = process.env.CODEINDEX_NODE24;
    assert.ok(node24, 'CODEINDEX_NODE24 must point at a Node with node:sqlite (test/run.mjs sets it)');
    const bin = mkdtempSync(join(tmpdir(), 'ci-rt-bin-'));
    const empty = mkdtempSync(join(tmpdir(), 'ci-rt-empty-'));
    try {
      symlinkSync(node24, join(bin, 'node'));
      const own = nodeSqliteAvailable();
      const withIt = await indexRuntime({ ...process.env, PATH: `${bin}:${process.env.PATH}`, CODEINDEX_DB_BACKEND: '' });
      assert.equal(realpathSync(withIt.command), realpathSync(own ? process.execPath : node24));
      const without = await indexRuntime({ ...process.env, PATH: empty, CODEINDEX_DB_BACKEND: '' });
      assert.equal(without.command, process.execPath);
      assert.equal(without.env.ELECTRON_RUN_AS_NODE, '1', 'the editor\'s Electron runs as plain Node');
    } finally {
      rmSync(bin, { recursive: true, force: true });
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
