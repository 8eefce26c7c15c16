// One MCP session on a pair of streams (stdio in direct mode, a socket connection in the daemon):
// the protocol Server with our tools over a line transport, on an index handle that may be shared
// with other sessions. Resolves when the client side of the streams goes away.
import type { Readable, Writable } from 'node:stream';
import type { IndexHandle } from '../mcp/context';
import { createMcpServer } from '../mcp/server';
import { LineTransport } from '../mcp/stdio';
import { debug } from '../log';

const log = debug('session');

export interface Session {
  /** Resolves when the client disconnects (or close() is called). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

export async function openSession(handle: IndexHandle, input: Readable, output: Writable, label = 'stdio'): Promise<Session> {
  const server = createMcpServer(handle);
  const transport = new LineTransport(input, output);
  const closed = new Promise<void>((resolve) => { transport.onclose = resolve; }); // connect() chains it
  transport.onerror = (e) => log(`${label}: transport error: ${e.message}`);
  await server.connect(transport);
  log(`${label}: session open on ${handle.root}`);
  return { closed, close: () => server.close() };
}
