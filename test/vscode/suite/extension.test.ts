import * as vscode from 'vscode';
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, EXTENSION_ID, folder, run } from './helpers';
import type { IndexStatus } from '../../../src/extension/index-process';

const COMMANDS = [
  'codeindex.push', 'codeindex.pushCurrentBranch', 'codeindex.createBranchAndPush', 'codeindex.createPullRequest',
  'codeindex.addRemote', 'codeindex.installCoauthorHook', 'codeindex.removeCoauthorHook', 'codeindex.indexProject',
  'codeindex.reindex', 'codeindex.startMcpServer', 'codeindex.writeAgentConfig', 'codeindex.showIndexStatus',
];

describe('activation', () => {
  it('activates at startup and registers every command under the Codeindex category', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.ok(ext, 'extension present');
    const a = await api();
    assert.equal(ext.isActive, true);
    assert.ok(a.scriptPath.endsWith(join('dist', 'server-entry.js')) && existsSync(a.scriptPath), a.scriptPath);
    const all = await vscode.commands.getCommands(true);
    for (const c of COMMANDS) assert.ok(all.includes(c), `${c} registered`);
    const contributed = (ext.packageJSON.contributes.commands as { command: string; category: string }[]);
    assert.deepEqual(contributed.map((c) => c.command).sort(), [...COMMANDS].sort());
    assert.ok(contributed.every((c) => c.category === 'Codeindex'));
  });

  it('start_codeindex_index: indexes each folder without .codeindex/ in the background until codeindex.db exists', async () => {
    const a = await api();
    for (const name of ['app', 'other'] as const) {
      const f = folder(name);
      const runP = a.autoIndexRuns.get(f);
      assert.ok(runP, `auto-index started for ${name}`);
      assert.equal(await runP, true);
      assert.ok(existsSync(join(f, '.codeindex', 'codeindex.db')), `${name}: codeindex.db`);
    }
    // A second call finds the index and does not start another run.
    assert.equal(await a.startCodeindexIndex(folder('app')), false);
    // Initialization put the workbench entries into the git repo's .gitignore.
    assert.match(readFileSync(join(folder('app'), '.gitignore'), 'utf8'), /^\.workbench\/$/m);
  });

  it('the status bar shows the symbol count and opens the index status', async () => {
    const a = await api();
    const f = folder('app');
    const s = await a.indexing.refresh(f);
    const st = a.statusBar.get(f);
    assert.equal(st?.kind, 'ready');
    assert.ok(st && st.kind === 'ready' && st.symbols > 10, JSON.stringify(st));
    assert.equal(st && st.kind === 'ready' ? st.symbols : -1, s?.stats?.nodeCount);
    assert.match(a.statusBar.item.text, /codeindex: \d+ symbols/);
    assert.equal(a.statusBar.item.command, 'codeindex.showIndexStatus');
    const o = await run<IndexStatus>('codeindex.showIndexStatus', { folder: f });
    assert.equal(o.ok, true);
    assert.ok(o.ok && o.value.initialized && (o.value.stats?.nodeCount ?? 0) > 10);
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.languageId, 'json');
    assert.equal(JSON.parse(doc!.getText()).projectPath, f);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('the status bar says stale, and then error, when the index says so', async () => {
    const a = await api();
    const f = folder('other');
    a.statusBar.set(f, { kind: 'stale', symbols: 3 });
    // The item describes the first folder unless an editor of another folder is active.
    await vscode.window.showTextDocument(vscode.Uri.file(join(f, 'util.py')));
    assert.match(a.statusBar.item.text, /stale \(3 symbols\)/);
    a.statusBar.set(f, { kind: 'error', message: 'boom' });
    assert.match(a.statusBar.item.text, /codeindex: error/);
    await a.indexing.refresh(f);
    assert.match(a.statusBar.item.text, /codeindex: \d+ symbols/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('registers the server with VS Code through the MCP API', async () => {
    const a = await api();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.deepEqual(ext.packageJSON.contributes.mcpServerDefinitionProviders, [{ id: 'codeindex.mcpServers', label: 'codeindex' }]);
    assert.equal(typeof vscode.lm.registerMcpServerDefinitionProvider, 'function');
    assert.equal(a.mcpProviderRegistered(), true);
  });
});
