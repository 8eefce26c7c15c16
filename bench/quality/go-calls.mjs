// Call-graph quality against Go's type checker. Ground truth: go-truth/main.go type-checks every
// package of the source tree (go/types, imports from source) and prints each call expression
// with what its callee's name denotes. A function, method, function-valued variable or
// conversion type declared in the corpus is mapped to our node by file + name + line (package
// unsafe's, which go/types builds in, to the tree's unsafe/unsafe.go by name); builtins (`len`,
// `append`) and declarations outside the corpus are "external" (an edge there is wrong);
// sites go/types could not resolve are left out. Scored by score.mjs like the TypeScript truth.
// Needs Go (Debian's golang-1.19-go, installed on first use).
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { aptInstall, root as repo } from '../lib/corpora.mjs';
import { runTruth, EXAMPLES, scoreRecords } from './score.mjs';

const GO = '/usr/lib/go-1.19/bin/go';

function goTruth(srcDir, ...args) {
  if (!existsSync(GO)) aptInstall('golang-1.19-go', 'the Go call-graph truth');
  const cache = join(repo, '.cache/go-build');
  mkdirSync(cache, { recursive: true });
  return runTruth(GO, ['run', 'main.go', srcDir, ...args], {
    cwd: join(repo, 'bench/quality/go-truth'), env: { ...process.env, GOCACHE: cache, GO111MODULE: 'off', GOFLAGS: '' },
  });
}

/** `work`: the indexed copy; `src`: the tree it was copied from (go/types reads the imports of
 *  GOROOT from there, so its paths are the ones that match). */
export async function scoreGoCalls(work, src = work, { top = 12, examples = EXAMPLES } = {}) {
  return scoreRecords(resolve(work), goTruth(resolve(src)), { truthName: 'go/types', top, examples });
}

/** Documented functions, methods and types of the tree: {file, line, name, doc} (search queries). */
export function goDocs(src) {
  return goTruth(resolve(src), '-docs');
}
