// Small questions about the repository that several flows ask first, before anything changes.
import { GitError, GitErrorCodes } from './errors';
import { gitOut, runGit, type GitOptions } from './run';
import { safeRemoteUrl } from './remote';

/** The checked-out branch, by `git symbolic-ref` (SPEC 4.4 rule 1). Detached HEAD is an error. */
export async function currentBranch(opts: GitOptions): Promise<string> {
  return gitOut(['symbolic-ref', '--short', 'HEAD'], opts);
}

/** The checked-out branch, or undefined when HEAD is detached. */
export async function currentBranchOrDetached(opts: GitOptions): Promise<string | undefined> {
  const r = await runGit(['symbolic-ref', '-q', '--short', 'HEAD'], { ...opts, okExitCodes: [1] });
  return r.exitCode === 0 ? r.stdout.trim() : undefined;
}

/** The commit HEAD points at, or undefined when the branch has no commits yet. */
export async function headCommit(opts: GitOptions): Promise<string | undefined> {
  const r = await runGit(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { ...opts, okExitCodes: [1] });
  return r.exitCode === 0 ? r.stdout.trim() : undefined;
}

/** HEAD's commit; throws NoCommits (before any network call) when there is none. */
export async function requireCommit(opts: GitOptions, branch?: string): Promise<string> {
  const sha = await headCommit(opts);
  if (!sha) throw new GitError({ code: GitErrorCodes.NoCommits, branch, cwd: opts.cwd });
  return sha;
}

/**
 * The URL `git push origin` uses (pushurl and insteadOf applied). `raw` may hold credentials:
 * only `safe` may be shown or returned.
 */
export async function originUrl(opts: GitOptions): Promise<{ raw: string; safe: string }> {
  const raw = await gitOut(['remote', 'get-url', '--push', 'origin'], opts);
  return { raw, safe: safeRemoteUrl(raw) };
}

export async function localBranchExists(opts: GitOptions, name: string): Promise<boolean> {
  const r = await runGit(['show-ref', '--verify', '--quiet', `refs/heads/${name}`], { ...opts, okExitCodes: [1] });
  return r.exitCode === 0;
}
