// `npm run bench:queries [-- --lang typescript,cpp] [--runs 5] [--top 10]`: each language's query
// compile time (what every parse worker pays for every language it meets), and with --top its
// costliest patterns. Needs `npm run build` (the grammars and queries in dist/).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'dist/grammars'))) {
  console.error('dist/ has no grammars: run `npm run build` first.');
  process.exit(1);
}
const out = join(root, 'dist', '.query-cost.cjs');
await build({ entryPoints: [join(root, 'bench/lib/query-cost-entry.ts')], bundle: true, platform: 'node', format: 'cjs', external: ['web-tree-sitter'], outfile: out, logLevel: 'warning' });
try {
  const r = spawnSync(process.execPath, [out, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(out, { force: true });
}
