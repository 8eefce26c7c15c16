// `git_push_branch` (push with auto-commit, SPEC 4.4 rules 1-6) and `git_push_current_branch`.
import { GitError, GitErrorCodes, remoteLines } from './errors';
import { currentBranch, originUrl, requireCommit } from './repo';
import { NETWORK_TIMEOUT_MS, gitOut, runGit, type GitOptions } from './run';
import { withTrailer, type CoAuthor } from './trailer';

export interface PushOptions extends GitOptions {
  /** Time limit of the push itself (network); default NETWORK_TIMEOUT_MS. */
  networkTimeoutMs?: number;
}

export interface PushWithCommitOptions extends PushOptions {
  /** Commit message; default `Agent work on <branch>`. */
  message?: string;
  /** Set when attribution is enabled: the message gets `Co-authored-by: NAME <EMAIL>`. */
  coAuthor?: CoAuthor;
}

export interface PushResult {
  /** origin's push URL without credentials. */
  remoteUrl: string;
  branch: string;
  /** True when the push changed nothing on the remote. */
  upToDate: boolean;
  /** The host's `remote:` lines (e.g. a link to open a pull request). */
  remoteLines: string[];
  /** One sentence for the user. */
  message: string;
}

export interface PushWithCommitResult extends PushResult {
  committed: boolean;
  /** The new commit, when one was made. */
  commit?: string;
  /** Its message, when one was made. */
  commitMessage?: string;
}

// The workbench's own state never goes into a commit, even where .gitignore lacks the entries.
const NEVER_COMMIT = [':(top,exclude,glob)**/.workbench/**', ':(top,exclude,glob)**/.workbench-pid'];

/** The default commit message of SPEC part 2, or the given one; the trailer when attribution is on. */
export function commitMessageFor(branch: string, message?: string, coAuthor?: CoAuthor): string {
  const text = message?.trim() ? message.trim() : `Agent work on ${branch}`;
  return coAuthor ? withTrailer(text, coAuthor) : `${text}\n`;
}

async function hasStaged(opts: GitOptions): Promise<boolean> {
  // Exit 1 means "differences": something is staged.
  return (await runGit(['diff', '--cached', '--quiet'], { ...opts, okExitCodes: [1] })).exitCode === 1;
}

/**
 * `git push --porcelain -u origin refs/heads/<b>:refs/heads/<b>`. The full refspec cannot be
 * mistaken for a tag of the same name; porcelain output says whether anything moved.
 */
export async function pushToOrigin(
  opts: PushOptions,
  branch: string,
  remoteUrl: string,
  extra: string[] = [],
): Promise<{ upToDate: boolean; remoteLines: string[] }> {
  const ref = `refs/heads/${branch}`;
  const r = await runGit(['push', '--porcelain', '-u', ...extra, 'origin', `${ref}:${ref}`], {
    ...opts,
    timeoutMs: opts.networkTimeoutMs ?? NETWORK_TIMEOUT_MS,
    context: { branch, remoteUrl },
  });
  return { upToDate: /^=\t/m.test(r.stdout), remoteLines: remoteLines(`${r.stderr}\n${r.stdout}`) };
}

/**
 * Push with auto-commit: staged changes are committed alone; with nothing staged, everything
 * (`git add -A`, .gitignore honoured) is. Then `git push -u origin <branch>`. Checks the branch
 * and origin before changing anything; never makes an empty commit.
 */
export async function pushWithCommit(opts: PushWithCommitOptions): Promise<PushWithCommitResult> {
  const branch = await currentBranch(opts);
  const remote = await originUrl(opts);
  let staged = await hasStaged(opts);
  const addedAll = !staged;
  if (addedAll) {
    await runGit(['add', '-A', '--', ':/', ...NEVER_COMMIT], opts);
    staged = await hasStaged(opts);
  }
  let commit: string | undefined;
  let commitMessage: string | undefined;
  if (staged) {
    commitMessage = commitMessageFor(branch, opts.message, opts.coAuthor);
    try {
      await runGit(['commit', '-q', '-F', '-'], { ...opts, input: commitMessage, context: { branch } });
    } catch (err) {
      // Staging was ours, not the user's: put the index back as it was (best effort).
      const unstaged = addedAll && (await runGit(['reset', '-q'], opts).then(() => true, () => false));
      // A refusing pre-commit hook may print anything ("Connection refused" from a linter):
      // only the codes that are about committing itself keep their own sentence.
      let e = err;
      if (e instanceof GitError && e.code !== 'IdentityUnknown' && e.code !== 'RepositoryLocked' && e.code !== 'Timeout') {
        e = new GitError({ code: GitErrorCodes.CommitFailed, exitCode: e.exitCode, stderr: e.stderr, command: e.command });
      }
      if (e instanceof GitError && unstaged) e.withNote('Nothing was committed; your changes are as they were.');
      throw e;
    }
    commit = await gitOut(['rev-parse', 'HEAD'], opts);
  } else {
    await requireCommit(opts, branch);
  }
  let pushed;
  try {
    pushed = await pushToOrigin(opts, branch, remote.safe);
  } catch (err) {
    if (err instanceof GitError && commit) {
      err.withNote(`Your changes are committed locally (${commit.slice(0, 7)}); push again once this is fixed.`);
    }
    throw err;
  }
  const message = commit
    ? `Committed ${commit.slice(0, 7)} and pushed '${branch}' to origin.`
    : pushed.upToDate
      ? `Nothing to commit and nothing to push: '${branch}' is already up to date on origin.`
      : `Nothing new to commit; pushed the existing commits of '${branch}' to origin.`;
  return { remoteUrl: remote.safe, branch, committed: !!commit, commit, commitMessage, ...pushed, message };
}

/** Push current branch: `git push -u origin <branch>`, no commit; uncommitted changes stay local. */
export async function pushCurrentBranch(opts: PushOptions): Promise<PushResult> {
  const branch = await currentBranch(opts);
  const remote = await originUrl(opts);
  await requireCommit(opts, branch);
  const pushed = await pushToOrigin(opts, branch, remote.safe);
  const message = pushed.upToDate
    ? `Nothing to push: '${branch}' is already up to date on origin.`
    : `Pushed '${branch}' to origin.`;
  return { remoteUrl: remote.safe, branch, ...pushed, message };
}

