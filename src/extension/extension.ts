// activate(): wires the parts (status bar, indexing, commands, MCP provider, agent configs) and
// owns every lifetime: everything started here is disposed or killed in deactivate().
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { registerCommands, startCodeindexMcp, type CommandContext } from './commands';
import { refreshStaleEntries } from './agents/config';
import { registerMcpProvider } from './agents/provider';
import type { StartedServer } from './agents/server-process';
import { ensureWorkbenchIgnored } from './git';
import { hasIndexDir, Indexing } from './indexing';
import { readSettings } from './settings';
import { StatusBar } from './status-bar';

/** What `activate` returns (`vscode.extensions.getExtension(...).exports`); tests read it. */
export interface CodeindexApi {
  scriptPath: string;
  indexing: Indexing;
  statusBar: StatusBar;
  invocations: CommandContext['invocations'];
  servers: Map<string, StartedServer>;
  mcpProviderRegistered(): boolean;
  /** The background index runs started at activation (auto-index). */
  autoIndexRuns: Map<string, Promise<unknown>>;
  /** `start_codeindex_index`: indexes `folder` in the background when it has no .codeindex/. */
  startCodeindexIndex(folder: string): Promise<boolean>;
  /** `start_codeindex_mcp`. */
  startCodeindexMcp(projectPath: string): Promise<boolean>;
}

let servers: Map<string, StartedServer> | undefined;

export function activate(context: vscode.ExtensionContext): CodeindexApi {
  const scriptPath = context.asAbsolutePath(join('dist', 'server-entry.js'));
  const log = vscode.window.createOutputChannel('codeindex');
  const statusBar = new StatusBar();
  const indexing = new Indexing(scriptPath, statusBar, log);
  servers = new Map();
  const version = String((context.extension.packageJSON as { version?: string }).version ?? '0');
  context.subscriptions.push(log, statusBar, indexing);

  let provider: vscode.Disposable | undefined;
  const syncProvider = () => {
    const want = readSettings().registerMcpProvider;
    if (want && !provider) {
      provider = registerMcpProvider(scriptPath, version);
      if (provider) log.appendLine('[mcp] registered with VS Code (mcpServerDefinitionProviders)');
    } else if (!want && provider) {
      provider.dispose();
      provider = undefined;
    }
  };
  syncProvider();
  context.subscriptions.push({ dispose: () => provider?.dispose() });

  const invocations: CommandContext['invocations'] = [];
  const cx: CommandContext = {
    extension: context, scriptPath, indexing, log, servers, invocations,
    providerActive: () => provider !== undefined,
  };
  context.subscriptions.push(...registerCommands(cx));

  const autoIndexRuns = new Map<string, Promise<unknown>>();
  const startCodeindexIndex = async (folder: string): Promise<boolean> => {
    if (hasIndexDir(folder)) {
      await indexing.refresh(folder);
      return false;
    }
    if (existsSync(join(folder, '.git'))) {
      // SPEC 4.4 rule 6: the workbench's own entries go into .gitignore at initialization.
      await ensureWorkbenchIgnored({ root: folder }).catch((e) => log.appendLine(`[gitignore] ${e}`));
    }
    await indexing.run(folder, 'init');
    return true;
  };

  const onFolders = (folders: readonly vscode.WorkspaceFolder[]) => {
    const s = readSettings();
    for (const f of folders) {
      const folder = f.uri.fsPath;
      // An updated extension lives in a new folder: point agent configs that named the old one here.
      refreshStaleEntries({ projectPath: folder, scriptPath }).then(
        (r) => r.forEach((w) => log.appendLine(`[agents] refreshed the server path in ${w.path}`)),
        (e) => log.appendLine(`[agents] ${e}`),
      );
      if (s.autoIndex && !hasIndexDir(folder)) {
        const run = startCodeindexIndex(folder);
        run.catch(() => undefined);
        autoIndexRuns.set(folder, run);
      } else {
        void indexing.refresh(folder);
      }
    }
  };
  onFolders(vscode.workspace.workspaceFolders ?? []);
  context.subscriptions.push(
    vscode.workspace.onDidChangeWorkspaceFolders((e) => onFolders(e.added)),
    vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('codeindex.mcp')) syncProvider(); }),
    vscode.window.onDidChangeWindowState((w) => {
      const f = statusBar.currentFolder();
      if (w.focused && f) void indexing.refresh(f);
    }),
  );

  return {
    scriptPath, indexing, statusBar, invocations, servers, autoIndexRuns,
    mcpProviderRegistered: () => provider !== undefined,
    startCodeindexIndex,
    startCodeindexMcp: (p) => startCodeindexMcp(cx, p),
  };
}

export async function deactivate(): Promise<void> {
  const all = [...(servers?.values() ?? [])];
  servers?.clear();
  await Promise.all(all.map((s) => s.stop()));
}
