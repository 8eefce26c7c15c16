// Where the wasm files (tree-sitter runtime, grammars, sql.js) and query files live: beside the
// bundle in dist/, or, for the transpiled tests in out/, in the repo's dist/ built before them.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

let cached: string | undefined;

export function assetDir(): string {
  if (cached) return cached;
  const candidates = [__dirname, resolve(__dirname, '..'), resolve(__dirname, '../../..', 'dist'), resolve(__dirname, '../../../..', 'dist')];
  const found = candidates.find((d) => existsSync(join(d, 'sql-wasm.wasm')));
  if (!found) throw new Error(`cannot find codeindex's wasm files near ${__dirname}; rebuild with 'npm run build'`);
  return (cached = found);
}

export function assetPath(...parts: string[]): string {
  return join(assetDir(), ...parts);
}
