// `codeindex index` when the project's daemon is running: the daemon does the sync (its grammars
// are compiled and its tables loaded, where a new process spends ~100-250 ms getting ready) and
// streams progress and the summary back; this process prints them as the local sync would. No
// daemon, another version, or a read-only one: undefined, and the command syncs by itself.
import { existsSync } from 'node:fs';
import { debug, warn } from '../log';
import { LineSplitter } from '../lines';
import { IndexReply } from './handshake';
import { connectOnce } from './proxy';
import { socketPath } from './socket-path';
import { progressPrinter, summaryLine } from '../index/report';
import type { SyncProgress, SyncSummary } from '../index/sync';

const log = debug('index-client');
/** Connecting and the welcome: a daemon that does not answer this fast is not used. */
const CONNECT_MS = 1000;

export async function indexViaDaemon(root: string, force: boolean): Promise<number | undefined> {
  if (process.env.CODEINDEX_NO_DAEMON === '1') return undefined;
  const path = socketPath(root).path;
  if (process.platform !== 'win32' && !existsSync(path)) return undefined;
  let c;
  try {
    c = await connectOnce(path, root, CONNECT_MS, { op: 'index', force });
  } catch (e) {
    log(`not through the daemon: ${(e as Error).message}`);
    return undefined;
  }
  const { sock, reply, rest } = c;
  if (reply.codeindex !== 'welcome') {
    log(`not through the daemon: mismatch: ${reply.reason}`);
    sock.destroy();
    return undefined;
  }
  log(`daemon pid ${reply.pid} syncs`);
  const printProgress = progressPrinter();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (code: number | undefined, why?: string) => {
      if (settled) return;
      settled = true;
      if (why) log(`not through the daemon: ${why}`);
      sock.destroy();
      resolve(code);
    };
    const lines = new LineSplitter((line) => {
      let m: IndexReply;
      try { m = JSON.parse(line) as IndexReply; } catch { return; }
      if (m.codeindex === 'progress') printProgress(m as unknown as SyncProgress);
      else if (m.codeindex === 'unavailable') finish(undefined, m.reason);
      else if (m.codeindex === 'failed') { warn(m.message); finish(m.exitCode); }
      else if (m.codeindex === 'indexed') {
        if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
        process.stderr.write(summaryLine(m.summary as unknown as SyncSummary) + '\n');
        finish(0);
      }
    });
    sock.on('data', (d) => lines.push(d));
    sock.on('error', (e) => finish(undefined, e.message));
    // the daemon went away mid-sync: its lock is released, the command's own sync takes over
    sock.on('close', () => finish(undefined, 'the daemon closed the connection'));
    if (rest) lines.push(rest);
    sock.resume(); // connectOnce paused it after the welcome
  });
}
