import { z } from 'zod';
import { search, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from '../../graph/search';
import { defineTool } from '../tool';

export const searchTool = defineTool({
  name: 'codeindex_search',
  title: 'Search symbols by name',
  description:
    'Find functions, classes, methods, types and other symbols by name in the indexed project. Use it when you know or can guess ' +
    'a name or part of one: exact names rank first, then prefixes, then camelCase/snake_case words ("user service" finds ' +
    'UserService, user_service), then near-misses (typos), then matches in signatures, doc comments and file paths; ' +
    'central symbols rank higher. Faster and more precise than grep for finding definitions. For a task or question in plain ' +
    'words, use codeindex_explore instead. Returns {results: [{id, name, kind, qualifiedName, filePath, startLine, endLine, ' +
    'signature, docstring, score}]}; pass an id to codeindex_node or codeindex_graph.',
  input: {
    query: z.string().min(1).describe('A symbol name or part of it: "parseConfig", "parse config", "Config.load", "src/a.ts::main".'),
    limit: z.number().int().min(1).optional()
      .describe(`How many results (default ${SEARCH_DEFAULT_LIMIT}; values above ${SEARCH_MAX_LIMIT} are clamped to ${SEARCH_MAX_LIMIT}).`),
  },
  needsIndex: true,
  empty: () => ({ results: [] }),
  run: (env, args) => ({ ...search(env.graph!, args.query, args.limit) }),
});
