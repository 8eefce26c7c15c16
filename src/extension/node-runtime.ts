// Which Node runs the bundled server from inside the editor: the extension host's own runtime.
// In desktop VS Code that is Electron, which acts as plain Node with ELECTRON_RUN_AS_NODE=1; in
// code-server and VS Code Server it is Node itself (the variable is then ignored).
export function nodeRuntime(): { command: string; env: Record<string, string> } {
  return { command: process.execPath, env: { ELECTRON_RUN_AS_NODE: '1' } };
}
