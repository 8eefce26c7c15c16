// The serving front (server-entry.js) stays small so it can answer `initialize` within a few tens
// of milliseconds; the index, the graph, the SDK and zod live in server-core.js beside it and are
// loaded only when this process serves, indexes or runs the daemon itself.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

type Core = typeof import('../server-core');
type IndexCore = typeof import('../index/run');
let core: Core | undefined;
let indexCore: IndexCore | undefined;

/** Where server-core.js is: beside the bundle (dist/), or one folder up from this file (out/). */
export function corePath(): string {
  const here = join(__dirname, 'server-core.js');
  return existsSync(here) ? here : join(__dirname, '..', 'server-core.js');
}

/** `--init` and `index` need only the indexer: dist/index-core.js (out/: index/run.js). */
export function loadIndexCore(): IndexCore {
  if (!indexCore) enableCompileCache();
  const here = join(__dirname, 'index-core.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return indexCore ??= require(existsSync(here) ? here : join(__dirname, '..', 'index', 'run.js')) as IndexCore;
}

export function loadCore(): Core {
  if (!core) enableCompileCache();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return core ??= require(corePath()) as Core;
}

/** V8's on-disk code cache (Node >= 22.1; a no-op before): compiling the 1.6 MB core took a
 *  third of a one-file `codeindex index` (92 -> 60 ms measured). Lives in the OS temp dir. */
function enableCompileCache(): void {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('node:module') as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  } catch { /* a read-only temp dir: compile as before */ }
}
