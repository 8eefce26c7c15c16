// Read-only access to a codeindex database from bench scripts, through sql.js (works on every
// Node version, and reads node-sqlite databases too: each batch is checkpointed into the file).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export async function openDb(file) {
  const initSqlJs = require('sql.js');
  const wasmDir = dirname(require.resolve('sql.js/dist/sql-wasm.wasm'));
  const SQL = await initSqlJs({ locateFile: (f) => join(wasmDir, f) });
  const db = new SQL.Database(readFileSync(file));
  return {
    all(sql, params = []) {
      const st = db.prepare(sql);
      st.bind(params);
      const rows = [];
      while (st.step()) rows.push(st.getAsObject());
      st.free();
      return rows;
    },
    close() { db.close(); },
  };
}
