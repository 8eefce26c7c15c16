// Opens a Store on the backend this runtime should use (see store.ts for the interface).
import { debug } from '../log';
import { BackendName, nodeSqliteAvailable, OpenOptions, Store, StoreError } from './store';
import { NodeSqliteStore } from './node-sqlite';
import { SqlJsStore } from './sqljs';

const log = debug('store');

/** Which backend this runtime would use: CODEINDEX_DB_BACKEND if set, else node:sqlite if it loads. */
export function chooseBackend(requested = process.env.CODEINDEX_DB_BACKEND): BackendName {
  if (requested) {
    if (requested !== 'node-sqlite' && requested !== 'sqljs') {
      throw new StoreError(`CODEINDEX_DB_BACKEND=${requested} is not a backend; use node-sqlite or sqljs`, 'unavailable');
    }
    if (requested === 'node-sqlite' && !nodeSqliteAvailable()) {
      throw new StoreError(`CODEINDEX_DB_BACKEND=node-sqlite but this Node (${process.version}) has no node:sqlite; use Node >= 22.13 or unset it`, 'unavailable');
    }
    return requested;
  }
  return nodeSqliteAvailable() ? 'node-sqlite' : 'sqljs';
}

export async function openStore(path: string, opts: OpenOptions = {}): Promise<Store> {
  const backend = opts.backend ?? chooseBackend();
  log(`open ${path} backend=${backend} readOnly=${!!opts.readOnly}`);
  if (backend === 'node-sqlite') {
    return NodeSqliteStore.open(path, !!opts.readOnly);
  }
  return SqlJsStore.open(path, !!opts.readOnly, !!opts.deferPersist);
}

