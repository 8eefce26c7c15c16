// One tool = a name, a zod input shape, a description telling an agent when to use it, and a
// handler. The same definitions serve MCP (tools/list, tools/call) and `codeindex query`.
import { z } from 'zod';
import type { Graph } from '../graph/graph';
import type { IndexHandle } from './context';

export interface ToolEnv {
  handle: IndexHandle;
  root: string;
  /** The open index: always set for tools with needsIndex; maybe undefined for the others. */
  graph?: Graph;
}

export interface ToolDef<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** False for tools that answer without an index (status). */
  needsIndex: boolean;
  /** The answer's shape with no data: what a no-index answer carries besides its message. */
  empty: () => Record<string, unknown>;
  run(env: ToolEnv, args: z.output<z.ZodObject<S>>): Record<string, unknown>;
}

export function defineTool<S extends z.ZodRawShape>(t: ToolDef<S>): ToolDef<S> {
  return t;
}
