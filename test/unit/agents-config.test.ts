import { strict as assert } from 'node:assert';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConfigFileError, HOST_FILES, mergeEntry, readEntry, refreshStaleEntries, serverEntry, writeAgentConfigs,
} from '../../src/extension/agents/config';

describe('agents: MCP config writers', () => {
  let dir: string;
  let script: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'codeindex-agents-'));
    mkdirSync(join(dir, 'ext', 'dist'), { recursive: true });
    script = join(dir, 'ext', 'dist', 'server-entry.js');
    writeFileSync(script, '// server');
    mkdirSync(join(dir, 'proj'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const proj = () => join(dir, 'proj');
  const read = (rel: string) => JSON.parse(readFileSync(join(proj(), rel), 'utf8'));

  it('serverEntry: command node, args [absolute script, --path, absolute project]', () => {
    assert.deepEqual(serverEntry('/x/dist/server-entry.js', '/p/q'), { command: 'node', args: ['/x/dist/server-entry.js', '--path', '/p/q'] });
    assert.deepEqual(serverEntry('/x/s.js', '/p', true), { type: 'stdio', command: 'node', args: ['/x/s.js', '--path', '/p'] });
    assert.throws(() => serverEntry('dist/server-entry.js', '/p'), /absolute/);
  });

  it('writes .mcp.json with a top-level mcpServers map', async () => {
    const r = await writeAgentConfigs({ projectPath: proj(), scriptPath: script, hosts: [] });
    assert.deepEqual(r.map((x) => [x.host, x.action]), [['claude', 'created']]);
    assert.deepEqual(read('.mcp.json'), { mcpServers: { codeindex: { command: 'node', args: [script, '--path', proj()] } } });
  });

  it('writes each host in its own shape: cursor and gemini mcpServers, vscode servers with type stdio', async () => {
    const r = await writeAgentConfigs({ projectPath: proj(), scriptPath: script, hosts: ['cursor', 'vscode', 'gemini'] });
    assert.deepEqual(r.map((x) => x.host), ['claude', 'cursor', 'vscode', 'gemini']);
    const args = [script, '--path', proj()];
    assert.deepEqual(read('.cursor/mcp.json'), { mcpServers: { codeindex: { command: 'node', args } } });
    assert.deepEqual(read('.vscode/mcp.json'), { servers: { codeindex: { type: 'stdio', command: 'node', args } } });
    assert.deepEqual(read('.gemini/settings.json'), { mcpServers: { codeindex: { command: 'node', args } } });
  });

  it('merges into existing files without touching other servers or keys (comments kept)', async () => {
    mkdirSync(join(proj(), '.vscode'));
    writeFileSync(join(proj(), '.mcp.json'), JSON.stringify({ mcpServers: { other: { command: 'uvx', args: ['x'] } }, extra: { keep: [1, 2] } }, null, 2));
    writeFileSync(join(proj(), '.vscode', 'mcp.json'), '{\n  // my servers\n  "inputs": [],\n  "servers": { "gh": { "type": "http", "url": "https://x" } }\n}\n');
    mkdirSync(join(proj(), '.gemini'));
    writeFileSync(join(proj(), '.gemini', 'settings.json'), '{ "theme": "Dracula" }');
    const r = await writeAgentConfigs({ projectPath: proj(), scriptPath: script, hosts: ['vscode', 'gemini'] });
    assert.deepEqual(r.map((x) => x.action), ['updated', 'updated', 'updated']);
    const mcp = read('.mcp.json');
    assert.deepEqual(mcp.mcpServers.other, { command: 'uvx', args: ['x'] });
    assert.deepEqual(mcp.extra, { keep: [1, 2] });
    assert.equal(mcp.mcpServers.codeindex.command, 'node');
    const vs = readFileSync(join(proj(), '.vscode', 'mcp.json'), 'utf8');
    assert.match(vs, /\/\/ my servers/);
    const vsObj = readEntry(vs, HOST_FILES.vscode);
    assert.deepEqual(vsObj, { type: 'stdio', command: 'node', args: [script, '--path', proj()] });
    const vsParsed = JSON.parse(vs.replace(/^\s*\/\/.*$/m, ''));
    assert.deepEqual(vsParsed.servers.gh, { type: 'http', url: 'https://x' });
    assert.deepEqual(vsParsed.inputs, []);
    assert.equal(read('.gemini/settings.json').theme, 'Dracula');
  });

  it('is idempotent: a second write changes no file (same bytes, same mtime)', async () => {
    await writeAgentConfigs({ projectPath: proj(), scriptPath: script, hosts: ['cursor'] });
    const before = readFileSync(join(proj(), '.mcp.json'), 'utf8');
    const m1 = statSync(join(proj(), '.mcp.json')).mtimeMs;
    const r = await writeAgentConfigs({ projectPath: proj(), scriptPath: script, hosts: ['cursor'] });
    assert.deepEqual(r.map((x) => x.action), ['unchanged', 'unchanged']);
    assert.equal(readFileSync(join(proj(), '.mcp.json'), 'utf8'), before);
    assert.equal(statSync(join(proj(), '.mcp.json')).mtimeMs, m1);
  });

  it('replaces an outdated codeindex entry on an explicit write', async () => {
    writeFileSync(join(proj(), '.mcp.json'), JSON.stringify({ mcpServers: { codeindex: { command: 'npx', args: ['codeindex'] } } }));
    const [r] = await writeAgentConfigs({ projectPath: proj(), scriptPath: script, hosts: [] });
    assert.equal(r.action, 'updated');
    assert.deepEqual(read('.mcp.json').mcpServers.codeindex, { command: 'node', args: [script, '--path', proj()] });
  });

  it('refuses a file that is not JSON and leaves it unchanged', async () => {
    writeFileSync(join(proj(), '.mcp.json'), '{ "mcpServers": ');
    await assert.rejects(writeAgentConfigs({ projectPath: proj(), scriptPath: script, hosts: [] }), ConfigFileError);
    assert.equal(readFileSync(join(proj(), '.mcp.json'), 'utf8'), '{ "mcpServers": ');
    assert.throws(() => mergeEntry('[1]', HOST_FILES.claude, serverEntry(script, proj())), /not an object/);
    assert.throws(() => mergeEntry('{"mcpServers": 3}', HOST_FILES.claude, serverEntry(script, proj())), /"mcpServers" is not an object/);
  });

  it('refreshStaleEntries points entries at the new script only when the old one is gone', async () => {
    const gone = join(dir, 'old-ext-0.0.9', 'dist', 'server-entry.js');
    const other = join(dir, 'checkout', 'dist', 'server-entry.js');
    mkdirSync(join(dir, 'checkout', 'dist'), { recursive: true });
    writeFileSync(other, '');
    writeFileSync(join(proj(), '.mcp.json'), JSON.stringify({ mcpServers: { codeindex: { command: 'node', args: [gone, '--path', proj()] }, x: { command: 'y', args: [] } } }));
    mkdirSync(join(proj(), '.cursor'));
    writeFileSync(join(proj(), '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { codeindex: { command: 'node', args: [other, '--path', proj()] } } }));
    const r = await refreshStaleEntries({ projectPath: proj(), scriptPath: script });
    assert.deepEqual(r.map((x) => x.host), ['claude']);
    assert.deepEqual(read('.mcp.json').mcpServers, { codeindex: { command: 'node', args: [script, '--path', proj()] }, x: { command: 'y', args: [] } });
    assert.equal(read('.cursor/mcp.json').mcpServers.codeindex.args[0], other);
    assert.deepEqual(await refreshStaleEntries({ projectPath: proj(), scriptPath: script }), []);
    assert.equal(existsSync(join(proj(), '.gemini')), false);
  });
});
