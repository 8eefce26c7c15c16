// The UI path through the browser: run.mjs presses the keys and takes the screenshots
// (test-output/vscode/*.png); these tests check what the extension did.
import * as vscode from 'vscode';
import { strict as assert } from 'node:assert';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { api, cleanTemps, driver, EXTENSION_ID, git, tempDir, testRoot, until, folder } from './helpers';

const ROW = '.quick-input-widget .monaco-list-row';

describe('UI through the browser (palette, notifications)', () => {
  after(() => cleanTemps());

  it('F1 > "Codeindex: Show Index Status" runs the command (folder asked in a multi-root window)', async () => {
    const a = await api();
    const before = a.invocations.length;
    const r = await driver([
      { key: 'F1' }, { waitFor: '.quick-input-widget input', as: 'palette' },
      { type: 'Codeindex: Show Index Status' }, { waitFor: ROW, text: 'Codeindex: Show Index Status', as: 'row' },
      { shot: 'palette' }, { key: 'Enter' },
      { waitFor: ROW, text: 'other', as: 'folders' }, { shot: 'folder-pick' }, { key: 'Enter' },
    ]);
    assert.deepEqual(r.found, { palette: true, row: true, folders: true });
    const inv = await until('the command to finish', () => a.invocations.slice(before).find((i) => i.command === 'codeindex.showIndexStatus' && i.outcome));
    assert.equal(inv.withArgs, false);
    assert.equal(inv.outcome?.ok, true, inv.outcome?.message);
    await until('the status editor', () => vscode.window.activeTextEditor?.document.languageId === 'json');
    await driver([{ sleep: 300 }, { shot: 'index-status' }]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Re-index shows a progress notification with files done / total', async () => {
    const a = await api();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const dir = join(tempDir('big-'), 'p');
    cpSync(join(ext.extensionPath, 'src'), dir, { recursive: true });
    const p = vscode.commands.executeCommand<{ ok: boolean; message: string }>('codeindex.reindex', { folder: dir });
    const r = await driver([
      { waitFor: '.notifications-toasts', text: 'codeindex: re-indexing', as: 'toast', timeout: 20_000 },
      { waitFor: '.notifications-toasts', text: 'files', as: 'count', timeout: 20_000 },
      { shot: 'progress-notification' },
    ]);
    const o = await p;
    assert.equal(o.ok, true, o.message);
    assert.deepEqual(r.found, { toast: true, count: true });
    assert.equal(a.indexing.running.size, 0);
  });

  it('Create Branch & Push from the palette: the name is validated live, then the branch is pushed', async () => {
    const bare = join(testRoot(), 'remotes', 'app.git');
    const r = await driver([
      { key: 'F1' }, { waitFor: '.quick-input-widget input' },
      { type: 'Codeindex: Create Branch & Push' }, { waitFor: ROW, text: 'Create Branch & Push', as: 'row' }, { key: 'Enter' },
      { waitFor: ROW, text: 'app', as: 'folders' }, { key: 'Enter' },
      { waitFor: '.quick-input-widget', text: 'Name of the new branch', as: 'input' },
      { type: 'bad..name' }, { waitFor: '.quick-input-widget', text: 'is not a valid branch name', as: 'invalid' },
      { shot: 'branch-validation' },
      { fill: 'feature/from-palette' }, { sleep: 600 }, { key: 'Enter' },
      { waitFor: '.notifications-toasts', text: "Created 'feature/from-palette'", as: 'done', timeout: 30_000 },
      { shot: 'branch-pushed' },
    ]);
    assert.deepEqual(r.found, { row: true, folders: true, input: true, invalid: true, done: true });
    assert.equal(git(bare, 'rev-parse', 'feature/from-palette'), git(folder('app'), 'rev-parse', 'HEAD'));
    assert.equal(git(folder('app'), 'rev-parse', '--abbrev-ref', 'HEAD'), 'feature/from-palette');
  });
});
