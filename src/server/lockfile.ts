// An exclusive lock file holding the owner's pid, created with O_EXCL. A lock whose pid is dead
// is stale and taken over. Used for .codeindex/sync.lock (one writer at a time) and the daemon lock.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync, constants } from 'node:fs';

function ageMs(path: string): number {
  try { return Date.now() - statSync(path).mtimeMs; } catch { return Infinity; }
}

export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLockPid(path: string): number | undefined {
  try {
    const n = parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Tries once: true if this process now holds the lock. Removes a stale lock (dead pid) and retries. */
export function tryLock(path: string): boolean {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = readLockPid(path);
      if (pid !== undefined && (pidAlive(pid) || pid === process.pid)) return false;
      // An empty file may be a lock being written right now: held, unless it has stayed empty.
      if (pid === undefined && ageMs(path) < 2000) return false;
      try { unlinkSync(path); } catch { /* someone else removed it first */ }
    }
  }
  return false;
}

export function unlock(path: string): void {
  if (readLockPid(path) !== process.pid) return; // never remove someone else's lock
  try { unlinkSync(path); } catch { /* already gone */ }
}

/** Waits up to timeoutMs for the lock, polling. */
export async function acquireLock(path: string, timeoutMs: number, pollMs = 50): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (tryLock(path)) return true;
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
