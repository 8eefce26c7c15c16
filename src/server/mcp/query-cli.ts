// `codeindex query <tool> '<json args>'`: the same tools without an MCP client. Prints the
// same JSON an MCP client gets as the result's text (indented on a terminal). Exit codes:
// 0 answered, 1 answered without data (no index) or the tool failed, 2 bad tool name or arguments.
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { callTool } from './call';
import { IndexHandle, ServeOptions } from './context';

export async function runQuery(root: string, tool: string, json: string, opts: ServeOptions = {},
  out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  let args: unknown;
  try {
    args = JSON.parse(json);
  } catch (e) {
    err.write(`codeindex: the arguments of query must be a JSON object, e.g. '{"query":"main"}' (${e instanceof Error ? e.message : e})\n`);
    return 2;
  }
  const handle = new IndexHandle(root, opts);
  try {
    const r = await callTool(handle, tool, args);
    const obj = r.structuredContent;
    out.write(((out as NodeJS.WriteStream).isTTY ? JSON.stringify(obj, null, 2) : r.content[0].text) + '\n');
    if (!r.success) err.write(`codeindex: ${String(obj.message ?? 'no answer')}\n`);
    return r.success ? 0 : 1;
  } catch (e) {
    if (e instanceof McpError) {
      err.write(`codeindex: ${e.message.replace(/^MCP error -?\d+: /, '')}\n`);
      return 2;
    }
    throw e;
  } finally {
    handle.close();
  }
}
