// `npm run package`: builds, then packs the .vsix from a staging folder holding only what the
// extension ships (dist/ without source maps, media/, README.md, LICENSE, CHANGELOG.md and the
// manifest). dist/ is self-contained (esbuild bundles), hence --no-dependencies. Staging keeps
// vsce away from node_modules (fast) and from package.json's npm "files" list, which vsce would
// otherwise refuse to combine with .vscodeignore.
//   node scripts/package-vsix.mjs [--out <file.vsix>] [--no-build]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const argv = process.argv.slice(2);
const outArg = argv.indexOf('--out');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = resolve(outArg >= 0 ? argv[outArg + 1] : join(root, `${pkg.name}-${pkg.version}.vsix`));

if (!argv.includes('--no-build')) {
  const b = spawnSync(process.execPath, [join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const stage = mkdtempSync(join(tmpdir(), 'codeindex-vsix-stage-'));
try {
  cpSync(join(root, 'dist'), join(stage, 'dist'), { recursive: true, filter: (s) => !s.endsWith('.map') });
  if (existsSync(join(root, 'media'))) cpSync(join(root, 'media'), join(stage, 'media'), { recursive: true });
  for (const f of ['README.md', 'LICENSE', 'CHANGELOG.md']) cpSync(join(root, f), join(stage, f));
  const manifest = { ...pkg };
  delete manifest.files;
  delete manifest.scripts;
  delete manifest.devDependencies;
  writeFileSync(join(stage, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository',
    '--no-rewrite-relative-links', '--out', out], { cwd: stage, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
console.log(out);
