// The one GitHub call of the pull-request dialog (SPEC 4.5): `POST {api}/repos/{owner}/{repo}/pulls`
// through @octokit/rest, and every way it can fail turned into one typed error with a sentence
// that says what to do. Plain Node, no `vscode`: the panel and the tests call it alike.
//
// The token is a secret: it goes into the Authorization header of this request (and of the
// look-up of an existing pull request) and nowhere else. No error, message or log line built
// here contains it; `scrub` removes it from anything GitHub or the network stack sends back.
import { Octokit } from '@octokit/rest';

/** `application/vnd.github+json`: GitHub's JSON media type (SPEC 9.3, the representation). */
export const GITHUB_MEDIA_TYPE = 'application/vnd.github+json';
/** The REST API version these requests were written against. */
export const GITHUB_API_VERSION = '2022-11-28';
/** A request that has not answered by then is reported as a network failure. */
export const GITHUB_TIMEOUT_MS = 30_000;

export interface CreatePullRequestInput {
  /** `https://api.github.com`, or `https://<host>/api/v3` (see githubRemote). */
  apiBaseUrl: string;
  owner: string;
  repo: string;
  /** Personal access token (scope `repo`) or a VS Code GitHub session's access token. */
  token: string;
  title: string;
  body?: string;
  /** The branch with the changes (`branch`, or `user:branch` for a fork). */
  head: string;
  /** The branch to merge into. */
  base: string;
  draft?: boolean;
  /** Default GITHUB_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The repository's page, to build links (`https://github.com/owner/repo`). */
  webUrl?: string;
}

export interface CreatedPullRequest {
  /** `html_url`: the pull request's page. */
  url: string;
  number: number;
}

export const PullRequestErrorKinds = {
  /** The input was refused before any request: empty title, branch or token. */
  InvalidInput: 'invalid-input',
  /** The API URL is plain http on a non-loopback host: the token is not sent. */
  Insecure: 'insecure',
  /** 401: token invalid, expired or revoked. */
  Unauthorized: 'unauthorized',
  /** 403: the token lacks the `repo` scope or access to the repository. */
  Forbidden: 'forbidden',
  /** 403/429 with x-ratelimit-remaining: 0, or a secondary rate limit. */
  RateLimited: 'rate-limited',
  /** 403 with x-github-sso: the organization requires SAML SSO authorization of the token. */
  SsoRequired: 'sso-required',
  /** 404: no such repository (or the token cannot see it). */
  NotFound: 'not-found',
  /** 422: the base branch does not exist. */
  BaseMissing: 'base-missing',
  /** 422: the head branch is not on GitHub (not pushed). */
  HeadNotPushed: 'head-not-pushed',
  /** 422: "No commits between base and head". */
  NoCommits: 'no-commits',
  /** 422: "A pull request already exists for owner:branch." */
  AlreadyExists: 'already-exists',
  /** 422 with any other validation message. */
  Validation: 'validation',
  /** No answer: connection refused, DNS, TLS, reset. */
  Network: 'network',
  /** No answer within the time limit. */
  Timeout: 'timeout',
  /** 5xx. */
  Server: 'server',
  /** Anything else (an unexpected status or answer). */
  Unexpected: 'unexpected',
} as const;
export type PullRequestErrorKind = (typeof PullRequestErrorKinds)[keyof typeof PullRequestErrorKinds];

/** What the dialog offers beside the message. */
export type PullRequestAction = 'reenter-token' | 'push-first' | 'open-existing' | 'authorize-sso';

/** What crosses to the webview: plain data, no token. */
export interface PullRequestErrorInfo {
  kind: PullRequestErrorKind;
  message: string;
  status?: number;
  action?: PullRequestAction;
  /** The existing pull request (already-exists) or the SSO authorization page (sso-required). */
  url?: string;
  /** GitHub's own `message` and `errors[].message` lines. */
  details: string[];
}

export class PullRequestError extends Error {
  readonly kind: PullRequestErrorKind;
  readonly status?: number;
  readonly action?: PullRequestAction;
  readonly url?: string;
  readonly details: string[];
  /** When a rate limit resets (from x-ratelimit-reset). */
  readonly resetAt?: Date;

  constructor(init: Omit<PullRequestErrorInfo, 'details'> & { details?: string[]; resetAt?: Date }) {
    super(init.message);
    this.name = 'PullRequestError';
    this.kind = init.kind;
    this.status = init.status;
    this.action = init.action;
    this.url = init.url;
    this.details = init.details ?? [];
    this.resetAt = init.resetAt;
  }

  toInfo(): PullRequestErrorInfo {
    const info: PullRequestErrorInfo = { kind: this.kind, message: this.message, details: this.details };
    if (this.status !== undefined) info.status = this.status;
    if (this.action) info.action = this.action;
    if (this.url) info.url = this.url;
    return info;
  }
}

/** Replaces every occurrence of the token (and of its Bearer header) in a text. */
export function scrub(text: string, token: string): string {
  let out = String(text ?? '');
  const t = (token ?? '').trim();
  if (t.length >= 4) out = out.split(t).join('[token]');
  return out
    .replace(/\bBearer\s+[A-Za-z0-9_.\-~+/]{8,}=*/gi, 'Bearer [token]')
    // GitHub's token formats, whoever's they are.
    .replace(/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, '[token]');
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** https anywhere; plain http only to this machine (tests, a local proxy). */
function checkApiUrl(apiBaseUrl: string): URL {
  let u: URL;
  try {
    u = new URL(apiBaseUrl);
  } catch {
    throw new PullRequestError({ kind: 'invalid-input', message: `The GitHub API URL '${apiBaseUrl}' is not a URL.` });
  }
  if (u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname))) return u;
  throw new PullRequestError({
    kind: 'insecure',
    message: `The GitHub API URL ${u.origin} is not HTTPS, so the token was not sent. Use an https:// API URL (setting codeindex.github.apiUrl or an https remote).`,
  });
}

function requireText(value: string | undefined, what: string): string {
  const v = (value ?? '').trim();
  if (!v) throw new PullRequestError({ kind: 'invalid-input', message: `The ${what} is empty. Enter a ${what}, then create the pull request.` });
  return v;
}

function checkToken(token: string | undefined): string {
  const t = (token ?? '').trim();
  if (!t) {
    throw new PullRequestError({ kind: 'unauthorized', action: 'reenter-token', message: 'No GitHub token was given. Enter a personal access token with the repo scope, or sign in with GitHub.' });
  }
  // A header value cannot hold spaces or control characters; fetch would echo it in its error.
  if (!/^[\x21-\x7e]+$/.test(t)) {
    throw new PullRequestError({
      kind: 'unauthorized',
      action: 'reenter-token',
      message: 'The saved GitHub token contains spaces or characters a token never has (a paste error?). Enter the token again.',
    });
  }
  return t;
}

function client(apiBaseUrl: string, timeoutMs: number): Octokit {
  const quiet = () => undefined;
  return new Octokit({
    baseUrl: apiBaseUrl.replace(/\/+$/, ''),
    userAgent: 'codeindex-vscode',
    // Nothing about these requests is ever logged (octokit warns and errors to the console).
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    request: { signal: AbortSignal.timeout(timeoutMs) },
  });
}

function headers(token: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    accept: GITHUB_MEDIA_TYPE,
    'content-type': 'application/json',
    'x-github-api-version': GITHUB_API_VERSION,
  };
}

/**
 * Creates the pull request. Resolves with its page and number; rejects with a PullRequestError
 * (never anything else) whose message names the cause and the next step.
 */
export async function createPullRequest(input: CreatePullRequestInput): Promise<CreatedPullRequest> {
  checkApiUrl(input.apiBaseUrl);
  const owner = requireText(input.owner, 'repository owner');
  const repo = requireText(input.repo, 'repository name');
  const title = requireText(input.title, 'title');
  const head = requireText(input.head, 'head branch');
  const base = requireText(input.base, 'base branch');
  const token = checkToken(input.token);
  if (head === base) {
    throw new PullRequestError({
      kind: 'invalid-input',
      message: `The head and base branch are both '${base}'. A pull request proposes one branch into another: pick a different base.`,
    });
  }
  const timeoutMs = input.timeoutMs ?? GITHUB_TIMEOUT_MS;
  const octokit = client(input.apiBaseUrl, timeoutMs);
  const ctx: FailureContext = { ...input, owner, repo, head, base, token, timeoutMs };
  try {
    const res = await octokit.pulls.create({
      owner,
      repo,
      title,
      body: input.body ?? '',
      head,
      base,
      draft: !!input.draft,
      headers: headers(token),
    });
    const data = res.data as { html_url?: unknown; number?: unknown };
    if (typeof data?.html_url !== 'string' || typeof data?.number !== 'number') {
      throw new PullRequestError({
        kind: 'unexpected',
        status: res.status,
        message: `GitHub answered ${res.status} without the pull request's address. Look for it on the repository's pull requests page.`,
      });
    }
    return { url: data.html_url, number: data.number };
  } catch (err) {
    if (err instanceof PullRequestError) throw err;
    throw await toPullRequestError(err, ctx, octokit);
  }
}

interface FailureContext extends CreatePullRequestInput {
  timeoutMs: number;
}

interface GitHubErrorBody {
  message?: unknown;
  errors?: unknown;
  documentation_url?: unknown;
}

interface HttpFailure {
  status?: number;
  message?: string;
  name?: string;
  cause?: unknown;
  response?: { status: number; headers: Record<string, string | number | undefined>; data: unknown };
}

/** GitHub's `message` and each `errors[]` entry as one readable line. */
function githubMessages(data: unknown): { message: string; errors: { text: string; field?: string; code?: string }[] } {
  const body = (data && typeof data === 'object' ? data : {}) as GitHubErrorBody;
  const message = typeof body.message === 'string' ? body.message : typeof data === 'string' ? data.slice(0, 300) : '';
  const errors: { text: string; field?: string; code?: string }[] = [];
  if (Array.isArray(body.errors)) {
    for (const e of body.errors) {
      if (typeof e === 'string') {
        errors.push({ text: e });
        continue;
      }
      if (!e || typeof e !== 'object') continue;
      const o = e as Record<string, unknown>;
      const field = typeof o.field === 'string' ? o.field : undefined;
      const code = typeof o.code === 'string' ? o.code : undefined;
      const text = typeof o.message === 'string' ? o.message : [field, code].filter(Boolean).join(' ');
      if (text) errors.push({ text, field, code });
    }
  }
  return { message, errors };
}

function header(h: Record<string, string | number | undefined> | undefined, name: string): string | undefined {
  if (!h) return undefined;
  const v = h[name] ?? h[name.toLowerCase()];
  return v === undefined ? undefined : String(v);
}

function repoName(ctx: FailureContext): string {
  return `${ctx.owner}/${ctx.repo}`;
}

function apiHost(ctx: FailureContext): string {
  try {
    return new URL(ctx.apiBaseUrl).host;
  } catch {
    return ctx.apiBaseUrl;
  }
}

function tokenSettingsUrl(ctx: FailureContext): string {
  try {
    const u = new URL(ctx.apiBaseUrl);
    const host = u.host === 'api.github.com' ? 'github.com' : u.host;
    return `${u.protocol}//${host}/settings/tokens`;
  } catch {
    return 'https://github.com/settings/tokens';
  }
}

async function toPullRequestError(err: unknown, ctx: FailureContext, octokit: Octokit): Promise<PullRequestError> {
  const e = (err ?? {}) as HttpFailure;
  const s = (t: string) => scrub(t, ctx.token);
  if (!e.response) {
    // No HTTP answer: fetch failed (refused, DNS, TLS) or the time limit aborted it.
    const cause = e.cause as { name?: string; message?: string; cause?: { code?: string; message?: string } } | undefined;
    const timedOut = e.name === 'AbortError' || e.name === 'TimeoutError' || cause?.name === 'TimeoutError' || cause?.name === 'AbortError';
    if (timedOut) {
      return new PullRequestError({
        kind: 'timeout',
        message: `GitHub (${apiHost(ctx)}) did not answer within ${+(ctx.timeoutMs / 1000).toFixed(1)} s. Check your connection (and proxy), then try again. The pull request may not have been created: check the repository's pull requests before retrying.`,
      });
    }
    const why = s(cause?.cause?.code ?? e.message ?? cause?.message ?? 'no answer');
    return new PullRequestError({
      kind: 'network',
      message: `Could not reach GitHub at ${apiHost(ctx)} (${why}). Check your connection, proxy and the API URL, then try again.`,
      details: [why],
    });
  }
  const status = e.response.status;
  const h = e.response.headers;
  const gh = githubMessages(e.response.data);
  const details = [gh.message, ...gh.errors.map((x) => x.text)].filter(Boolean).map(s);
  const name = repoName(ctx);

  if (status === 401) {
    return new PullRequestError({
      kind: 'unauthorized',
      status,
      action: 'reenter-token',
      details,
      message: `GitHub refused the token (401${gh.message ? `: ${s(gh.message)}` : ''}): it is invalid, expired or revoked. Enter a new personal access token with the repo scope (${tokenSettingsUrl(ctx)}), then try again.`,
    });
  }
  const remaining = header(h, 'x-ratelimit-remaining');
  const sso = header(h, 'x-github-sso');
  if ((status === 403 || status === 429) && (remaining === '0' || /rate limit/i.test(gh.message) || header(h, 'retry-after') !== undefined)) {
    const reset = Number(header(h, 'x-ratelimit-reset'));
    const retryAfter = Number(header(h, 'retry-after'));
    const resetAt = Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : Number.isFinite(retryAfter) && retryAfter > 0 ? new Date(Date.now() + retryAfter * 1000) : undefined;
    const when = resetAt ? ` It resets at ${resetAt.toISOString().replace(/\.\d+Z$/, 'Z')} (${resetAt.toLocaleTimeString()}).` : '';
    return new PullRequestError({
      kind: 'rate-limited',
      status,
      details,
      resetAt,
      message: `GitHub's API rate limit for this token is used up (${status}${remaining === '0' ? ', x-ratelimit-remaining: 0' : ''}).${when} Wait, then try again; your fields are kept.`,
    });
  }
  if (status === 403 && sso) {
    const url = /url=(\S+)/.exec(sso)?.[1]?.replace(/[;,]$/, '');
    return new PullRequestError({
      kind: 'sso-required',
      status,
      action: url ? 'authorize-sso' : undefined,
      url,
      details,
      message: `The organization that owns ${name} uses SAML single sign-on, and this token is not authorized for it (403). ${url ? 'Authorize the token for the organization (button below), then try again.' : `Authorize the token for the organization on ${tokenSettingsUrl(ctx)} (Configure SSO), then try again.`}`,
    });
  }
  if (status === 403) {
    const scopes = header(h, 'x-oauth-scopes');
    const scopeNote =
      scopes !== undefined
        ? ` The token's scopes are: ${scopes.trim() ? scopes : '(none)'}; it needs repo (or public_repo for a public repository).`
        : ' A classic token needs the repo scope; a fine-grained token needs "Pull requests: read and write" on this repository.';
    return new PullRequestError({
      kind: 'forbidden',
      status,
      action: 'reenter-token',
      details,
      message: `GitHub refused to create the pull request on ${name} (403${gh.message ? `: ${s(gh.message)}` : ''}): the token lacks the repo scope or access to this repository.${scopeNote} Use a token with that access, or ask for access to the repository.`,
    });
  }
  if (status === 404) {
    return new PullRequestError({
      kind: 'not-found',
      status,
      details,
      message: `GitHub found no repository ${name} on ${apiHost(ctx)} (404). That is the owner/repo read from the remote URL: check it (\`git remote -v\`). A private repository also answers 404 when the token cannot see it.`,
    });
  }
  if (status === 422) return validationError(gh, details, ctx, octokit);
  if (status >= 500) {
    return new PullRequestError({
      kind: 'server',
      status,
      details,
      message: `GitHub had a problem (${status}${gh.message ? `: ${s(gh.message)}` : ''}). Try again in a moment; check the repository's pull requests first, the request may have gone through.`,
    });
  }
  return new PullRequestError({
    kind: 'unexpected',
    status,
    details,
    message: `GitHub answered ${status}${gh.message ? `: ${s(gh.message)}` : ''}. The pull request was not created.`,
  });
}

async function validationError(
  gh: ReturnType<typeof githubMessages>,
  details: string[],
  ctx: FailureContext,
  octokit: Octokit,
): Promise<PullRequestError> {
  const s = (t: string) => scrub(t, ctx.token);
  const texts = gh.errors.map((x) => s(x.text));
  const all = [s(gh.message), ...texts].join('\n');
  const status = 422;
  const exists = /A pull request already exists for ([^\s]+?)\.?(?:\s|$)/i.exec(all);
  if (exists) {
    const url = await findExisting(ctx, octokit);
    return new PullRequestError({
      kind: 'already-exists',
      status,
      action: url ? 'open-existing' : undefined,
      url,
      details,
      message: `A pull request for ${exists[1]} is already open${url ? ` (${url})` : ''}. Open it to update it, or push more commits to '${ctx.head}': they appear in it.`,
    });
  }
  const noCommits = /No commits between (\S+) and (\S+)/i.exec(all);
  if (noCommits) {
    return new PullRequestError({
      kind: 'no-commits',
      status,
      action: 'push-first',
      details,
      message: `'${ctx.head}' on GitHub has no commits that '${ctx.base}' lacks, so there is nothing to propose. If you have local commits, push '${ctx.head}' first; otherwise pick another base.`,
    });
  }
  const fieldIs = (field: string) =>
    gh.errors.some((x) => x.field === field && (x.code === 'invalid' || x.code === 'missing')) ||
    texts.some((t) => new RegExp(`^${field}\\b.*(invalid|does not exist|not found|can't be blank|missing)`, 'i').test(t)) ||
    texts.some((t) => new RegExp(`${field} (sha|ref|branch)? ?(can't be blank|does not exist|is invalid)`, 'i').test(t));
  if (fieldIs('base')) {
    return new PullRequestError({
      kind: 'base-missing',
      status,
      details,
      message: `The base branch '${ctx.base}' does not exist on ${repoName(ctx)}. Choose an existing branch (the suggestions list the remote's branches), then try again.`,
    });
  }
  if (fieldIs('head')) {
    return new PullRequestError({
      kind: 'head-not-pushed',
      status,
      action: 'push-first',
      details,
      message: `The branch '${ctx.head}' is not on GitHub yet (${repoName(ctx)} has no such branch). Push it first, then create the pull request.`,
    });
  }
  const said = texts.length ? texts.join('; ') : s(gh.message) || 'Validation Failed';
  return new PullRequestError({
    kind: 'validation',
    status,
    details,
    message: `GitHub did not accept the pull request: ${said}. Correct the fields, then try again.`,
  });
}

/** The open pull request from `head` (GitHub's `pulls.list` with head=owner:branch). */
async function findExisting(ctx: FailureContext, octokit: Octokit): Promise<string | undefined> {
  const head = ctx.head.includes(':') ? ctx.head : `${ctx.owner}:${ctx.head}`;
  try {
    const res = await octokit.pulls.list({ owner: ctx.owner, repo: ctx.repo, head, state: 'open', per_page: 10, headers: headers(ctx.token) });
    const list = res.data as { html_url?: string; base?: { ref?: string } }[];
    const pr = list.find((p) => p.base?.ref === ctx.base) ?? list[0];
    if (pr?.html_url) return pr.html_url;
  } catch {
    // The link is a convenience; the message stands without it.
  }
  if (ctx.webUrl) return `${ctx.webUrl}/pulls?q=${encodeURIComponent(`is:pr is:open head:${ctx.head}`)}`;
  return undefined;
}
