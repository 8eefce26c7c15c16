// codeindex_status: the status record of SPEC.md part 2, from cheap reads only (meta rows, cached
// counts, one stat), so it answers in well under 5 ms. The watcher and indexer state come from
// providers the serving mode plugs in (see StatusProviders); without them the watcher is reported
// inactive and the index 'unwatched'.
//
// indexFreshness values:
//   fresh        the watcher is running and no change is waiting to be indexed
//   stale        changed files are waiting (watcher.pendingFiles) or the watcher is degraded
//   syncing      an incremental sync is writing right now
//   indexing     the first full index is being built (answers come from a partial index)
//   unwatched    an index exists but no watcher runs in this process (e.g. `codeindex query`):
//                it is as fresh as lastIndexedAt
//   incompatible the index was built by another extraction or schema version; it is rebuilt on
//                the next `codeindex index` / server start, and not served until then
//   missing      no index: run `codeindex --init --path <project>`
// isStale is true for stale, syncing, indexing and incompatible.
import { existsSync } from 'node:fs';
import type { Store } from '../store/store';
import { chooseBackend } from '../store/open';
import { dbPath, readInfo, SCHEMA_VERSION } from '../store/schema';
import { EXTRACTION_VERSION } from '../version';
import type { Graph } from './graph';

export interface WatcherStatus {
  active: boolean;
  /** Files changed on disk and not yet indexed (relative paths). */
  pendingFiles: string[];
  /** True when the watcher fell back to polling or dropped events (e.g. too many files to watch). */
  degraded: boolean;
}
export type WatcherStatusProvider = () => WatcherStatus;

export interface IndexActivity {
  phase: 'indexing' | 'syncing';
  filesDone: number;
  filesTotal: number;
}
export type IndexActivityProvider = () => IndexActivity | undefined;

export interface StatusProviders {
  watcher?: WatcherStatusProvider;
  activity?: IndexActivityProvider;
}

export const INACTIVE_WATCHER: WatcherStatus = { active: false, pendingFiles: [], degraded: false };

export type Freshness = 'fresh' | 'stale' | 'syncing' | 'indexing' | 'unwatched' | 'incompatible' | 'missing';

export interface StatusRecord {
  initialized: boolean;
  lastIndexedAt: number;
  indexFreshness: Freshness;
  indexBuildInfo: { version: string; extractionVersion: number };
  isStale: boolean;
  stats: { nodeCount: number; edgeCount: number; fileCount: number; dbSizeBytes: number; languages: Record<string, number> };
  backend: string;
  journalMode: string;
  watcherStatus: WatcherStatus;
  projectPath: string;
  /** While indexing or syncing: files done so far and the total. */
  progress?: { filesDone: number; filesTotal: number };
  /** What to do next, when there is something to do. */
  message?: string;
}

interface Counts { nodeCount: number; edgeCount: number; fileCount: number; languages: Record<string, number> }

function counts(store: Store): Counts {
  const c = store.prepare('SELECT (SELECT count(*) FROM nodes) AS n, (SELECT count(*) FROM edges) AS e, (SELECT count(*) FROM files) AS f')
    .get<{ n: number; e: number; f: number }>()!;
  const languages: Record<string, number> = {};
  for (const r of store.prepare('SELECT language, count(*) AS c FROM files GROUP BY language ORDER BY language').all<{ language: string; c: number }>()) {
    languages[String(r.language)] = Number(r.c);
  }
  return { nodeCount: Number(c.n), edgeCount: Number(c.e), fileCount: Number(c.f), languages };
}

/** The status of `root`'s index; `g` is the open index, if any. */
export function indexStatus(root: string, g: Graph | undefined, providers: StatusProviders = {}): StatusRecord {
  const watcher = providers.watcher?.() ?? INACTIVE_WATCHER;
  const activity = providers.activity?.();
  const base: StatusRecord = {
    initialized: false, lastIndexedAt: 0, indexFreshness: 'missing',
    indexBuildInfo: { version: '', extractionVersion: 0 }, isStale: false,
    stats: { nodeCount: 0, edgeCount: 0, fileCount: 0, dbSizeBytes: 0, languages: {} },
    backend: safeBackend(), journalMode: 'none', watcherStatus: { ...watcher, pendingFiles: [...watcher.pendingFiles] }, projectPath: root,
  };
  if (activity) base.progress = { filesDone: activity.filesDone, filesTotal: activity.filesTotal };
  if (!g) {
    if (activity) {
      base.indexFreshness = activity.phase === 'syncing' ? 'syncing' : 'indexing';
      base.isStale = true;
      base.message = `The index is being built (${activity.filesDone}/${activity.filesTotal} files); call again shortly.`;
    } else {
      base.message = existsSync(dbPath(root))
        ? `The index of ${root} could not be opened yet; it may be being created. If this persists, run 'codeindex --init --path ${root}'.`
        : `No index for ${root}. Run 'codeindex --init --path ${root}' to create it.`;
    }
    return base;
  }
  const store = g.store;
  base.backend = store.backend;
  base.journalMode = store.journalMode;
  base.stats.dbSizeBytes = store.sizeBytes();
  const info = readInfo(store);
  if (!info) {
    base.indexFreshness = activity ? 'indexing' : 'missing';
    base.isStale = !!activity;
    base.message = activity ? 'The index is being built; call again shortly.' : `The database of ${root} has no index yet. Run 'codeindex --init --path ${root}'.`;
    return base;
  }
  base.lastIndexedAt = info.lastIndexedAt;
  base.indexBuildInfo = { version: info.version, extractionVersion: info.extractionVersion };
  const c = g.cached('status-counts', () => counts(store));
  base.stats = { ...c, languages: { ...c.languages }, dbSizeBytes: base.stats.dbSizeBytes };
  base.initialized = info.lastIndexedAt > 0;
  let f: Freshness;
  if (info.extractionVersion !== EXTRACTION_VERSION || info.schemaVersion !== SCHEMA_VERSION) f = 'incompatible';
  else if (activity) f = activity.phase === 'syncing' && base.initialized ? 'syncing' : 'indexing';
  else if (!base.initialized) f = 'indexing';
  else if (watcher.pendingFiles.length || watcher.degraded) f = 'stale';
  else if (!watcher.active) f = 'unwatched';
  else f = 'fresh';
  base.indexFreshness = f;
  base.isStale = f === 'stale' || f === 'syncing' || f === 'indexing' || f === 'incompatible';
  if (f === 'incompatible') base.message = `The index was built by extraction version ${info.extractionVersion} (schema ${info.schemaVersion}); this server needs ${EXTRACTION_VERSION} (schema ${SCHEMA_VERSION}). Run 'codeindex index --path ${root}' to rebuild it.`;
  if (f === 'indexing') base.message = 'The first index is still being built: answers come from the files indexed so far.';
  return base;
}

function safeBackend(): string {
  try { return chooseBackend(); } catch { return 'unavailable'; }
}
