import { z } from 'zod';
import { graphQuery, OPERATIONS } from '../../graph/query';
import { defineTool } from '../tool';

export const graphTool = defineTool({
  name: 'codeindex_graph',
  title: 'Traverse the code graph',
  description:
    'Answer a structural question with a graph traversal: query = "<operation> <symbol>". Operations: find_callers <symbol>, ' +
    'find_callees <symbol> (calls through interfaces and overridable methods fan out to the implementations, marked ' +
    'dispatch), find_usages <symbol>, find_type_hierarchy <type> (ancestors and descendants), find_implementations ' +
    '<interface>, find_impact <symbol> (what a change may break, transitive, ranked by distance), find_circular_dependencies ' +
    '(file import cycles), find_dead_code (symbols nothing uses). Use it before changing or deleting code, and to follow ' +
    'calls precisely rather than by text search. Returns {operation, symbol, nodes, edges, paths: [{from, to, path}], ' +
    'truncated, resolution}: every edge says how it was resolved (exact, scope, import, heuristic).',
  input: {
    query: z.string().min(1).describe(`"<operation> <symbol>", e.g. "find_callers parseConfig"; operations: ${OPERATIONS.join(', ')}.`),
  },
  needsIndex: true,
  empty: () => ({ nodes: [], edges: [], paths: [], truncated: false, resolution: {} }),
  run: (env, args) => ({ ...graphQuery(env.graph!, args.query) }),
});
