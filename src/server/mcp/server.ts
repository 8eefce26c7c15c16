// The MCP server: the SDK's protocol Server (initialize, ping, version negotiation: a client
// asking for 2024-11-05 gets 2024-11-05) with our handlers for tools/list, tools/call and
// resources. Tools are listed from their zod shapes (-> JSON Schema); argument errors come back as
// JSON-RPC -32602 naming the field; results carry `success` next to content and
// structuredContent. Capabilities are exactly {tools: {}, resources: {}}: we never change the
// lists, so we do not announce listChanged.
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../version';
import { callTool } from './call';
import type { IndexHandle } from './context';
import { registerResources } from './resources';
import { TOOLS } from './tools';
import { CAPABILITIES, INSTRUCTIONS, SERVER_NAME } from './info';

export { SERVER_NAME };

export function listTools() {
  return TOOLS.map((t) => {
    const schema = z.toJSONSchema(z.object(t.input), { io: 'input' }) as Record<string, unknown>;
    delete schema.$schema;
    return {
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: schema as { type: 'object'; [k: string]: unknown },
      annotations: { title: t.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    };
  });
}

export function createMcpServer(handle: IndexHandle): Server {
  const server = new Server({ name: SERVER_NAME, version: VERSION }, {
    capabilities: CAPABILITIES,
    instructions: INSTRUCTIONS,
  });
  const tools = listTools();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const token = req.params._meta?.progressToken;
    return callTool(handle, req.params.name, req.params.arguments, {
      signal: extra.signal,
      progress: token === undefined ? undefined : (done, total, message) =>
        extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, ...(total ? { total } : {}), message } })
          .catch(() => { /* client gone */ }),
    });
  });
  registerResources(server, handle);
  return server;
}
