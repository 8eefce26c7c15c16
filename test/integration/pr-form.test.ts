// The Create Pull Request webview in headless Chromium (Debian's /usr/bin/chromium through
// playwright-core), end to end: media/pr-form.html under its real CSP, a stand-in for
// acquireVsCodeApi that hands every message to the real PullRequestController, which reads a
// real repository, pushes over git smart HTTP and calls a fake GitHub Enterprise on 127.0.0.1.
// Screenshots of each state go to test-output/pr-form/.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { GitSandbox, startGitHttpServer, type TestServer } from './helpers/git';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github';
import { runGit } from '../../src/extension/git';
import { branchToTitle } from '../../src/extension/git/title';
import { PullRequestController, type HostMessage } from '../../src/extension/pr/controller';
import { newNonce, renderFormHtml } from '../../src/extension/pr/html';

const ROOT = join(__dirname, '..', '..', '..');
const MEDIA = join(ROOT, 'media');
const SHOTS = join(ROOT, 'test-output', 'pr-form');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const TOKEN_KEY = 'workbench-github-token';
const TOKEN = 'ghp_PATtokenFORtests0123456789abcdefABCD';
const SESSION_TOKEN = 'gho_SESSIONtokenFROMvscode0123456789abcd';
const BAD_TOKEN = 'ghp_REVOKEDtoken0123456789abcdefghijklmn';
const HEAD = 'feature/add-login_page';

/** Serves the page as VS Code would render it (same template, CSP and nonce) plus its css/js. */
async function startPageServer(): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const path = new URL(req.url ?? '/', base).pathname;
    if (path === '/blank.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><title>blank</title>');
      return;
    }
    if (path === '/pr-form.html') {
      const html = renderFormHtml(readFileSync(join(MEDIA, 'pr-form.html'), 'utf8'), {
        cspSource: base,
        nonce: newNonce(),
        styleUri: `${base}/pr-form.css`,
        scriptUri: `${base}/pr-form.js`,
      });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
      return;
    }
    const file = { '/pr-form.css': 'text/css', '/pr-form.js': 'text/javascript' }[path];
    if (!file) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': `${file}; charset=utf-8` });
    res.end(readFileSync(join(MEDIA, path.slice(1))));
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// VS Code's webview API as the page sees it: postMessage goes to the host (the test's
// controller), state survives a reload of the page (like getState/setState in VS Code).
const STAND_IN = `
window.acquireVsCodeApi = function () {
  var KEY = '__vscodeState';
  return {
    postMessage: function (m) { window.__toHost(m); },
    getState: function () { var s = sessionStorage.getItem(KEY); return s ? JSON.parse(s) : undefined; },
    setState: function (s) { sessionStorage.setItem(KEY, JSON.stringify(s)); return s; },
  };
};`;

// Browser globals inside page.evaluate callbacks (the tsconfig has no DOM lib; the casts vanish
// when the callback is serialized into the page).
interface KV {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
  clear(): void;
}
interface PageWindow {
  localStorage: KV;
  sessionStorage: KV;
  document: {
    createElement(tag: string): { textContent: string };
    body: { appendChild(n: unknown): void; innerHTML: string };
    activeElement: { id: string } | null;
  };
  postMessage(message: unknown, origin: string): void;
  prForm: { branchToTitle(s: string): string };
  __inlineRan?: boolean;
}

describe('pr: the Create Pull Request webview in headless Chromium', function () {
  this.timeout(120_000);

  let sb: GitSandbox;
  let gitHttp: TestServer;
  let gh: FakeGitHub;
  let pages: { base: string; close(): Promise<void> };
  let userDataDir: string;
  let context: BrowserContext | undefined;
  let page: Page;
  let work: string;
  let bare: string;
  let controller: PullRequestController;
  const fromPage: Record<string, unknown>[] = [];
  const toPage: HostMessage[] = [];
  const opened: string[] = [];
  let sessionAsks = 0;

  function makeController(repoRoot: string, githubHosts: string[]): PullRequestController {
    return new PullRequestController(
      repoRoot,
      {
        post: (m) => {
          toPage.push(m);
          page.evaluate((msg) => (globalThis as unknown as PageWindow).postMessage(msg, '*'), m as unknown).catch(() => undefined);
        },
        openExternal: async (url) => {
          opened.push(url);
          return true;
        },
        getSession: async (createIfNone) => {
          sessionAsks++;
          return createIfNone ? { accessToken: SESSION_TOKEN, account: 'octocat' } : undefined;
        },
        canSignIn: () => true,
      },
      { hosts: { githubHosts }, gitEnv: sb.env, timeoutMs: 10_000 },
    );
  }

  const state = () => page.getAttribute('body', 'data-state');
  const waitState = (s: string) => page.waitForSelector(`body[data-state="${s}"]`, { timeout: 30_000 });
  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  const stored = () => page.evaluate((k) => (globalThis as unknown as PageWindow).localStorage.getItem(k), TOKEN_KEY);
  const value = (sel: string) => page.inputValue(sel);

  /**
   * A fresh page load with the given token stored (or none) and no saved form state. Storage is
   * set from a blank page of the same origin: a running form could write its state back.
   */
  async function open(token: string | null): Promise<void> {
    await page.goto(`${pages.base}/blank.html`);
    await page.evaluate(
      ([k, t]) => {
        const w = globalThis as unknown as PageWindow;
        w.sessionStorage.clear();
        if (t === null) w.localStorage.removeItem(k as string);
        else w.localStorage.setItem(k as string, t as string);
      },
      [TOKEN_KEY, token],
    );
    await page.goto(`${pages.base}/pr-form.html`);
  }

  /** The head branch on the fake GitHub, for the tests that are not about pushing. */
  async function ensurePushed(): Promise<void> {
    if (sb.gitStatus(bare, ['rev-parse', '--verify', '-q', `refs/heads/${HEAD}`]) === 0) return;
    await runGit(['push', '-q', 'origin', HEAD], { cwd: work, env: sb.env, timeoutMs: 20_000 });
  }

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is missing (${CHROMIUM}): the webview tests drive Debian's chromium through playwright-core. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
      );
    }
    mkdirSync(SHOTS, { recursive: true });
    sb = new GitSandbox();
    const projectRoot = sb.dir('github');
    bare = sb.bare('acme/widgets.git', projectRoot).path;
    gitHttp = await startGitHttpServer({ projectRoot, env: sb.env });
    gh = await startFakeGitHub({
      tokens: [TOKEN, SESSION_TOKEN],
      repos: ['acme/widgets'],
      prefix: '/api/v3',
      gitBackend: gitHttp.base,
      // The bare repository is local: reading it synchronously does not involve these servers.
      branches: () => sb.git(bare, ['for-each-ref', '--format=%(refname:short)', 'refs/heads/']).split('\n').filter(Boolean),
    });
    work = sb.repo();
    sb.git(work, ['remote', 'add', 'origin', `${gh.base}/acme/widgets.git`]);
    // Async: the git server lives in this process.
    await runGit(['push', '-q', '-u', 'origin', 'main'], { cwd: work, env: sb.env, timeoutMs: 20_000 });
    sb.git(work, ['checkout', '-q', '-b', HEAD]);
    writeFileSync(join(work, 'login.ts'), 'export const login = true;\n');
    sb.git(work, ['add', 'login.ts']);
    sb.git(work, ['commit', '-q', '-m', 'Login page']);
    controller = makeController(work, [`127.0.0.1:${gh.port}`]);

    pages = await startPageServer();
    userDataDir = mkdtempSync(join(tmpdir(), 'codeindex-chromium-'));
    // One persistent profile for the suite: localStorage must survive reloads, as in VS Code.
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 780, height: 760 },
    });
    await context.exposeFunction('__toHost', async (m: Record<string, unknown>) => {
      fromPage.push(m);
      await controller.handle(m);
    });
    await context.addInitScript({ content: STAND_IN });
    page = context.pages()[0] ?? (await context.newPage());
  });

  after(async () => {
    await context?.close();
    await pages?.close();
    await gh?.close();
    await gitHttp?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    sb?.cleanup();
  });

  beforeEach(() => {
    opened.length = 0;
  });

  it('awaiting token: a password input; Save or Enter stores it under workbench-github-token, and it survives a reload', async () => {
    await open(null);
    await waitState('token');
    assert.equal(await page.getAttribute('#token', 'type'), 'password');
    assert.ok(await page.isVisible('label[for="token"]'));
    assert.ok(!(await page.isVisible('#pr-form')));
    await shot('01-awaiting-token');
    // Save with nothing typed: a message, still waiting.
    await page.click('#token-save');
    assert.ok(await page.isVisible('#token-error'));
    assert.equal(await state(), 'token');
    assert.equal(await stored(), null);
    // Enter in the password input saves.
    await page.fill('#token', TOKEN);
    await page.press('#token', 'Enter');
    await waitState('form');
    assert.equal(await stored(), TOKEN);
    await page.reload();
    await waitState('form');
    assert.equal(await stored(), TOKEN);
    assert.ok(!(await page.isVisible('#token')));
    // Save by clicking (replace the token): the new one is stored.
    await page.click('#token-replace');
    await waitState('token');
    assert.ok(await page.isVisible('#token-cancel'));
    await page.fill('#token', `${TOKEN}X`);
    await page.click('#token-save');
    await waitState('form');
    assert.equal(await stored(), `${TOKEN}X`);
    // Forget: back to the token prompt, nothing stored.
    await page.click('#token-forget');
    await waitState('token');
    assert.equal(await stored(), null);
  });

  it('the form: title from the branch rule, head = current branch, base main with remote suggestions; submit disabled without a title', async () => {
    await open(TOKEN);
    await waitState('form');
    assert.equal(await value('#title'), 'Add Login Page');
    assert.equal(await value('#head'), HEAD);
    assert.equal(await value('#base'), 'main');
    assert.equal(await page.isChecked('#draft'), false);
    assert.equal(await page.isEnabled('#submit'), true);
    assert.match((await page.textContent('#repo-line')) ?? '', /acme\/widgets on 127\.0\.0\.1/);
    // Suggestions arrive from `git ls-remote` over smart HTTP.
    await page.waitForSelector('#base-branches option[value="main"]', { state: 'attached' });
    await shot('02-form');
    await page.fill('#title', '');
    assert.equal(await page.isEnabled('#submit'), false);
    await page.fill('#title', '   ');
    assert.equal(await page.isEnabled('#submit'), false);
    await shot('03-form-no-title');
    // Enter in an empty title does not send anything.
    const before = fromPage.filter((m) => m.type === 'create').length;
    await page.press('#title', 'Enter');
    assert.equal(fromPage.filter((m) => m.type === 'create').length, before);
    await page.fill('#title', 'Login page');
    assert.equal(await page.isEnabled('#submit'), true);
    // Keyboard: the fields come in order with Tab.
    await page.focus('#title');
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.id ?? ''));
    }
    assert.deepEqual(order, ['body', 'head', 'base', 'draft', 'submit']);
    // The page's title rule is the extension's.
    for (const b of ['feature/add-login_page', 'FIX/crash-on_start', 'hotfix/a--b', 'release/v2', 'bugfix/x', 'plain']) {
      assert.equal(await page.evaluate((x) => (globalThis as unknown as PageWindow).prForm.branchToTitle(x), b), branchToTitle(b));
    }
    // The CSP holds: a script without the nonce does not run.
    const inline = await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      const s = w.document.createElement('script');
      s.textContent = 'window.__inlineRan = true;';
      w.document.body.appendChild(s);
      return w.__inlineRan === true;
    });
    assert.equal(inline, false);
  });

  it('an error keeps the dialog, the fields and the token; "push first" pushes and the retry creates the pull request', async () => {
    gh.pulls.length = 0;
    await open(TOKEN);
    await waitState('form');
    await page.fill('#body', 'Adds the **login** page.');
    await page.check('#draft');
    await page.press('#title', 'Enter'); // keyboard submit
    await waitState('error');
    const message = (await page.textContent('#error-message')) ?? '';
    assert.match(message, /'feature\/add-login_page' is not on GitHub yet/);
    assert.equal(await page.getAttribute('#error', 'data-kind'), 'head-not-pushed');
    assert.equal(await value('#title'), 'Add Login Page');
    assert.equal(await value('#body'), 'Adds the **login** page.');
    assert.equal(await value('#head'), HEAD);
    assert.equal(await value('#base'), 'main');
    assert.equal(await page.isChecked('#draft'), true);
    assert.equal(await stored(), TOKEN);
    assert.ok(await page.isVisible('#error-push'));
    assert.ok(await page.isEnabled('#submit'), 'retry must be possible');
    await shot('04-error-head-not-pushed');

    await page.click('#error-push');
    await waitState('created');
    assert.equal(sb.git(bare, ['rev-parse', HEAD]), sb.git(work, ['rev-parse', 'HEAD']), 'the branch was pushed');
    assert.equal(gh.pulls.length, 1);
    const url = `${gh.base}/acme/widgets/pull/1`;
    assert.equal(await page.textContent('#created-url'), url);
    assert.equal(await page.textContent('#created-heading'), 'Pull request #1 created');
    const post = gh.requests.filter((r) => r.method === 'POST').at(-1)!;
    assert.equal(post.path, '/repos/acme/widgets/pulls');
    assert.equal(post.headers.authorization, `Bearer ${TOKEN}`);
    assert.deepEqual(JSON.parse(post.body), { title: 'Add Login Page', body: 'Adds the **login** page.', head: HEAD, base: 'main', draft: true });
    await shot('05-created');
    await page.click('#created-open');
    await waitFor(() => opened.length === 1);
    assert.deepEqual(opened, [url]);
  });

  it('401: the message offers a new token; the new one is stored, the fields kept, and the retry succeeds', async () => {
    await ensurePushed();
    gh.pulls.length = 0;
    await open(BAD_TOKEN);
    await waitState('form');
    await page.fill('#title', 'Login page, second try');
    await page.click('#submit');
    await waitState('error');
    assert.equal(await page.getAttribute('#error', 'data-kind'), 'unauthorized');
    assert.match((await page.textContent('#error-message')) ?? '', /invalid, expired or revoked/);
    assert.ok(!((await page.textContent('body')) ?? '').includes(BAD_TOKEN));
    assert.equal(await stored(), BAD_TOKEN, 'the token is kept until the user replaces it');
    await shot('06-error-401');
    await page.click('#error-reenter');
    await waitState('token');
    await page.fill('#token', TOKEN);
    await page.press('#token', 'Enter');
    await waitState('form');
    assert.equal(await stored(), TOKEN);
    assert.equal(await value('#title'), 'Login page, second try');
    assert.ok(!(await page.isVisible('#error')));
    await page.click('#submit');
    await waitState('created');
    assert.equal(gh.pulls[0].title, 'Login page, second try');
  });

  it('a pull request already open for the branch: the error links to it', async () => {
    await ensurePushed();
    gh.pulls.length = 0;
    gh.pulls.push({
      number: 7,
      html_url: `${gh.base}/acme/widgets/pull/7`,
      title: 'Earlier',
      body: '',
      head: { ref: HEAD, label: `acme:${HEAD}` },
      base: { ref: 'main' },
      draft: false,
      state: 'open',
    });
    await open(TOKEN);
    await waitState('form');
    await page.click('#submit');
    await waitState('error');
    assert.equal(await page.getAttribute('#error', 'data-kind'), 'already-exists');
    assert.match((await page.textContent('#error-message')) ?? '', /already open/);
    await shot('07-error-already-exists');
    await page.click('#error-open');
    await waitFor(() => opened.length === 1);
    assert.deepEqual(opened, [`${gh.base}/acme/widgets/pull/7`]);
  });

  it('Sign in with GitHub: a VS Code session instead of a token, which is never stored in the page', async () => {
    await ensurePushed();
    gh.pulls.length = 0;
    await open(null);
    await waitState('token');
    assert.ok(await page.isVisible('#signin'));
    await page.click('#signin');
    await waitState('form');
    assert.match((await page.textContent('#auth-text')) ?? '', /Signed in to GitHub as octocat/);
    assert.equal(await stored(), null);
    await shot('08-signed-in');
    await page.click('#submit');
    await waitState('created');
    const post = gh.requests.filter((r) => r.method === 'POST').at(-1)!;
    assert.equal(post.headers.authorization, `Bearer ${SESSION_TOKEN}`);
    assert.ok(sessionAsks >= 1);
    const seen = await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      return JSON.stringify({ ...w.localStorage }) + JSON.stringify({ ...w.sessionStorage }) + w.document.body.innerHTML;
    });
    assert.ok(!seen.includes(SESSION_TOKEN));
  });

  it('remote not on GitHub: only a button that opens the platform\'s page in the browser', async () => {
    const other = sb.repo();
    sb.git(other, ['remote', 'add', 'origin', 'git@gitlab.com:group/proj.git']);
    sb.git(other, ['checkout', '-q', '-b', 'fix/crash']);
    const github = controller;
    controller = makeController(other, []);
    try {
      await open(TOKEN);
      await waitState('link');
      assert.ok(await page.isVisible('#link-open'));
      assert.ok(!(await page.isVisible('#pr-form')));
      assert.ok(!(await page.isVisible('#token')));
      assert.match((await page.textContent('#link-message')) ?? '', /not on GitHub/);
      await shot('09-not-github');
      await page.click('#link-open');
      await waitFor(() => opened.length === 1);
      assert.deepEqual(opened, [
        'https://gitlab.com/group/proj/-/merge_requests/new?merge_request%5Bsource_branch%5D=fix%2Fcrash&merge_request%5Btarget_branch%5D=main',
      ]);
    } finally {
      controller = github;
    }
  });

  it('the token crossed to the host only inside create messages, and never came back', () => {
    const creates = fromPage.filter((m) => m.type === 'create');
    assert.ok(creates.length >= 4);
    for (const m of fromPage) {
      if (m.type !== 'create') assert.ok(!JSON.stringify(m).includes(TOKEN), `token in a ${String(m.type)} message`);
    }
    const back = JSON.stringify(toPage);
    for (const t of [TOKEN, SESSION_TOKEN, BAD_TOKEN]) assert.ok(!back.includes(t), 'a token went back to the page');
  });
});

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
