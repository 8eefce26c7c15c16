import { z } from 'zod';
import { explore, EXPLORE_DEFAULT_TOKENS, EXPLORE_MAX_FILES } from '../../graph/explore';
import { defineTool } from '../tool';

export const exploreTool = defineTool({
  name: 'codeindex_explore',
  title: 'Explore code for a task',
  description:
    'Get the code relevant to a task or question in one call: the symbols that match its words, expanded along calls, ' +
    'references and type relations (personalised PageRank), grouped by file with source snippets read from the files as they ' +
    `are now. Use it first when starting a task ("how are prices formatted?", "add retry to the HTTP client") instead of ` +
    `reading many files. The answer stays within about ${EXPLORE_DEFAULT_TOKENS / 1000}k tokens; budget.truncated says when ` +
    'something was left out (follow up with codeindex_node). Returns {nodes, edges, files: {path: {snippets: [{nodeId, ' +
    'startLine, endLine, code}]}}, relationships: {calls, references}, budget}.',
  input: {
    query: z.string().min(1).describe('The task or question, in plain words; identifiers in it are matched by name.'),
    maxFiles: z.number().int().min(1).optional()
      .describe(`At most this many files (default: adaptive, 12 for small projects down to 6 for very large ones; at most ${EXPLORE_MAX_FILES}).`),
  },
  needsIndex: true,
  empty: () => ({ nodes: [], edges: [], files: {}, relationships: { calls: [], references: [] } }),
  run: (env, args) => ({ ...explore(env.graph!, args.query, { maxFiles: args.maxFiles }) }),
});
