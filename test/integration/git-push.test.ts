import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitError } from '../../src/extension/git/errors';
import { installCoauthorHook } from '../../src/extension/git/hook';
import { pushCurrentBranch, pushWithCommit } from '../../src/extension/git/push';
import { closedPort, GitSandbox, startGitHttpServer, startSilentServer, writeScript, type TestServer } from './helpers/git';

const me = { name: 'Work Bench', email: 'bot@example.com' };
const TRAILER = 'Co-authored-by: Work Bench <bot@example.com>';

describe('git push with auto-commit (real git, bare remotes)', function () {
  this.timeout(20_000);
  let sb: GitSandbox;
  before(() => {
    sb = new GitSandbox();
  });
  after(() => sb.cleanup());

  const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

  it('nothing staged: adds everything (new, changed, deleted), commits with the default message and trailer, pushes -u', async () => {
    const { work, remote } = sb.repoWithRemote();
    writeFileSync(join(work, 'old.txt'), 'old\n');
    sb.git(work, ['add', 'old.txt']);
    sb.git(work, ['commit', '-q', '-m', 'old']);
    writeFileSync(join(work, 'new.txt'), 'new\n');
    writeFileSync(join(work, 'README.md'), 'changed\n');
    rmSync(join(work, 'old.txt'));
    const r = await pushWithCommit({ cwd: work, env: sb.env, coAuthor: me });
    assert.equal(r.remoteUrl, remote.url);
    assert.equal(r.branch, 'main');
    assert.equal(r.committed, true);
    assert.equal(r.upToDate, false);
    assert.equal(r.commitMessage, `Agent work on main\n\n${TRAILER}\n`);
    assert.equal(sb.message(remote.path, 'main'), `Agent work on main\n\n${TRAILER}\n`);
    assert.equal(sb.git(remote.path, ['rev-parse', 'main']), r.commit);
    assert.equal(sb.git(remote.path, ['show', 'main:new.txt']), 'new');
    assert.equal(sb.git(remote.path, ['show', 'main:README.md']), 'changed');
    assert.equal(sb.git(remote.path, ['ls-tree', '--name-only', 'main']), 'README.md\nnew.txt');
    assert.equal(sb.git(work, ['status', '--porcelain']), '');
    assert.equal(sb.git(work, ['config', 'branch.main.remote']), 'origin');
    assert.match(r.message, /Committed [0-9a-f]{7} and pushed 'main'/);
  });

  it('something staged: commits only the staged files, unstaged and untracked changes stay uncommitted', async () => {
    const { work, remote } = sb.repoWithRemote();
    writeFileSync(join(work, 'staged.txt'), 'staged\n');
    sb.git(work, ['add', 'staged.txt']);
    writeFileSync(join(work, 'README.md'), 'unstaged edit\n');
    writeFileSync(join(work, 'untracked.txt'), 'untracked\n');
    const r = await pushWithCommit({ cwd: work, env: sb.env, message: 'Only the staged file' });
    assert.equal(r.committed, true);
    assert.deepEqual(sb.git(remote.path, ['show', '--name-only', '--format=', 'main']).split('\n'), ['staged.txt']);
    assert.equal(sb.message(remote.path, 'main'), 'Only the staged file\n');
    assert.equal(sb.git(work, ['status', '--porcelain']), ' M README.md\n?? untracked.txt');
  });

  it('attribution off: no trailer; a given message is used as is', async () => {
    const { work, remote } = sb.repoWithRemote();
    writeFileSync(join(work, 'a.txt'), 'a\n');
    await pushWithCommit({ cwd: work, env: sb.env, message: 'Add a' });
    assert.equal(sb.message(remote.path, 'main'), 'Add a\n');
  });

  it('ignored files are never committed, nor the workbench state even without .gitignore entries', async () => {
    const { work, remote } = sb.repoWithRemote();
    writeFileSync(join(work, '.gitignore'), '*.log\nbuild/\n');
    writeFileSync(join(work, 'debug.log'), 'log\n');
    mkdirSync(join(work, 'build'));
    writeFileSync(join(work, 'build', 'out.js'), 'x\n');
    mkdirSync(join(work, '.workbench'));
    writeFileSync(join(work, '.workbench', 'session.json'), '{}\n');
    writeFileSync(join(work, '.workbench-pid'), '123\n');
    mkdirSync(join(work, 'pkg', '.workbench'), { recursive: true });
    writeFileSync(join(work, 'pkg', '.workbench', 'x'), 'x\n');
    writeFileSync(join(work, 'pkg', 'code.ts'), 'export {};\n');
    await pushWithCommit({ cwd: join(work, 'pkg'), env: sb.env });
    const tree = sb.git(remote.path, ['ls-tree', '-r', '--name-only', 'main']).split('\n').sort();
    assert.deepEqual(tree, ['.gitignore', 'README.md', 'pkg/code.ts']);
  });

  it('with the co-author hook installed the trailer appears once, attribution on or off', async () => {
    const { work, remote } = sb.repoWithRemote();
    await installCoauthorHook({ cwd: work, env: sb.env, ...me });
    writeFileSync(join(work, 'a.txt'), 'a\n');
    await pushWithCommit({ cwd: work, env: sb.env, coAuthor: me });
    const first = sb.message(remote.path, 'main');
    assert.equal(count(first, TRAILER), 1, first);
    writeFileSync(join(work, 'b.txt'), 'b\n');
    await pushWithCommit({ cwd: work, env: sb.env, message: 'No attribution from us' });
    const second = sb.message(remote.path, 'main');
    assert.equal(second, `No attribution from us\n\n${TRAILER}\n`);
  });

  it("returns the host's remote: lines of a successful push (e.g. its pull-request link)", async () => {
    const { work, remote } = sb.repoWithRemote();
    writeScript(join(remote.path, 'hooks', 'post-receive'), '#!/bin/sh\necho "Create a pull request for main:" >&2\necho "  https://example.com/o/r/pull/new/main" >&2\n');
    writeFileSync(join(work, 'a.txt'), 'a\n');
    const r = await pushWithCommit({ cwd: work, env: sb.env });
    assert.deepEqual(r.remoteLines, ['remote: Create a pull request for main:', 'remote:   https://example.com/o/r/pull/new/main']);
  });

  it('nothing to commit and nothing to push: a clear message, no empty commit', async () => {
    const { work, remote } = sb.repoWithRemote();
    const before = sb.git(work, ['rev-parse', 'HEAD']);
    const r = await pushWithCommit({ cwd: work, env: sb.env, coAuthor: me });
    assert.equal(r.committed, false);
    assert.equal(r.upToDate, true);
    assert.equal(r.commit, undefined);
    assert.match(r.message, /Nothing to commit and nothing to push: 'main' is already up to date on origin/);
    assert.equal(sb.git(work, ['rev-parse', 'HEAD']), before);
    assert.equal(sb.git(remote.path, ['rev-parse', 'main']), before);
  });

  it('nothing to commit but unpushed commits: pushes them without a new commit', async () => {
    const { work, remote } = sb.repoWithRemote();
    writeFileSync(join(work, 'c.txt'), 'c\n');
    sb.git(work, ['add', 'c.txt']);
    sb.git(work, ['commit', '-q', '-m', 'local commit']);
    const r = await pushWithCommit({ cwd: work, env: sb.env });
    assert.equal(r.committed, false);
    assert.equal(r.upToDate, false);
    assert.equal(sb.git(remote.path, ['log', '-1', '--format=%s', 'main']), 'local commit');
  });

  it('first push of a repository without commits: commits everything and pushes', async () => {
    const remote = sb.bare();
    const work = sb.repo({ empty: true });
    sb.git(work, ['remote', 'add', 'origin', remote.url]);
    writeFileSync(join(work, 'hello.txt'), 'hi\n');
    const r = await pushWithCommit({ cwd: work, env: sb.env });
    assert.equal(r.committed, true);
    assert.equal(sb.git(remote.path, ['log', '--format=%s', 'main']), 'Agent work on main');
  });

  it("no origin: \"No remote named 'origin'\", nothing committed", async () => {
    const work = sb.repo();
    writeFileSync(join(work, 'x.txt'), 'x\n');
    await assert.rejects(pushWithCommit({ cwd: work, env: sb.env }), (err: GitError) => {
      assert.equal(err.code, 'NoOrigin');
      assert.match(err.message, /No remote named 'origin'/);
      return true;
    });
    assert.equal(sb.git(work, ['rev-list', '--count', 'HEAD']), '1');
    assert.equal(sb.git(work, ['status', '--porcelain']), '?? x.txt');
  });

  it('no commits and nothing to commit: NoCommits', async () => {
    const remote = sb.bare();
    const work = sb.repo({ empty: true });
    sb.git(work, ['remote', 'add', 'origin', remote.url]);
    await assert.rejects(pushWithCommit({ cwd: work, env: sb.env }), { code: 'NoCommits' });
  });

  it('detached HEAD: DetachedHead, nothing committed', async () => {
    const { work } = sb.repoWithRemote();
    sb.git(work, ['checkout', '-q', '--detach']);
    writeFileSync(join(work, 'x.txt'), 'x\n');
    await assert.rejects(pushWithCommit({ cwd: work, env: sb.env }), (err: GitError) => {
      assert.equal(err.code, 'DetachedHead');
      assert.match(err.message, /Check out a branch/);
      return true;
    });
    assert.equal(sb.git(work, ['status', '--porcelain']), '?? x.txt');
  });

  it('branch behind the remote (a second clone pushed first): PushRejected, the commit stays local', async () => {
    const { work, remote } = sb.repoWithRemote();
    const other = sb.clone(remote.url);
    writeFileSync(join(other, 'theirs.txt'), 'theirs\n');
    sb.git(other, ['add', '.']);
    sb.git(other, ['commit', '-q', '-m', 'theirs']);
    sb.git(other, ['push', '-q', 'origin', 'main']);
    writeFileSync(join(work, 'mine.txt'), 'mine\n');
    await assert.rejects(pushWithCommit({ cwd: work, env: sb.env }), (err: GitError) => {
      assert.equal(err.code, 'PushRejected');
      assert.match(err.message, /non-fast-forward/);
      assert.match(err.message, /Pull .* then push again/);
      assert.match(err.message, /committed locally \([0-9a-f]{7}\)/);
      assert.match(err.message, /\[rejected\]/);
      return true;
    });
    assert.equal(sb.git(remote.path, ['log', '-1', '--format=%s', 'main']), 'theirs');
    assert.equal(sb.git(work, ['log', '-1', '--format=%s']), 'Agent work on main');
  });

  it('a pre-commit hook that refuses: CommitFailed with the hook output, nothing pushed', async () => {
    const { work, remote } = sb.repoWithRemote();
    writeScript(join(work, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\necho "lint: 2 problems in a.txt" >&2\nexit 1\n');
    const before = sb.git(remote.path, ['rev-parse', 'main']);
    writeFileSync(join(work, 'a.txt'), 'a\n');
    await assert.rejects(pushWithCommit({ cwd: work, env: sb.env }), (err: GitError) => {
      assert.equal(err.code, 'CommitFailed');
      assert.match(err.message, /lint: 2 problems in a\.txt/);
      assert.match(err.message, /Nothing was committed; your changes are as they were\./);
      return true;
    });
    assert.equal(sb.git(remote.path, ['rev-parse', 'main']), before);
    assert.equal(sb.git(work, ['status', '--porcelain']), '?? a.txt', 'our git add -A was undone');
  });

  it('the host refuses (server hook): RemoteRejected keeps its raw remote: lines', async () => {
    const { work, remote } = sb.repoWithRemote();
    writeScript(
      join(remote.path, 'hooks', 'pre-receive'),
      '#!/bin/sh\necho "GH013: Repository rule violations found for refs/heads/main." >&2\necho "- Push cannot contain secrets" >&2\nexit 1\n',
    );
    writeFileSync(join(work, 'key.txt'), 'AKIA...\n');
    await assert.rejects(pushWithCommit({ cwd: work, env: sb.env }), (err: GitError) => {
      assert.equal(err.code, 'RemoteRejected');
      assert.deepEqual(err.remoteLines, ['remote: GH013: Repository rule violations found for refs/heads/main.', 'remote: - Push cannot contain secrets']);
      assert.match(err.message, /remote: - Push cannot contain secrets/);
      return true;
    });
  });
});

describe('git push current branch (real git)', function () {
  this.timeout(20_000);
  let sb: GitSandbox;
  before(() => {
    sb = new GitSandbox();
  });
  after(() => sb.cleanup());

  it('pushes -u without committing; staged, unstaged and untracked changes stay local', async () => {
    const { work, remote } = sb.repoWithRemote();
    sb.git(work, ['checkout', '-q', '-b', 'topic']);
    writeFileSync(join(work, 'committed.txt'), 'c\n');
    sb.git(work, ['add', '.']);
    sb.git(work, ['commit', '-q', '-m', 'topic work']);
    writeFileSync(join(work, 'staged.txt'), 's\n');
    sb.git(work, ['add', 'staged.txt']);
    writeFileSync(join(work, 'README.md'), 'dirty\n');
    writeFileSync(join(work, 'untracked.txt'), 'u\n');
    const status = sb.git(work, ['status', '--porcelain']);
    const r = await pushCurrentBranch({ cwd: work, env: sb.env });
    assert.equal(r.branch, 'topic');
    assert.equal(r.remoteUrl, remote.url);
    assert.equal(r.upToDate, false);
    assert.equal(sb.git(remote.path, ['rev-parse', 'topic']), sb.git(work, ['rev-parse', 'HEAD']));
    assert.equal(sb.git(work, ['status', '--porcelain']), status);
    assert.equal(sb.git(work, ['rev-parse', '--abbrev-ref', 'topic@{upstream}']), 'origin/topic');
    const again = await pushCurrentBranch({ cwd: work, env: sb.env });
    assert.equal(again.upToDate, true);
    assert.match(again.message, /already up to date/);
  });

  it('no commits (HEAD missing): NoCommits before any network call', async () => {
    const work = sb.repo({ empty: true });
    // An origin nobody could reach: only a network call would notice.
    sb.git(work, ['remote', 'add', 'origin', `http://127.0.0.1:${await closedPort()}/r.git`]);
    await assert.rejects(pushCurrentBranch({ cwd: work, env: sb.env }), (err: GitError) => {
      assert.equal(err.code, 'NoCommits');
      assert.match(err.message, /no commits yet/);
      return true;
    });
  });

  it('no origin: NoOrigin', async () => {
    const work = sb.repo();
    await assert.rejects(pushCurrentBranch({ cwd: work, env: sb.env }), { code: 'NoOrigin' });
  });

  it('branch behind the remote: PushRejected', async () => {
    const { work, remote } = sb.repoWithRemote();
    const other = sb.clone(remote.url);
    sb.git(other, ['commit', '-q', '--allow-empty', '-m', 'theirs']);
    sb.git(other, ['push', '-q', 'origin', 'main']);
    sb.git(work, ['commit', '-q', '--allow-empty', '-m', 'mine']);
    await assert.rejects(pushCurrentBranch({ cwd: work, env: sb.env }), { code: 'PushRejected' });
  });

  it('ssh key refused (a fake ssh transport printing what OpenSSH prints): PermissionDenied', async () => {
    const work = sb.repo();
    const fakeSsh = join(sb.root, 'fake-ssh');
    writeScript(fakeSsh, '#!/bin/sh\necho "git@example.invalid: Permission denied (publickey)." >&2\nexit 255\n');
    sb.git(work, ['remote', 'add', 'origin', 'git@example.invalid:o/r.git']);
    await assert.rejects(pushCurrentBranch({ cwd: work, env: { ...sb.env, GIT_SSH_COMMAND: fakeSsh } }), (err: GitError) => {
      assert.equal(err.code, 'PermissionDenied');
      assert.match(err.message, /Permission denied/);
      assert.match(err.message, /ssh-add/);
      return true;
    });
  });
});

describe('git push over HTTP on 127.0.0.1 (git http-backend)', function () {
  this.timeout(30_000);
  let sb: GitSandbox;
  const servers: TestServer[] = [];
  before(() => {
    sb = new GitSandbox();
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
    sb.cleanup();
  });

  it('pushes with credentials in the URL and returns the URL without them', async () => {
    const bare = sb.bare('owner/repo.git');
    const server = await startGitHttpServer({ projectRoot: bare.parent, env: sb.env, auth: { user: 'alice', password: 's3cret-token' } });
    servers.push(server);
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', `http://alice:s3cret-token@127.0.0.1:${server.port}/owner/repo.git`]);
    writeFileSync(join(work, 'f.txt'), 'f\n');
    const r = await pushWithCommit({ cwd: work, env: sb.env });
    assert.equal(r.remoteUrl, `http://127.0.0.1:${server.port}/owner/repo.git`);
    assert.equal(sb.git(bare.path, ['rev-parse', 'main']), r.commit);
    assert.ok(server.requests.some((q) => q.startsWith('POST /owner/repo.git/git-receive-pack')));
    assert.doesNotMatch(JSON.stringify(r), /s3cret|alice/);
  });

  it('the host answers 401 (no credentials): AuthenticationFailed, and nothing hangs', async () => {
    const bare = sb.bare('owner/repo.git');
    const server = await startGitHttpServer({ projectRoot: bare.parent, env: sb.env, alwaysUnauthorized: true });
    servers.push(server);
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', `${server.base}/owner/repo.git`]);
    await assert.rejects(pushCurrentBranch({ cwd: work, env: sb.env, networkTimeoutMs: 10_000 }), (err: GitError) => {
      assert.equal(err.code, 'AuthenticationFailed');
      assert.match(err.message, /Authentication failed for origin/);
      assert.match(err.message, /credential helper|personal access token/);
      return true;
    });
    assert.ok(server.requests.length >= 1, 'git reached the server');
  });

  it('wrong password: "Authentication failed", and the password appears nowhere', async () => {
    const bare = sb.bare('owner/repo.git');
    const server = await startGitHttpServer({ projectRoot: bare.parent, env: sb.env, auth: { user: 'alice', password: 'right' } });
    servers.push(server);
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', `http://alice:wrong-pass-123@127.0.0.1:${server.port}/owner/repo.git`]);
    writeFileSync(join(work, 'f.txt'), 'f\n');
    await assert.rejects(pushWithCommit({ cwd: work, env: sb.env, networkTimeoutMs: 10_000 }), (err: GitError) => {
      assert.equal(err.code, 'AuthenticationFailed');
      assert.match(err.message, /fatal: Authentication failed/);
      assert.doesNotMatch(`${err.message}\n${err.stderr}\n${err.command}`, /wrong-pass-123|alice:/);
      return true;
    });
  });

  it('unreachable remote (closed loopback port): RemoteUnreachable at once', async () => {
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', `http://127.0.0.1:${await closedPort()}/owner/repo.git`]);
    const started = Date.now();
    await assert.rejects(pushCurrentBranch({ cwd: work, env: sb.env, networkTimeoutMs: 10_000 }), (err: GitError) => {
      assert.equal(err.code, 'RemoteUnreachable');
      assert.match(err.message, /Could not reach origin/);
      assert.match(err.message, /Failed to connect to 127\.0\.0\.1/);
      return true;
    });
    assert.ok(Date.now() - started < 8000);
  });

  it('network that never answers: the timeout is surfaced, not a hang', async () => {
    const silent = await startSilentServer();
    servers.push(silent);
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', `${silent.base}/owner/repo.git`]);
    writeFileSync(join(work, 'f.txt'), 'f\n');
    const started = Date.now();
    await assert.rejects(pushWithCommit({ cwd: work, env: sb.env, networkTimeoutMs: 1500 }), (err: GitError) => {
      assert.equal(err.code, 'Timeout');
      assert.match(err.message, /git push --porcelain -u origin refs\/heads\/main:refs\/heads\/main` timed out after 1\.5 s/);
      assert.match(err.message, /Check your connection/);
      return true;
    });
    const took = Date.now() - started;
    assert.ok(took >= 1400 && took < 8000, `took ${took} ms`);
  });

});
