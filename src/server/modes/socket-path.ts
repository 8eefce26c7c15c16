// Where a project's daemon listens (SPEC.md part 1, A6): `.codeindex/codeindex_<hash>.sock`, the hash
// taken over the project's real absolute path (two symlinked paths to one project share a daemon;
// two projects never do). Windows: the named pipe `//./pipe/codeindex_<hash>`. A Unix socket path
// is limited to about 104 bytes (sun_path: 104 on macOS, 108 on Linux): a longer one is replaced
// by the same file name in the OS temp dir.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The longest socket path used in place (bytes, leaving room for the terminating NUL on macOS). */
export const MAX_SOCKET_PATH = 103;

export const INDEX_DIR = '.codeindex';

export function indexDirOf(root: string): string {
  return join(root, INDEX_DIR);
}

export function projectHash(root: string): string {
  let real: string;
  try { real = realpathSync.native(resolve(root)); } catch { real = resolve(root); }
  return createHash('sha256').update(real).digest('hex').slice(0, 16);
}

export interface SocketLocation {
  path: string;
  /** True when the in-project path was too long and the OS temp dir is used instead. */
  inTmp: boolean;
}

export function socketPath(root: string, platform: NodeJS.Platform = process.platform, tmp = tmpdir()): SocketLocation {
  const name = `codeindex_${projectHash(root)}`;
  if (platform === 'win32') return { path: `\\\\.\\pipe\\${name}`, inTmp: false };
  const local = join(indexDirOf(root), `${name}.sock`);
  if (Buffer.byteLength(local) <= MAX_SOCKET_PATH) return { path: local, inTmp: false };
  return { path: join(tmp, `${name}.sock`), inTmp: true };
}
