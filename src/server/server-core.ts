// The heavy half of the server (index, graph, store, the SDK and zod), loaded by server-entry.js
// when this process indexes, answers a query, serves an MCP session or runs the daemon - and, as
// a worker thread with role 'reader', the daemon's reader thread. See modes/core-loader.ts.
import { PassThrough, Writable } from 'node:stream';
import type { Command } from './cli';
import { warn } from './log';
import { LineSplitter } from './lines';
import { runIndexCommand } from './index/run';
import { liveServeOptions, serveDirect } from './modes/direct';
import { runQuery } from './mcp/query-cli';
import { runDaemon } from './modes/daemon';
import { isReaderThread, readerThreadMain } from './modes/readers';

export { runDaemon };

/** `--init`, `index` and `query`. */
export async function runCommand(cmd: Command): Promise<number> {
  switch (cmd.kind) {
    case 'init':
    case 'index':
      return runIndexCommand(cmd.path, cmd.kind === 'index' && cmd.force);
    case 'query':
      return runQuery(cmd.path, cmd.tool, cmd.args);
    default:
      warn(`'${cmd.kind}' is not a command of the core`);
      return 1;
  }
}

/** Direct mode on a pair of streams, with the live index (catch-up sync + watcher). */
export async function serveDirectLive(root: string, input: NodeJS.ReadableStream & PassThrough, output: Writable): Promise<void> {
  const live = liveServeOptions(root);
  try {
    await serveDirect(root, { ...live, input, output });
  } finally {
    live.close();
  }
}

/** An in-process stream pair: lines written to `output` come out one by one through onLine. */
export function lineStreams(onLine: (line: string) => void): { input: PassThrough; output: Writable } {
  const lines = new LineSplitter(onLine);
  const output = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      lines.push(chunk);
      cb();
    },
  });
  return { input: new PassThrough(), output };
}

if (isReaderThread()) readerThreadMain();
