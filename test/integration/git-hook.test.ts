import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitError } from '../../src/extension/git/errors';
import { HOOK_BEGIN, hooksDir, installCoauthorHook, removeCoauthorHook } from '../../src/extension/git/hook';
import { GitSandbox, writeScript } from './helpers/git';

const me = { name: 'Work Bench', email: 'bot@example.com' };
const TRAILER = 'Co-authored-by: Work Bench <bot@example.com>';

describe('git co-author hook (real git commit)', function () {
  this.timeout(20_000);
  let sb: GitSandbox;
  before(() => {
    sb = new GitSandbox();
  });
  after(() => sb.cleanup());

  const count = (s: string, needle: string) => s.split(needle).length - 1;
  const commit = (repo: string, args: string[]) => {
    sb.git(repo, ['commit', '-q', '--allow-empty', ...args]);
    return sb.message(repo);
  };

  it('installs an executable prepare-commit-msg whose trailer appears once in a real commit', async () => {
    const repo = sb.repo();
    const r = await installCoauthorHook({ cwd: repo, env: sb.env, ...me });
    assert.equal(r.path, join(repo, '.git', 'hooks', 'prepare-commit-msg'));
    assert.equal(r.action, 'created');
    assert.equal(statSync(r.path).mode & 0o111, 0o111);
    assert.equal(commit(repo, ['-m', 'Plain message']), `Plain message\n\n${TRAILER}\n`);
    // already carrying the trailer (e.g. our own default message): not added again
    assert.equal(count(commit(repo, ['-m', `With trailer\n\n${TRAILER}`]), TRAILER), 1);
    // --amend runs the hook again on a message that has it
    assert.equal(count(commit(repo, ['--amend', '--no-edit']), TRAILER), 1);
  });

  it('a message file without a final newline still gets a blank line before the trailer', async () => {
    const repo = sb.repo();
    const r = await installCoauthorHook({ cwd: repo, env: sb.env, ...me });
    const msg = join(sb.root, 'MSG');
    writeFileSync(msg, 'No newline at the end');
    execFileSync('sh', [r.path, msg]);
    assert.equal(readFileSync(msg, 'utf8'), `No newline at the end\n\n${TRAILER}\n`);
    execFileSync('sh', [r.path, msg]);
    assert.equal(readFileSync(msg, 'utf8'), `No newline at the end\n\n${TRAILER}\n`);
  });

  it('install twice: unchanged; another co-author: updated in place', async () => {
    const repo = sb.repo();
    const first = await installCoauthorHook({ cwd: repo, env: sb.env, ...me });
    const text = readFileSync(first.path, 'utf8');
    const again = await installCoauthorHook({ cwd: repo, env: sb.env, ...me });
    assert.equal(again.action, 'unchanged');
    assert.equal(readFileSync(first.path, 'utf8'), text);
    const other = await installCoauthorHook({ cwd: repo, env: sb.env, name: 'Other Bot', email: 'other@example.com' });
    assert.equal(other.action, 'updated');
    const updated = readFileSync(first.path, 'utf8');
    assert.equal(count(updated, HOOK_BEGIN), 1);
    assert.equal(commit(repo, ['-m', 'x']), 'x\n\nCo-authored-by: Other Bot <other@example.com>\n');
  });

  it("keeps the user's own hook working (even one ending in exit 0) and restores it exactly on remove", async () => {
    const repo = sb.repo();
    const path = join(repo, '.git', 'hooks', 'prepare-commit-msg');
    const user = '#!/bin/sh\necho "Ticket: ABC-1" >> "$1"\nexit 0\n';
    writeScript(path, user);
    const r = await installCoauthorHook({ cwd: repo, env: sb.env, ...me });
    assert.equal(r.action, 'updated');
    const msg = commit(repo, ['-m', 'Both hooks']);
    assert.equal(count(msg, TRAILER), 1, msg);
    assert.equal(count(msg, 'Ticket: ABC-1'), 1, msg);
    const removed = await removeCoauthorHook({ cwd: repo, env: sb.env });
    assert.equal(removed.action, 'removed-block');
    assert.equal(readFileSync(path, 'utf8'), user);
    assert.equal(statSync(path).mode & 0o111, 0o111);
    assert.equal(commit(repo, ['-m', 'User hook only']), 'User hook only\nTicket: ABC-1\n');
  });

  it('remove deletes the file when nothing else is in it; remove again is a no-op', async () => {
    const repo = sb.repo();
    const { path } = await installCoauthorHook({ cwd: repo, env: sb.env, ...me });
    assert.equal((await removeCoauthorHook({ cwd: repo, env: sb.env })).action, 'deleted-file');
    assert.equal(existsSync(path), false);
    assert.equal((await removeCoauthorHook({ cwd: repo, env: sb.env })).action, 'absent');
    assert.equal(commit(repo, ['-m', 'No trailer now']), 'No trailer now\n');
  });

  it('remove leaves a hook without our block untouched', async () => {
    const repo = sb.repo();
    const path = join(repo, '.git', 'hooks', 'prepare-commit-msg');
    writeScript(path, '#!/bin/sh\ntrue\n');
    assert.equal((await removeCoauthorHook({ cwd: repo, env: sb.env })).action, 'absent');
    assert.equal(readFileSync(path, 'utf8'), '#!/bin/sh\ntrue\n');
  });

  it('refuses to merge into a hook in another language, leaving it as it was', async () => {
    const repo = sb.repo();
    const path = join(repo, '.git', 'hooks', 'prepare-commit-msg');
    const py = '#!/usr/bin/env python3\nimport sys\n';
    writeScript(path, py);
    await assert.rejects(installCoauthorHook({ cwd: repo, env: sb.env, ...me }), (err: GitError) => {
      assert.equal(err.code, 'HookNotShell');
      return true;
    });
    assert.equal(readFileSync(path, 'utf8'), py);
  });

  it('writes where core.hooksPath points (relative to the work tree, from a subfolder too)', async () => {
    const repo = sb.repo();
    sb.git(repo, ['config', 'core.hooksPath', '.githooks']);
    const sub = join(repo, 'src');
    mkdirSync(sub);
    const r = await installCoauthorHook({ cwd: sub, env: sb.env, ...me });
    assert.equal(r.path, join(repo, '.githooks', 'prepare-commit-msg'));
    assert.equal(existsSync(join(repo, '.git', 'hooks', 'prepare-commit-msg')), false);
    assert.equal(commit(repo, ['-m', 'via hooksPath']), `via hooksPath\n\n${TRAILER}\n`);
  });

  it('from a linked worktree: the shared hooks folder, used by commits in both trees', async () => {
    const repo = sb.repo();
    const wt = join(sb.dir('wt'), 'tree');
    sb.git(repo, ['worktree', 'add', '-q', '-b', 'wt-branch', wt]);
    assert.equal(await hooksDir({ cwd: wt, env: sb.env }), join(repo, '.git', 'hooks'));
    const r = await installCoauthorHook({ cwd: wt, env: sb.env, ...me });
    assert.equal(r.path, join(repo, '.git', 'hooks', 'prepare-commit-msg'));
    assert.equal(commit(wt, ['-m', 'in worktree']), `in worktree\n\n${TRAILER}\n`);
    assert.equal(commit(repo, ['-m', 'in main tree']), `in main tree\n\n${TRAILER}\n`);
  });

  it('not a repository: NotARepository', async () => {
    await assert.rejects(installCoauthorHook({ cwd: sb.dir('plain'), env: sb.env, ...me }), { code: 'NotARepository' });
  });
});
