// Reads one source file for parsing: content hash, binary detection, size.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

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
  const hash = hashText(buf);
  // A NUL byte in the first 8 KB is how git decides a file is binary.
  if (buf.subarray(0, 8192).includes(0)) return { hash, size: buf.length, skipped: 'binary' };
  return { text: buf.toString('utf8'), hash, size: buf.length };
}
