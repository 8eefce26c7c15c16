// Reads one source file for parsing: content hash, binary detection, size.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

export interface ReadResult {
  text?: string;
  hash: string;
  size: number;
  skipped?: 'binary' | 'unreadable';
}

export function hashText(buf: Buffer | string): string {
  return createHash('sha1').update(buf).digest('hex');
}

export function readSource(abs: string): ReadResult {
  let buf: Buffer;
  try {
    buf = readFileSync(abs);
  } catch {
    return { hash: '', size: 0, skipped: 'unreadable' };
  }
  return fromBuffer(buf);
}

/** readSource() on libuv's thread pool, so a worker can parse one file while the next is read
 *  (on the Linux kernel, files read from disk left the workers waiting ~50 s each). */
export async function readSourceAsync(abs: string): Promise<ReadResult> {
  let buf: Buffer;
  try {
    buf = await readFile(abs);
  } catch {
    return { hash: '', size: 0, skipped: 'unreadable' };
  }
  return fromBuffer(buf);
}

function fromBuffer(buf: Buffer): ReadResult {
  const hash = hashText(buf);
  // A NUL byte in the first 8 KB is how git decides a file is binary.
  if (buf.subarray(0, 8192).includes(0)) return { hash, size: buf.length, skipped: 'binary' };
  return { text: buf.toString('utf8'), hash, size: buf.length };
}
