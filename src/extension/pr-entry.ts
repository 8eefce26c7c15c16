// "Create Pull Request" -> the PR form (src/extension/pr/panel.ts) for the repository that holds
// the chosen folder, with the API URL / enterprise hosts from the settings.
import * as vscode from 'vscode';
import { gitOut } from './git';
import { openPullRequestPanel } from './pr/panel';
import type { Outcome } from './commands';
import type { ExtensionSettings } from './settings';

export async function openPullRequest(context: vscode.ExtensionContext, folder: string, s: ExtensionSettings): Promise<Outcome<vscode.WebviewPanel>> {
  const repoRoot = await gitOut(['rev-parse', '--show-toplevel'], { cwd: folder });
  const panel = await openPullRequestPanel(context, repoRoot, { hosts: s.hosts, apiBaseUrl: s.githubApiUrl || undefined, defaultBase: s.defaultBaseBranch || undefined });
  return { ok: true, message: `Opened the pull-request form for ${repoRoot}.`, value: panel };
}
