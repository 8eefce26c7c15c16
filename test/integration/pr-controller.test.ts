// The host side of the dialog without a browser: what it opens, what it refuses, one request at
// a time, push-first only for the checked-out branch, and sign-in failures.
import assert from 'node:assert/strict';
import { GitSandbox } from './helpers/git';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github';
import { PullRequestController, type HostMessage, type PullRequestHost } from '../../src/extension/pr/controller';

const TOKEN = 'ghp_CONTROLLERtoken0123456789abcdefghijk';

describe('pr: the dialog controller (host side)', function () {
  let sb: GitSandbox;
  let gh: FakeGitHub;
  let work: string;

  before(async () => {
    sb = new GitSandbox();
    gh = await startFakeGitHub({ tokens: [TOKEN], repos: ['acme/widgets'], prefix: '/api/v3' });
    work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', `${gh.base}/acme/widgets.git`]);
    sb.git(work, ['checkout', '-q', '-b', 'feature/x']);
  });
  after(async () => {
    await gh.close();
    sb.cleanup();
  });

  function make(host: Partial<PullRequestHost> = {}) {
    const posted: HostMessage[] = [];
    const opened: string[] = [];
    const c = new PullRequestController(
      work,
      { post: (m) => posted.push(m), openExternal: async (u) => opened.push(u), ...host },
      // The fake's host stands for GitHub Enterprise; ls-remote is not answered (no git backend).
      { hosts: { githubHosts: [`127.0.0.1:${gh.port}`] }, gitEnv: sb.env },
    );
    return { c, posted, opened };
  }

  it('init: the GitHub view with head, title and base; sign-in only offered for github.com', async () => {
    const { c, posted } = make({ getSession: async () => undefined });
    await c.handle({ type: 'ready' });
    const init = posted.find((m) => m.type === 'init');
    assert.ok(init && init.type === 'init' && init.view === 'github');
    if (init?.type !== 'init' || init.view !== 'github') return;
    assert.deepEqual([init.head, init.title, init.base], ['feature/x', 'X', 'main']);
    assert.equal(init.signIn, false);
    assert.equal(init.tokenUrl, `${gh.base}/settings/tokens/new?scopes=repo&description=codeindex`);
  });

  it('opens only http(s) pages; file:, command: and javascript: URLs are ignored', async () => {
    const { c, opened } = make();
    for (const url of ['file:///etc/passwd', 'command:workbench.action.terminal.new', 'javascript:alert(1)', 'https://github.com/acme/widgets/pull/1', 'https://a b']) {
      await c.handle({ type: 'open', url });
    }
    assert.deepEqual(opened, ['https://github.com/acme/widgets/pull/1']);
  });

  it('one create at a time: a second click while the first is in flight sends nothing', async () => {
    gh.pulls.length = 0;
    gh.requests.length = 0;
    const { c, posted } = make();
    const msg = { type: 'create', auth: { kind: 'token', token: TOKEN }, title: 'X', body: '', head: 'feature/x', base: 'main', draft: false };
    await Promise.all([c.handle(msg), c.handle(msg)]);
    assert.equal(gh.requests.filter((r) => r.method === 'POST').length, 1);
    assert.deepEqual(posted.filter((m) => m.type === 'created').length, 1);
    // Once it is done, another create is sent (and GitHub says it exists).
    await c.handle(msg);
    const err = posted.at(-1);
    assert.ok(err?.type === 'error' && err.error.kind === 'already-exists');
  });

  it('unknown or malformed messages are ignored; a create without a token is an error, not a crash', async () => {
    const { c, posted } = make();
    await c.handle(null);
    await c.handle('create');
    await c.handle({ type: 'nope' });
    assert.equal(posted.length, 0);
    await c.handle({ type: 'create', title: 'X', head: 'feature/x', base: 'main' });
    const last = posted.at(-1);
    assert.ok(last?.type === 'error' && last.error.kind === 'unauthorized' && last.error.action === 'reenter-token');
  });

  it('push first only pushes the checked-out branch', async () => {
    const { c, posted } = make();
    await c.handle({ type: 'push', head: 'other-branch' });
    const last = posted.at(-1);
    assert.ok(last?.type === 'pushFailed');
    assert.match(last.type === 'pushFailed' ? last.message : '', /checked-out branch \('feature\/x'\), and the head is 'other-branch'/);
  });

  it('sign-in: cancelled, failed, and unavailable each say so', async () => {
    const cancelled = make({ getSession: async () => Promise.reject(new Error('User did not consent to login.')) });
    await cancelled.c.handle({ type: 'signIn' });
    assert.deepEqual(cancelled.posted.at(-1), { type: 'session', error: 'Sign-in was cancelled.' });
    const broken = make({ getSession: async () => Promise.reject(new Error(`boom ${TOKEN}`)) });
    await broken.c.handle({ type: 'signIn' });
    const m = broken.posted.at(-1);
    assert.ok(m?.type === 'session' && /failed/.test(m.error ?? '') && !JSON.stringify(m).includes(TOKEN));
    const none = make();
    await none.c.handle({ type: 'signIn' });
    assert.match(JSON.stringify(none.posted.at(-1)), /not available here/);
    // A create with the session when there is none: asks to sign in again.
    const gone = make({ getSession: async () => undefined });
    await gone.c.handle({ type: 'create', auth: { kind: 'session' }, title: 'X', body: '', head: 'feature/x', base: 'main', draft: false });
    const last = gone.posted.at(-1);
    assert.ok(last?.type === 'error' && /Sign in with GitHub again/.test(last.error.message));
  });

  it('after dispose nothing more is posted', async () => {
    const { c, posted } = make();
    c.dispose();
    await c.handle({ type: 'ready' });
    assert.deepEqual(posted, []);
  });
});
