// A separate process that writes to or reads from a store, for the cross-process store tests.
// argv: <mode> <dbPath> [...]; prints one JSON line per event on stdout.
import { openIndex } from '../../../src/server/store/schema';
import { BackendName } from '../../../src/server/store/store';
import { openStore } from '../../../src/server/store/open';

const [mode, db, ...rest] = process.argv.slice(2);
const backend = (process.env.CODEINDEX_DB_BACKEND || undefined) as BackendName | undefined;
const say = (o: object) => process.stdout.write(JSON.stringify(o) + '\n');

async function writeBatches(batches: number, rowsPerBatch: number, payload: number) {
  const root = db;
  const { store } = await openIndex(root, { backend });
  const ins = store.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at) VALUES (?, ?, ?, ?, ?, ?)');
  const pad = 'x'.repeat(payload);
  const first = Number(store.prepare("SELECT value FROM meta WHERE key = 'batch'").get<{ value: string }>()?.value ?? 0) + 1;
  for (let b = first; b < first + batches; b++) {
    store.transaction(() => {
      for (let i = 0; i < rowsPerBatch; i++) ins.run(`b${b}/f${i}.ts${pad}`, 'typescript', `h${b}`, b, 0, b);
      store.prepare("INSERT INTO meta(key, value) VALUES ('batch', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(String(b));
    });
    say({ committed: b });
  }
  store.close();
}

/** A serving writer (deferPersist): batches committed back to back while earlier images are
 *  still being written off the event loop. */
async function serveBatches(batches: number, rowsPerBatch: number, payload: number) {
  const { store } = await openIndex(db, { backend, deferPersist: true });
  const ins = store.prepare('INSERT INTO files(path, language, hash, size, mtime_ms, indexed_at) VALUES (?, ?, ?, ?, ?, ?)');
  const pad = 'x'.repeat(payload);
  for (let b = 1; b <= batches; b++) {
    store.transaction(() => {
      for (let i = 0; i < rowsPerBatch; i++) ins.run(`b${b}/f${i}.ts${pad}`, 'typescript', `h${b}`, b, 0, b);
      store.prepare("INSERT INTO meta(key, value) VALUES ('batch', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(String(b));
    });
    say({ committed: b });
    await new Promise((r) => setImmediate(r));
  }
  await store.flush();
  say({ flushed: batches });
  store.close();
}

async function readLoop(ms: number) {
  const store = await openStore(db, { backend, readOnly: true });
  const until = Date.now() + ms;
  let reads = 0, errors = 0, partial = 0, maxWait = 0, lastBatch = 0;
  while (Date.now() < until) {
    const t = Date.now();
    try {
      store.refresh();
      const rows = store.prepare('SELECT hash, count(*) AS n FROM files GROUP BY hash').all<{ hash: string; n: number }>();
      const batch = Number(store.prepare("SELECT value FROM meta WHERE key = 'batch'").get<{ value: string }>()?.value ?? 0);
      const expected = Number(rest[0]);
      for (const r of rows) if (r.n !== expected) partial++;
      lastBatch = Math.max(lastBatch, batch);
      reads++;
    } catch (e) {
      errors++;
      say({ error: String(e) });
    }
    maxWait = Math.max(maxWait, Date.now() - t);
  }
  store.close();
  say({ reads, errors, partial, maxWait, lastBatch });
}

async function check(b: string) {
  const s = await openStore(db, { backend: b as BackendName });
  const integrity = s.prepare('PRAGMA integrity_check').get<{ integrity_check: string }>()!.integrity_check;
  const groups = s.prepare('SELECT hash, count(*) AS n FROM files GROUP BY hash').all<{ hash: string; n: number }>();
  const batch = Number(s.prepare("SELECT value FROM meta WHERE key = 'batch'").get<{ value: string }>()?.value ?? 0);
  s.close();
  say({ integrity, groups: groups.map((g) => ({ ...g })), batch });
}

(async () => {
  if (mode === 'check') await check(rest[0]);
  else if (mode === 'serve') await serveBatches(Number(rest[0]), Number(rest[1]), Number(rest[2] ?? 0));
  else if (mode === 'write') await writeBatches(Number(rest[0]), Number(rest[1]), Number(rest[2] ?? 0));
  else if (mode === 'read') await readLoop(Number(rest[1]));
  else throw new Error(`unknown mode ${mode}`);
})().catch((e) => {
  say({ fatal: String(e && e.stack || e) });
  process.exit(1);
});
