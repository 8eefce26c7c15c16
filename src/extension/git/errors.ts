// One place that turns git's stderr into a typed code, and each code into one sentence that says
// what to do (the way VS Code's git extension does). git runs with LC_ALL=C, so the English
// messages below are what it prints whatever the user's locale.
import { redactText } from './redact';

export const GitErrorCodes = {
  GitNotFound: 'GitNotFound',
  NotARepository: 'NotARepository',
  NoOrigin: 'NoOrigin',
  NoCommits: 'NoCommits',
  DetachedHead: 'DetachedHead',
  PushRejected: 'PushRejected',
  RemoteRejected: 'RemoteRejected',
  RemoteBranchExists: 'RemoteBranchExists',
  AuthenticationFailed: 'AuthenticationFailed',
  PermissionDenied: 'PermissionDenied',
  HostKeyVerificationFailed: 'HostKeyVerificationFailed',
  RepositoryNotFound: 'RepositoryNotFound',
  RemoteUnreachable: 'RemoteUnreachable',
  Timeout: 'Timeout',
  BranchExists: 'BranchExists',
  EmptyBranchName: 'EmptyBranchName',
  InvalidBranchName: 'InvalidBranchName',
  OriginExists: 'OriginExists',
  InvalidRemoteUrl: 'InvalidRemoteUrl',
  RepositoryLocked: 'RepositoryLocked',
  CommitFailed: 'CommitFailed',
  IdentityUnknown: 'IdentityUnknown',
  HookNotShell: 'HookNotShell',
  HookMarkersDamaged: 'HookMarkersDamaged',
  InvalidCoAuthor: 'InvalidCoAuthor',
  Unknown: 'Unknown',
} as const;
export type GitErrorCode = (typeof GitErrorCodes)[keyof typeof GitErrorCodes];

/** What the sentence for a code may mention. */
export interface ErrorContext {
  /** e.g. `git push -u origin main` */
  command?: string;
  branch?: string;
  remoteUrl?: string;
  timeoutMs?: number;
  cwd?: string;
}

/** Classifies git's output (stderr, plus stdout for `push --porcelain`) of a failed command. */
export function classify(output: string): GitErrorCode {
  const s = output;
  if (/fatal: not a git repository/i.test(s)) return GitErrorCodes.NotARepository;
  if (/'origin' does not appear to be a git repository|No such remote:? '?origin'?/i.test(s)) return GitErrorCodes.NoOrigin;
  if (/src refspec .* does not match any|does not have any commits yet|ambiguous argument 'HEAD'|bad revision 'HEAD'|Needed a single revision/i.test(s)) {
    return GitErrorCodes.NoCommits;
  }
  if (/ref HEAD is not a symbolic ref/i.test(s)) return GitErrorCodes.DetachedHead;
  // The host's own refusal (protected branch, secret scanning, pre-receive hook) comes first:
  // its `remote:` lines are the explanation and the user must read them.
  if (/\[remote rejected\]/.test(s)) return GitErrorCodes.RemoteRejected;
  // `--force-with-lease=<ref>:` (expect "absent") rejects with "stale info" when it exists.
  if (/\[rejected\].*\(stale info\)/.test(s)) return GitErrorCodes.RemoteBranchExists;
  if (/\[rejected\]|non-fast-forward|\(fetch first\)|Updates were rejected/.test(s)) return GitErrorCodes.PushRejected;
  if (/Authentication failed|could not read (Username|Password)|Invalid username or password|HTTP Basic: Access denied|returned error: 401/i.test(s)) {
    return GitErrorCodes.AuthenticationFailed;
  }
  if (/Host key verification failed/i.test(s)) return GitErrorCodes.HostKeyVerificationFailed;
  if (/Permission denied|returned error: 403|Permission to .* denied/i.test(s)) return GitErrorCodes.PermissionDenied;
  if (/Repository not found|does not appear to be a git repository|returned error: 404|project you were looking for could not be found/i.test(s)) {
    return GitErrorCodes.RepositoryNotFound;
  }
  if (/Could not resolve host|Failed to connect to|Couldn't connect to server|Connection refused|Connection timed out|Operation timed out|Network is unreachable|No route to host|Connection reset|ssh: connect to host|Could not read from remote repository|unable to access|remote end hung up/i.test(s)) {
    return GitErrorCodes.RemoteUnreachable;
  }
  if (/A branch named '.*' already exists/i.test(s)) return GitErrorCodes.BranchExists;
  if (/is not a valid branch name/i.test(s)) return GitErrorCodes.InvalidBranchName;
  if (/remote origin already exists/i.test(s)) return GitErrorCodes.OriginExists;
  if (/Please tell me who you are|unable to auto-detect email address|empty ident name/i.test(s)) return GitErrorCodes.IdentityUnknown;
  if (/index\.lock': File exists|Another git process seems to be running/i.test(s)) return GitErrorCodes.RepositoryLocked;
  return GitErrorCodes.Unknown;
}

function q(name: string | undefined, fallback: string): string {
  return name ? `'${name}'` : fallback;
}

/** The sentence shown to the user for a code: cause, then the next step. */
export function userSentence(code: GitErrorCode, ctx: ErrorContext = {}): string {
  const url = ctx.remoteUrl ? ` (${redactText(ctx.remoteUrl)})` : '';
  const branch = q(ctx.branch, 'the branch');
  const cmd = ctx.command ? `\`${redactText(ctx.command)}\`` : 'git';
  switch (code) {
    case 'GitNotFound':
      return 'git was not found on this machine. Install git (and make sure it is on PATH), then try again.';
    case 'NotARepository':
      return `${ctx.cwd ? `'${ctx.cwd}'` : 'This folder'} is not inside a git repository. Open a folder that is under git, or run \`git init\` there first.`;
    case 'NoOrigin':
      return "No remote named 'origin'. Add one first (Add Remote, or `git remote add origin <url>`), then push again.";
    case 'NoCommits':
      return `${branch} has no commits yet (HEAD is missing), so there is nothing to push. Commit your work first (Push commits it for you), then push again.`;
    case 'DetachedHead':
      return 'HEAD is detached (no branch is checked out). Check out a branch, or use Create Branch & Push, then push again.';
    case 'PushRejected':
      return `Push rejected (non-fast-forward): origin${url} has commits on ${branch} that you do not have locally. Pull (or fetch and rebase) to integrate them, then push again.`;
    case 'RemoteRejected':
      return `The remote${url} refused the push (for example a protected branch, secret scanning or a server hook). Its explanation is in the remote: lines below; fix what it names, then push again.`;
    case 'RemoteBranchExists':
      return `A branch named ${branch} already exists on origin${url}. Choose another name, or check that branch out and pull it.`;
    case 'AuthenticationFailed':
      return `Authentication failed for origin${url}: git has no valid HTTPS credentials for it. Sign in through your credential helper, or store a personal access token for this host, then push again.`;
    case 'PermissionDenied':
      return `Permission denied by origin${url}: your SSH key was not accepted, or your account may not push to this repository. Load your key (\`ssh-add\`) and add its public key to your account on the host, or ask for write access, then push again.`;
    case 'HostKeyVerificationFailed':
      return `The SSH host key of origin${url} is not trusted yet. Connect once from a terminal (\`ssh -T <host>\`) to check and accept it, then push again.`;
    case 'RepositoryNotFound':
      return `The repository at origin${url} was not found, or you have no access to it. Check the remote URL (\`git remote -v\`) and your access, then try again.`;
    case 'RemoteUnreachable':
      return `Could not reach origin${url}: the network is down, the host name does not resolve or the server refuses connections. Check your connection and the remote URL, then try again.`;
    case 'Timeout': {
      const secs = ctx.timeoutMs !== undefined ? `${+(ctx.timeoutMs / 1000).toFixed(1)} s` : 'the time limit';
      return `${cmd} timed out after ${secs}: the network is unavailable or the remote${url} is not answering. Check your connection, then try again.`;
    }
    case 'BranchExists':
      return `A local branch named ${branch} already exists. Choose another name, or switch to that branch and use Push Current Branch.`;
    case 'EmptyBranchName':
      return 'The branch name is empty. Enter a name such as feature/my-change.';
    case 'InvalidBranchName':
      return `${q(ctx.branch, 'That')} is not a valid branch name. Use letters, digits, '-', '_', '.' and '/', without spaces, '..', '~', '^', ':', '?', '*', '[' or '\\', and not ending in '/' or '.lock'.`;
    case 'OriginExists':
      return `A remote named 'origin' already exists${url}; it was left unchanged. To point it elsewhere, run \`git remote set-url origin <url>\`.`;
    case 'InvalidRemoteUrl':
      return 'That is not a git remote URL. Use https://host/owner/repo.git, git@host:owner/repo.git or ssh://[user@]host[:port]/owner/repo.git.';
    case 'RepositoryLocked':
      return 'Another git process is working in this repository (its .lock file exists). Wait for it to finish and try again; if no git is running, delete the stale .git/index.lock.';
    case 'CommitFailed':
      return 'git commit failed (a pre-commit or commit-msg hook may have refused it). Fix what the git output below names, then push again.';
    case 'IdentityUnknown':
      return 'git does not know who you are, so it cannot commit. Set your name and email (`git config --global user.name "Your Name"` and `git config --global user.email you@example.com`), then push again.';
    case 'HookMarkersDamaged':
      return "The prepare-commit-msg hook has a '# workbench-attribution-begin' line without its end line (or the reverse), so it was left unchanged. Fix or delete the marked block by hand, then try again.";
    case 'HookNotShell':
      return 'The existing prepare-commit-msg hook is not a shell script, so the co-author block cannot be merged into it. Add the trailer in that hook yourself, or move it aside and install again.';
    case 'InvalidCoAuthor':
      return 'The co-author name or email is empty or contains a line break or angle bracket. Set a plain name and an email address in the settings.';
    case 'Unknown':
    default:
      return `${cmd} failed. See the git output below for the cause.`;
  }
}

/** git's own `remote:` lines (hosts explain secret-scanning and protection rejections there). */
export function remoteLines(output: string): string[] {
  return output
    .split(/\r?\n|\r/)
    .map((l) => l.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').trimEnd())
    .filter((l) => /^remote:\s*\S/.test(l))
    .map(redactText);
}

/** git's own error lines, kept as the raw detail under the sentence. */
function gitErrorLines(output: string): string[] {
  return output
    .split(/\r?\n|\r/)
    .map((l) => l.trimEnd())
    .filter((l) => /^(fatal|error|ssh):|^\s*!\s|^!\t|Permission denied|Host key verification failed/.test(l))
    .map((l) => redactText(l.replace(/^!\t/, '! ').replace(/\t/g, ' ')));
}

export interface GitErrorInit extends ErrorContext {
  code: GitErrorCode;
  exitCode?: number | null;
  stderr?: string;
  stdout?: string;
  /** A sentence appended after the main one (e.g. what a rollback did). */
  note?: string;
}

/**
 * A failed git operation. `message` is what to show: the sentence for the code, then the
 * host's `remote:` lines and git's own error lines. Everything in it is free of credentials.
 */
export class GitError extends Error {
  readonly code: GitErrorCode;
  readonly userMessage: string;
  readonly command?: string;
  readonly exitCode?: number | null;
  readonly stderr: string;
  readonly remoteLines: string[];
  readonly gitLines: string[];
  note?: string;

  constructor(init: GitErrorInit) {
    const stderr = redactText(init.stderr ?? '');
    const both = stderr + '\n' + redactText(init.stdout ?? '');
    const sentence = userSentence(init.code, init);
    const remote = remoteLines(both);
    let gitLines = gitErrorLines(both);
    if (!gitLines.length && (init.code === 'Unknown' || init.code === 'CommitFailed')) {
      // A hook's own output has no "error:" prefix; its last lines are the explanation.
      gitLines = stderr.split(/\r?\n/).map((l) => l.trimEnd()).filter(Boolean).slice(-10);
    }
    super(GitError.compose(sentence, init.note, remote, gitLines));
    this.name = 'GitError';
    this.code = init.code;
    this.userMessage = sentence;
    this.command = init.command ? redactText(init.command) : undefined;
    this.exitCode = init.exitCode;
    this.stderr = stderr;
    this.remoteLines = remote;
    this.gitLines = gitLines;
    this.note = init.note;
  }

  /** Adds a sentence (e.g. the outcome of a rollback) to the message. */
  withNote(note: string): GitError {
    this.note = this.note ? `${this.note} ${note}` : note;
    this.message = GitError.compose(this.userMessage, this.note, this.remoteLines, this.gitLines);
    return this;
  }

  private static compose(sentence: string, note: string | undefined, remote: string[], gitLines: string[]): string {
    const head = note ? `${sentence} ${note}` : sentence;
    const detail = [...remote, ...gitLines];
    return detail.length ? `${head}\n${detail.join('\n')}` : head;
  }
}
