// Entry point of the `codeindex` command and of the MCP server: argv + env -> one action.
import { parseArgs, UsageError, USAGE } from './cli';
import { VERSION } from './version';
import { debug, warn } from './log';
import { runIndex } from './index/run';
import { ConfigError } from './index/config';
import { SyncLockedError } from './index/sync';

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
    default:
      warn(`'${cmd.kind}' is not available in this build yet`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => { warn(e instanceof Error ? e.stack || e.message : String(e)); process.exitCode = 1; },
);
