// createPullRequest against a fake GitHub over HTTP on 127.0.0.1: the request GitHub receives
// (method, path, headers, body) and every answer turned into its typed error, with the token
// nowhere in any error.
import assert from 'node:assert/strict';
import { closedPort } from './helpers/git';
import { startFakeGitHub, validationFailed, type FakeGitHub } from './helpers/fake-github';
import {
  createPullRequest,
  GITHUB_MEDIA_TYPE,
  PullRequestError,
  type CreatePullRequestInput,
} from '../../src/extension/pr/github';

const TOKEN = 'ghp_FAKEtoken1234567890abcdefghijklmnopqr';

describe('pr: GitHub client (fake GitHub over HTTP)', function () {
  let gh: FakeGitHub;

  before(async () => {
    gh = await startFakeGitHub({ tokens: [TOKEN], repos: ['acme/widgets'], webBase: 'https://github.com' });
  });
  after(async () => {
    await gh.close();
  });
  beforeEach(() => {
    gh.requests.length = 0;
    gh.queue.length = 0;
    gh.pulls.length = 0;
  });

  function input(over: Partial<CreatePullRequestInput> = {}): CreatePullRequestInput {
    return {
      apiBaseUrl: gh.apiUrl,
      owner: 'acme',
      repo: 'widgets',
      token: TOKEN,
      title: 'Add Login Page',
      body: 'Adds the **login** page.',
      head: 'feature/add-login_page',
      base: 'main',
      draft: false,
      webUrl: 'https://github.com/acme/widgets',
      ...over,
    };
  }

  /** Runs a call that must fail; checks that nothing about the error contains the token. */
  async function failure(over: Partial<CreatePullRequestInput> = {}): Promise<PullRequestError> {
    try {
      await createPullRequest(input(over));
    } catch (err) {
      assert.ok(err instanceof PullRequestError, `not a PullRequestError: ${String(err)}`);
      const everything = [err.message, err.stack ?? '', JSON.stringify(err), JSON.stringify(err.toInfo()), String(err.url ?? ''), ...err.details].join('\n');
      assert.ok(!everything.includes(TOKEN), `the token leaked into the error: ${everything}`);
      assert.ok(!everything.includes(TOKEN.slice(4, 20)), 'part of the token leaked into the error');
      return err;
    }
    assert.fail('createPullRequest resolved; a failure was expected');
  }

  it('201: POSTs the SPEC 4.5 request (Bearer, GitHub JSON media type, JSON body) and returns html_url and number', async () => {
    const pr = await createPullRequest(input({ draft: true }));
    assert.deepEqual(pr, { url: 'https://github.com/acme/widgets/pull/1', number: 1 });
    assert.equal(gh.requests.length, 1);
    const r = gh.requests[0];
    assert.equal(r.method, 'POST');
    assert.equal(r.path, '/repos/acme/widgets/pulls');
    assert.equal(r.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(r.headers.accept, GITHUB_MEDIA_TYPE);
    assert.equal(r.headers['content-type'], 'application/json');
    assert.equal(r.headers['x-github-api-version'], '2022-11-28');
    assert.deepEqual(JSON.parse(r.body), {
      title: 'Add Login Page',
      body: 'Adds the **login** page.',
      head: 'feature/add-login_page',
      base: 'main',
      draft: true,
    });
  });

  it('a GitHub Enterprise style prefix (/api/v3) is kept in the request path', async () => {
    const ghe = await startFakeGitHub({ tokens: [TOKEN], repos: ['acme/widgets'], prefix: '/api/v3' });
    try {
      const pr = await createPullRequest(input({ apiBaseUrl: ghe.apiUrl }));
      assert.equal(pr.number, 1);
      assert.equal(ghe.requests[0].path, '/repos/acme/widgets/pulls');
    } finally {
      await ghe.close();
    }
  });

  it('401: token invalid, expired or revoked -> unauthorized, offers to re-enter it', async () => {
    const e = await failure({ token: 'ghp_revokedTOKENabcdefghijklmnopqrstuvwxyz' });
    assert.equal(e.kind, 'unauthorized');
    assert.equal(e.status, 401);
    assert.equal(e.action, 'reenter-token');
    assert.match(e.message, /invalid, expired or revoked/);
    assert.match(e.message, /Bad credentials/);
    assert.ok(!e.message.includes('ghp_revokedTOKEN'));
  });

  it('403 without rate-limit or SSO headers: the token lacks the repo scope or access; names its scopes', async () => {
    gh.queue.push({
      status: 403,
      headers: { 'x-oauth-scopes': 'read:org, gist', 'x-accepted-oauth-scopes': 'repo' },
      body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
    });
    const e = await failure();
    assert.equal(e.kind, 'forbidden');
    assert.equal(e.status, 403);
    assert.match(e.message, /lacks the repo scope or access/);
    assert.match(e.message, /read:org, gist/);
    assert.match(e.message, /Resource not accessible by integration/);
  });

  it('403 with x-ratelimit-remaining: 0 is a rate limit, with the reset time', async () => {
    gh.queue.push({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1900000000' },
      body: { message: 'API rate limit exceeded for user ID 1.', documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting' },
    });
    const e = await failure();
    assert.equal(e.kind, 'rate-limited');
    assert.equal(e.status, 403);
    assert.equal(e.resetAt?.getTime(), 1900000000 * 1000);
    assert.match(e.message, /rate limit/);
    assert.match(e.message, /2030-03-17T17:46:40Z/);
    assert.equal(e.action, undefined);
  });

  it('403 secondary rate limit (retry-after) is a rate limit too', async () => {
    gh.queue.push({ status: 403, headers: { 'retry-after': '60' }, body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' } });
    const e = await failure();
    assert.equal(e.kind, 'rate-limited');
    assert.ok(e.resetAt && e.resetAt.getTime() > Date.now() + 50_000);
  });

  it('403 with x-github-sso is SAML SSO; the authorization URL is offered', async () => {
    const sso = 'https://github.com/orgs/acme/sso?authorization_request=ABC123';
    gh.queue.push({
      status: 403,
      headers: { 'x-github-sso': `required; url=${sso}` },
      body: { message: 'Resource protected by organization SAML enforcement. You must grant your Personal Access token access to this organization.' },
    });
    const e = await failure();
    assert.equal(e.kind, 'sso-required');
    assert.equal(e.action, 'authorize-sso');
    assert.equal(e.url, sso);
    assert.match(e.message, /single sign-on/);
  });

  it('404: repository not found, the owner/repo used is shown', async () => {
    const e = await failure({ owner: 'acme', repo: 'widgets.git' });
    assert.equal(e.kind, 'not-found');
    assert.equal(e.status, 404);
    assert.match(e.message, /acme\/widgets\.git/);
    assert.match(e.message, /remote URL/);
  });

  it('422 "A pull request already exists for owner:branch." links the open one (pulls.list head=owner:branch)', async () => {
    const first = await createPullRequest(input());
    gh.requests.length = 0;
    const e = await failure();
    assert.equal(e.kind, 'already-exists');
    assert.equal(e.status, 422);
    assert.equal(e.action, 'open-existing');
    assert.equal(e.url, first.url);
    assert.match(e.message, /acme:feature\/add-login_page/);
    assert.deepEqual(e.details, ['Validation Failed', 'A pull request already exists for acme:feature/add-login_page.']);
    const list = gh.requests[1];
    assert.equal(list.method, 'GET');
    const q = new URL(list.path, 'http://x').searchParams;
    assert.equal(q.get('head'), 'acme:feature/add-login_page');
    assert.equal(q.get('state'), 'open');
    assert.equal(list.headers.authorization, `Bearer ${TOKEN}`);
  });

  it('422 already exists but the look-up fails: falls back to a search link on the repository', async () => {
    gh.queue.push(validationFailed([{ resource: 'PullRequest', code: 'custom', message: 'A pull request already exists for acme:x.' }]));
    const e = await failure({ head: 'x', token: TOKEN, apiBaseUrl: gh.apiUrl, owner: 'acme', repo: 'widgets' });
    // The GET is answered normally (no pull request from x): the link searches the repository.
    assert.equal(e.kind, 'already-exists');
    assert.equal(e.url, 'https://github.com/acme/widgets/pulls?q=is%3Apr%20is%3Aopen%20head%3Ax');
  });

  it('422 "No commits between main and x": nothing to propose, offers push first', async () => {
    gh.queue.push(validationFailed([{ resource: 'PullRequest', code: 'custom', message: 'No commits between main and x' }]));
    const e = await failure({ head: 'x' });
    assert.equal(e.kind, 'no-commits');
    assert.equal(e.action, 'push-first');
    assert.match(e.message, /'x' on GitHub has no commits that 'main' lacks/);
  });

  it('422 base invalid: the base branch does not exist', async () => {
    gh.queue.push(validationFailed([{ resource: 'PullRequest', field: 'base', code: 'invalid' }]));
    const e = await failure({ base: 'mian' });
    assert.equal(e.kind, 'base-missing');
    assert.equal(e.action, undefined);
    assert.match(e.message, /base branch 'mian' does not exist on acme\/widgets/);
  });

  it('422 head invalid: the branch is not pushed, offers push first', async () => {
    gh.queue.push(validationFailed([{ resource: 'PullRequest', field: 'head', code: 'invalid' }]));
    const e = await failure();
    assert.equal(e.kind, 'head-not-pushed');
    assert.equal(e.action, 'push-first');
    assert.match(e.message, /'feature\/add-login_page' is not on GitHub yet/);
  });

  it('422 with another message shows GitHub\'s errors[].message', async () => {
    gh.queue.push(validationFailed([{ resource: 'PullRequest', code: 'custom', message: 'Draft pull requests are not supported in this repository.' }]));
    const e = await failure({ draft: true });
    assert.equal(e.kind, 'validation');
    assert.match(e.message, /Draft pull requests are not supported in this repository\./);
  });

  it('a message echoing the token is scrubbed', async () => {
    gh.queue.push({ status: 400, body: { message: `Bad header: Bearer ${TOKEN}` } });
    const e = await failure();
    assert.equal(e.kind, 'unexpected');
    assert.match(e.message, /Bearer \[token\]/);
  });

  it('5xx is a server error that suggests checking before retrying', async () => {
    gh.queue.push({ status: 502, body: { message: 'Server Error' } });
    const e = await failure();
    assert.equal(e.kind, 'server');
    assert.equal(e.status, 502);
    assert.match(e.message, /may have gone through/);
  });

  it('network failure (a closed loopback port) gives a clear message naming the host', async () => {
    const port = await closedPort();
    const e = await failure({ apiBaseUrl: `http://127.0.0.1:${port}` });
    assert.equal(e.kind, 'network');
    assert.equal(e.status, undefined);
    assert.match(e.message, new RegExp(`Could not reach GitHub at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`));
  });

  it('a server that never answers times out', async () => {
    const net = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const port = (silent.address() as import('node:net').AddressInfo).port;
    try {
      const e = await failure({ apiBaseUrl: `http://127.0.0.1:${port}`, timeoutMs: 300 });
      assert.equal(e.kind, 'timeout');
      assert.match(e.message, /GitHub \(127\.0\.0\.1:\d+\) did not answer within 0\.3 s/);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('refuses before sending anything: plain http to a non-loopback host, empty title, same head and base, a token with spaces', async () => {
    const cases: [Partial<CreatePullRequestInput>, string, RegExp][] = [
      [{ apiBaseUrl: 'http://github.example.com/api/v3' }, 'insecure', /not HTTPS, so the token was not sent/],
      [{ title: '   ' }, 'invalid-input', /title is empty/],
      [{ base: 'feature/add-login_page' }, 'invalid-input', /both 'feature\/add-login_page'/],
      [{ token: 'ghp_abc def' }, 'unauthorized', /spaces or characters/],
      [{ token: '' }, 'unauthorized', /No GitHub token/],
    ];
    for (const [over, kind, re] of cases) {
      const e = await failure(over);
      assert.equal(e.kind, kind, JSON.stringify(over));
      assert.match(e.message, re);
    }
    assert.equal(gh.requests.length, 0);
  });
});
