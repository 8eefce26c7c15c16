// The stdio front of every serving process (direct and proxy): reads the agent's JSON-RPC lines,
// answers a well-formed `initialize` at once (before the index, the daemon or even the rest of
// the server is loaded), and relays everything else to a backend: a daemon socket, or an MCP
// session in this process. The backend answers the same `initialize` itself (its copy of the
// answer is dropped here), so its session state is the one a direct connection would have.
// When a backend goes away while the agent is still connected, the front can attach another:
// it replays `initialize`, `notifications/initialized` and the requests still unanswered, so the
// agent sees no gap (tools are read-only: re-running a request is harmless).
import type { Readable, Writable } from 'node:stream';
import { initializeResult } from '../mcp/info';
import { debug } from '../log';
import { LineSplitter } from '../lines';

const log = debug('front');

export interface BackendEvents {
  onLine(line: string): void;
  onClose(reason: string): void;
}

export interface Backend {
  readonly label: string;
  send(line: string): void;
  /** The agent is gone: close gracefully. */
  end(): void;
}

type Id = string | number;
const key = (id: Id) => `${typeof id}:${id}`;

interface Msg { id?: Id; method?: string; params?: Record<string, unknown>; result?: unknown; error?: unknown }

function parse(line: string): Msg | undefined {
  try {
    const v = JSON.parse(line);
    return v && typeof v === 'object' && !Array.isArray(v) ? v as Msg : undefined;
  } catch {
    return undefined;
  }
}

export class StdioFront {
  /** Called when the backend closed while the agent is still connected. */
  onBackendLost?: (reason: string) => void;
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  private readonly lines = new LineSplitter((line) => this.fromAgent(line));
  private queue: string[] = [];
  private backend?: Backend;
  private attachedOnce = false;
  private initLine?: string;
  private initKey?: string;
  private initializedLine?: string;
  private readonly pending = new Map<string, string>();
  private readonly drop = new Set<string>();
  private ended = false;

  constructor(private readonly input: Readable, private readonly output: Writable) {
    this.done = new Promise((r) => { this.resolveDone = r; });
  }

  get agentConnected(): boolean {
    return !this.ended;
  }

  /**
   * Calls fn once the agent's first message has been handled (its `initialize` answered), or
   * after waitMs without input: loading a backend is slow and must not delay that answer.
   */
  afterFirstMessage(fn: () => void, waitMs = 250): void {
    let called = false;
    const once = () => { if (!called) { called = true; clearTimeout(t); fn(); } };
    const t = setTimeout(once, waitMs);
    this.firstMessage = () => setImmediate(once);
  }

  private firstMessage?: () => void;

  start(): void {
    this.input.setEncoding?.('utf8');
    this.input.on('data', (chunk: string | Buffer) => {
      this.lines.push(chunk);
      if (this.firstMessage) { const f = this.firstMessage; this.firstMessage = undefined; f(); }
    });
    this.input.on('end', () => this.shutdown('the agent closed stdin'));
    this.input.on('close', () => this.shutdown('the agent closed stdin'));
    this.input.on('error', (e) => this.shutdown(`stdin: ${e.message}`));
    this.output.on('error', (e) => this.shutdown(`stdout: ${e.message}`));
  }

  private fromAgent(line: string): void {
    const m = parse(line);
    if (m && typeof m.method === 'string') {
      if (m.id !== undefined && m.id !== null) {
        const k = key(m.id);
        if (m.method === 'initialize' && this.initLine === undefined && typeof m.params?.protocolVersion === 'string') {
          this.initLine = line;
          this.initKey = k;
          this.drop.add(k);
          this.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: initializeResult(m.params as { protocolVersion: string }) }));
          log('initialize answered by the front');
        } else {
          this.pending.set(k, line);
        }
      } else if (m.method === 'notifications/initialized') {
        this.initializedLine = line;
      } else if (m.method === 'notifications/cancelled') {
        const rid = m.params?.requestId;
        if (typeof rid === 'string' || typeof rid === 'number') this.pending.delete(key(rid));
      }
    }
    this.forward(line);
  }

  private forward(line: string): void {
    if (this.backend) this.backend.send(line);
    else this.queue.push(line);
  }

  /** A line from the backend, for the agent (minus the backend's copy of the initialize answer). */
  fromBackend(line: string): void {
    const m = parse(line);
    if (m && m.method === undefined && m.id !== undefined && m.id !== null) {
      const k = key(m.id);
      if (this.drop.delete(k)) return;
      this.pending.delete(k);
    }
    this.write(line);
  }

  private write(line: string): void {
    if (this.ended) return;
    this.output.write(line + '\n');
  }

  /** Makes b the backend: replays the session so far if an earlier backend was lost. */
  attach(b: Backend): void {
    if (this.ended) { b.end(); return; }
    this.backend = b;
    log(`backend: ${b.label}`);
    if (this.attachedOnce) {
      if (this.initLine !== undefined) { this.drop.add(this.initKey!); b.send(this.initLine); }
      if (this.initializedLine !== undefined) b.send(this.initializedLine);
      const queued = new Set(this.queue);
      for (const line of this.pending.values()) if (!queued.has(line)) b.send(line);
    }
    this.attachedOnce = true;
    const q = this.queue;
    this.queue = [];
    for (const line of q) b.send(line);
  }

  /** The backend's events: lines to relay, and its end (another one may be attached then). */
  events(label: string): BackendEvents {
    return {
      onLine: (line) => this.fromBackend(line),
      onClose: (reason) => {
        if (this.backend?.label !== label) return;
        this.backend = undefined;
        if (this.ended) { this.resolveDone(); return; }
        log(`backend ${label} closed: ${reason}`);
        if (this.onBackendLost) this.onBackendLost(reason);
        else this.shutdown(`backend closed: ${reason}`);
      },
    };
  }

  /** The agent is gone (stdin closed, host died): ends the backend, then done resolves. */
  shutdown(why: string): void {
    if (this.ended) return;
    this.ended = true;
    log(`shutting down: ${why}`);
    const b = this.backend;
    if (!b) { this.resolveDone(); return; }
    b.end();
    // a backend that does not close promptly is not waited for (the host may be gone: be quick)
    setTimeout(() => this.resolveDone(), 300).unref();
  }
}
