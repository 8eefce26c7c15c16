// The project overview resource: languages, top-level modules (folders) and the most central
// symbols, so an agent can orient itself before searching.
import type { Graph } from './graph';
import { NODE_COLS, NODE_FROM, NodeRow, SymbolRecord, toSymbol } from './rows';

export interface ProjectOverview {
  projectPath: string;
  fileCount: number;
  symbolCount: number;
  languages: Record<string, number>;
  /** Top-level folders (or '.' for files at the root) with their file counts and languages. */
  modules: { path: string; files: number; languages: Record<string, number> }[];
  /** The symbols with the highest centrality, most central first (score = rank). */
  centralSymbols: SymbolRecord[];
  /** Functions named main and other likely entry points. */
  entryPoints: SymbolRecord[];
}

export function projectOverview(g: Graph, top = 25): ProjectOverview {
  return g.cached(`overview:${top}`, () => {
    const s = g.store;
    const files = s.prepare('SELECT path, language FROM files ORDER BY path').all<{ path: string; language: string }>();
    const languages: Record<string, number> = {};
    const modules = new Map<string, { files: number; languages: Record<string, number> }>();
    for (const f of files) {
      const lang = String(f.language);
      languages[lang] = (languages[lang] ?? 0) + 1;
      const p = String(f.path);
      const mod = p.includes('/') ? p.slice(0, p.indexOf('/')) : '.';
      const m = modules.get(mod) ?? { files: 0, languages: {} };
      m.files++;
      m.languages[lang] = (m.languages[lang] ?? 0) + 1;
      modules.set(mod, m);
    }
    const central = s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.kind <> 'file' ORDER BY n.rank DESC, n.uid LIMIT ?`).all<NodeRow>(top);
    const entries = s.prepare(`SELECT ${NODE_COLS} FROM ${NODE_FROM} WHERE n.name IN ('main', '__main__', 'Main', 'activate') AND n.kind IN ('function', 'method') ORDER BY f.path LIMIT 20`).all<NodeRow>();
    const symbolCount = Number(s.prepare(`SELECT count(*) AS c FROM nodes WHERE kind <> 'file'`).get<{ c: number }>()?.c ?? 0);
    return {
      projectPath: g.root,
      fileCount: files.length,
      symbolCount,
      languages,
      modules: [...modules.entries()].sort((a, b) => b[1].files - a[1].files || a[0].localeCompare(b[0])).map(([path, m]) => ({ path, ...m })),
      centralSymbols: central.map((r) => toSymbol(r, Number(r.rank))),
      entryPoints: entries.map((r) => toSymbol(r)),
    };
  });
}
