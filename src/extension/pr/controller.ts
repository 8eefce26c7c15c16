// The extension-host side of the pull-request dialog, without `vscode`: it answers the messages
// of media/pr-form.js, reads the repository, calls GitHub and pushes when asked. panel.ts gives
// it VS Code's postMessage, openExternal and authentication; the browser tests give it theirs.
import { GitError, pushCurrentBranch } from '../git';
import { currentBranchOrDetached } from '../git/repo';
import { gitOptions, pullRequestContext, remoteBaseSuggestions, type PullRequestContext, type PullRequestSettings } from './branches';
import { createPullRequest, PullRequestError, type PullRequestErrorInfo } from './github';

/** Messages from the webview. */
export type WebviewMessage =
  | { type: 'ready' }
  | {
      type: 'create';
      /** A personal access token from the webview's storage, or the VS Code session the host holds. */
      auth: { kind: 'token'; token: string } | { kind: 'session' };
      title: string;
      body: string;
      head: string;
      base: string;
      draft: boolean;
    }
  | { type: 'open'; url: string }
  | { type: 'signIn' }
  | { type: 'signOut' }
  | { type: 'push'; head: string };

/** Messages to the webview. */
export type HostMessage =
  | {
      type: 'init';
      view: 'github';
      repo: { host: string; owner: string; repo: string; webUrl: string };
      head: string;
      title: string;
      base: string;
      branches: string[];
      defaultBranch?: string;
      /** Whether "Sign in with GitHub" is offered (a VS Code GitHub session; github.com only). */
      signIn: boolean;
      /** Where to create a token. */
      tokenUrl: string;
    }
  | { type: 'init'; view: 'link'; message: string; url?: string }
  | { type: 'init'; view: 'problem'; message: string }
  | { type: 'branches'; branches: string[]; defaultBranch?: string }
  | { type: 'created'; url: string; number: number }
  | { type: 'error'; error: PullRequestErrorInfo }
  | { type: 'session'; account?: string; error?: string }
  | { type: 'pushed'; message: string }
  | { type: 'pushFailed'; message: string };

export interface GitHubSession {
  accessToken: string;
  /** The account's label, shown in the dialog. */
  account: string;
}

export interface PullRequestHost {
  post(message: HostMessage): unknown;
  openExternal(url: string): PromiseLike<unknown>;
  /** VS Code's GitHub session with scope `repo`; `createIfNone` asks the user to sign in. */
  getSession?(createIfNone: boolean): PromiseLike<GitHubSession | undefined>;
  /** Whether the session is good for this host; default github.com only (VS Code's `github` provider). */
  canSignIn?(host: string): boolean;
}

export interface ControllerOptions extends PullRequestSettings {
  /** Time limit of the GitHub call. */
  timeoutMs?: number;
}

function str(v: unknown, max = 100_000): string {
  return typeof v === 'string' ? v.slice(0, max) : '';
}

function errorInfo(err: unknown): PullRequestErrorInfo {
  if (err instanceof PullRequestError) return err.toInfo();
  // Nothing else is expected; its text is not shown, it might hold anything.
  return { kind: 'unexpected', message: 'Creating the pull request failed unexpectedly. Try again.', details: [] };
}

export class PullRequestController {
  private context: PullRequestContext | undefined;
  private session: GitHubSession | undefined;
  private creating = false;
  private disposed = false;

  constructor(
    readonly repoRoot: string,
    private readonly host: PullRequestHost,
    private readonly options: ControllerOptions = {},
  ) {}

  dispose(): void {
    this.disposed = true;
    this.session = undefined;
  }

  private post(message: HostMessage): void {
    if (!this.disposed) this.host.post(message);
  }

  /** Handles one message from the webview; never throws. */
  async handle(raw: unknown): Promise<void> {
    const msg = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    try {
      switch (msg.type) {
        case 'ready':
          return await this.init();
        case 'create':
          return await this.create(msg);
        case 'open':
          return await this.open(str(msg.url, 4000));
        case 'signIn':
          return await this.signIn();
        case 'signOut':
          this.session = undefined;
          return this.post({ type: 'session' });
        case 'push':
          return await this.push(str(msg.head, 1000));
        default:
          return;
      }
    } catch {
      // Whatever failed, the dialog stays usable; no detail leaves (it might hold the token).
      if (msg.type === 'create') this.post({ type: 'error', error: errorInfo(undefined) });
    }
  }

  private async init(): Promise<void> {
    const ctx = await pullRequestContext(this.repoRoot, this.options);
    this.context = ctx;
    if (ctx.kind === 'problem') return this.post({ type: 'init', view: 'problem', message: ctx.message });
    if (ctx.kind === 'other') return this.post({ type: 'init', view: 'link', message: ctx.message, url: ctx.url });
    const { host, owner, repo, webUrl } = ctx.github;
    const origin = webUrl.slice(0, webUrl.length - owner.length - repo.length - 2);
    this.post({
      type: 'init',
      view: 'github',
      repo: { host, owner, repo, webUrl },
      head: ctx.head,
      title: ctx.title,
      base: ctx.base,
      branches: ctx.suggestions.branches,
      defaultBranch: ctx.suggestions.defaultBranch,
      signIn: !!this.host.getSession && (this.host.canSignIn ? this.host.canSignIn(host) : host === 'github.com'),
      tokenUrl: `${origin}/settings/tokens/new?scopes=repo&description=codeindex`,
    });
    // Fresher suggestions from origin itself; the form works without them.
    remoteBaseSuggestions(gitOptions(this.repoRoot, this.options)).then(
      // A configured base stays; otherwise origin's default replaces the guess.
      (s) => this.post({ type: 'branches', branches: s.branches, defaultBranch: this.options.defaultBase?.trim() ? undefined : s.defaultBranch }),
      () => undefined,
    );
  }

  private async token(auth: unknown): Promise<string> {
    const a = (auth && typeof auth === 'object' ? auth : {}) as Record<string, unknown>;
    if (a.kind === 'session') {
      const s = this.session ?? (await this.host.getSession?.(false));
      if (!s) {
        throw new PullRequestError({
          kind: 'unauthorized',
          action: 'reenter-token',
          message: 'The GitHub sign-in is no longer available. Sign in with GitHub again, or enter a personal access token.',
        });
      }
      this.session = s;
      return s.accessToken;
    }
    return str(a.token, 1000);
  }

  private async create(msg: Record<string, unknown>): Promise<void> {
    // One request at a time: a double click must not open two pull requests.
    if (this.creating) return;
    this.creating = true;
    try {
      await this.createOnce(msg);
    } finally {
      this.creating = false;
    }
  }

  private async createOnce(msg: Record<string, unknown>): Promise<void> {
    const ctx = this.context ?? (this.context = await pullRequestContext(this.repoRoot, this.options));
    if (ctx.kind !== 'github') {
      return this.post({ type: 'error', error: { kind: 'invalid-input', message: 'origin is not on GitHub; open the pull-request page in the browser instead.', details: [] } });
    }
    try {
      const token = await this.token(msg.auth);
      const pr = await createPullRequest({
        apiBaseUrl: ctx.apiBaseUrl,
        owner: ctx.github.owner,
        repo: ctx.github.repo,
        webUrl: ctx.github.webUrl,
        token,
        title: str(msg.title),
        body: str(msg.body),
        head: str(msg.head, 1000),
        base: str(msg.base, 1000),
        draft: msg.draft === true,
        timeoutMs: this.options.timeoutMs,
      });
      this.post({ type: 'created', url: pr.url, number: pr.number });
    } catch (err) {
      this.post({ type: 'error', error: errorInfo(err) });
    }
  }

  private async open(url: string): Promise<void> {
    // Only web pages: the webview cannot make the host open files or run protocol handlers.
    if (!/^https?:\/\/[^\s]+$/i.test(url)) return;
    await this.host.openExternal(url);
  }

  private async signIn(): Promise<void> {
    if (!this.host.getSession) return this.post({ type: 'session', error: 'Signing in with GitHub is not available here; enter a personal access token.' });
    try {
      const s = await this.host.getSession(true);
      this.session = s;
      this.post(s ? { type: 'session', account: s.account } : { type: 'session', error: 'Not signed in.' });
    } catch (err) {
      const text = String((err as Error)?.message ?? err);
      // VS Code rejects with "User did not consent to login." when the prompt is dismissed.
      this.post({ type: 'session', error: /consent|cancel/i.test(text) ? 'Sign-in was cancelled.' : 'Signing in with GitHub failed; enter a personal access token instead.' });
    }
  }

  /** "Push first": pushes the checked-out branch when it is the head of the form. */
  private async push(head: string): Promise<void> {
    const opts = gitOptions(this.repoRoot, this.options);
    const current = await currentBranchOrDetached(opts).catch(() => undefined);
    if (!current || current !== head) {
      return this.post({
        type: 'pushFailed',
        message: `Push first pushes the checked-out branch${current ? ` ('${current}')` : ''}, and the head is '${head}'. Push '${head}' yourself, or set the head to '${current ?? 'your branch'}'.`,
      });
    }
    try {
      const r = await pushCurrentBranch(opts);
      this.post({ type: 'pushed', message: r.message });
    } catch (err) {
      this.post({ type: 'pushFailed', message: err instanceof GitError ? err.message : 'The push failed.' });
    }
  }
}
