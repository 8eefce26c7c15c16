// Direct mode: one process serves one MCP client over a pair of streams (stdio) and returns when
// the client disconnects. The handshake is answered at once: the index is opened only after
// connect, in the background, and each call re-checks it (an index created later is picked up).
import type { Readable, Writable } from 'node:stream';
import { IndexHandle, ServeOptions } from '../mcp/context';
import { openSession } from './session';
import { debug, warn } from '../log';
import { LiveIndex } from '../index/live';
import { INACTIVE_WATCHER } from '../graph/status';
import { openStore } from '../store/open';
import { readInfo } from '../store/schema';

const log = debug('direct');

export interface DirectOptions extends ServeOptions {
  input?: Readable;
  output?: Writable;
  /** Called once connected (e.g. to start the watcher); its result is awaited at close. */
  onConnected?: (handle: IndexHandle) => void | (() => void | Promise<void>);
}

export async function serveDirect(root: string, opts: DirectOptions = {}): Promise<void> {
  const handle = new IndexHandle(root, opts);
  const session = await openSession(handle, opts.input ?? process.stdin, opts.output ?? process.stdout);
  log(`serving ${root} on stdio`);
  setImmediate(() => handle.warmUp());
  const stop = opts.onConnected?.(handle);
  await session.closed;
  log('client disconnected');
  try { if (typeof stop === 'function') await stop(); } finally { handle.close(); }
}

/**
 * The serve command's options: when the project has an index, it is opened for writing through
 * a LiveIndex (a catch-up sync, then the watcher syncs each batch of edits) and tools read from
 * that same connection, so an answer sees every committed sync. A .codeindex/ folder without a
 * db is built here (the folder is the user's opt-in). A project without .codeindex/ is not indexed
 * behind the user's back: tools answer "run codeindex --init" until an index appears, and the
 * live index starts then. If the index cannot be opened for writing (read-only folder,
 * another version's lock), tools still read it, without a watcher. `readsWriter`: tools read
 * that connection (see LiveOptions); false when reader threads read the file instead.
 */
export function liveServeOptions(root: string, onSynced?: () => void, readsWriter = true): DirectOptions & { close(): void; live(): LiveIndex | undefined } {
  let live: LiveIndex | undefined;
  let closed = false;
  return {
    buildsMissingDb: true,
    openStore: async (path) => {
      try {
        live = await LiveIndex.open(root, { watch: true, onSynced, readsWriter, fullSyncInChild: true });
        live.ready.catch((e) => warn(`index sync failed: ${e instanceof Error ? e.message : e}`));
        if (closed) live.close();
        return live.store;
      } catch (e) {
        log(`live index unavailable (${e instanceof Error ? e.message : e}); serving read-only`);
        return openStore(path, { readOnly: true });
      }
    },
    watcher: () => live?.watcherStatus() ?? INACTIVE_WATCHER,
    nextChange: (ms) => live?.nextChange(ms),
    activity: () => {
      const b = live?.building();
      if (!live || !b?.syncing) return undefined;
      const first = (readInfo(live.store)?.lastIndexedAt ?? 0) === 0;
      const p = b.progress;
      // the resolve phase yields to tools too: they answer from every file parsed
      const counted = p?.phase === 'parse' || p?.phase === 'resolve';
      return { phase: first ? 'indexing' : 'syncing', filesDone: counted ? p.done : 0, filesTotal: counted ? p.total : 0 };
    },
    close: () => { closed = true; live?.close(); },
    live: () => live,
  };
}
