// What a tool call needs: the project root, the index (opened lazily, after the MCP handshake,
// and re-checked on every call so an index created later is picked up), and the providers the
// serving mode plugs in for the watcher and indexer state.
import { existsSync } from 'node:fs';
import { Graph } from '../graph/graph';
import { IndexActivity, StatusProviders } from '../graph/status';
import { openStore } from '../store/open';
import { dbPath, indexDir, readInfo, SCHEMA_VERSION } from '../store/schema';
import type { Store } from '../store/store';
import { EXTRACTION_VERSION } from '../version';
import { debug } from '../log';

const log = debug('mcp');

export interface ServeOptions extends StatusProviders {
  /** Opens the store to read from (default: the project's db, read-only). A mode that also writes
   *  (watcher in the same process) may pass its own connection. */
  openStore?: (path: string) => Promise<Store>;
  /** openStore creates the index when .codeindex/ exists without a db (a live index builds it). */
  buildsMissingDb?: boolean;
  /** Resolves when the watcher's or the indexer's state next changes, or after maxMs (settle()
   *  wakes at once instead of polling); undefined (or no live index yet): settle() polls. */
  nextChange?: (maxMs: number) => Promise<void> | undefined;
  /** Runs a tool somewhere else (e.g. a reader thread) so it does not hold up other sessions'
   *  calls; undefined = run it here. */
  offload?: (tool: string, args: Record<string, unknown>) => Promise<Record<string, unknown>> | undefined;
}

/** The state of the index as a tool call sees it. */
export type IndexState =
  | { kind: 'ready'; graph: Graph; building?: IndexActivity | { phase: 'indexing'; filesDone: number; filesTotal: number } }
  | { kind: 'missing' | 'building' | 'incompatible' | 'error'; message: string };

export class IndexHandle {
  private graph?: Graph;
  private opening?: Promise<Graph | undefined>;
  private lastError?: string;

  constructor(readonly root: string, readonly opts: ServeOptions = {}) {}

  get providers(): StatusProviders { return this.opts; }

  /** Starts opening in the background (after the handshake); errors are kept for the next call. */
  warmUp(): void {
    void this.open();
  }

  /** The open graph if there is one, refreshed to the latest committed batch. */
  current(): Graph | undefined {
    if (this.graph) this.graph.refresh();
    return this.graph;
  }

  private open(): Promise<Graph | undefined> {
    if (this.graph) return Promise.resolve(this.graph);
    if (this.opening) return this.opening;
    const path = dbPath(this.root);
    if (!existsSync(path) && !(this.opts.buildsMissingDb && existsSync(indexDir(this.root)))) return Promise.resolve(undefined);
    this.opening = (async () => {
      try {
        const store = await (this.opts.openStore ?? ((p: string) => openStore(p, { readOnly: true })))(path);
        this.graph = new Graph(store, this.root);
        this.lastError = undefined;
        log(`opened ${path} (${store.backend})`);
        return this.graph;
      } catch (e) {
        this.lastError = e instanceof Error ? e.message : String(e);
        log(`open failed: ${this.lastError}`);
        return undefined;
      } finally {
        this.opening = undefined;
      }
    })();
    return this.opening;
  }

  /** Opens if needed and says whether tools can answer. */
  async state(): Promise<IndexState> {
    const g = await this.open();
    const activity = this.opts.activity?.();
    const init = `codeindex --init --path ${this.root}`;
    if (!g) {
      if (activity) return { kind: 'building', message: `The index of ${this.root} is being built (${activity.filesDone}/${activity.filesTotal} files); call again in a moment.` };
      if (this.lastError && existsSync(dbPath(this.root))) return { kind: 'error', message: `The index of ${this.root} cannot be opened: ${this.lastError}` };
      return { kind: 'missing', message: `No index for ${this.root}. Run '${init}' to create it (one time; the server picks it up without a restart), then call again.` };
    }
    g.refresh();
    const info = readInfo(g.store);
    if (!info) {
      return { kind: 'building', message: `The index of ${this.root} is being created; call again in a moment. If nothing changes, run '${init}'.` };
    }
    if (info.extractionVersion !== EXTRACTION_VERSION || info.schemaVersion !== SCHEMA_VERSION) {
      return { kind: 'incompatible', message: `The index of ${this.root} was built by another version of codeindex (extraction ${info.extractionVersion}, this server reads ${EXTRACTION_VERSION}). Run 'codeindex index --path ${this.root}' to rebuild it.` };
    }
    if (activity && activity.phase === 'indexing') return { kind: 'ready', graph: g, building: activity };
    const syncState = g.store.prepare(`SELECT value FROM meta WHERE key = 'syncState'`).get<{ value: string }>()?.value;
    if (info.lastIndexedAt === 0 || syncState === 'indexing') {
      const files = Number(g.store.prepare('SELECT count(*) AS c FROM files').get<{ c: number }>()?.c ?? 0);
      return { kind: 'ready', graph: g, building: activity ?? { phase: 'indexing', filesDone: files, filesTotal: 0 } };
    }
    return { kind: 'ready', graph: g };
  }

  /**
   * Waits (at most maxMs) while edits are pending or an incremental sync is writing, so an answer
   * reflects the files as the agent just left them. Returns true if it had to wait.
   */
  async settle(maxMs: number): Promise<boolean> {
    const t0 = Date.now();
    const busy = () => this.opts.activity?.()?.phase === 'syncing' || (this.opts.watcher?.().pendingFiles.length ?? 0) > 0;
    if (!busy()) return false;
    const next = (ms: number) => this.opts.nextChange?.(ms) ?? new Promise((r) => setTimeout(r, ms));
    while (busy() && Date.now() - t0 < maxMs) await next(Math.min(15, maxMs));
    return true;
  }

  close(): void {
    try { this.graph?.store.close(); } catch { /* closed */ }
    this.graph = undefined;
  }
}
