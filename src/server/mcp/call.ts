// tools/call: validate the arguments (zod), make sure the index can answer, run the tool, and
// shape the result: one text item with the JSON, the same object as structuredContent, and
// `success`. Argument errors and unknown tools are JSON-RPC errors -32602 naming the field; a
// missing index is a normal result (isError false, success false) saying what to run.
import { z } from 'zod';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ArgumentError } from '../graph/errors';
import type { IndexHandle } from './context';
import { TOOLS } from './tools';
import type { ToolDef } from './tool';
import { debug } from '../log';

const log = debug('mcp');

/** How long a call waits for an index that is being built before answering without it. */
export const WAIT_FOR_INDEX_MS = 10_000;
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
  progress?: (done: number, total: number, message: string) => void;
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
  // An index being built: wait a little (with progress) rather than answer from nothing.
  while (tool.needsIndex && state.kind === 'building' && Date.now() - t0 < WAIT_FOR_INDEX_MS && !hooks.signal?.aborted) {
    const a = handle.providers.activity?.();
    hooks.progress?.(a?.filesDone ?? 0, a?.filesTotal ?? 0, state.message);
    await new Promise((r) => setTimeout(r, 200));
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
    const out = tool.run({ handle, root: handle.root, graph: state.graph }, args as never);
    if (state.building) {
      const b = state.building;
      hooks.progress?.(b.filesDone, b.filesTotal, 'index still being built');
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
