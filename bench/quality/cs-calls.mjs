// Call-graph quality for C# against NRefactory 5's resolver: cs-truth/Truth.cs resolves every
// method call and `new` of the corpus (all files in one compilation, Mono's 4.5 framework
// assemblies as references) and prints the declaration each names: the method overload (mapped
// to our node by file + name + line) or, for `new`, the class. Framework declarations are
// "external", and so is a call through a delegate. Scored by score.mjs like the other truths.
// Needs Mono and NRefactory (Debian's mono-mcs and libicsharpcode-nrefactory-*, installed on
// first use); Truth.exe is built into .cache/cs-truth.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { aptInstall, root as repo } from '../lib/corpora.mjs';
import { runTruth, EXAMPLES, scoreRecords } from './score.mjs';

const LIBS = ['ICSharpCode.NRefactory-5.0/ICSharpCode.NRefactory.dll', 'ICSharpCode.NRefactory.CSharp-5.0/ICSharpCode.NRefactory.CSharp.dll',
  'ICSharpCode.NRefactory.Cecil-5.0/ICSharpCode.NRefactory.Cecil.dll', 'ICSharpCode.NRefactory.Cecil-5.0/Mono.Cecil.dll'].map((l) => `/usr/lib/cli/${l}`);
const PACKAGES = ['mono-mcs', 'mono-devel', 'libicsharpcode-nrefactory-csharp5.0-cil', 'libicsharpcode-nrefactory-cecil5.0-cil'];

function csTruth(srcDir, ...args) {
  if (!existsSync('/usr/bin/mcs') || !LIBS.every((l) => existsSync(l))) aptInstall(PACKAGES.join(' '), 'the C# call-graph truth');
  const src = join(repo, 'bench/quality/cs-truth/Truth.cs');
  const exe = join(repo, '.cache/cs-truth/Truth.exe');
  if (!existsSync(exe) || statSync(exe).mtimeMs < statSync(src).mtimeMs) {
    mkdirSync(join(repo, '.cache/cs-truth'), { recursive: true });
    execFileSync('mcs', ['-nologo', `-out:${exe}`, ...LIBS.map((l) => `-r:${l}`), src], { stdio: 'inherit' });
  }
  const monoPath = [...new Set(LIBS.map((l) => l.slice(0, l.lastIndexOf('/'))))].join(':');
  return runTruth('mono', [exe, srcDir, ...args], { env: { ...process.env, MONO_PATH: monoPath } });
}

/** `work`: the indexed copy (the resolver reads the same files; its paths are relative to the root). */
export async function scoreCsCalls(work, { top = 12, examples = EXAMPLES } = {}) {
  return scoreRecords(resolve(work), csTruth(resolve(work)), { truthName: 'NRefactory', top, examples });
}

/** Documented types and methods of the tree: {file, line, name, doc} (search queries). */
export function csDocs(src) {
  return csTruth(resolve(src), '-docs');
}
