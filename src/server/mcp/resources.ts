// Resources: the status record and a project overview, for clients that show or prefetch them.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { projectOverview } from '../graph/overview';
import { indexStatus } from '../graph/status';
import type { IndexHandle } from './context';

export const STATUS_URI = 'codeindex://status';
export const OVERVIEW_URI = 'codeindex://overview';

export function registerResources(server: McpServer, handle: IndexHandle): void {
  server.registerResource('status', STATUS_URI, {
    title: 'Index status',
    description: 'The codeindex_status record: freshness, counts, languages, backend, watcher.',
    mimeType: 'application/json',
  }, async (uri) => {
    await handle.state();
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(indexStatus(handle.root, handle.current(), handle.providers)) }] };
  });
  server.registerResource('overview', OVERVIEW_URI, {
    title: 'Project overview',
    description: 'Languages, top-level modules with file counts, the most central symbols and likely entry points.',
    mimeType: 'application/json',
  }, async (uri) => {
    const st = await handle.state();
    const body = st.kind === 'ready' ? projectOverview(st.graph) : { projectPath: handle.root, indexState: st.kind, message: st.message };
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }] };
  });
}
