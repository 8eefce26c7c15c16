// The Create Pull Request webview (the only file of pr/ that imports `vscode`): a panel showing
// media/pr-form.html under a strict CSP, wired to PullRequestController for everything else.
//
//   openPullRequestPanel(context, repoRoot, settings)   // from the palette command
import * as vscode from 'vscode';
import type { PullRequestSettings } from './branches';
import { PullRequestController, type ControllerOptions, type GitHubSession } from './controller';
import { newNonce, renderFormHtml } from './html';

export const PR_VIEW_TYPE = 'codeindex.createPullRequest';

export type { PullRequestSettings } from './branches';

/** One panel per repository: opening it again reveals the existing one. */
const panels = new Map<string, vscode.WebviewPanel>();

async function githubSession(createIfNone: boolean): Promise<GitHubSession | undefined> {
  const s = createIfNone
    ? await vscode.authentication.getSession('github', ['repo'], { createIfNone: true })
    : await vscode.authentication.getSession('github', ['repo'], { silent: true });
  return s ? { accessToken: s.accessToken, account: s.account.label } : undefined;
}

async function formHtml(webview: vscode.Webview, extensionUri: vscode.Uri): Promise<string> {
  const media = vscode.Uri.joinPath(extensionUri, 'media');
  const template = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(media, 'pr-form.html')));
  return renderFormHtml(template, {
    cspSource: webview.cspSource,
    nonce: newNonce(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'pr-form.css')).toString(),
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'pr-form.js')).toString(),
  });
}

/**
 * Opens (or reveals) the Create Pull Request dialog for the repository at `repoRoot`.
 * `settings`: GitHub Enterprise hosts (`hosts.githubHosts`), an API URL override, the git path.
 */
export async function openPullRequestPanel(
  context: vscode.ExtensionContext,
  repoRoot: string,
  settings: PullRequestSettings & ControllerOptions = {},
): Promise<vscode.WebviewPanel> {
  const existing = panels.get(repoRoot);
  if (existing) {
    existing.reveal();
    return existing;
  }
  const media = vscode.Uri.joinPath(context.extensionUri, 'media');
  const panel = vscode.window.createWebviewPanel(
    PR_VIEW_TYPE,
    'Create Pull Request',
    { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
    {
      enableScripts: true,
      // The page loads its own css/js and nothing else; it has no network (CSP: default-src 'none').
      localResourceRoots: [media],
      // Keeps a half-typed form (and the token input) when the tab is in the background.
      retainContextWhenHidden: true,
      enableFindWidget: false,
    },
  );
  panels.set(repoRoot, panel);
  const controller = new PullRequestController(
    repoRoot,
    {
      post: (message) => panel.webview.postMessage(message),
      openExternal: (url) => vscode.env.openExternal(vscode.Uri.parse(url, true)),
      getSession: githubSession,
    },
    settings,
  );
  const subscriptions: vscode.Disposable[] = [
    panel.webview.onDidReceiveMessage((m) => controller.handle(m)),
  ];
  panel.onDidDispose(() => {
    panels.delete(repoRoot);
    controller.dispose();
    for (const d of subscriptions) d.dispose();
  }, undefined, context.subscriptions);
  try {
    panel.webview.html = await formHtml(panel.webview, context.extensionUri);
  } catch (err) {
    panel.dispose();
    throw err;
  }
  return panel;
}
