// The one way this extension runs git: async spawn (never blocks the extension host), English
// messages, no credential prompts, and a time limit so a dead network surfaces as an error.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { classify, GitError, GitErrorCodes, type ErrorContext } from './errors';
import { redactText } from './redact';

/** Local commands (status, commit, checkout) finish in well under this. */
export const LOCAL_TIMEOUT_MS = 30_000;
/** Network commands (push, ls-remote): long enough for a big push, short enough to not hang. */
export const NETWORK_TIMEOUT_MS = 120_000;

/** Options every exported git operation takes. */
export interface GitOptions {
  /** The repository's work tree (or a folder inside it). */
  cwd: string;
  /** Kills git after this many ms and reports a Timeout error. */
  timeoutMs?: number;
  /** Extra environment for git (tests use it to isolate git from the user's config). */
  env?: NodeJS.ProcessEnv;
  /** The git executable; default `git` from PATH. */
  gitPath?: string;
}

export interface RunOptions extends GitOptions {
  /** Written to git's stdin (e.g. a commit message for `commit -F -`). */
  input?: string;
  /** Exit codes that are answers rather than failures (1 for `diff --quiet`). */
  okExitCodes?: number[];
  /** Names the sentence of an error may mention (branch, remote URL). */
  context?: ErrorContext;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export function gitEnv(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...extra,
    // Never wait for a username/password on a terminal nobody sees.
    GIT_TERMINAL_PROMPT: '0',
    // English messages: errors.ts classifies git's stderr by its text.
    LC_ALL: 'C',
  };
}

/**
 * Runs `git <args>` in `opts.cwd`. Resolves with the output when the exit code is 0 (or in
 * `okExitCodes`); otherwise rejects with a classified GitError. A timeout kills git and its
 * helpers (remote-https, ssh) and rejects with code Timeout.
 */
export function runGit(args: string[], opts: RunOptions): Promise<RunResult> {
  const timeoutMs = opts.timeoutMs ?? LOCAL_TIMEOUT_MS;
  const command = redactText(['git', ...args].join(' '));
  const ctx: ErrorContext = { command, cwd: opts.cwd, timeoutMs, ...opts.context };
  return new Promise<RunResult>((resolve, reject) => {
    const posix = process.platform !== 'win32';
    let child;
    try {
      child = spawn(opts.gitPath ?? 'git', args, {
        cwd: opts.cwd,
        env: gitEnv(opts.env),
        stdio: [opts.input !== undefined ? 'pipe' : 'ignore', 'pipe', 'pipe'],
        // Own process group on POSIX: a timeout kills git's helpers too, and without a
        // controlling terminal ssh fails at once instead of prompting for a passphrase.
        detached: posix,
        windowsHide: true,
      });
    } catch (err) {
      reject(spawnError(err, ctx));
      return;
    }
    const out: Buffer[] = [];
    const errOut: Buffer[] = [];
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      try {
        if (posix && child.pid) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // already gone
      }
      // Reject now: a helper that escaped the group may keep the pipes open.
      finish(() =>
        reject(new GitError({ ...ctx, code: GitErrorCodes.Timeout, exitCode: null, stderr: Buffer.concat(errOut).toString('utf8') })),
      );
    }, timeoutMs);
    child.stdout!.on('data', (b: Buffer) => out.push(b));
    child.stderr!.on('data', (b: Buffer) => errOut.push(b));
    child.on('error', (err) => finish(() => reject(spawnError(err, ctx))));
    child.on('close', (code, signal) => {
      finish(() => {
        const stdout = Buffer.concat(out).toString('utf8');
        const stderr = Buffer.concat(errOut).toString('utf8');
        const exitCode = code ?? -1;
        if (exitCode === 0 || (opts.okExitCodes ?? []).includes(exitCode)) {
          resolve({ stdout, stderr, exitCode });
          return;
        }
        const detail = signal ? `${stderr}\nerror: git was stopped by ${signal}` : stderr;
        reject(new GitError({ ...ctx, code: classify(`${stderr}\n${stdout}`), exitCode, stderr: detail, stdout }));
      });
    });
    if (opts.input !== undefined) {
      child.stdin!.on('error', () => undefined); // git may exit before reading; the exit code tells
      child.stdin!.end(opts.input);
    }
  });
}

function spawnError(err: unknown, ctx: ErrorContext): GitError {
  const e = err as NodeJS.ErrnoException;
  if (e && e.code === 'ENOENT') {
    // spawn reports a missing cwd as ENOENT too.
    if (ctx.cwd && !existsSync(ctx.cwd)) {
      return new GitError({ ...ctx, code: GitErrorCodes.NotARepository, stderr: `error: ${ctx.cwd} does not exist` });
    }
    return new GitError({ ...ctx, code: GitErrorCodes.GitNotFound, stderr: `error: ${e.message}` });
  }
  return new GitError({ ...ctx, code: GitErrorCodes.Unknown, stderr: `error: ${e?.message ?? String(err)}` });
}

/** stdout of a command, trimmed of its final newline. */
export async function gitOut(args: string[], opts: RunOptions): Promise<string> {
  return (await runGit(args, opts)).stdout.replace(/\r?\n$/, '');
}
