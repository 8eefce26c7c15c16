// Which serving mode a launch uses (SPEC.md part 1, A4): the daemon itself when a proxy spawned
// it; direct when CODEINDEX_NO_DAEMON=1 or the project has no .codeindex/ yet; proxy otherwise.
// (A daemon that then cannot be reached or started also ends in direct mode: see proxy.ts.)
import { existsSync } from 'node:fs';
import { indexDirOf } from './socket-path';

export type Mode = { mode: 'direct' | 'proxy' | 'daemon'; reason: string };

export function selectMode(root: string, env: NodeJS.ProcessEnv = process.env): Mode {
  if (env.CODEINDEX_DAEMON_INTERNAL === '1') return { mode: 'daemon', reason: 'CODEINDEX_DAEMON_INTERNAL=1' };
  if (env.CODEINDEX_NO_DAEMON === '1') return { mode: 'direct', reason: 'CODEINDEX_NO_DAEMON=1' };
  if (!existsSync(indexDirOf(root))) return { mode: 'direct', reason: 'no .codeindex/ yet' };
  return { mode: 'proxy', reason: '.codeindex/ exists' };
}
