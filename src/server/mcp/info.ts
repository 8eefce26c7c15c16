// What the server says about itself in `initialize`, kept free of the SDK and zod so the stdio
// front (modes/front.ts) can answer the handshake before the rest of the server is loaded. The
// protocol Server (server.ts) announces the same values; a unit test checks the version list
// against the SDK's.
import { VERSION } from '../version';

export const SERVER_NAME = 'codeindex';

export const INSTRUCTIONS = `codeindex serves a code graph of this project (symbols, calls, references, types, imports).
Start a task with codeindex_explore (plain-words question -> relevant code). Look names up with codeindex_search,
read one symbol with codeindex_node, and follow structure with codeindex_graph (callers, callees, impact, hierarchy,
implementations, import cycles, dead code). codeindex_status says whether the index is fresh.`;

/** Exactly tools and resources (SPEC.md A2): the lists never change, so no listChanged. */
export const CAPABILITIES = { tools: {}, resources: {} };

/** The SDK's SUPPORTED_PROTOCOL_VERSIONS (newest first): a client asking for one of them gets it. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

/** The result the SDK's Server gives to `initialize` with these params. */
export function initializeResult(params: { protocolVersion: string }): Record<string, unknown> {
  const v = SUPPORTED_PROTOCOL_VERSIONS.includes(params.protocolVersion) ? params.protocolVersion : SUPPORTED_PROTOCOL_VERSIONS[0];
  return { protocolVersion: v, capabilities: CAPABILITIES, serverInfo: { name: SERVER_NAME, version: VERSION }, instructions: INSTRUCTIONS };
}
