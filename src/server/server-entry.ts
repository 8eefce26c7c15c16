// Entry point of the `codeindex` command and of the MCP server: argv + env -> one action.
// This file and what it imports stay small (no SDK, zod, store or index): a serving process
// answers `initialize` from here within milliseconds, then loads server-core.js for direct mode,
// or only relays to the daemon in proxy mode.
import { parseArgs, UsageError, USAGE, Command } from './cli';
import { VERSION } from './version';
import { debug, warn } from './log';
import { StdioFront } from './modes/front';
import { directBackend, runProxy } from './modes/proxy';
import { selectMode } from './modes/select';
import { watchParent } from './modes/watchdog';
import { loadCore, loadIndexCore } from './modes/core-loader';
import { indexViaDaemon } from './modes/index-client';

const log = debug('entry');

async function main(argv: string[]): Promise<number> {
  let cmd: Command;
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
    case 'serve':
      return serve(cmd.path);
    case 'index': {
      const viaDaemon = await indexViaDaemon(cmd.path, cmd.force);
      if (viaDaemon !== undefined) return viaDaemon;
      return loadIndexCore().runIndexCommand(cmd.path, cmd.force);
    }
    case 'init':
      return loadIndexCore().runIndexCommand(cmd.path, false);
    default:
      return loadCore().runCommand(cmd);
  }
}

async function serve(root: string): Promise<number> {
  const mode = selectMode(root);
  log(`serve ${root}: ${mode.mode} (${mode.reason})`);
  if (mode.mode === 'daemon') {
    const code = await loadCore().runDaemon(root);
    setTimeout(() => process.exit(code), 100).unref();
    return code;
  }
  const front = new StdioFront(process.stdin, process.stdout);
  front.start();
  watchParent((why) => front.shutdown(why));
  if (mode.mode === 'direct') {
    front.afterFirstMessage(() => { if (front.agentConnected) front.attach(directBackend(front, root)); });
  } else {
    try {
      await runProxy(front, root);
    } catch (e) {
      warn(`proxy failed (${e instanceof Error ? e.message : e}); serving directly`);
      if (front.agentConnected) front.attach(directBackend(front, root));
    }
  }
  await front.done;
  // The client is gone: exit even if a stray handle would keep the loop alive.
  setTimeout(() => process.exit(0), 100).unref();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => { warn(e instanceof Error ? e.stack || e.message : String(e)); process.exitCode = 1; },
);
