// The palette commands (category "Codeindex") -> git/, pr/, agents/, indexing. Each command can
// also be run with an argument object (`executeCommand('codeindex.push', { folder, message })`):
// what it would ask for is then taken from the object and nothing is prompted. Each returns an
// Outcome; results and errors are also shown as notifications.
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  GitError, addOrigin, createBranchAndPush, installCoauthorHook, isValidRemoteUrl, pushCurrentBranch,
  pushWithCommit, removeCoauthorHook, validateBranchName, validateCoAuthor,
} from './git';
import { AGENT_HOSTS, writeAgentConfigs, type AgentHost, type WriteResult } from './agents/config';
import { startMcpServer, type StartedServer } from './agents/server-process';
import { queryStatus, type IndexMode } from './index-process';
import { dbPath, type Indexing } from './indexing';
import { coAuthorFor, readSettings, type ExtensionSettings } from './settings';
import { openPullRequest } from './pr-entry';

export type Outcome<T = unknown> =
  | { ok: true; message: string; value: T }
  | { ok: false; message: string; code?: string; cancelled?: boolean };

export interface CommandContext {
  extension: vscode.ExtensionContext;
  scriptPath: string;
  indexing: Indexing;
  log: vscode.OutputChannel;
  /** MCP servers started by "Start MCP Server", per folder. */
  servers: Map<string, StartedServer>;
  /** Whether the VS Code MCP provider is registered (then .vscode/mcp.json is not written). */
  providerActive: () => boolean;
  /** Every command run: its id and whether it came with an argument object (tests read it). */
  invocations: { command: string; withArgs: boolean; outcome?: Outcome }[];
}

interface FolderArgs {
  /** Workspace folder path (or Uri); asked for in a multi-root workspace when absent. */
  folder?: string | vscode.Uri;
}

const CANCELLED: Outcome<never> = { ok: false, message: 'Cancelled.', cancelled: true };

/** The folder a command works on: the argument, the only folder, or the one the user picks. */
export async function pickFolder(args?: FolderArgs): Promise<string | undefined> {
  if (args?.folder) return typeof args.folder === 'string' ? args.folder : args.folder.fsPath;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 1) return folders[0].uri.fsPath;
  if (folders.length === 0) {
    void vscode.window.showErrorMessage('codeindex: open a folder first (File > Open Folder).');
    return undefined;
  }
  const f = await vscode.window.showWorkspaceFolderPick({ placeHolder: 'Which folder?' });
  return f?.uri.fsPath;
}

function isArgs(a: unknown): a is Record<string, unknown> {
  // A command run from the explorer's context menu gets a Uri; from the palette, nothing.
  return !!a && typeof a === 'object' && !(a instanceof vscode.Uri);
}

function withProgress<T>(title: string, task: () => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
}

export function registerCommands(cx: CommandContext): vscode.Disposable[] {
  const showError = (o: Outcome & { ok: false }, detail?: string) => {
    if (o.cancelled) return;
    if (detail && detail !== o.message) {
      cx.log.appendLine(detail);
      void vscode.window.showErrorMessage(o.message, 'Show Details').then((b) => b && cx.log.show(true));
    } else {
      void vscode.window.showErrorMessage(o.message);
    }
  };

  /** Runs a command body; turns GitError and other errors into an error Outcome + notification. */
  const reg = <A>(id: string, body: (args: A | undefined, s: ExtensionSettings) => Promise<Outcome>) =>
    vscode.commands.registerCommand(id, async (raw?: unknown) => {
      const args = isArgs(raw) ? (raw as A) : raw instanceof vscode.Uri ? ({ folder: raw } as A) : undefined;
      const rec: CommandContext['invocations'][number] = { command: id, withArgs: isArgs(raw) };
      cx.invocations.push(rec);
      let outcome: Outcome;
      try {
        outcome = await body(args, readSettings());
        if (!outcome.ok) showError(outcome);
      } catch (e) {
        if (e instanceof GitError) {
          outcome = { ok: false, message: e.userMessage, code: e.code };
          cx.log.appendLine(`[${id}] ${e.message}`);
          showError(outcome, e.message);
        } else {
          const message = e instanceof Error ? e.message : String(e);
          outcome = { ok: false, message };
          cx.log.appendLine(`[${id}] ${e instanceof Error && e.stack ? e.stack : message}`);
          showError(outcome);
        }
      }
      rec.outcome = outcome;
      return outcome;
    });

  const info = (message: string, ...buttons: { title: string; run: () => void }[]) => {
    cx.log.appendLine(message);
    void vscode.window.showInformationMessage(message, ...buttons.map((b) => b.title)).then((t) => buttons.find((b) => b.title === t)?.run());
  };
  const openUrl = (url: string) => void vscode.env.openExternal(vscode.Uri.parse(url));

  return [
    reg<FolderArgs & { message?: string }>('codeindex.push', async (args, s) => {
      const cwd = await pickFolder(args);
      if (!cwd) return CANCELLED;
      let message = args?.message;
      if (args === undefined) {
        message = await vscode.window.showInputBox({
          title: 'Codeindex: Push',
          prompt: 'Commit message (leave empty for "Agent work on <branch>")',
          placeHolder: 'Agent work on <branch>',
        });
        if (message === undefined) return CANCELLED;
      }
      const r = await withProgress('codeindex: committing and pushing...', () => pushWithCommit({ cwd, message, coAuthor: coAuthorFor(s) }));
      info(r.message);
      return { ok: true, message: r.message, value: r };
    }),

    reg<FolderArgs>('codeindex.pushCurrentBranch', async (args) => {
      const cwd = await pickFolder(args);
      if (!cwd) return CANCELLED;
      const r = await withProgress('codeindex: pushing the current branch...', () => pushCurrentBranch({ cwd }));
      info(r.message);
      return { ok: true, message: r.message, value: r };
    }),

    reg<FolderArgs & { branch?: string }>('codeindex.createBranchAndPush', async (args, s) => {
      const cwd = await pickFolder(args);
      if (!cwd) return CANCELLED;
      let branch = args?.branch;
      if (branch === undefined) {
        branch = await vscode.window.showInputBox({
          title: 'Codeindex: Create Branch & Push',
          prompt: 'Name of the new branch',
          placeHolder: 'feature/my-change',
          validateInput: async (v) => {
            try {
              await validateBranchName({ cwd }, v);
              return undefined;
            } catch (e) {
              return e instanceof GitError ? e.userMessage : String(e);
            }
          },
        });
        if (branch === undefined) return CANCELLED;
      }
      const name = branch;
      const r = await withProgress(`codeindex: creating '${name.trim()}' and pushing...`, () =>
        createBranchAndPush({ cwd, branch: name, base: s.defaultBaseBranch || undefined, hosts: s.hosts }));
      info(r.message, ...(r.prUrl ? [{ title: 'Open Pull Request Page', run: () => openUrl(r.prUrl!) }] : []));
      return { ok: true, message: r.message, value: r };
    }),

    reg<FolderArgs>('codeindex.createPullRequest', async (args, s) => {
      const cwd = await pickFolder(args);
      if (!cwd) return CANCELLED;
      return openPullRequest(cx.extension, cwd, s);
    }),

    reg<FolderArgs & { url?: string }>('codeindex.addRemote', async (args, s) => {
      const cwd = await pickFolder(args);
      if (!cwd) return CANCELLED;
      let url = args?.url;
      if (url === undefined) {
        url = await vscode.window.showInputBox({
          title: 'Codeindex: Add Remote',
          prompt: "URL of the remote 'origin'",
          placeHolder: 'https://github.com/owner/repo.git or git@github.com:owner/repo.git',
          validateInput: (v) => (isValidRemoteUrl(v) ? undefined : 'Use https://host/owner/repo.git, git@host:owner/repo.git or ssh://[user@]host[:port]/owner/repo.git.'),
        });
        if (url === undefined) return CANCELLED;
      }
      const r = await addOrigin({ cwd, url, hosts: s.hosts });
      const message = `Added the remote 'origin' (${r.remoteUrl}).`;
      info(message, ...(r.webUrl ? [{ title: 'Open in Browser', run: () => openUrl(r.webUrl!) }] : []));
      return { ok: true, message, value: r };
    }),

    reg<FolderArgs & { name?: string; email?: string }>('codeindex.installCoauthorHook', async (args, s) => {
      const cwd = await pickFolder(args);
      if (!cwd) return CANCELLED;
      const who = { name: args?.name ?? s.coAuthor.name, email: args?.email ?? s.coAuthor.email };
      if (!who.name || !who.email) {
        const message = 'Set the co-author first: codeindex.coAuthor.name and codeindex.coAuthor.email in the settings.';
        void vscode.window.showErrorMessage(message, 'Open Settings').then((b) => b && vscode.commands.executeCommand('workbench.action.openSettings', 'codeindex.coAuthor'));
        return { ok: false, message, code: 'NoCoAuthor', cancelled: true };
      }
      const c = validateCoAuthor(who);
      const r = await installCoauthorHook({ cwd, ...c });
      const message = r.action === 'unchanged'
        ? `The co-author hook is already installed (${r.path}).`
        : `${r.action === 'created' ? 'Installed' : 'Updated'} the co-author hook: commits get "Co-authored-by: ${c.name} <${c.email}>" (${r.path}).`;
      info(message);
      return { ok: true, message, value: r };
    }),

    reg<FolderArgs>('codeindex.removeCoauthorHook', async (args) => {
      const cwd = await pickFolder(args);
      if (!cwd) return CANCELLED;
      const r = await removeCoauthorHook({ cwd });
      const message = r.action === 'absent' ? 'No co-author hook was installed; nothing changed.'
        : r.action === 'deleted-file' ? `Removed the co-author hook (deleted ${r.path}, nothing else was in it).`
          : `Removed the co-author block from ${r.path}; the rest of the hook is unchanged.`;
      info(message);
      return { ok: true, message, value: r };
    }),

    reg<FolderArgs>('codeindex.indexProject', async (args) => indexCommand(await pickFolder(args), 'init')),
    reg<FolderArgs>('codeindex.reindex', async (args) => indexCommand(await pickFolder(args), 'force')),

    reg<FolderArgs>('codeindex.startMcpServer', async (args) => {
      const folder = await pickFolder(args);
      if (!folder) return CANCELLED;
      const ok = await startCodeindexMcp(cx, folder);
      const message = ok
        ? `The codeindex MCP server is running for ${folder} (${cx.servers.get(folder)!.serverInfo.name} ${cx.servers.get(folder)!.serverInfo.version}).`
        : `The codeindex MCP server did not start for ${folder}; see the codeindex output.`;
      if (ok) info(message);
      return ok ? { ok: true, message, value: true } : { ok: false, message };
    }),

    reg<FolderArgs & { hosts?: AgentHost[] }>('codeindex.writeAgentConfig', async (args, s) => {
      const folder = await pickFolder(args);
      if (!folder) return CANCELLED;
      const wanted = (args?.hosts ?? s.agentHosts).filter((h) => AGENT_HOSTS.includes(h));
      const skipVscode = wanted.includes('vscode') && cx.providerActive();
      const hosts = wanted.filter((h) => !(h === 'vscode' && skipVscode));
      const results: WriteResult[] = await writeAgentConfigs({ projectPath: folder, scriptPath: cx.scriptPath, hosts });
      const changed = results.filter((r) => r.action !== 'unchanged').map((r) => vscode.workspace.asRelativePath(r.path, false));
      let message = changed.length ? `Wrote the codeindex MCP server into ${changed.join(', ')}.` : 'The agent MCP configuration is already up to date.';
      if (skipVscode) message += ' .vscode/mcp.json was not written: VS Code already gets the server from this extension.';
      info(message, { title: 'Open .mcp.json', run: () => void vscode.window.showTextDocument(vscode.Uri.file(join(folder, '.mcp.json'))) });
      return { ok: true, message, value: { results, skippedVscode: skipVscode } };
    }),

    reg<FolderArgs & { open?: boolean }>('codeindex.showIndexStatus', async (args) => {
      const folder = await pickFolder(args);
      if (!folder) return CANCELLED;
      if (!existsSync(dbPath(folder))) {
        const message = cx.indexing.running.has(folder)
          ? `The index of ${folder} is being built; its status is available once it is done.`
          : `${folder} has no index yet. Run "Codeindex: Index Project" to build it.`;
        void vscode.window.showInformationMessage(message, 'Index Project').then((b) => b && vscode.commands.executeCommand('codeindex.indexProject', { folder }));
        return { ok: true, message, value: undefined };
      }
      const status = await queryStatus(cx.scriptPath, folder);
      await cx.indexing.refresh(folder);
      if (args?.open !== false) {
        const doc = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(status, null, 2) + '\n' });
        await vscode.window.showTextDocument(doc, { preview: true });
      }
      const n = status.stats?.nodeCount ?? 0;
      return { ok: true, message: `${n} symbols in ${status.stats?.fileCount ?? 0} files${status.isStale ? ' (stale)' : ''}.`, value: status };
    }),
  ];

  async function indexCommand(folder: string | undefined, mode: IndexMode): Promise<Outcome> {
    if (!folder) return CANCELLED;
    if (mode !== 'force') mode = existsSync(dbPath(folder)) ? 'index' : 'init';
    const run = await cx.indexing.run(folder, mode);
    info(run.summary.replace(/^codeindex: /, 'codeindex: '));
    return { ok: true, message: run.summary, value: run };
  }
}

/** `start_codeindex_mcp`: spawns the bundled server for a project; true once it answered the handshake. */
export async function startCodeindexMcp(cx: Pick<CommandContext, 'scriptPath' | 'servers' | 'log'>, projectPath: string): Promise<boolean> {
  const old = cx.servers.get(projectPath);
  if (old && old.child.exitCode === null && old.child.signalCode === null) return true;
  try {
    const s = await startMcpServer({ scriptPath: cx.scriptPath, projectPath });
    cx.servers.set(projectPath, s);
    s.child.once('exit', () => { if (cx.servers.get(projectPath) === s) cx.servers.delete(projectPath); });
    cx.log.appendLine(`[mcp] started ${s.serverInfo.name} ${s.serverInfo.version} (pid ${s.child.pid}) for ${projectPath}`);
    return true;
  } catch (e) {
    cx.log.appendLine(`[mcp] ${e instanceof Error ? e.message : e}`);
    return false;
  }
}
