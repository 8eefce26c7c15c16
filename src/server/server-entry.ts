// Entry point of the `codeindex` command and of the MCP server: argv + env -> one action.
import { parseArgs, UsageError, USAGE } from './cli';
import { VERSION } from './version';
import { debug, warn } from './log';

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
    default:
      warn(`'${cmd.kind}' is not available in this build yet`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => { warn(e instanceof Error ? e.stack || e.message : String(e)); process.exitCode = 1; },
);
