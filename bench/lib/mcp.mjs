// A minimal MCP client over stdio (newline-delimited JSON-RPC 2.0), for timing servers from the
// outside: ours and the peer's, the same way.
import { spawn } from 'node:child_process';

export class McpClient {
  constructor(cmd, argv, { env = {}, cwd } = {}) {
    this.t0 = performance.now();
    this.proc = spawn(cmd, argv, { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.pending = new Map();
    this.nextId = 1;
    this.stderr = '';
    let buf = '';
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i).trim();
        buf = buf.slice(i + 1);
        if (!line) continue;
        let msg;
        try { msg = JSON.parse(line); } catch { continue; }
        if (msg.id !== undefined && this.pending.has(msg.id)) {
          const p = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) p.reject(Object.assign(new Error(msg.error.message), { code: msg.error.code }));
          else p.resolve(msg.result);
        }
      }
    });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (d) => { this.stderr = (this.stderr + d).slice(-8000); });
    this.exited = new Promise((res) => this.proc.on('exit', (code) => {
      for (const p of this.pending.values()) p.reject(new Error(`server exited (${code}): ${this.stderr.slice(-800)}`));
      this.pending.clear();
      res(code);
    }));
  }

  request(method, params = {}, timeoutMs = 60000) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this.pending.delete(id); reject(new Error(`${method} timed out after ${timeoutMs} ms`)); }, timeoutMs);
      this.pending.set(id, { resolve: (v) => { clearTimeout(timer); resolve(v); }, reject: (e) => { clearTimeout(timer); reject(e); } });
      this.proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
  }

  notify(method, params = {}) {
    this.proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', method, params }) + '\n');
  }

  /** initialize + initialized; returns ms from spawn to the answer. */
  async initialize() {
    await this.request('initialize', { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'codeindex-bench', version: '0' } });
    const ms = performance.now() - this.t0;
    this.notify('notifications/initialized');
    return ms;
  }

  /** tools/call; returns {ms, result, json} (json = the parsed text content when it is JSON). */
  async call(name, args, timeoutMs) {
    const t = performance.now();
    const result = await this.request('tools/call', { name, arguments: args }, timeoutMs);
    const ms = performance.now() - t;
    const text = result?.content?.[0]?.text ?? '';
    let json;
    try { json = JSON.parse(text); } catch { json = undefined; }
    return { ms, result, text, json };
  }

  async close() {
    try { this.proc.stdin.end(); } catch { /* gone */ }
    const killer = setTimeout(() => this.proc.kill('SIGKILL'), 3000);
    await this.exited;
    clearTimeout(killer);
  }
}
