// Writes a whole database image (sql.js) over the db file, atomically: into a temp file beside it,
// fsynced, then renamed over the db (atomic on POSIX), so a crash leaves the old or the new file and
// a reader in another process never opens a half-written one. The write and fsync can run on the
// libuv pool (40 MB took 30-100 ms there, off the event loop); the rename always happens on the main
// thread, in the order the images were taken, so an older image never replaces a newer one.
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export class ImageFile {
  private seq = 0;
  /** The newest image renamed into place (images are numbered as they are taken). */
  private placed = 0;
  /** Temp files of async writes still running, by image number. */
  private readonly writing = new Map<number, string>();

  constructor(readonly path: string) {}

  /** Numbers an image at the moment it is taken: a higher number holds later commits. */
  take(): number {
    return ++this.seq;
  }

  private tmpFor(n: number): string {
    return join(dirname(this.path), `.${basename(this.path)}.tmp-${process.pid}-${n}`);
  }

  writeSync(n: number, data: Uint8Array): void {
    const tmp = this.tmpFor(n);
    const fd = openSync(tmp, 'w');
    try {
      let off = 0;
      while (off < data.length) off += writeSync(fd, data, off, data.length - off);
      fsyncSync(fd);
    } catch (e) {
      closeSync(fd);
      removeQuietly(tmp);
      throw e;
    }
    closeSync(fd);
    this.place(n, tmp);
    try {
      const dfd = openSync(dirname(this.path), 'r');
      try { fsyncSync(dfd); } finally { closeSync(dfd); }
    } catch { /* some filesystems refuse fsync on directories */ }
  }

  /** Writes and fsyncs on the libuv pool; resolves once the image is durable in place, or false
   *  when a newer image got there first (this one is dropped). */
  async write(n: number, data: Uint8Array): Promise<boolean> {
    const tmp = this.tmpFor(n);
    this.writing.set(n, tmp);
    try {
      const fh = await open(tmp, 'w');
      try {
        await fh.writeFile(data);
        await fh.sync();
      } finally {
        await fh.close();
      }
    } catch (e) {
      removeQuietly(tmp);
      throw e;
    } finally {
      this.writing.delete(n);
    }
    if (!this.place(n, tmp)) return false;
    try {
      const dh = await open(dirname(this.path), 'r');
      try { await dh.sync(); } finally { await dh.close(); }
    } catch { /* some filesystems refuse fsync on directories */ }
    return true;
  }

  /** Renames image n over the db unless a newer one is already there (synchronous: the order of
   *  renames is the order of these calls). */
  private place(n: number, tmp: string): boolean {
    if (n < this.placed) {
      removeQuietly(tmp);
      return false;
    }
    renameSync(tmp, this.path);
    this.placed = n;
    return true;
  }

  /** Drops the temp files of writes still running (close() wrote a newer image synchronously; the
   *  process may exit before they finish). Their write goes on into the unlinked file. */
  dropRunning(): void {
    for (const tmp of this.writing.values()) removeQuietly(tmp);
  }

  /** Removes temp files that writers which died mid-write left beside the db (their pid is gone). */
  removeStale(): void {
    const prefix = `.${basename(this.path)}.tmp-`;
    let names: string[];
    try { names = readdirSync(dirname(this.path)); } catch { return; }
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const pid = Number(name.slice(prefix.length).split('-')[0]);
      if (!Number.isInteger(pid) || pid === process.pid || alive(pid)) continue;
      removeQuietly(join(dirname(this.path), name));
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeQuietly(path: string): void {
  try { unlinkSync(path); } catch { /* gone already */ }
}
