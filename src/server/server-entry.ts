// Entry point of the `codeindex` command and of the MCP server: argv + env -> one action.
import { existsSync } from 'node:fs';
import { parseArgs, UsageError, USAGE } from './cli';
import { indexDir } from './store/schema';
import { VERSION } from './version';
import { debug, warn } from './log';
import { runIndex } from './index/run';
import { ConfigError } from './index/config';
import { SyncLockedError } from './index/sync';
import { liveServeOptions, serveDirect } from './modes/direct';
import { runQuery } from './mcp/query-cli';

const log = debug('entry');

async function main(argv: string[]): Promise<number> {
  let cmd;
  try {
    cmd = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`codeindex: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  log(`command ${cmd.kind}`, cmd);
  switch (cmd.kind) {
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    case 'version':
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case 'init':
    case 'index':
      try {
        await runIndex(cmd.path, { force: cmd.kind === 'index' && cmd.force });
        return 0;
      } catch (e) {
        if (e instanceof ConfigError || e instanceof SyncLockedError) { warn(e.message); return 1; }
        throw e;
      }
    case 'serve': {
      const mode = selectMode(cmd.path);
      log(`serve ${cmd.path}: ${mode.mode} (${mode.reason})`);
      const live = liveServeOptions(cmd.path);
      try {
        await serveDirect(cmd.path, live);
      } finally {
        live.close();
      }
      // The client is gone: exit even if a stray handle would keep the loop alive.
      setTimeout(() => process.exit(0), 200).unref();
      return 0;
    }
    case 'query':
      return runQuery(cmd.path, cmd.tool, cmd.args);
    default:
      warn(`'${(cmd as { kind: string }).kind}' is not available in this build yet`);
      return 1;
  }
}

/**
 * Which serving mode this launch uses (SPEC.md part 1). Only direct mode exists in this build;
 * proxy/daemon will be chosen here when .codeindex/ exists and CODEINDEX_NO_DAEMON is not set.
 */
function selectMode(root: string): { mode: 'direct'; reason: string } {
  if (process.env.CODEINDEX_NO_DAEMON === '1') return { mode: 'direct', reason: 'CODEINDEX_NO_DAEMON=1' };
  if (!existsSync(indexDir(root))) return { mode: 'direct', reason: 'no .codeindex/ yet' };
  return { mode: 'direct', reason: 'daemon mode not available in this build' };
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => { warn(e instanceof Error ? e.stack || e.message : String(e)); process.exitCode = 1; },
);
