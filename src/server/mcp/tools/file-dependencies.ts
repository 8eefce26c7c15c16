import { z } from 'zod';
import { fileDependencies } from '../../graph/deps';
import { defineTool } from '../tool';

export const fileDependenciesTool = defineTool({
  name: 'codeindex_file_dependencies',
  title: 'File dependencies',
  description:
    'List the project files a file imports (dependencies) and the project files that import it (dependents), as paths ' +
    'relative to the project root. Use it to understand module structure, to find what a change to a file may affect, or ' +
    'where a file is used. Returns {file, dependencies, dependents, message?}.',
  input: {
    filePath: z.string().min(1).describe('The file, relative to the project root (e.g. "src/server/index.ts").'),
  },
  needsIndex: true,
  empty: () => ({ dependencies: [], dependents: [] }),
  run: (env, args) => ({ ...fileDependencies(env.graph!, args.filePath) }),
});
