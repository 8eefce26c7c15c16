// A line-delimited JSON-RPC transport over any pair of streams (stdio in direct mode; a socket
// in daemon mode). Unlike the SDK's StdioServerTransport it answers malformed input instead of
// dropping it: invalid JSON gets -32700 (parse error), a JSON value that is not a JSON-RPC
// message gets -32600 (invalid request); and it closes when the input ends, so a direct-mode
// server exits when its client goes away.
import type { Readable, Writable } from 'node:stream';
import { LineSplitter } from '../lines';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

const MAX_LINE = 16 * 1024 * 1024;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly lines = new LineSplitter((line) => this.handleLine(line));
  private closed = false;

  constructor(private readonly input: Readable, private readonly output: Writable) {}

  async start(): Promise<void> {
    this.input.setEncoding?.('utf8');
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onEnd);
    this.input.on('error', this.onStreamError);
    this.output.on('error', this.onStreamError);
  }

  private onData = (chunk: string | Buffer) => {
    this.lines.push(chunk);
    if (this.lines.pending > MAX_LINE) {
      this.lines.clear();
      this.reply(null, ErrorCode.InvalidRequest, `message longer than ${MAX_LINE} bytes`);
    }
  };

  private handleLine(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      this.reply(null, ErrorCode.ParseError, `Parse error: not valid JSON (${e instanceof Error ? e.message : e})`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = value && typeof value === 'object' && 'id' in value && (typeof (value as { id: unknown }).id === 'string' || typeof (value as { id: unknown }).id === 'number')
        ? (value as { id: string | number }).id : null;
      this.reply(id, ErrorCode.InvalidRequest, 'Invalid Request: expected a JSON-RPC 2.0 message with "jsonrpc": "2.0" and a "method" (and "id" for a request)');
      return;
    }
    try {
      this.onmessage?.(parsed.data);
    } catch (e) {
      this.onerror?.(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private reply(id: string | number | null, code: number, message: string): void {
    this.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) + '\n');
  }

  private write(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      if (this.output.write(text)) resolve();
      else this.output.once('drain', () => resolve());
    });
  }

  private onEnd = () => { void this.close(); };
  private onStreamError = (e: Error) => { this.onerror?.(e); void this.close(); };

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(JSON.stringify(message) + '\n');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onEnd);
    this.input.off('error', this.onStreamError);
    this.output.off('error', this.onStreamError);
    this.input.pause?.();
    this.onclose?.();
  }
}
