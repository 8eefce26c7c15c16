// What the dialog reads from a real repository: GitHub or not, head, title, default base, and
// base suggestions from refs/remotes/origin and from `git ls-remote`.
import assert from 'node:assert/strict';
import { GitSandbox } from './helpers/git';
import {
  defaultBase,
  localBaseSuggestions,
  pullRequestContext,
  remoteBaseSuggestions,
} from '../../src/extension/pr/branches';

describe('pr: repository context and base suggestions (real git)', function () {
  let sb: GitSandbox;
  before(() => {
    sb = new GitSandbox();
  });
  after(() => sb.cleanup());

  const settings = () => ({ gitEnv: sb.env });

  it('a GitHub origin: head = current branch, title by the branch rule, base main, API URL from the remote', async () => {
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', 'git@github.com:acme/widgets.git']);
    sb.git(work, ['checkout', '-q', '-b', 'feature/add-login_page']);
    const ctx = await pullRequestContext(work, settings());
    assert.equal(ctx.kind, 'github');
    if (ctx.kind !== 'github') return;
    assert.equal(ctx.head, 'feature/add-login_page');
    assert.equal(ctx.title, 'Add Login Page');
    assert.equal(ctx.base, 'main');
    assert.deepEqual([ctx.github.owner, ctx.github.repo, ctx.github.host], ['acme', 'widgets', 'github.com']);
    assert.equal(ctx.apiBaseUrl, 'https://api.github.com');
    assert.equal(ctx.compareUrl, 'https://github.com/acme/widgets/compare/main...feature/add-login_page?expand=1');
    // The defaultBaseBranch setting wins.
    const configured = await pullRequestContext(work, { ...settings(), defaultBase: ' develop ' });
    assert.equal(configured.kind === 'github' && configured.base, 'develop');
  });

  it('GitHub Enterprise host from settings, API URL override, credentials never kept', async () => {
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', 'https://bob:s3cret@github.corp.example/team/app.git']);
    const ctx = await pullRequestContext(work, { ...settings(), hosts: { githubHosts: ['github.corp.example'] } });
    assert.equal(ctx.kind, 'github');
    if (ctx.kind !== 'github') return;
    assert.equal(ctx.apiBaseUrl, 'https://github.corp.example/api/v3');
    assert.equal(ctx.remoteUrl, 'https://github.corp.example/team/app.git');
    assert.ok(!JSON.stringify(ctx).includes('s3cret'));
    const over = await pullRequestContext(work, { ...settings(), hosts: { githubHosts: ['github.corp.example'] }, apiBaseUrl: 'https://ghe-api.corp.example/v3' });
    assert.equal(over.kind === 'github' && over.apiBaseUrl, 'https://ghe-api.corp.example/v3');
  });

  it('origin/HEAD (from the last fetch) sets the default base and leads the suggestions', async () => {
    const remote = sb.bare();
    const seed = sb.repo();
    sb.git(seed, ['remote', 'add', 'origin', remote.url]);
    sb.git(seed, ['checkout', '-q', '-b', 'develop']);
    sb.git(seed, ['push', '-q', 'origin', 'develop', 'main']);
    sb.git(remote.path, ['symbolic-ref', 'HEAD', 'refs/heads/develop']);
    sb.git(seed, ['push', '-q', 'origin', 'main:release/1.0']);
    const clone = sb.clone(remote.url);
    const local = await localBaseSuggestions({ cwd: clone, env: sb.env });
    assert.equal(local.defaultBranch, 'develop');
    assert.deepEqual(local.branches, ['develop', 'main', 'release/1.0']);
    assert.equal(defaultBase(local, 'feature/x'), 'develop');
    // Someone adds a branch after our clone: only ls-remote knows it.
    sb.git(seed, ['push', '-q', 'origin', 'main:hotfix/urgent']);
    const fresh = await remoteBaseSuggestions({ cwd: clone, env: sb.env });
    assert.equal(fresh.source, 'remote');
    assert.equal(fresh.defaultBranch, 'develop');
    assert.deepEqual(fresh.branches, ['develop', 'hotfix/urgent', 'main', 'release/1.0']);
  });

  it('default base: main when origin\'s default is unknown or is the head itself', () => {
    assert.equal(defaultBase(undefined), 'main');
    assert.equal(defaultBase({ defaultBranch: undefined }), 'main');
    assert.equal(defaultBase({ defaultBranch: 'trunk' }, 'trunk'), 'main');
    assert.equal(defaultBase({ defaultBranch: 'trunk' }, 'feature/a'), 'trunk');
  });

  it('a GitLab or Bitbucket origin: a browser link to the platform\'s new-PR page, no API', async () => {
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', 'https://gitlab.com/group/sub/proj.git']);
    sb.git(work, ['checkout', '-q', '-b', 'fix/crash']);
    const ctx = await pullRequestContext(work, settings());
    assert.equal(ctx.kind, 'other');
    if (ctx.kind !== 'other') return;
    assert.equal(
      ctx.url,
      'https://gitlab.com/group/sub/proj/-/merge_requests/new?merge_request%5Bsource_branch%5D=fix%2Fcrash&merge_request%5Btarget_branch%5D=main',
    );
    assert.match(ctx.message, /not on GitHub/);
    sb.git(work, ['remote', 'set-url', 'origin', 'git@bitbucket.org:team/repo.git']);
    const bb = await pullRequestContext(work, settings());
    assert.equal(bb.kind === 'other' && bb.url, 'https://bitbucket.org/team/repo/pull-requests/new?source=fix%2Fcrash&dest=main');
  });

  it('an unknown host: the remote\'s page; a local path: no link at all', async () => {
    const work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', 'https://git.example.org/me/tool.git']);
    const ctx = await pullRequestContext(work, settings());
    assert.equal(ctx.kind === 'other' && ctx.url, 'https://git.example.org/me/tool');
    sb.git(work, ['remote', 'set-url', 'origin', sb.bare().path]);
    const local = await pullRequestContext(work, settings());
    assert.equal(local.kind, 'other');
    assert.equal(local.kind === 'other' && local.url, undefined);
    assert.match(local.kind === 'other' ? local.message : '', /not on a web host/);
  });

  it('no origin, or a detached HEAD: a problem with the next step, no form', async () => {
    const work = sb.repo();
    const none = await pullRequestContext(work, settings());
    assert.equal(none.kind, 'problem');
    assert.match(none.kind === 'problem' ? none.message : '', /No remote named 'origin'/);
    sb.git(work, ['remote', 'add', 'origin', 'https://github.com/acme/widgets.git']);
    sb.git(work, ['checkout', '-q', '--detach']);
    const detached = await pullRequestContext(work, settings());
    assert.equal(detached.kind, 'problem');
    assert.match(detached.kind === 'problem' ? detached.message : '', /HEAD is detached/);
  });
});
