// What the pull-request dialog needs from the repository: the head (current branch), where origin
// points, and base suggestions (origin's branches and default branch). Only git itself talks to
// the network here (`git ls-remote`); plain Node, no `vscode`.
import {
  branchToTitle,
  githubRemote,
  gitOut,
  GitError,
  pullRequestUrl,
  remoteWebUrl,
  runGit,
  safeRemoteUrl,
  type GitHubRemote,
  type GitOptions,
  type HostOptions,
} from '../git';
import { currentBranchOrDetached } from '../git/repo';

export interface BaseSuggestions {
  /** origin's branch names, sorted, default branch first. */
  branches: string[];
  /** origin's HEAD branch, when known. */
  defaultBranch?: string;
  /** `local`: from refs/remotes/origin (last fetch); `remote`: asked origin (ls-remote). */
  source: 'local' | 'remote';
}

function order(names: Iterable<string>, defaultBranch?: string): string[] {
  const set = new Set(names);
  set.delete('HEAD');
  const rest = [...set].filter((b) => b !== defaultBranch).sort((a, b) => a.localeCompare(b));
  // The default branch leads even when this clone has not fetched it yet.
  return defaultBranch ? [defaultBranch, ...rest] : rest;
}

/** origin's branches as of the last fetch (`refs/remotes/origin/*`) and `origin/HEAD`: no network. */
export async function localBaseSuggestions(opts: GitOptions): Promise<BaseSuggestions> {
  const out = await gitOut(['for-each-ref', '--format=%(refname)', 'refs/remotes/origin/'], opts).catch(() => '');
  const names = out
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^refs\/remotes\/origin\//, ''))
    .filter(Boolean);
  const head = await runGit(['symbolic-ref', '-q', 'refs/remotes/origin/HEAD'], { ...opts, okExitCodes: [1, 128] }).catch(() => undefined);
  const m = head && head.exitCode === 0 ? /^refs\/remotes\/origin\/(.+)$/.exec(head.stdout.trim()) : null;
  const defaultBranch = m?.[1];
  return { branches: order(names, defaultBranch), defaultBranch, source: 'local' };
}

/** Asks origin itself (`git ls-remote --symref origin HEAD refs/heads/*`). Throws a GitError. */
export async function remoteBaseSuggestions(opts: GitOptions & { timeoutMs?: number }): Promise<BaseSuggestions> {
  const out = await gitOut(['ls-remote', '--symref', 'origin', 'HEAD', 'refs/heads/*'], { ...opts, timeoutMs: opts.timeoutMs ?? 20_000 });
  let defaultBranch: string | undefined;
  const names: string[] = [];
  for (const line of out.split(/\r?\n/)) {
    const sym = /^ref: refs\/heads\/(\S+)\tHEAD$/.exec(line);
    if (sym) defaultBranch = sym[1];
    const ref = /^[0-9a-f]{40,64}\trefs\/heads\/(.+)$/.exec(line);
    if (ref) names.push(ref[1]);
  }
  return { branches: order(names, defaultBranch), defaultBranch, source: 'remote' };
}

/** The base the form starts with: origin's default branch when known, else `main`. */
export function defaultBase(s: Pick<BaseSuggestions, 'defaultBranch'> | undefined, head?: string): string {
  const d = s?.defaultBranch;
  if (d && d !== head) return d;
  return 'main';
}

export interface PullRequestSettings {
  /** GitHub Enterprise hosts (`github.corp.example`), and other platforms' hosts for the link. */
  hosts?: HostOptions;
  /** Overrides the API URL derived from the remote (`https://api.github.com`, `https://<host>/api/v3`). */
  apiBaseUrl?: string;
  /** The base the form starts with (setting `defaultBaseBranch`); empty = origin's default, else `main`. */
  defaultBase?: string;
  /** The git executable; default `git` from PATH. */
  gitPath?: string;
  /** Extra environment for git (tests isolate git from the user's config). */
  gitEnv?: NodeJS.ProcessEnv;
}

export type PullRequestContext =
  | {
      kind: 'github';
      github: GitHubRemote;
      apiBaseUrl: string;
      /** origin's URL without credentials. */
      remoteUrl: string;
      head: string;
      /** branchToTitle(head) */
      title: string;
      base: string;
      suggestions: BaseSuggestions;
      /** The compare page, as a fallback link. */
      compareUrl?: string;
    }
  | {
      /** origin is not on GitHub (or not a web host): only a browser link. */
      kind: 'other';
      remoteUrl: string;
      head?: string;
      /** The platform's new-PR/MR page, else the repository's page; undefined for a local path. */
      url?: string;
      /** The platform's name for the dialog's sentence. */
      message: string;
    }
  | {
      /** Nothing to propose from here (no origin, detached HEAD, not a repository). */
      kind: 'problem';
      message: string;
    };

export function gitOptions(repoRoot: string, settings: PullRequestSettings = {}): GitOptions {
  return { cwd: repoRoot, gitPath: settings.gitPath, env: settings.gitEnv };
}

/**
 * Reads the repository for the dialog: origin's fetch URL decides GitHub or not (the token only
 * ever goes to GitHub's API for a GitHub remote); no network.
 */
export async function pullRequestContext(repoRoot: string, settings: PullRequestSettings = {}): Promise<PullRequestContext> {
  const opts = gitOptions(repoRoot, settings);
  let head: string | undefined;
  let raw: string;
  try {
    head = await currentBranchOrDetached(opts);
    raw = await gitOut(['remote', 'get-url', 'origin'], opts);
  } catch (err) {
    const message = err instanceof GitError ? err.userMessage : `git failed: ${String((err as Error)?.message ?? err)}`;
    return { kind: 'problem', message };
  }
  const remoteUrl = safeRemoteUrl(raw);
  if (!head) {
    return { kind: 'problem', message: 'HEAD is detached (no branch is checked out). Check out the branch you want to propose, then open this dialog again.' };
  }
  const suggestions = await localBaseSuggestions(opts);
  const base = settings.defaultBase?.trim() || defaultBase(suggestions, head);
  const github = githubRemote(raw, settings.hosts);
  if (!github) {
    const link = pullRequestUrl(raw, head, base, settings.hosts);
    const url = link ?? remoteWebUrl(raw, settings.hosts);
    const message = url
      ? `origin (${remoteUrl}) is not on GitHub, so the pull request cannot be created from here. ${link ? 'Open the platform\'s page to create it in the browser.' : 'Open the repository in the browser to create it there.'}`
      : `origin (${remoteUrl}) is not on a web host, so there is no pull-request page to open.`;
    return { kind: 'other', remoteUrl, head, url, message };
  }
  return {
    kind: 'github',
    github,
    apiBaseUrl: settings.apiBaseUrl?.trim() || github.apiBaseUrl,
    remoteUrl,
    head,
    title: branchToTitle(head),
    base,
    suggestions,
    compareUrl: pullRequestUrl(raw, head, base, settings.hosts),
  };
}
