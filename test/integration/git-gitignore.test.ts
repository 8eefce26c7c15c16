import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWorkbenchIgnored } from '../../src/extension/git/gitignore';
import { GitSandbox } from './helpers/git';

describe('git .gitignore entries of the workbench', function () {
  let sb: GitSandbox;
  before(() => {
    sb = new GitSandbox();
  });
  after(() => sb.cleanup());

  it('adds .workbench/ and .workbench-pid once, and git then ignores them', async () => {
    const work = sb.repo();
    writeFileSync(join(work, '.gitignore'), 'node_modules/'); // no final newline
    const first = await ensureWorkbenchIgnored({ root: work });
    assert.deepEqual(first.added, ['.workbench/', '.workbench-pid']);
    assert.equal(readFileSync(first.path, 'utf8'), 'node_modules/\n.workbench/\n.workbench-pid\n');
    const second = await ensureWorkbenchIgnored({ root: work });
    assert.deepEqual(second.added, []);
    assert.equal(readFileSync(first.path, 'utf8'), 'node_modules/\n.workbench/\n.workbench-pid\n');
    assert.equal(sb.git(work, ['check-ignore', '.workbench/state.json', '.workbench-pid']), '.workbench/state.json\n.workbench-pid');
  });

  it('creates .gitignore when missing, and counts equivalent entries as present', async () => {
    const fresh = sb.dir('fresh');
    const r = await ensureWorkbenchIgnored({ root: fresh });
    assert.equal(readFileSync(r.path, 'utf8'), '.workbench/\n.workbench-pid\n');
    const other = sb.dir('other');
    writeFileSync(join(other, '.gitignore'), '/.workbench\r\n');
    const r2 = await ensureWorkbenchIgnored({ root: other });
    assert.deepEqual(r2.added, ['.workbench-pid']);
    assert.equal(readFileSync(r2.path, 'utf8'), '/.workbench\r\n.workbench-pid\r\n');
  });
});
