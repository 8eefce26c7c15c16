import { z } from 'zod';
import { nodeDetail } from '../../graph/node';
import { defineTool } from '../tool';

export const nodeTool = defineTool({
  name: 'codeindex_node',
  title: 'Show one symbol',
  description:
    'Show one symbol in detail: its record (kind, qualified name, file, lines, signature, docstring, visibility, isAsync, ' +
    'isExported) and its source code as the file is now; with includeRelated also its callers, callees and usages (each with ' +
    'the line and how the edge was resolved). Use it when you have a name or id (from search or explore) and need the code ' +
    'or the immediate neighbours. An ambiguous name answers with the best match plus `candidates`; an unknown one with ' +
    '`suggestions` of close names. Returns {node, code, callers?, callees?, usages?, candidates?, suggestions?, message?}.',
  input: {
    symbol: z.string().min(1).describe('A name ("save"), qualified name ("MemoryRepository.save") or id ("src/repository.ts::MemoryRepository.save").'),
    includeCode: z.boolean().optional().describe('Include the source code (default true).'),
    kind: z.string().min(1).optional().describe('Only symbols of this kind: function, method, class, interface, struct, enum, type, constant, variable, ...'),
    includeRelated: z.boolean().optional().describe('Include callers, callees and usages (default false).'),
  },
  needsIndex: true,
  empty: () => ({ node: null, code: null }),
  run: (env, args) => ({ ...nodeDetail(env.graph!, args) }),
});
