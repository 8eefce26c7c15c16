// codeindex_file_dependencies: the files a file imports and the files importing it, from the
// `imports` edges between file nodes (file node uid = the file's relative path).
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Graph } from './graph';

export interface FileDependencies {
  file: string;
  dependencies: string[];
  dependents: string[];
  /** Set when the answer is empty for a reason: the file is not indexed, or outside the project. */
  message?: string;
}

/** Normalises an argument to the project-relative '/' form, or undefined if it leaves the project. */
export function projectRelative(root: string, filePath: string): string | undefined {
  const abs = isAbsolute(filePath) ? filePath : resolve(root, filePath);
  const rel = relative(root, abs);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

export function fileDependencies(g: Graph, filePath: string): FileDependencies {
  const rel = projectRelative(g.root, filePath);
  if (rel === undefined) {
    return { file: filePath, dependencies: [], dependents: [], message: `${filePath} is outside the project ${g.root}; pass a path relative to the project root, e.g. src/index.ts.` };
  }
  const node = g.store.prepare(`SELECT id FROM nodes WHERE uid = ? AND kind = 'file'`).get<{ id: number }>(rel);
  if (!node) {
    const file = g.store.prepare('SELECT path FROM files WHERE path = ?').get(rel);
    const why = file ? 'it has no file node' : 'it is not in the index: it may not exist, be excluded by .gitignore or codeindex.json, or be in a language that is not indexed';
    return { file: rel, dependencies: [], dependents: [], message: `No dependencies for ${rel}: ${why}. codeindex_search finds indexed files by name.` };
  }
  const id = Number(node.id);
  const deps = g.store.prepare(`SELECT DISTINCT n.uid AS p FROM edges e JOIN nodes n ON n.id = e.dst
    WHERE e.src = ? AND e.kind = 'imports' AND n.kind = 'file' AND e.dst <> e.src ORDER BY n.uid`).all<{ p: string }>(id).map((r) => String(r.p));
  const dependents = g.store.prepare(`SELECT DISTINCT n.uid AS p FROM edges e JOIN nodes n ON n.id = e.src
    WHERE e.dst = ? AND e.kind = 'imports' AND n.kind = 'file' AND e.dst <> e.src ORDER BY n.uid`).all<{ p: string }>(id).map((r) => String(r.p));
  return { file: rel, dependencies: deps, dependents };
}
