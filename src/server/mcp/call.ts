// tools/call: validate the arguments (zod), make sure the index can answer, run the tool, and
// shape the result: one text item with the JSON, the same object as structuredContent, and
// `success`. Argument errors and unknown tools are JSON-RPC errors -32602 naming the field; a
// missing index is a normal result (isError false, success false) saying what to run.
import { z } from 'zod';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ArgumentError } from '../graph/errors';
import type { IndexHandle, IndexState } from './context';
import { TOOLS } from './tools';
import type { ToolDef } from './tool';
import { debug } from '../log';

const log = debug('mcp');

/** How long a call waits for an index that is being built before answering without it. */
export const WAIT_FOR_INDEX_MS = 10_000;
function waitForIndexMs(): number {
  const v = Number(process.env.CODEINDEX_WAIT_FOR_INDEX_MS);
  return Number.isFinite(v) && v >= 0 && process.env.CODEINDEX_WAIT_FOR_INDEX_MS !== '' ? v : WAIT_FOR_INDEX_MS;
}
/** How long a call waits for pending edits to be synced before answering from the index as it is. */
export const SETTLE_MS = 2_000;

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  success: boolean;
  isError: boolean;
}

export interface CallHooks {
  /** Called while waiting for an index being built (MCP progress notifications). */
  progress?: (done: number, total: number, message: string) => Promise<void> | void;
  signal?: AbortSignal;
}

export function findTool(name: string): ToolDef | undefined {
  return TOOLS.find((t) => t.name === name);
}

export function result(obj: Record<string, unknown>, success = true, isError = false): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(obj) }], structuredContent: obj, success, isError };
}

/** `query: expected string, received number` - one clause per problem, each naming its field. */
export function describeIssues(tool: string, issues: z.core.$ZodIssue[], args: Record<string, unknown>): string {
  const parts = issues.map((i) => {
    const field = i.path.length ? i.path.join('.') : '(arguments)';
    const msg = i.message.replace(/^Invalid input: /, '');
    const missing = i.code === 'invalid_type' && i.path.length === 1 && args[String(i.path[0])] === undefined;
    return missing ? `${field}: required (${i.expected})` : `${field}: ${msg}`;
  });
  return `Invalid arguments for ${tool}: ${parts.join('; ')}`;
}

export function validate(tool: ToolDef, raw: unknown): Record<string, unknown> {
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for ${tool.name}: arguments must be an object`);
  }
  const args = (raw ?? {}) as Record<string, unknown>;
  const parsed = z.object(tool.input).safeParse(args);
  if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, describeIssues(tool.name, parsed.error.issues, args));
  return parsed.data as Record<string, unknown>;
}

export async function callTool(handle: IndexHandle, name: string, raw: unknown, hooks: CallHooks = {}): Promise<ToolResult> {
  const tool = findTool(name);
  if (!tool) {
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${name}'. Tools: ${TOOLS.map((t) => t.name).join(', ')}`);
  }
  const args = validate(tool, raw);
  const t0 = Date.now();
  let state = await handle.state();
  // An index being built: wait (with progress notifications) for it to finish, up to
  // WAIT_FOR_INDEX_MS (env CODEINDEX_WAIT_FOR_INDEX_MS); then answer from the files indexed so far,
  // saying so.
  const building = (st: IndexState) => st.kind === 'building' || (st.kind === 'ready' && !!st.building);
  const wait = waitForIndexMs();
  // MCP wants progress to increase with each notification: repeat values are not sent.
  let lastProgress = -1;
  const progress = async (done: number, total: number, message: string) => {
    if (done <= lastProgress) return;
    lastProgress = done;
    log(`progress ${done}/${total}: ${message}${hooks.progress ? '' : ' (no progress token)'}`);
    await hooks.progress?.(done, total, message);
  };
  while (tool.needsIndex && building(state) && Date.now() - t0 < wait && !hooks.signal?.aborted) {
    const a = handle.providers.activity?.() ?? (state.kind === 'ready' ? state.building : undefined);
    await progress(a?.filesDone ?? 0, a?.filesTotal ?? 0, `indexing ${handle.root}: ${a?.filesDone ?? 0}/${a?.filesTotal || '?'} files`);
    await new Promise((r) => setTimeout(r, 250));
    state = await handle.state();
  }
  if (tool.needsIndex && state.kind === 'ready' && await handle.settle(SETTLE_MS)) state = await handle.state();
  try {
    if (!tool.needsIndex) {
      return result(tool.run({ handle, root: handle.root, graph: handle.current() }, args as never));
    }
    if (state.kind !== 'ready') {
      return result({ ...tool.empty(), indexState: state.kind, message: state.message }, false, false);
    }
    // A serving mode may run heavy read-only tools elsewhere (the daemon: a reader thread)
    const off = handle.opts.offload?.(tool.name, args);
    const out = off ? await off : tool.run({ handle, root: handle.root, graph: state.graph }, args as never);
    if (state.building) {
      const b = state.building;
      // The notification must reach the client before the answer ends the call. SDK clients
      // handle a notification a microtask later than a response read in the same chunk, so a
      // short pause keeps the two apart.
      if (hooks.progress && b.filesDone > lastProgress) {
        await progress(b.filesDone, b.filesTotal, `answering from the ${b.filesDone} files indexed so far`);
        await new Promise((r) => setTimeout(r, 15));
      }
      out.indexing = {
        filesDone: b.filesDone, filesTotal: b.filesTotal,
        message: 'The index is still being built: this answer comes from the files indexed so far.',
      };
    }
    log(`${name} ${Date.now() - t0} ms`);
    return result(out);
  } catch (e) {
    if (e instanceof ArgumentError) throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for ${name}: ${e.message}`);
    const msg = e instanceof Error ? e.message : String(e);
    log(`${name} failed: ${e instanceof Error ? e.stack : msg}`);
    return result({ ...tool.empty(), message: `${name} failed: ${msg}` }, false, true);
  }
}
