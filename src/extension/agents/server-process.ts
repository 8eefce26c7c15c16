// `start_codeindex_mcp` (SPEC 4.4): spawns the bundled tool server for a project and checks that
// the MCP handshake comes back on its stdout. Plain Node, no `vscode`.
import { spawn, type ChildProcess } from 'node:child_process';
import { nodeRuntime } from '../node-runtime';

export interface StartedServer {
  child: ChildProcess;
  /** `serverInfo` from the initialize answer. */
  serverInfo: { name: string; version: string };
  protocolVersion: string;
  /** Ends the session: closes stdin (the server exits when its client goes) and kills it if needed. */
  stop(): Promise<void>;
}

export interface StartOptions {
  scriptPath: string;
  projectPath: string;
  /** How long to wait for the initialize answer; default 15 s. */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** Spawns `node <script> --path <project>`, sends `initialize`, resolves once it answers. */
export function startMcpServer(opts: StartOptions): Promise<StartedServer> {
  const rt = nodeRuntime();
  const child = spawn(rt.command, [opts.scriptPath, '--path', opts.projectPath], {
    cwd: opts.projectPath,
    env: { ...process.env, ...rt.env, ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => { stderr = (stderr + d).slice(-4000); });
  const stop = () => new Promise<void>((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    const t = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => { clearTimeout(t); res(); });
    child.stdin!.end();
  });
  return new Promise<StartedServer>((resolve, reject) => {
    let buf = '';
    let done = false;
    const fail = (why: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void stop();
      reject(new Error(`The codeindex server did not start: ${why}${stderr.trim() ? `\n${stderr.trim()}` : ''}`));
    };
    const timer = setTimeout(() => fail(`no MCP handshake within ${(opts.timeoutMs ?? 15000) / 1000} s`), opts.timeoutMs ?? 15000);
    child.on('error', (e) => fail(e.message));
    child.on('exit', (code, sig) => fail(`it exited (${sig ?? `code ${code}`}) before answering`));
    child.stdout!.setEncoding('utf8');
    const onData = (d: string) => {
      buf += d;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (!line) continue;
        let msg: { id?: number; result?: { serverInfo?: { name: string; version: string }; protocolVersion?: string }; error?: { message: string } };
        try { msg = JSON.parse(line); } catch { continue; }
        if (msg.id !== 1 || done) continue;
        if (msg.error || !msg.result?.serverInfo) return fail(msg.error?.message ?? 'the initialize answer has no serverInfo');
        done = true;
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.removeAllListeners('exit');
        child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
        // Keep draining stdout so the server never blocks on a full pipe.
        child.stdout!.resume();
        resolve({ child, serverInfo: msg.result.serverInfo, protocolVersion: msg.result.protocolVersion ?? '', stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stdin!.write(JSON.stringify({
      jsonrpc: '2.0', id: 1, method: 'initialize',
      params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'codeindex-vscode', version: '0' } },
    }) + '\n');
  });
}
