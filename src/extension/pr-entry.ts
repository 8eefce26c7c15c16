// "Create Pull Request" -> the PR form (src/extension/pr/panel.ts, another part of the house).
import * as vscode from 'vscode';
import type { Outcome } from './commands';
import type { ExtensionSettings } from './settings';

export async function openPullRequest(_context: vscode.ExtensionContext, _repoRoot: string, _settings: ExtensionSettings): Promise<Outcome> {
  const message = 'Create Pull Request is not available in this build yet: the pull-request form is still being built. Use Create Branch & Push, then open the pull-request page it links to.';
  void vscode.window.showWarningMessage(message);
  return { ok: false, message, code: 'NotAvailable', cancelled: true };
}
