import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitError } from '../../src/extension/git/errors';
import { runGit } from '../../src/extension/git/run';
import { GitSandbox } from './helpers/git';

/** Running (a zombie waiting for a reaper counts as gone: containers often lack one). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

describe('git runner (real git)', function () {
  this.timeout(20_000);
  let sb: GitSandbox;
  before(() => {
    sb = new GitSandbox();
  });
  after(() => sb.cleanup());

  it('runs git in cwd with no terminal prompts and English messages', async () => {
    const repo = sb.repo();
    const r = await runGit(['-c', 'alias.showenv=!env', 'showenv'], { cwd: repo, env: { ...sb.env, LC_ALL: 'de_DE.UTF-8', GIT_TERMINAL_PROMPT: '1' } });
    assert.match(r.stdout, /^GIT_TERMINAL_PROMPT=0$/m);
    assert.match(r.stdout, /^LC_ALL=C$/m);
    assert.equal((await runGit(['rev-parse', '--show-toplevel'], { cwd: repo, env: sb.env })).stdout.trim(), repo);
  });

  it('accepts exit codes that are answers, and classifies real failures', async () => {
    const repo = sb.repo();
    const r = await runGit(['diff', '--quiet', 'HEAD'], { cwd: repo, env: sb.env, okExitCodes: [1] });
    assert.equal(r.exitCode, 0);
    writeFileSync(join(repo, 'README.md'), 'changed\n');
    assert.equal((await runGit(['diff', '--quiet'], { cwd: repo, env: sb.env, okExitCodes: [1] })).exitCode, 1);
    await assert.rejects(runGit(['checkout', '-b', 'main'], { cwd: repo, env: sb.env, context: { branch: 'main' } }), (err: GitError) => {
      assert.equal(err.code, 'BranchExists');
      assert.match(err.message, /A local branch named 'main' already exists/);
      assert.match(err.message, /fatal: a branch named 'main' already exists/);
      assert.equal(err.exitCode, 128);
      return true;
    });
  });

  it('outside a repository -> NotARepository', async () => {
    await assert.rejects(runGit(['status'], { cwd: sb.dir('plain'), env: sb.env }), { code: 'NotARepository' });
    await assert.rejects(runGit(['status'], { cwd: join(sb.root, 'missing'), env: sb.env }), { code: 'NotARepository' });
  });

  it('git missing -> GitNotFound with what to do', async () => {
    await assert.rejects(runGit(['status'], { cwd: sb.root, gitPath: join(sb.root, 'no-such-git') }), (err: GitError) => {
      assert.equal(err.code, 'GitNotFound');
      assert.match(err.message, /Install git/);
      return true;
    });
  });

  it('a command over its time limit is killed with its children and reported as Timeout', async () => {
    const repo = sb.repo();
    const pidFile = join(sb.root, 'sleeper.pid');
    const started = Date.now();
    await assert.rejects(
      runGit(['-c', `alias.hang=!echo $$ > '${pidFile}'; exec sleep 30`, 'hang'], { cwd: repo, env: sb.env, timeoutMs: 500 }),
      (err: GitError) => {
        assert.equal(err.code, 'Timeout');
        assert.match(err.message, /timed out after 0\.5 s/);
        return true;
      },
    );
    assert.ok(Date.now() - started < 5000, 'the timeout fired');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    // SIGKILL of the group is asynchronous: give the kernel a moment.
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(alive(pid), false, 'the grandchild (sleep) was killed too');
  });
});
