// The read side's handle on one index: the Store, the project root, and caches that are dropped
// whenever the database changes. Every tool call starts with refresh() (sql.js readers reload the
// file when another process replaced it: a cheap stat otherwise).
import type { Store } from '../store/store';
import { dataVersion } from './rows';

export class Graph {
  private reloads = 0;
  private version = '';
  private readonly caches = new Map<string, unknown>();
  /** The last value computed under each key, whatever the version (see latest()). */
  private readonly last = new Map<string, unknown>();

  constructor(readonly store: Store, readonly root: string) {}

  /** Picks up batches committed since the last call; clears caches when the content changed. */
  refresh(): void {
    if (this.store.refresh()) this.reloads++;
    const v = dataVersion(this.store, this.reloads);
    if (v !== this.version) {
      this.version = v;
      this.caches.clear();
    }
  }

  /** A value computed once per database version (e.g. the list of names for typo matching). */
  cached<T>(key: string, compute: () => T): T {
    if (this.caches.has(key)) return this.caches.get(key) as T;
    const v = compute();
    this.caches.set(key, v);
    this.last.set(key, v);
    return v;
  }

  /** The value last computed under `key`, possibly for an older version: a base to update from. */
  latest<T>(key: string): T | undefined {
    return this.last.get(key) as T | undefined;
  }
}
