// MCP configuration files of agent hosts (SPEC part 1, A7): the codeindex server entry merged
// into `.mcp.json` and the per-host equivalents. Plain Node, no `vscode`. Files are edited in
// place with jsonc-parser, so comments, formatting, other servers and other keys survive; a
// write that would change nothing leaves the file untouched (idempotent).
import { promises as fs, existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { applyEdits, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** The key our entry has in every file. */
export const SERVER_NAME = 'codeindex';

export type AgentHost = 'claude' | 'cursor' | 'vscode' | 'gemini';
export const AGENT_HOSTS: readonly AgentHost[] = ['claude', 'cursor', 'vscode', 'gemini'];

export interface HostFile {
  host: AgentHost;
  /** Path relative to the project root. */
  file: string;
  /** The top-level map the servers live in. */
  key: 'mcpServers' | 'servers';
  /** Whether the entry carries `"type": "stdio"`. */
  typed: boolean;
  label: string;
}

export const HOST_FILES: Record<AgentHost, HostFile> = {
  claude: { host: 'claude', file: '.mcp.json', key: 'mcpServers', typed: false, label: 'Claude Code (.mcp.json)' },
  cursor: { host: 'cursor', file: join('.cursor', 'mcp.json'), key: 'mcpServers', typed: false, label: 'Cursor (.cursor/mcp.json)' },
  vscode: { host: 'vscode', file: join('.vscode', 'mcp.json'), key: 'servers', typed: true, label: 'VS Code (.vscode/mcp.json)' },
  gemini: { host: 'gemini', file: join('.gemini', 'settings.json'), key: 'mcpServers', typed: false, label: 'Gemini CLI (.gemini/settings.json)' },
};

export interface ServerEntry {
  type?: 'stdio';
  command: string;
  args: string[];
}

/** `{ command: "node", args: [<abs server-entry.js>, "--path", <abs project>] }` */
export function serverEntry(scriptPath: string, projectPath: string, typed = false): ServerEntry {
  if (!isAbsolute(scriptPath)) throw new Error(`the server script path must be absolute (got '${scriptPath}')`);
  const entry: ServerEntry = { command: 'node', args: [scriptPath, '--path', resolve(projectPath)] };
  return typed ? { type: 'stdio', ...entry } : entry;
}

export class ConfigFileError extends Error {
  constructor(readonly path: string, detail: string) {
    super(`${path} is not valid JSON (${detail}), so it was left unchanged. Fix the file (or delete it), then write the agent configuration again.`);
    this.name = 'ConfigFileError';
  }
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

function parseObject(text: string, path: string): Record<string, unknown> {
  if (!text.trim()) return {};
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length) {
    const e = errors[0];
    throw new ConfigFileError(path, `${printParseErrorCode(e.error)} at offset ${e.offset}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ConfigFileError(path, 'the top level is not an object');
  return value as Record<string, unknown>;
}

function sameEntry(a: unknown, b: ServerEntry): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `text` (a config file's content, '' when absent) with our entry set under `hf.key`; every
 * other server and key is kept as written. Returns the same string when nothing changes.
 */
export function mergeEntry(text: string, hf: HostFile, entry: ServerEntry, path = hf.file): string {
  const obj = parseObject(text, path);
  const map = obj[hf.key];
  if (map !== undefined && (map === null || typeof map !== 'object' || Array.isArray(map))) {
    throw new ConfigFileError(path, `"${hf.key}" is not an object`);
  }
  const current = (map as Record<string, unknown> | undefined)?.[SERVER_NAME];
  if (current !== undefined && sameEntry(current, entry)) return text;
  const base = text.trim() ? text : '{}\n';
  const out = applyEdits(base, modify(base, [hf.key, SERVER_NAME], entry, FORMAT));
  return out.endsWith('\n') ? out : out + '\n';
}

export type WriteAction = 'created' | 'updated' | 'unchanged';
export interface WriteResult {
  host: AgentHost;
  path: string;
  action: WriteAction;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** Temp file + rename: a crash never leaves half a config behind. */
async function writeAtomic(path: string, text: string): Promise<void> {
  await fs.mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(tmp, text);
  try {
    await fs.rename(tmp, path);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

export interface WriteOptions {
  /** Project root (absolute). */
  projectPath: string;
  /** Absolute path of the bundled dist/server-entry.js. */
  scriptPath: string;
  hosts: readonly AgentHost[];
}

/** Writes (or merges) our entry into each host's file. `.mcp.json` is always among them. */
export async function writeAgentConfigs(opts: WriteOptions): Promise<WriteResult[]> {
  const hosts = ['claude' as AgentHost, ...opts.hosts.filter((h) => h !== 'claude')];
  const results: WriteResult[] = [];
  for (const host of hosts) {
    const hf = HOST_FILES[host];
    if (!hf) throw new Error(`unknown agent host '${host}' (known: ${AGENT_HOSTS.join(', ')})`);
    const path = join(opts.projectPath, hf.file);
    const before = await readIfExists(path);
    const after = mergeEntry(before ?? '', hf, serverEntry(opts.scriptPath, opts.projectPath, hf.typed), path);
    if (before !== undefined && after === before) {
      results.push({ host, path, action: 'unchanged' });
      continue;
    }
    await writeAtomic(path, after);
    results.push({ host, path, action: before === undefined ? 'created' : 'updated' });
  }
  return results;
}

/** Our entry as written in a file (undefined when absent or the file is unreadable). */
export function readEntry(text: string, hf: HostFile): ServerEntry | undefined {
  try {
    const obj = parseObject(text, hf.file);
    const map = obj[hf.key] as Record<string, unknown> | undefined;
    const e = map && typeof map === 'object' ? map[SERVER_NAME] : undefined;
    if (!e || typeof e !== 'object') return undefined;
    const { command, args } = e as ServerEntry;
    if (typeof command !== 'string' || !Array.isArray(args)) return undefined;
    return e as ServerEntry;
  } catch {
    return undefined;
  }
}

/**
 * After an extension update the old dist/server-entry.js is gone: every file whose codeindex
 * entry points at a script that no longer exists is pointed at `scriptPath`. Entries pointing at a
 * script that still exists (another install, a checkout) are left alone; so are files without
 * our entry. Returns the files it changed.
 */
export async function refreshStaleEntries(opts: { projectPath: string; scriptPath: string }): Promise<WriteResult[]> {
  const out: WriteResult[] = [];
  for (const host of AGENT_HOSTS) {
    const hf = HOST_FILES[host];
    const path = join(opts.projectPath, hf.file);
    const text = await readIfExists(path);
    if (text === undefined) continue;
    const entry = readEntry(text, hf);
    const script = entry?.args[0];
    if (!entry || typeof script !== 'string' || script === opts.scriptPath) continue;
    if (!script.endsWith('server-entry.js') || existsSync(script)) continue;
    const args = [opts.scriptPath, ...entry.args.slice(1)];
    const fresh = applyEdits(text, modify(text, [hf.key, SERVER_NAME, 'args'], args, FORMAT));
    await writeAtomic(path, fresh);
    out.push({ host, path, action: 'updated' });
  }
  return out;
}
