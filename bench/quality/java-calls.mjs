// Call-graph quality for Java against javac: java-truth/Truth.java attributes the whole corpus
// (OpenJDK's java.base, compiled as its own module's sources) with the compiler tree API and
// prints each method call and `new` with the declaration javac chose: the method overload (mapped
// to our node by file + name + line) or, for `new`, the class. Declarations outside the corpus
// (array `clone()`) are "external". Scored by score.mjs like the other truths. Needs a JDK 17
// (Debian's openjdk-17-jdk-headless, installed on first use).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { aptInstall, root as repo } from '../lib/corpora.mjs';
import { runTruth, EXAMPLES, scoreRecords } from './score.mjs';

const JDK = '/usr/lib/jvm/java-17-openjdk-amd64';

function javaTruth(srcDir, ...args) {
  if (!existsSync(join(JDK, 'bin/javac'))) aptInstall('openjdk-17-jdk-headless', 'the Java call-graph truth');
  // one javac task over 3,000 files holds ~2 GB
  return runTruth(join(JDK, 'bin/java'), ['-Xmx4g', join(repo, 'bench/quality/java-truth/Truth.java'), srcDir, ...args]);
}

/** `work`: the indexed copy (javac reads the same files; its paths are relative to the root). */
export async function scoreJavaCalls(work, { top = 12, examples = EXAMPLES } = {}) {
  return scoreRecords(resolve(work), javaTruth(resolve(work)), { truthName: 'javac', top, examples });
}

/** Documented classes and methods of the tree: {file, line, name, doc} (search queries). */
export function javaDocs(src) {
  return javaTruth(resolve(src), '-docs');
}
