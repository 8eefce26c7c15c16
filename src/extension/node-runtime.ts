// Which Node runs the bundled server from inside the editor: the extension host's own runtime.
// In desktop VS Code that is Electron, which acts as plain Node with ELECTRON_RUN_AS_NODE=1; in
// code-server and VS Code Server it is Node itself (the variable is then ignored).
import { sqliteNodeOnPath } from '../server/node-runtime';

export function nodeRuntime(): { command: string; env: Record<string, string> } {
  return { command: process.execPath, env: { ELECTRON_RUN_AS_NODE: '1' } };
}

/** The background index: a `node` on PATH with node:sqlite when the editor's runtime lacks it
 *  (the index builds ~1.7x faster than on sql.js, and the daemon picks the same Node). */
export async function indexRuntime(env: NodeJS.ProcessEnv = process.env): Promise<{ command: string; env: Record<string, string> }> {
  const other = await sqliteNodeOnPath(env);
  return other ? { command: other, env: {} } : nodeRuntime();
}
