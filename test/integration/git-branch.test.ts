import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBranchAndPush } from '../../src/extension/git/branch';
import { GitError } from '../../src/extension/git/errors';
import { closedPort, GitSandbox, startGitHttpServer, startSilentServer, writeScript, type TestServer } from './helpers/git';

describe('git create branch & push (real git)', function () {
  this.timeout(20_000);
  let sb: GitSandbox;
  const servers: TestServer[] = [];
  before(() => {
    sb = new GitSandbox();
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
    sb.cleanup();
  });

  /** Branches, checked-out branch, config and status: what must not change when we refuse. */
  const snapshot = (work: string) => ({
    branches: sb.git(work, ['for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/remotes']),
    head: sb.git(work, ['symbolic-ref', '-q', 'HEAD']),
    config: sb.git(work, ['config', '--local', '--list']),
    status: sb.git(work, ['status', '--porcelain']),
  });

  it('creates the branch from HEAD, pushes it with upstream, carries uncommitted work along', async () => {
    const { work, remote } = sb.repoWithRemote();
    writeFileSync(join(work, 'README.md'), 'work in progress\n');
    const r = await createBranchAndPush({ cwd: work, env: sb.env, branch: 'feature/login' });
    assert.equal(r.branch, 'feature/login');
    assert.equal(r.remoteUrl, remote.url);
    assert.equal(r.previousBranch, 'main');
    assert.equal(r.base, 'main');
    assert.equal(r.prUrl, undefined, 'a file:// remote has no pull-request page');
    assert.equal(r.webUrl, undefined);
    assert.equal(sb.git(work, ['symbolic-ref', '--short', 'HEAD']), 'feature/login');
    assert.equal(sb.git(remote.path, ['rev-parse', 'feature/login']), sb.git(work, ['rev-parse', 'main']));
    assert.equal(sb.git(work, ['rev-parse', '--abbrev-ref', '@{upstream}']), 'origin/feature/login');
    assert.equal(sb.git(work, ['status', '--porcelain']), ' M README.md');
  });

  it('an explicit base goes into the result', async () => {
    const { work } = sb.repoWithRemote();
    const r = await createBranchAndPush({ cwd: work, env: sb.env, branch: 'x1', base: 'develop' });
    assert.equal(r.base, 'develop');
  });

  it('on a GitHub host (configured enterprise host over HTTP): returns the compare URL', async () => {
    const bare = sb.bare('octo/hello.git');
    const server = await startGitHttpServer({ projectRoot: bare.parent, env: sb.env, auth: { user: 'u', password: 'tok' } });
    servers.push(server);
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', `http://u:tok@127.0.0.1:${server.port}/octo/hello.git`]);
    // Straight to the bare repo: sync git against this process's own server would deadlock.
    sb.git(work, ['push', '-q', bare.path, 'main']);
    const r = await createBranchAndPush({ cwd: work, env: sb.env, branch: 'feature/a#1', hosts: { githubHosts: ['127.0.0.1'] } });
    assert.equal(r.remoteUrl, `http://127.0.0.1:${server.port}/octo/hello.git`);
    assert.equal(r.prUrl, `http://127.0.0.1:${server.port}/octo/hello/compare/main...feature/a%231?expand=1`);
    assert.equal(r.webUrl, `http://127.0.0.1:${server.port}/octo/hello`);
    assert.equal(sb.git(bare.path, ['rev-parse', 'feature/a#1']), sb.git(work, ['rev-parse', 'HEAD']));
    assert.doesNotMatch(JSON.stringify(r), /tok@|u:tok/);
  });

  it('empty name: rejected before any git command', async () => {
    const { work } = sb.repoWithRemote();
    for (const name of ['', '   ']) {
      // A git that does not exist: any git command would fail with GitNotFound instead.
      await assert.rejects(createBranchAndPush({ cwd: work, branch: name, gitPath: join(sb.root, 'no-git') }), (err: GitError) => {
        assert.equal(err.code, 'EmptyBranchName');
        assert.match(err.message, /branch name is empty/);
        return true;
      });
    }
  });

  it('invalid names (git check-ref-format --branch): rejected, nothing changes', async () => {
    const { work } = sb.repoWithRemote();
    const before = snapshot(work);
    for (const name of ['has space', 'a..b', 'x~1', 'y^', 'c:d', 'q?', 'st*r', 'br[a', 'end/', 'x.lock', '-dash', '@{-1}', 'HEAD', '.hidden']) {
      await assert.rejects(createBranchAndPush({ cwd: work, env: sb.env, branch: name }), (err: GitError) => {
        assert.equal(err.code, 'InvalidBranchName', name);
        assert.match(err.message, /is not a valid branch name/);
        return true;
      });
    }
    assert.deepEqual(snapshot(work), before);
  });

  it('branch exists locally: fails, no checkout, no push', async () => {
    const { work, remote } = sb.repoWithRemote();
    sb.git(work, ['branch', 'taken']);
    const before = snapshot(work);
    await assert.rejects(createBranchAndPush({ cwd: work, env: sb.env, branch: 'taken' }), (err: GitError) => {
      assert.equal(err.code, 'BranchExists');
      assert.match(err.message, /A local branch named 'taken' already exists/);
      return true;
    });
    assert.deepEqual(snapshot(work), before);
    assert.equal(sb.gitStatus(remote.path, ['rev-parse', '--verify', '-q', 'refs/heads/taken']), 1);
  });

  it('branch exists on the remote (pushed from a second clone): fails with an already-exists message, nothing left behind', async () => {
    const { work, remote } = sb.repoWithRemote();
    const other = sb.clone(remote.url);
    sb.git(other, ['checkout', '-q', '-b', 'shared']);
    sb.git(other, ['commit', '-q', '--allow-empty', '-m', 'theirs']);
    sb.git(other, ['push', '-q', 'origin', 'shared']);
    const before = snapshot(work);
    await assert.rejects(createBranchAndPush({ cwd: work, env: sb.env, branch: 'shared' }), (err: GitError) => {
      assert.equal(err.code, 'RemoteBranchExists');
      assert.match(err.message, /A branch named 'shared' already exists on origin/);
      return true;
    });
    assert.deepEqual(snapshot(work), before);
    assert.equal(sb.git(remote.path, ['log', '-1', '--format=%s', 'shared']), 'theirs');
  });

  it('remote branch already at our commit: still refused (someone else owns that name)', async () => {
    const { work } = sb.repoWithRemote();
    sb.git(work, ['push', '-q', 'origin', 'main:refs/heads/same']);
    await assert.rejects(createBranchAndPush({ cwd: work, env: sb.env, branch: 'same' }), { code: 'RemoteBranchExists' });
    assert.equal(sb.git(work, ['symbolic-ref', '--short', 'HEAD']), 'main');
    assert.equal(sb.gitStatus(work, ['rev-parse', '--verify', '-q', 'refs/heads/same']), 1);
  });

  it('push fails (the host refuses): switches back, deletes the new branch, keeps the work tree', async () => {
    const { work, remote } = sb.repoWithRemote();
    writeScript(join(remote.path, 'hooks', 'pre-receive'), '#!/bin/sh\necho "protected: new branches need approval" >&2\nexit 1\n');
    writeFileSync(join(work, 'README.md'), 'uncommitted\n');
    writeFileSync(join(work, 'new.txt'), 'untracked\n');
    const before = snapshot(work);
    await assert.rejects(createBranchAndPush({ cwd: work, env: sb.env, branch: 'feature/blocked' }), (err: GitError) => {
      assert.equal(err.code, 'RemoteRejected');
      assert.match(err.message, /remote: protected: new branches need approval/);
      assert.match(err.message, /Switched back to 'main' and deleted the new local branch 'feature\/blocked'\./);
      return true;
    });
    assert.deepEqual(snapshot(work), before);
    assert.equal(sb.gitStatus(remote.path, ['rev-parse', '--verify', '-q', 'refs/heads/feature/blocked']), 1);
  });

  it('push fails from a detached HEAD: back to the same detached commit, nothing orphaned', async () => {
    const { work, remote } = sb.repoWithRemote();
    sb.git(work, ['commit', '-q', '--allow-empty', '-m', 'second']);
    sb.git(work, ['checkout', '-q', '--detach', 'HEAD~1']);
    const sha = sb.git(work, ['rev-parse', 'HEAD']);
    writeScript(join(remote.path, 'hooks', 'pre-receive'), '#!/bin/sh\nexit 1\n');
    await assert.rejects(createBranchAndPush({ cwd: work, env: sb.env, branch: 'from-detached' }), (err: GitError) => {
      assert.equal(err.code, 'RemoteRejected');
      assert.match(err.message, new RegExp(`Switched back to '${sha.slice(0, 7)}'`));
      return true;
    });
    assert.equal(sb.gitStatus(work, ['symbolic-ref', '-q', 'HEAD']), 1, 'still detached');
    assert.equal(sb.git(work, ['rev-parse', 'HEAD']), sha);
    assert.equal(sb.git(work, ['for-each-ref', '--format=%(refname)', 'refs/heads']), 'refs/heads/main');
  });

  it('push times out after the branch was created: switches back and cleans up', async () => {
    const { work } = sb.repoWithRemote();
    // ls-remote reads origin's fetch URL (the real bare repo) and passes; the push goes to
    // the push URL, a server that never answers, so the branch exists when the push fails.
    const silent = await startSilentServer();
    servers.push(silent);
    sb.git(work, ['config', 'remote.origin.pushurl', `${silent.base}/r.git`]);
    const before = snapshot(work);
    const started = Date.now();
    await assert.rejects(createBranchAndPush({ cwd: work, env: sb.env, branch: 'slow', networkTimeoutMs: 1500 }), (err: GitError) => {
      assert.equal(err.code, 'Timeout');
      assert.match(err.message, /timed out after 1\.5 s/);
      assert.match(err.message, /Switched back to 'main' and deleted the new local branch 'slow'\./);
      return true;
    });
    assert.ok(Date.now() - started < 10_000);
    assert.deepEqual(snapshot(work), before);
  });

  it('unreachable remote: fails before anything changes', async () => {
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', `http://127.0.0.1:${await closedPort()}/o/r.git`]);
    const before = snapshot(work);
    await assert.rejects(createBranchAndPush({ cwd: work, env: sb.env, branch: 'new', networkTimeoutMs: 10_000 }), { code: 'RemoteUnreachable' });
    assert.deepEqual(snapshot(work), before);
  });

  it('no origin and no commits are reported before anything changes', async () => {
    const work = sb.repo();
    await assert.rejects(createBranchAndPush({ cwd: work, env: sb.env, branch: 'b' }), (err: GitError) => {
      assert.equal(err.code, 'NoOrigin');
      assert.match(err.message, /No remote named 'origin'/);
      return true;
    });
    const empty = sb.repo({ empty: true });
    sb.git(empty, ['remote', 'add', 'origin', sb.bare().url]);
    await assert.rejects(createBranchAndPush({ cwd: empty, env: sb.env, branch: 'b' }), { code: 'NoCommits' });
    assert.equal(sb.git(empty, ['symbolic-ref', '--short', 'HEAD']), 'main');
  });
});
