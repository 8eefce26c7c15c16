import assert from 'node:assert/strict';
import { GitError } from '../../src/extension/git/errors';
import { addOrigin } from '../../src/extension/git/origin';
import { pushCurrentBranch } from '../../src/extension/git/push';
import { GitSandbox } from './helpers/git';

describe('git add remote origin (real git)', function () {
  this.timeout(20_000);
  let sb: GitSandbox;
  before(() => {
    sb = new GitSandbox();
  });
  after(() => sb.cleanup());

  it('adds origin, after which a push works', async () => {
    const work = sb.repo();
    const remote = sb.bare();
    const r = await addOrigin({ cwd: work, env: sb.env, url: `  ${remote.url} ` });
    assert.deepEqual(r, { remoteUrl: remote.url, webUrl: undefined });
    assert.equal(sb.git(work, ['remote', 'get-url', 'origin']), remote.url);
    const pushed = await pushCurrentBranch({ cwd: work, env: sb.env });
    assert.equal(pushed.remoteUrl, remote.url);
    assert.equal(sb.git(remote.path, ['rev-parse', 'main']), sb.git(work, ['rev-parse', 'HEAD']));
  });

  it('returns the web URL and never the credentials of an HTTPS URL', async () => {
    const work = sb.repo();
    const r = await addOrigin({ cwd: work, env: sb.env, url: 'https://me:ghp_TOKEN@github.com/octo/hello.git' });
    assert.deepEqual(r, { remoteUrl: 'https://github.com/octo/hello.git', webUrl: 'https://github.com/octo/hello' });
  });

  it('an existing origin: a clear message, not overwritten', async () => {
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', 'https://user:secret@example.com/a/b.git']);
    await assert.rejects(addOrigin({ cwd: work, env: sb.env, url: 'git@github.com:o/r.git' }), (err: GitError) => {
      assert.equal(err.code, 'OriginExists');
      assert.match(err.message, /A remote named 'origin' already exists \(https:\/\/example\.com\/a\/b\.git\); it was left unchanged/);
      assert.match(err.message, /git remote set-url origin/);
      assert.doesNotMatch(err.message, /secret/);
      return true;
    });
    assert.equal(sb.git(work, ['remote', 'get-url', 'origin']), 'https://user:secret@example.com/a/b.git');
  });

  it('an invalid URL: rejected, no remote added', async () => {
    const work = sb.repo();
    for (const url of ['', 'not a url', '-uhttps://x', 'ftp://example.com/a/b.git', 'relative/dir']) {
      await assert.rejects(addOrigin({ cwd: work, env: sb.env, url }), (err: GitError) => {
        assert.equal(err.code, 'InvalidRemoteUrl', url);
        assert.match(err.message, /https:\/\/host\/owner\/repo\.git/);
        return true;
      });
    }
    assert.equal(sb.git(work, ['remote']), '');
  });

  it('not a repository: NotARepository', async () => {
    await assert.rejects(addOrigin({ cwd: sb.dir('plain'), env: sb.env, url: 'git@github.com:o/r.git' }), { code: 'NotARepository' });
  });
});
