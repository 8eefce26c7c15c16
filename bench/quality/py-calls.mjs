// Call-graph quality for Python against Jedi: py-truth.py asks Jedi's goto (imports followed)
// what the callee of each call in a sample of the corpus's files names (every `every`th file of
// the sorted list; Jedi takes ~12 ms a call). A function, class or module-level name defined in
// the corpus maps to our node; builtins and other packages are "external" (an edge there is
// wrong); calls Jedi cannot follow are left out. Jedi infers, it does not type-check: read the
// figures as agreement with it. Needs Debian's python3-jedi (installed on first use).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { aptInstall, root as repo } from '../lib/corpora.mjs';
import { runTruth, EXAMPLES, scoreRecords } from './score.mjs';

const PYTHON = '/usr/bin/python3';

function pyTruth(srcDir, arg) {
  if (spawnSync(PYTHON, ['-c', 'import jedi']).status !== 0) aptInstall('python3-jedi', 'the Python call-graph truth');
  return runTruth(PYTHON, [join(repo, 'bench/quality/py-truth.py'), srcDir, String(arg)], { stdio: ['ignore', 'pipe', 'ignore'] });
}

/** `work`: the indexed copy; `src`: the tree it was copied from (Jedi resolves the package's own
 *  absolute imports, `from django.db import ...`, in its installed place). */
export async function scorePyCalls(work, src = work, { every = 5, top = 12, examples = EXAMPLES } = {}) {
  return scoreRecords(resolve(work), pyTruth(resolve(src), every), { truthName: 'Jedi', top, examples });
}

/** Documented functions, methods and classes of the tree: {file, line, name, doc} (search queries). */
export function pyDocs(src) {
  return pyTruth(resolve(src), '-docs');
}
