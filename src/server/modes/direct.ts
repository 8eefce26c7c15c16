// Direct mode: one process serves one MCP client over a pair of streams (stdio) and returns when
// the client disconnects. The handshake is answered at once: the index is opened only after
// connect, in the background, and each call re-checks it (an index created later is picked up).
import type { Readable, Writable } from 'node:stream';
import { IndexHandle, ServeOptions } from '../mcp/context';
import { createMcpServer } from '../mcp/server';
import { LineTransport } from '../mcp/stdio';
import { debug } from '../log';

const log = debug('direct');

export interface DirectOptions extends ServeOptions {
  input?: Readable;
  output?: Writable;
  /** Called once connected (e.g. to start the watcher); its result is awaited at close. */
  onConnected?: (handle: IndexHandle) => void | (() => void | Promise<void>);
}

export async function serveDirect(root: string, opts: DirectOptions = {}): Promise<void> {
  const handle = new IndexHandle(root, opts);
  const server = createMcpServer(handle);
  const transport = new LineTransport(opts.input ?? process.stdin, opts.output ?? process.stdout);
  const closed = new Promise<void>((resolve) => { transport.onclose = resolve; }); // connect() chains it
  transport.onerror = (e) => log(`transport error: ${e.message}`);
  await server.connect(transport);
  log(`serving ${root} on stdio`);
  setImmediate(() => handle.warmUp());
  const stop = opts.onConnected?.(handle);
  await closed;
  log('client disconnected');
  try { if (typeof stop === 'function') await stop(); } finally { handle.close(); }
}
