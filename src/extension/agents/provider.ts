// VS Code's own agent gets the server through the MCP API (`contributes.mcpServerDefinitionProviders`
// + `vscode.lm.registerMcpServerDefinitionProvider`): one stdio server per workspace folder. While
// this provider is registered, "Write Agent MCP Config" does not write .vscode/mcp.json, so the
// server never shows up twice in VS Code.
import * as vscode from 'vscode';
import { nodeRuntime } from '../node-runtime';

export const PROVIDER_ID = 'codeindex.mcpServers';

export function mcpApiAvailable(): boolean {
  return typeof (vscode.lm as { registerMcpServerDefinitionProvider?: unknown } | undefined)?.registerMcpServerDefinitionProvider === 'function';
}

export function serverDefinitions(scriptPath: string, version: string): vscode.McpStdioServerDefinition[] {
  const rt = nodeRuntime();
  return (vscode.workspace.workspaceFolders ?? []).map((f) => {
    const def = new vscode.McpStdioServerDefinition(
      `codeindex: ${f.name}`, rt.command, [scriptPath, '--path', f.uri.fsPath], { ...rt.env }, version,
    );
    def.cwd = f.uri;
    return def;
  });
}

/** Registers the provider; undefined when this VS Code has no MCP API. */
export function registerMcpProvider(scriptPath: string, version: string): vscode.Disposable | undefined {
  if (!mcpApiAvailable()) return undefined;
  const changed = new vscode.EventEmitter<void>();
  const folders = vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire());
  const reg = vscode.lm.registerMcpServerDefinitionProvider(PROVIDER_ID, {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => serverDefinitions(scriptPath, version),
    resolveMcpServerDefinition: (def) => def,
  });
  return vscode.Disposable.from(reg, folders, changed);
}
