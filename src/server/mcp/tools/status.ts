import { z } from 'zod';
import { indexStatus } from '../../graph/status';
import { defineTool } from '../tool';
import { resolve } from 'node:path';
import { ArgumentError } from '../../graph/errors';

export const statusTool = defineTool({
  name: 'codeindex_status',
  title: 'Index status',
  description:
    'Report the health of the code index: whether it exists, when it was last updated and how fresh it is (fresh, stale, ' +
    'syncing, indexing, unwatched, incompatible, missing), node/edge/file counts, languages, database size, storage backend ' +
    'and the file watcher. Use it when answers look empty or out of date, or to check the index before relying on it. ' +
    'Answers in milliseconds and works without an index (it then says how to create one).',
  input: {
    projectPath: z.string().min(1).optional().describe('The project (default: the project this server serves). Another path is rejected.'),
  },
  needsIndex: false,
  empty: () => ({}),
  run: (env, args) => {
    if (args.projectPath !== undefined) {
      const asked = resolve(env.root, args.projectPath);
      if (asked !== env.root && !asked.startsWith(env.root + '/')) {
        throw new ArgumentError('projectPath', `this server serves ${env.root}, not ${asked}; start a server with --path ${asked} for that project`);
      }
    }
    return { ...indexStatus(env.root, env.graph, env.handle.providers) };
  },
});
