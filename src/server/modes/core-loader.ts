// The serving front (server-entry.js) stays small so it can answer `initialize` within a few tens
// of milliseconds; the index, the graph, the SDK and zod live in server-core.js beside it and are
// loaded only when this process serves, indexes or runs the daemon itself.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

type Core = typeof import('../server-core');
let core: Core | undefined;

/** Where server-core.js is: beside the bundle (dist/), or one folder up from this file (out/). */
export function corePath(): string {
  const here = join(__dirname, 'server-core.js');
  return existsSync(here) ? here : join(__dirname, '..', 'server-core.js');
}

export function loadCore(): Core {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return core ??= require(corePath()) as Core;
}
