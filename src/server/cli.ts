// Command-line parsing: argv -> one Command, or a usage error with the line to print.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'init'; path: string }
  | { kind: 'index'; path: string; force: boolean }
  | { kind: 'query'; path: string; tool: string; args: string }
  | { kind: 'serve'; path: string };

export class UsageError extends Error {}

export const USAGE = `codeindex — a code-graph MCP server for AI agents

Usage:
  codeindex --path <dir>                 serve the project's index over MCP on stdio
                                         (direct, or proxy to the shared daemon)
  codeindex --init --path <dir>          create <dir>/.codeindex/ and index the project
  codeindex index --path <dir> [--force] re-index changed files (--force: everything)
  codeindex query <tool> '<json>' --path <dir>
                                         call one tool and print its JSON (no MCP client needed)
  codeindex --version | --help

Options:
  --path <dir>   project root (default: the current directory)
  --mcp          accepted for launchers; serving MCP on stdio is the default
  --force        with 'index': rebuild the whole index

Environment:
  CODEINDEX_NO_DAEMON=1                 serve directly, never through a daemon
  CODEINDEX_DB_BACKEND=node-sqlite|sqljs force a storage backend
  DEBUG=codeindex:*                     verbose logging on stderr
`;

export function parseArgs(argv: string[], cwd = process.cwd()): Command {
  let path: string | undefined;
  let init = false, force = false, help = false, version = false;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--path' || a === '-p') {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError('--path needs a directory, e.g. --path .');
      path = v;
    } else if (a.startsWith('--path=')) path = a.slice('--path='.length);
    else if (a === '--init') init = true;
    else if (a === '--force') force = true;
    else if (a === '--mcp') { /* serving MCP on stdio is what every launch does */ }
    else if (a === '--help' || a === '-h') help = true;
    else if (a === '--version' || a === '-v') version = true;
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}; see --help`);
    else positional.push(a);
  }
  if (help) return { kind: 'help' };
  if (version) return { kind: 'version' };

  const root = checkDir(path ?? cwd, path !== undefined);
  const [sub, ...rest] = positional;
  if (init) {
    if (sub) throw new UsageError(`--init takes no command (got '${sub}')`);
    return { kind: 'init', path: root };
  }
  if (sub === undefined || sub === 'serve') return { kind: 'serve', path: root };
  if (sub === 'index') return { kind: 'index', path: root, force };
  if (sub === 'query') {
    const [tool, json = '{}'] = rest;
    if (!tool) throw new UsageError(`query needs a tool name, e.g. codeindex query codeindex_search '{"query":"main"}'`);
    return { kind: 'query', path: root, tool, args: json };
  }
  throw new UsageError(`unknown command '${sub}'; see --help`);
}

function checkDir(p: string, given: boolean): string {
  const abs = resolve(p);
  let st;
  try { st = statSync(abs); } catch {
    throw new UsageError(`${given ? '--path' : 'current directory'} ${abs} does not exist; pass the project folder with --path <dir>`);
  }
  if (!st.isDirectory()) throw new UsageError(`--path ${abs} is not a directory; pass the project folder, not a file`);
  return abs;
}
