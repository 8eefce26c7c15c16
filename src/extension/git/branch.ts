// `git_create_push_branch` (SPEC part 3): validate the name, create the branch, push it; if the
// push fails, put the repository back as it was.
import { GitError, GitErrorCodes } from './errors';
import { pushToOrigin, type PushOptions } from './push';
import { pullRequestUrl, remoteWebUrl, type HostOptions } from './remote';
import { currentBranchOrDetached, localBranchExists, originUrl, requireCommit } from './repo';
import { NETWORK_TIMEOUT_MS, gitOut, runGit, type GitOptions } from './run';

export interface CreateBranchOptions extends PushOptions {
  /** The new branch's name. */
  branch: string;
  /** Target of the pull-request link; default origin's default branch, else the previous branch, else `main`. */
  base?: string;
  /** Enterprise hosts, so their pull-request link can be built. */
  hosts?: HostOptions;
}

export interface CreateBranchResult {
  /** origin's push URL without credentials. */
  remoteUrl: string;
  branch: string;
  /** The branch checked out before (undefined when HEAD was detached). */
  previousBranch?: string;
  /** The branch the pull-request link targets. */
  base: string;
  /** The platform's "new pull request" page, when the host is a known platform. */
  prUrl?: string;
  /** The repository's page in a browser, when origin is on a web host. */
  webUrl?: string;
  remoteLines: string[];
  message: string;
}

/**
 * Rejects an empty or invalid branch name. Empty is refused before any git command; the rest is
 * `git check-ref-format --branch`, which changes nothing. Returns the trimmed name.
 */
export async function validateBranchName(opts: GitOptions, name: string): Promise<string> {
  const branch = (name ?? '').trim();
  if (!branch) throw new GitError({ code: GitErrorCodes.EmptyBranchName });
  // A leading '-' would be read as an option by every command after this one.
  if (branch.startsWith('-')) throw new GitError({ code: GitErrorCodes.InvalidBranchName, branch });
  const r = await runGit(['check-ref-format', '--branch', branch], { ...opts, okExitCodes: [1, 128] });
  // check-ref-format expands `@{-1}` to another branch's name: only the name itself is accepted.
  if (r.exitCode !== 0 || r.stdout.trim() !== branch) {
    throw new GitError({ code: GitErrorCodes.InvalidBranchName, branch });
  }
  return branch;
}

/** origin's default branch and whether `branch` exists there, in one round trip. */
async function remoteHeads(opts: PushOptions, branch: string, remoteUrl: string): Promise<{ defaultBranch?: string; exists: boolean }> {
  const out = await gitOut(['ls-remote', '--symref', 'origin', 'HEAD', `refs/heads/${branch}`], {
    ...opts,
    timeoutMs: opts.networkTimeoutMs ?? NETWORK_TIMEOUT_MS,
    context: { branch, remoteUrl },
  });
  const lines = out.split(/\r?\n/);
  const symref = lines.map((l) => /^ref: refs\/heads\/(\S+)\tHEAD$/.exec(l)).find(Boolean);
  return { defaultBranch: symref?.[1], exists: lines.some((l) => l.endsWith(`\trefs/heads/${branch}`)) };
}

/** Switches back and deletes the new branch if it holds nothing of its own; returns what it did. */
async function rollback(opts: GitOptions, branch: string, previous: string | undefined, start: string): Promise<string> {
  const back = previous ?? start.slice(0, 7);
  try {
    if (previous) await runGit(['checkout', '-q', previous, '--'], opts);
    else await runGit(['checkout', '-q', '--detach', start], opts);
  } catch (err) {
    const why = err instanceof GitError ? err.userMessage : String(err);
    return `Switching back to '${back}' failed too (${why}); run \`git checkout ${back}\` yourself.`;
  }
  const tip = await gitOut(['rev-parse', '-q', '--verify', `refs/heads/${branch}`], { ...opts, okExitCodes: [1] });
  if (tip && tip !== start) {
    return `Switched back to '${back}'; kept the local branch '${branch}' because it has commits of its own.`;
  }
  try {
    await runGit(['branch', '-q', '-D', branch], opts);
  } catch {
    return `Switched back to '${back}'; delete the local branch '${branch}' with \`git branch -D ${branch}\`.`;
  }
  return `Switched back to '${back}' and deleted the new local branch '${branch}'.`;
}

/**
 * Create branch & push: checks the name, origin, HEAD and both local and remote branch names
 * before changing anything; then `git checkout -b <branch>` and `git push -u origin <branch>`.
 * A failed push switches back to the previous branch and deletes the new one.
 */
export async function createBranchAndPush(opts: CreateBranchOptions): Promise<CreateBranchResult> {
  const branch = await validateBranchName(opts, opts.branch);
  const remote = await originUrl(opts);
  const previous = await currentBranchOrDetached(opts);
  const start = await requireCommit(opts, previous);
  // Checked before the network call so a taken name fails at once; checkout -b checks again.
  if (await localBranchExists(opts, branch)) throw new GitError({ code: GitErrorCodes.BranchExists, branch });
  const heads = await remoteHeads(opts, branch, remote.safe);
  if (heads.exists) throw new GitError({ code: GitErrorCodes.RemoteBranchExists, branch, remoteUrl: remote.safe });

  await runGit(['checkout', '-q', '-b', branch], { ...opts, context: { branch } });
  let pushed;
  try {
    // Expect the remote branch to be absent: if someone creates it meanwhile, it is not overwritten.
    pushed = await pushToOrigin(opts, branch, remote.safe, [`--force-with-lease=refs/heads/${branch}:`]);
  } catch (err) {
    const note = await rollback(opts, branch, previous, start);
    if (err instanceof GitError) throw err.withNote(note);
    throw err;
  }
  const base = opts.base?.trim() || heads.defaultBranch || previous || 'main';
  const prUrl = pullRequestUrl(remote.raw, branch, base, opts.hosts);
  const webUrl = remoteWebUrl(remote.raw, opts.hosts);
  return {
    remoteUrl: remote.safe,
    branch,
    previousBranch: previous,
    base,
    prUrl,
    webUrl,
    remoteLines: pushed.remoteLines,
    message: `Created '${branch}' and pushed it to origin.${prUrl ? ' Open the pull-request page to propose it.' : ''}`,
  };
}
