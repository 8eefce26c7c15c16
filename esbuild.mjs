// Builds the two bundles (dist/extension.js, dist/server-entry.js), copies the wasm files they
// load beside them, and with --tests transpiles src/ and test/ to out/ for mocha.
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readdirSync, statSync, rmSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = dirname(new URL(import.meta.url).pathname);
const dist = join(root, 'dist');
const args = new Set(process.argv.slice(2));
const pkg = JSON.parse((await import('node:fs')).readFileSync(join(root, 'package.json'), 'utf8'));
const define = { 'import.meta.url': '__import_meta_url', __CODEINDEX_VERSION__: JSON.stringify(pkg.version) };

// web-tree-sitter is ESM-first and reads import.meta.url; in a cjs bundle we define it.
const importMetaBanner = "const __import_meta_url = require('url').pathToFileURL(__filename).href;";
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
  define,
};

function copyAssets() {
  mkdirSync(join(dist, 'grammars'), { recursive: true });
  cpSync(require.resolve('web-tree-sitter/tree-sitter.wasm'), join(dist, 'tree-sitter.wasm'));
  cpSync(join(dirname(require.resolve('sql.js')), 'sql-wasm.wasm'), join(dist, 'sql-wasm.wasm'));
  // Grammars: tree-sitter-wasms first, then @vscode/tree-sitter-wasm where its grammar is newer
  // (copied as "<lang>.vscode.wasm"; the language table picks which one a language loads).
  const tsw = join(dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');
  for (const f of readdirSync(tsw)) if (f.endsWith('.wasm')) cpSync(join(tsw, f), join(dist, 'grammars', f));
  // Swift from @repomix/tree-sitter-wasms (tree-sitter-swift 0.7.1, tree-sitter-cli 0.26): the
  // tree-sitter-wasms build makes V8 abort the process on Node >= 24; this one loads everywhere.
  const rpx = join(dirname(require.resolve('@repomix/tree-sitter-wasms/package.json')), 'out');
  cpSync(join(rpx, 'tree-sitter-swift.wasm'), join(dist, 'grammars', 'tree-sitter-swift.repomix.wasm'));
  // Lua from tree-sitter-grammars' own package: the tree-sitter-wasms build's scanner keeps state
  // across parses (every parse after a thread's first was an ERROR tree).
  const lua = dirname(require.resolve('@tree-sitter-grammars/tree-sitter-lua/package.json'));
  cpSync(join(lua, 'tree-sitter-lua.wasm'), join(dist, 'grammars', 'tree-sitter-lua.grammars.wasm'));
  const vsw = join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
  for (const f of readdirSync(vsw)) {
    if (f.startsWith('tree-sitter-') && f.endsWith('.wasm') && f !== 'tree-sitter.wasm') {
      cpSync(join(vsw, f), join(dist, 'grammars', f.replace(/\.wasm$/, '.vscode.wasm')));
    }
  }
  const queries = join(root, 'src/server/index/languages/queries');
  if (existsSync(queries)) cpSync(queries, join(dist, 'queries'), { recursive: true });
}

function listTs(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) { if (f !== 'fixtures') listTs(p, out); }
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const builds = [
  esbuild.build({
    ...common,
    entryPoints: [join(root, 'src/server/server-entry.ts')],
    outfile: join(dist, 'server-entry.js'),
    banner: { js: '#!/usr/bin/env node\n' + importMetaBanner },
  }),
  // the heavy half of the server, loaded by server-entry.js when it needs it (modes/core-loader.ts)
  esbuild.build({
    ...common,
    entryPoints: [join(root, 'src/server/server-core.ts')],
    outfile: join(dist, 'server-core.js'),
    banner: { js: importMetaBanner },
  }),
  // `--init` and `index` load only this (modes/core-loader.ts)
  esbuild.build({
    ...common,
    entryPoints: [join(root, 'src/server/index/run.ts')],
    outfile: join(dist, 'index-core.js'),
    banner: { js: importMetaBanner },
  }),
  esbuild.build({
    ...common,
    entryPoints: [join(root, 'src/extension/extension.ts')],
    outfile: join(dist, 'extension.js'),
    external: ['vscode'],
    // jsonc-parser's "main" is a UMD build that requires its parts at run time; bundle its ESM build.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    banner: { js: importMetaBanner },
  }),
];
const workers = join(root, 'src/server/index/parse-worker.ts');
if (existsSync(workers)) {
  builds.push(esbuild.build({
    ...common,
    entryPoints: [workers],
    outfile: join(dist, 'parse-worker.js'),
    banner: { js: importMetaBanner },
  }));
}
if (args.has('--tests')) {
  rmSync(join(root, 'out'), { recursive: true, force: true });
  builds.push(esbuild.build({
    entryPoints: [...listTs(join(root, 'src')), ...listTs(join(root, 'test')), ...listTs(join(root, 'bench'))],
    outdir: join(root, 'out'),
    outbase: root,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    logLevel: 'warning',
    define,
    banner: { js: importMetaBanner },
  }));
}
await Promise.all(builds);
copyAssets();
(await import('node:fs')).chmodSync(join(dist, 'server-entry.js'), 0o755);

// --vscode-tests: the suite that runs inside a real extension host (test/vscode/suite), one cjs
// file with vscode and mocha left to the host / node_modules.
if (args.has('--vscode-tests')) {
  await esbuild.build({
    ...common,
    entryPoints: [join(root, 'test/vscode/suite/index.ts')],
    // Not under out/: `npm test` empties out/ and may run while this suite does.
    outfile: join(root, '.cache/vscode-suite/suite.js'),
    external: ['vscode', 'mocha'],
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    banner: { js: importMetaBanner },
  });
}
