// Resources: the status record and a project overview, for clients that show or prefetch them.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, McpError, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { projectOverview } from '../graph/overview';
import { indexStatus } from '../graph/status';
import type { IndexHandle } from './context';

export const STATUS_URI = 'codeindex://status';
export const OVERVIEW_URI = 'codeindex://overview';

const RESOURCES = [
  { uri: STATUS_URI, name: 'status', title: 'Index status', mimeType: 'application/json',
    description: 'The codeindex_status record: freshness, counts, languages, backend, watcher.' },
  { uri: OVERVIEW_URI, name: 'overview', title: 'Project overview', mimeType: 'application/json',
    description: 'Languages, top-level modules with file counts, the most central symbols and likely entry points.' },
];

async function read(handle: IndexHandle, uri: string): Promise<unknown> {
  if (uri === STATUS_URI) {
    await handle.state();
    return indexStatus(handle.root, handle.current(), handle.providers);
  }
  if (uri === OVERVIEW_URI) {
    const st = await handle.state();
    return st.kind === 'ready' ? projectOverview(st.graph) : { projectPath: handle.root, indexState: st.kind, message: st.message };
  }
  throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${uri}; resources: ${RESOURCES.map((r) => r.uri).join(', ')}`);
}

export function registerResources(server: Server, handle: IndexHandle): void {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: RESOURCES }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => ({
    contents: [{ uri: req.params.uri, mimeType: 'application/json', text: JSON.stringify(await read(handle, req.params.uri)) }],
  }));
}
