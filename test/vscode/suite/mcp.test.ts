import * as vscode from 'vscode';
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { api, folder, run } from './helpers';

describe('MCP: agent config and server', () => {
  it('Write Agent MCP Config writes .mcp.json (+ cursor, gemini) and skips .vscode/mcp.json while the provider is active', async () => {
    const a = await api();
    const f = folder('app');
    const o = await run<{ skippedVscode: boolean }>('codeindex.writeAgentConfig', { folder: f, hosts: ['claude', 'cursor', 'vscode', 'gemini'] });
    assert.equal(o.ok, true, o.message);
    assert.ok(o.ok && o.value.skippedVscode);
    const mcp = JSON.parse(readFileSync(join(f, '.mcp.json'), 'utf8'));
    assert.deepEqual(mcp.mcpServers.codeindex, { command: 'node', args: [a.scriptPath, '--path', f] });
    assert.ok(existsSync(join(f, '.cursor', 'mcp.json')));
    assert.ok(existsSync(join(f, '.gemini', 'settings.json')));
    assert.equal(existsSync(join(f, '.vscode', 'mcp.json')), false);
    const again = await run('codeindex.writeAgentConfig', { folder: f, hosts: ['claude', 'cursor', 'gemini'] });
    assert.match(again.message, /already up to date/);
  });

  it('a real MCP client spawns exactly the command from .mcp.json and searches the indexed workspace', async () => {
    const f = folder('app');
    const entry = JSON.parse(readFileSync(join(f, '.mcp.json'), 'utf8')).mcpServers.codeindex as { command: string; args: string[] };
    const transport = new StdioClientTransport({ command: entry.command, args: entry.args, stderr: 'pipe' });
    const client = new Client({ name: 'vscode-suite', version: '1.0.0' });
    await client.connect(transport);
    try {
      const tools = await client.listTools();
      assert.ok(tools.tools.some((t) => t.name === 'codeindex_search'));
      const r = await client.callTool({ name: 'codeindex_search', arguments: { query: 'CheckoutService' } });
      const body = JSON.parse((r.content as { type: string; text: string }[])[0].text);
      const hit = (body.results ?? body.symbols ?? []).find((s: { name: string }) => s.name === 'CheckoutService');
      assert.ok(hit, (r.content as { text: string }[])[0].text.slice(0, 500));
      assert.match(JSON.stringify(hit), /checkout\.ts/);
    } finally {
      await client.close();
    }
  });

  it('start_codeindex_mcp spawns the bundled server and gets the MCP handshake at once', async () => {
    const a = await api();
    const f = folder('app');
    const t0 = Date.now();
    const o = await run<boolean>('codeindex.startMcpServer', { folder: f });
    assert.equal(o.ok, true, o.message);
    assert.equal(o.ok && o.value, true);
    assert.ok(Date.now() - t0 < 10_000);
    const s = a.servers.get(f);
    assert.ok(s && s.child.exitCode === null && s.serverInfo.name.length > 0);
    assert.equal(s.protocolVersion, '2024-11-05');
    assert.equal(await a.startCodeindexMcp(f), true, 'a second call reuses the running server');
    assert.equal(a.servers.get(f), s);
    await s.stop();
    assert.notEqual(s.child.exitCode ?? s.child.signalCode, null);
    const missing = await a.startCodeindexMcp(join(f, 'does-not-exist'));
    assert.equal(missing, false);
  });

  it('VS Code gets one server definition per folder from the provider', async () => {
    const a = await api();
    const { serverDefinitions } = await import('../../../src/extension/agents/provider');
    const defs = serverDefinitions(a.scriptPath, '0.1.0');
    assert.deepEqual(defs.map((d) => d.label), ['codeindex: app', 'codeindex: other']);
    assert.deepEqual(defs[0].args, [a.scriptPath, '--path', folder('app')]);
    void vscode;
  });
});
