// Which Node runs codeindex's heavy processes (the daemon, the editor's background index): this one
// when it has node:sqlite; else a `node` on PATH that has it (an editor's Electron runtime may
// lack it, and node:sqlite indexes ~1.7x and answers ~3x faster than sql.js); else this one.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { nodeSqliteAvailable } from './store/store';

/** The executable of a `node` on PATH that has node:sqlite, when this runtime lacks it. Asked once
 *  per process (~70 ms, off the caller's path: it is async); undefined when there is none. */
export function sqliteNodeOnPath(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (nodeSqliteAvailable() || env.CODEINDEX_DB_BACKEND === 'sqljs') return Promise.resolve(undefined);
  const key = env.PATH ?? '';
  let p = asked.get(key);
  if (!p) {
    p = new Promise((res) => {
      execFile('node', ['-p', "require('node:sqlite') && process.execPath"], {
        encoding: 'utf8', timeout: 5000, env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
      }, (err, stdout) => {
        const out = err ? '' : String(stdout).trim();
        res(out && existsSync(out) ? out : undefined);
      });
    });
    asked.set(key, p);
  }
  return p;
}
const asked = new Map<string, Promise<string | undefined>>();
