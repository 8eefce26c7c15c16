// The co-author hook (SPEC part 2): a marked block in `prepare-commit-msg` that appends the
// trailer when the message lacks it. It lives in the hooks folder git really uses
// (`core.hooksPath`, worktrees), shares the file with the user's own hook, and comes out cleanly.
import { promises as fs } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { GitError, GitErrorCodes } from './errors';
import { gitOut, type GitOptions } from './run';
import { coAuthorTrailer, type CoAuthor } from './trailer';

export const HOOK_BEGIN = '# workbench-attribution-begin';
export const HOOK_END = '# workbench-attribution-end';
export const HOOK_NAME = 'prepare-commit-msg';

function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The marked block: POSIX sh, so it runs under Git for Windows' sh as well. */
export function hookBlock(c: CoAuthor): string[] {
  return [
    HOOK_BEGIN,
    '# Added by codeindex: appends the co-author trailer unless the message already has it.',
    `workbench_trailer=${shQuote(coAuthorTrailer(c))}`,
    'if [ -n "$1" ] && ! grep -qF -e "$workbench_trailer" "$1"; then',
    '  # a message without a final newline gets one, so a blank line separates the trailer',
    '  if [ -s "$1" ] && [ -n "$(tail -c 1 "$1")" ]; then printf \'\\n\' >> "$1"; fi',
    '  printf \'\\n%s\\n\' "$workbench_trailer" >> "$1"',
    'fi',
    HOOK_END,
  ];
}

function blockRange(lines: string[]): { start: number; end: number } | undefined {
  const start = lines.findIndex((l) => l.trim() === HOOK_BEGIN);
  const end = lines.findIndex((l) => l.trim() === HOOK_END);
  if (start < 0 && end < 0) return undefined;
  if (start < 0 || end < start) throw new GitError({ code: GitErrorCodes.HookMarkersDamaged });
  return { start, end };
}

const SHELLS = /^#!\s*(?:\/usr\/bin\/env\s+(?:-S\s+)?)?(?:\S*\/)?(?:sh|bash|dash|zsh|ksh|ash|mksh|busybox\s+sh)(?:\s|$)/;

/**
 * The hook text with the block for `c` in it: an existing block is replaced in place; a new one
 * goes right after the shebang, so an `exit` at the end of the user's script cannot skip it.
 */
export function withHookBlock(content: string, c: CoAuthor): string {
  const block = hookBlock(c);
  const eol = content.includes('\r\n') ? '\r\n' : '\n';
  if (!content.trim()) return ['#!/bin/sh', ...block, ''].join('\n');
  const lines = content.split(/\r?\n/);
  const range = blockRange(lines);
  if (range) {
    lines.splice(range.start, range.end - range.start + 1, ...block);
    return lines.join(eol);
  }
  if (lines[0].startsWith('#!')) {
    // git runs the file itself: shell code inside a Python or Node hook would break it.
    if (!SHELLS.test(lines[0])) throw new GitError({ code: GitErrorCodes.HookNotShell });
    lines.splice(1, 0, ...block);
  } else {
    // No shebang: git falls back to sh, so the block works at the top.
    lines.unshift(...block);
  }
  return lines.join(eol);
}

/** The hook text without the block, or '' when nothing but a shebang and blank lines remain. */
export function withoutHookBlock(content: string): string {
  const eol = content.includes('\r\n') ? '\r\n' : '\n';
  const lines = content.split(/\r?\n/);
  let range = blockRange(lines);
  while (range) {
    lines.splice(range.start, range.end - range.start + 1);
    range = blockRange(lines);
  }
  const rest = lines.filter((l, i) => l.trim() && !(i === 0 && l.startsWith('#!')));
  return rest.length ? lines.join(eol) : '';
}

/** The hooks folder git uses for this work tree (`core.hooksPath` and worktrees included). */
export async function hooksDir(opts: GitOptions): Promise<string> {
  // Printed relative to cwd unless absolute, which resolve() handles both ways.
  return resolve(opts.cwd, await gitOut(['rev-parse', '--git-path', 'hooks'], opts));
}

export type HookInstallAction = 'created' | 'updated' | 'unchanged';
export interface HookInstallResult {
  path: string;
  action: HookInstallAction;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Writes via a temp file and rename, so a crash never leaves a half-written hook. */
async function writeHook(path: string, text: string, mode: number): Promise<void> {
  const tmp = join(dirname(path), `.${HOOK_NAME}.${process.pid}.${Date.now()}.tmp`);
  await fs.writeFile(tmp, text, { mode });
  try {
    await fs.chmod(tmp, mode); // writeFile's mode is masked by the umask
    await fs.rename(tmp, path);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** `write_coauthor_hook`: installs or updates the block; idempotent. */
export async function installCoauthorHook(opts: GitOptions & CoAuthor): Promise<HookInstallResult> {
  const dir = await hooksDir(opts);
  const path = join(dir, HOOK_NAME);
  const before = await readIfExists(path);
  const after = withHookBlock(before ?? '', opts);
  const oldMode = before !== undefined ? (await fs.stat(path)).mode & 0o7777 : 0o755;
  const mode = oldMode | 0o111;
  if (before === after) {
    if (mode !== oldMode) await fs.chmod(path, mode);
    return { path, action: 'unchanged' };
  }
  await fs.mkdir(dir, { recursive: true });
  await writeHook(path, after, mode);
  return { path, action: before === undefined ? 'created' : 'updated' };
}

export type HookRemoveAction = 'removed-block' | 'deleted-file' | 'absent';
export interface HookRemoveResult {
  path: string;
  action: HookRemoveAction;
}

/** `remove_coauthor_hook`: drops the block; deletes the file when nothing else is in it. */
export async function removeCoauthorHook(opts: GitOptions): Promise<HookRemoveResult> {
  const path = join(await hooksDir(opts), HOOK_NAME);
  const before = await readIfExists(path);
  if (before === undefined) return { path, action: 'absent' };
  const lines = before.split(/\r?\n/);
  if (!blockRange(lines)) return { path, action: 'absent' };
  const after = withoutHookBlock(before);
  if (!after) {
    await fs.rm(path, { force: true });
    return { path, action: 'deleted-file' };
  }
  await writeHook(path, after, (await fs.stat(path)).mode & 0o7777);
  return { path, action: 'removed-block' };
}
