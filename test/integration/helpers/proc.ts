// Spawning test children: JSON lines on stdout, bounded in time, killed in after hooks.
import { spawn, ChildProcess } from 'node:child_process';

export interface Child {
  proc: ChildProcess;
  lines: Record<string, unknown>[];
  /** Resolves with the first line matching pred (rejects on timeout or exit before it). */
  waitFor(pred: (l: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

const live = new Set<ChildProcess>();

export function startChild(node: string, script: string, args: string[], env: Record<string, string> = {}): Child {
  const proc = spawn(node, ['--no-warnings', script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(proc);
  const lines: Record<string, unknown>[] = [];
  const waiters: { pred: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }[] = [];
  let buf = '';
  let err = '';
  proc.stdout!.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      try {
        const obj = JSON.parse(line);
        lines.push(obj);
        for (const w of [...waiters]) if (w.pred(obj)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(obj); }
      } catch { /* not JSON */ }
    }
  });
  proc.stderr!.on('data', (d) => { err += d; });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => proc.on('exit', (code, signal) => { live.delete(proc); res({ code, signal }); }));
  return {
    proc, lines, exited,
    stderr: () => err,
    waitFor(pred, ms = 20000) {
      const found = lines.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`timed out waiting for a line; stderr: ${err}`)), ms);
        waiters.push({ pred, resolve: (l) => { clearTimeout(t); resolve(l); } });
        exited.then(() => setTimeout(() => { clearTimeout(t); reject(new Error(`child exited first; stderr: ${err}`)); }, 50));
      });
    },
  };
}

export function killAll(): void {
  for (const p of live) try { p.kill('SIGKILL'); } catch { /* gone */ }
  live.clear();
}
