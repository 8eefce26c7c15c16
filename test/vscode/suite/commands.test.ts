import * as vscode from 'vscode';
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { api, cleanTemps, folder, git, makeRepo, run, tempDir, sleep } from './helpers';

describe('commands against real repos and bare remotes (file://)', () => {
  after(async () => {
    await vscode.workspace.getConfiguration('codeindex').update('coAuthor.name', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('codeindex').update('coAuthor.email', undefined, vscode.ConfigurationTarget.Global);
    cleanTemps();
  });

  it('Push commits everything and pushes; the co-author trailer follows the settings', async () => {
    const { dir, bare } = makeRepo();
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    const c = vscode.workspace.getConfiguration('codeindex');
    await c.update('coAuthor.name', 'Pair Bot', vscode.ConfigurationTarget.Global);
    await c.update('coAuthor.email', 'pair@example.com', vscode.ConfigurationTarget.Global);
    const o = await run<{ committed: boolean; branch: string; commit: string }>('codeindex.push', { folder: dir, message: 'Add a' });
    assert.equal(o.ok, true, o.message);
    assert.ok(o.ok && o.value.committed && o.value.branch === 'main');
    assert.equal(git(bare, 'rev-parse', 'main'), git(dir, 'rev-parse', 'HEAD'));
    assert.equal(git(bare, 'log', '-1', '--format=%B', 'main'), 'Add a\n\nCo-authored-by: Pair Bot <pair@example.com>');
    await c.update('attribution.enabled', false, vscode.ConfigurationTarget.Global);
    writeFileSync(join(dir, 'b.txt'), 'b\n');
    const o2 = await run('codeindex.push', { folder: dir, message: '' });
    await c.update('attribution.enabled', undefined, vscode.ConfigurationTarget.Global);
    assert.equal(o2.ok, true, o2.message);
    assert.equal(git(bare, 'log', '-1', '--format=%B', 'main'), 'Agent work on main');
  });

  it('Push without origin fails with the typed sentence', async () => {
    const { dir } = makeRepo({ origin: false });
    writeFileSync(join(dir, 'x.txt'), 'x\n');
    const o = await run('codeindex.push', { folder: dir, message: 'x' });
    assert.equal(o.ok, false);
    assert.ok(!o.ok && o.code === 'NoOrigin');
    assert.match(o.message, /No remote named 'origin'/);
    // Nothing was committed.
    assert.equal(git(dir, 'rev-list', '--count', 'HEAD'), '1');
  });

  it('Push Current Branch pushes commits without committing; non-fast-forward is reported', async () => {
    const { dir, bare } = makeRepo();
    writeFileSync(join(dir, 'c.txt'), 'c\n');
    git(dir, 'add', 'c.txt');
    git(dir, 'commit', '-q', '-m', 'c');
    writeFileSync(join(dir, 'dirty.txt'), 'stays local\n');
    const o = await run<{ branch: string; remoteUrl: string }>('codeindex.pushCurrentBranch', { folder: dir });
    assert.equal(o.ok, true, o.message);
    assert.equal(git(bare, 'rev-parse', 'main'), git(dir, 'rev-parse', 'HEAD'));
    assert.ok(existsSync(join(dir, 'dirty.txt')));
    assert.match(git(dir, 'status', '--porcelain'), /dirty\.txt/);
    // Someone else pushes first.
    const other = join(tempDir('clone-'), 'w');
    git(tempDir('x-'), 'clone', '-q', `file://${bare}`, other);
    writeFileSync(join(other, 'theirs.txt'), 't\n');
    git(other, 'add', '-A');
    git(other, 'commit', '-q', '-m', 'theirs');
    git(other, 'push', '-q', 'origin', 'main');
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'mine');
    const o2 = await run('codeindex.pushCurrentBranch', { folder: dir });
    assert.ok(!o2.ok && o2.code === 'PushRejected', o2.message);
    assert.match(o2.message, /non-fast-forward/);
  });

  it('Create Branch & Push creates and pushes the branch; empty, invalid and taken names are refused', async () => {
    const { dir, bare } = makeRepo();
    const o = await run<{ branch: string; base: string }>('codeindex.createBranchAndPush', { folder: dir, branch: 'feature/login' });
    assert.equal(o.ok, true, o.message);
    assert.equal(git(dir, 'rev-parse', '--abbrev-ref', 'HEAD'), 'feature/login');
    assert.equal(git(bare, 'rev-parse', 'feature/login'), git(dir, 'rev-parse', 'HEAD'));
    const empty = await run('codeindex.createBranchAndPush', { folder: dir, branch: '  ' });
    assert.ok(!empty.ok && empty.code === 'EmptyBranchName');
    const bad = await run('codeindex.createBranchAndPush', { folder: dir, branch: 'bad..name' });
    assert.ok(!bad.ok && bad.code === 'InvalidBranchName');
    assert.match(bad.message, /not a valid branch name/);
    const local = await run('codeindex.createBranchAndPush', { folder: dir, branch: 'main' });
    assert.ok(!local.ok && local.code === 'BranchExists', local.message);
    git(dir, 'push', '-q', 'origin', 'main:refs/heads/taken');
    const remote = await run('codeindex.createBranchAndPush', { folder: dir, branch: 'taken' });
    assert.ok(!remote.ok && remote.code === 'RemoteBranchExists', remote.message);
    assert.equal(git(dir, 'rev-parse', '--abbrev-ref', 'HEAD'), 'feature/login');
  });

  it('Add Remote adds origin, which Push then uses; a second origin is refused', async () => {
    const { dir, bare } = makeRepo({ origin: false });
    const o = await run('codeindex.addRemote', { folder: dir, url: `file://${bare}` });
    assert.equal(o.ok, true, o.message);
    assert.equal(git(dir, 'remote', 'get-url', 'origin'), `file://${bare}`);
    const p = await run('codeindex.pushCurrentBranch', { folder: dir });
    assert.equal(p.ok, true, p.message);
    const again = await run('codeindex.addRemote', { folder: dir, url: 'https://github.com/o/r.git' });
    assert.ok(!again.ok && again.code === 'OriginExists');
    const invalid = await run('codeindex.addRemote', { folder: dir, url: 'not a url' });
    assert.ok(!invalid.ok && invalid.code === 'InvalidRemoteUrl');
  });

  it('Install/Remove Co-author Hook: commits made by git get the trailer, then no longer', async () => {
    const { dir } = makeRepo();
    const o = await run<{ path: string; action: string }>('codeindex.installCoauthorHook', { folder: dir, name: 'Hook Bot', email: 'hook@example.com' });
    assert.equal(o.ok, true, o.message);
    const hook = join(dir, '.git', 'hooks', 'prepare-commit-msg');
    assert.ok(existsSync(hook));
    const again = await run<{ action: string }>('codeindex.installCoauthorHook', { folder: dir, name: 'Hook Bot', email: 'hook@example.com' });
    assert.ok(again.ok && again.value.action === 'unchanged');
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'with hook');
    assert.match(git(dir, 'log', '-1', '--format=%B'), /Co-authored-by: Hook Bot <hook@example.com>/);
    const r = await run<{ action: string }>('codeindex.removeCoauthorHook', { folder: dir });
    assert.ok(r.ok && r.value.action === 'deleted-file', r.message);
    assert.equal(existsSync(hook), false);
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'without hook');
    assert.doesNotMatch(git(dir, 'log', '-1', '--format=%B'), /Co-authored-by/);
    const missing = await run('codeindex.installCoauthorHook', { folder: dir, name: '', email: '' });
    assert.ok(!missing.ok && missing.code === 'NoCoAuthor');
  });

  it('Index Project builds an index with progress; Re-index rebuilds it', async () => {
    const a = await api();
    const dir = join(tempDir('idx-'), 'p');
    cpSync(folder('app'), dir, { recursive: true, filter: (s) => !s.includes('.codeindex') && !s.includes('.git') });
    const o = await run<{ summary: string; symbols: number }>('codeindex.indexProject', { folder: dir });
    assert.equal(o.ok, true, o.message);
    assert.ok(existsSync(join(dir, '.codeindex', 'codeindex.db')));
    assert.match(o.ok ? o.value.summary : '', /codeindex: indexed \d+ files/);
    writeFileSync(join(dir, 'src', 'extra.ts'), 'export function brandNewFunction() { return 1; }\n');
    const u = await run<{ summary: string }>('codeindex.indexProject', { folder: dir });
    assert.match(u.ok ? u.value.summary : u.message, /codeindex: updated/);
    const f = await run<{ summary: string }>('codeindex.reindex', { folder: dir });
    assert.match(f.ok ? f.value.summary : f.message, /codeindex: indexed/);
    assert.equal(a.indexing.running.size, 0);
  });

  it('Create Pull Request opens the form for the repository of the folder', async () => {
    const sub = folder('app');
    const o = await run<vscode.WebviewPanel>('codeindex.createPullRequest', { folder: join(sub, 'src') });
    assert.equal(o.ok, true, o.message);
    assert.ok(o.ok && o.value.viewType === 'codeindex.createPullRequest' && o.value.visible);
    assert.ok(o.message.endsWith(`for ${sub}.`), o.message);
    o.ok && o.value.dispose();
    const notRepo = await run('codeindex.createPullRequest', { folder: folder('other') });
    assert.ok(!notRepo.ok && notRepo.code === 'NotARepository', notRepo.message);
  });

  it('a multi-root workspace asks which folder', async () => {
    const a = await api();
    const before = a.invocations.length;
    const p = vscode.commands.executeCommand('codeindex.showIndexStatus');
    await sleep(800);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const o = (await p) as { ok: boolean; value?: { projectPath: string } };
    assert.equal(o.ok, true);
    assert.equal(o.value?.projectPath, folder('app'));
    assert.equal(a.invocations[before].withArgs, false);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
