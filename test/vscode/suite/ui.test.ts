// The UI path through the browser: run.mjs presses the keys and takes the screenshots
// (test-output/vscode/*.png); these tests check what the extension did.
import * as vscode from 'vscode';
import { strict as assert } from 'node:assert';
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { api, cleanTemps, driver, EXTENSION_ID, git, makeRepo, run, tempDir, testRoot, until, folder } from './helpers';
import { startFakeGitHub, type FakeGitHub } from '../../integration/helpers/fake-github';

const TOKEN = 'ghp_PATtokenFORtests0123456789abcdefABCD';

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
    // Big enough that the progress notification is still up when the browser reads it
    // (100 files index in ~1 s on a quiet machine: the result replaced it before the read).
    const dir = join(tempDir('big-'), 'p');
    for (let i = 0; i < 8; i++) cpSync(join(ext.extensionPath, 'src'), join(dir, `copy${i}`), { recursive: true });
    const total = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => String(f).endsWith('.ts')).length;
    await vscode.commands.executeCommand('notifications.clearAll');
    const p = vscode.commands.executeCommand<{ ok: boolean; message: string }>('codeindex.reindex', { folder: dir });
    // Toasts are not shown in an extension-test window: the notification center lists them.
    await vscode.commands.executeCommand('notifications.showList');
    const r = await driver([
      { waitFor: '.notifications-center', text: 'codeindex: re-indexing', as: 'progress', timeout: 30_000 },
      { waitFor: '.notifications-center', text: `/${total} files`, as: 'count', timeout: 30_000 },
      { read: '.notifications-center .notification-list-item', as: 'items' },
      { shot: 'progress-notification' },
    ], 120_000);
    const o = await p;
    await vscode.commands.executeCommand('notifications.hideList');
    assert.equal(o.ok, true, o.message);
    assert.deepEqual(r.found, { progress: true, count: true }, JSON.stringify(r.texts));
    assert.ok(r.texts.items.some((t) => /re-indexing[\s\S]*\d+\/\d+ files/.test(t)), JSON.stringify(r.texts.items));
    assert.equal(a.indexing.running.size, 0);
  });

  it('Create Branch & Push from the palette: the name is validated live, then the branch is pushed', async () => {
    const bare = join(testRoot(), 'remotes', 'app.git');
    const r = await driver([
      { key: 'F1' }, { waitFor: '.quick-input-widget input', as: 'palette' },
      { type: 'Codeindex: Create Branch & Push' }, { waitFor: ROW, text: 'Create Branch & Push', as: 'row' }, { key: 'Enter' },
      { waitFor: ROW, text: 'app', as: 'folders' }, { key: 'Enter' },
      { waitFor: '.quick-input-widget', text: 'Name of the new branch', as: 'input' },
      { type: 'bad..name' }, { waitFor: '.quick-input-widget', text: 'is not a valid branch name', as: 'invalid' },
      { shot: 'branch-validation' },
      { fill: 'feature/from-palette' }, { sleep: 600 }, { key: 'Enter' },
    ], 120_000);
    assert.deepEqual(r.found, { palette: true, row: true, folders: true, input: true, invalid: true });
    await until('the branch on origin', () => { try { return git(bare, 'rev-parse', 'feature/from-palette'); } catch { return undefined; } }, 60_000);
    await vscode.commands.executeCommand('notifications.showList');
    const done = await driver([{ waitFor: '.notifications-center', text: "Created 'feature/from-palette'", as: 'done', timeout: 30_000 }, { shot: 'branch-pushed' }], 60_000);
    await vscode.commands.executeCommand('notifications.hideList');
    assert.deepEqual(done.found, { done: true });
    assert.equal(git(bare, 'rev-parse', 'feature/from-palette'), git(folder('app'), 'rev-parse', 'HEAD'));
    assert.equal(git(folder('app'), 'rev-parse', '--abbrev-ref', 'HEAD'), 'feature/from-palette');
  });
});

describe('UI: the pull-request form in the real webview, against a local fake GitHub', () => {
  let fake: FakeGitHub;
  const c = () => vscode.workspace.getConfiguration('codeindex');
  before(async () => {
    fake = await startFakeGitHub({ tokens: [TOKEN], repos: ['octo/shop'], prefix: '/api/v3' });
    await c().update('github.enterpriseHosts', ['ghe.test'], vscode.ConfigurationTarget.Global);
    await c().update('github.apiUrl', fake.apiUrl, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await c().update('github.enterpriseHosts', undefined, vscode.ConfigurationTarget.Global);
    await c().update('github.apiUrl', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fake.close();
    cleanTemps();
  });

  it('token, title, submit: the pull request is created with the settings\' API URL and the form shows its link', async () => {
    const { dir } = makeRepo();
    git(dir, 'remote', 'set-url', 'origin', 'https://ghe.test/octo/shop.git');
    git(dir, 'checkout', '-q', '-b', 'feature/add-login');
    const o = await run('codeindex.createPullRequest', { folder: dir });
    assert.equal(o.ok, true, o.message);
    const r = await driver([
      { frame: '#token', as: 'webview', steps: [
        { sel: '#token', visible: true, as: 'tokenView' },
        { sel: '#token', fill: TOKEN }, { sel: '#token-save', click: true },
        { sel: '#title', visible: true, as: 'form' },
      ] },
      { sleep: 500 }, { shot: 'pr-form' },
      { frame: '#title', steps: [
        { sel: '#title', text: true, as: 'title' },
        { sel: '#submit', click: true },
        { sel: '#view-created', visible: true, as: 'created' },
        { sel: '#created-url', text: true, as: 'url' },
      ] },
      { sleep: 300 }, { shot: 'pr-created' },
    ], 90_000);
    assert.equal(r.found.webview, true);
    assert.equal(r.found.tokenView, true);
    assert.equal(r.found.form, true);
    assert.equal(r.found.created, true, JSON.stringify(r));
    assert.equal(fake.pulls.length, 1);
    assert.equal(fake.pulls[0].head.ref, 'feature/add-login');
    const post = fake.requests.find((q) => q.method === 'POST');
    assert.equal(post?.headers.authorization, `Bearer ${TOKEN}`);
    assert.match(r.texts.url?.[0] ?? '', new RegExp(`/pull/${fake.pulls[0].number}`));
  });
});
