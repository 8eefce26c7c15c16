// Which files of a project are indexed: not under .gitignore (nested files and negations, as git
// reads them), not under codeindex.json "exclude", in an indexed language, no larger than the cap.
// The same Filter answers the watcher for single paths.
import { readdirSync, readFileSync, realpathSync, statSync, Dirent } from 'node:fs';
import { join } from 'node:path';
import ignore, { Ignore } from 'ignore';
import { ProjectConfig } from './config';

/** Never indexed, whatever the ignore files say. */
export const ALWAYS_EXCLUDED_DIRS = new Set(['.git', '.codeindex', 'node_modules', '.hg', '.svn']);

export interface WalkedFile {
  path: string; // relative to the root, '/' separators
  size: number;
  mtimeMs: number;
  language: string;
}

export interface WalkResult {
  files: WalkedFile[];
  skippedTooLarge: string[];
}

export type LanguageOf = (relPath: string) => { id: string; optIn?: boolean } | undefined;

export class Filter {
  private readonly ignoreFiles = new Map<string, Ignore | null>(); // dir -> its .gitignore
  private readonly exclude: Ignore;
  private readonly languages?: Set<string>;
  private readonly hasExclude: boolean;

  constructor(private readonly root: string, readonly config: ProjectConfig, private readonly languageOf: LanguageOf) {
    this.exclude = ignore().add(config.exclude);
    this.hasExclude = config.exclude.length > 0;
    if (config.languages) this.languages = new Set(config.languages);
    const info = this.load('.git/info', 'exclude');
    if (info) this.ignoreFiles.set('.git-info', info);
  }

  private load(dir: string, name = '.gitignore'): Ignore | null {
    try {
      return ignore().add(readFileSync(join(this.root, dir, name), 'utf8'));
    } catch {
      return null;
    }
  }

  private gitignoreOf(dir: string): Ignore | null {
    let ig = this.ignoreFiles.get(dir);
    if (ig === undefined) {
      ig = this.load(dir);
      this.ignoreFiles.set(dir, ig);
    }
    return ig;
  }

  /** The walk lists each folder before judging its entries: a folder without a .gitignore is
   *  noted here, so no read is attempted (a failed read per folder was half the walk's time). */
  noteListing(dir: string, hasGitignore: boolean): void {
    if (!hasGitignore) this.ignoreFiles.set(dir, null);
  }

  /** Forget a cached .gitignore (the watcher calls this when one changes). */
  invalidate(dir: string): void {
    this.ignoreFiles.delete(dir);
  }

  /** Whether one entry is excluded, judging only its own name against the rules (not its parents). */
  excludedEntry(rel: string, isDir: boolean): boolean {
    const base = rel.slice(rel.lastIndexOf('/') + 1);
    if (isDir && ALWAYS_EXCLUDED_DIRS.has(base)) return true;
    const probe = isDir ? `${rel}/` : rel;
    if (this.hasExclude && this.exclude.ignores(probe)) return true;
    // The deepest .gitignore with an opinion decides (a negation in a subfolder re-includes).
    const parts = rel.split('/');
    for (let i = parts.length - 1; i >= 0; i--) {
      const dir = parts.slice(0, i).join('/');
      const ig = this.gitignoreOf(dir);
      if (!ig) continue;
      const r = ig.test(isDir ? `${parts.slice(i).join('/')}/` : parts.slice(i).join('/'));
      if (r.ignored) return true;
      if (r.unignored) return false;
    }
    const info = this.ignoreFiles.get('.git-info');
    return !!info && info.ignores(probe);
  }

  /** Whether a file is indexed: no excluded ancestor, not excluded itself, in an indexed language. */
  accepts(rel: string): string | undefined {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) if (this.excludedEntry(parts.slice(0, i).join('/'), true)) return undefined;
    if (this.excludedEntry(rel, false)) return undefined;
    return this.language(rel);
  }

  language(rel: string): string | undefined {
    const lang = this.languageOf(rel);
    if (!lang) return undefined;
    if (this.languages ? !this.languages.has(lang.id) : lang.optIn) return undefined;
    return lang.id;
  }
}

/** `onFile` sees each file as it is found (the walk itself returns them all at the end); with
 *  `stopAfter`, the walk ends once it has found that many. */
export function walk(root: string, filter: Filter, onFile?: (f: WalkedFile) => void, stopAfter = Infinity): WalkResult {
  const files: WalkedFile[] = [];
  const skippedTooLarge: string[] = [];
  const seen = new Set<string>(); // real paths of visited folders: stops symlink loops
  const max = filter.config.maxFileSize;

  // A folder reached through plain folders has its parent's real path plus its name: only the root
  // and symlinked folders need realpath (one syscall per folder was a tenth of a no-op sync).
  const visit = (dirRel: string, real: string) => {
    const abs = dirRel ? join(root, dirRel) : root;
    if (seen.has(real)) return;
    seen.add(real);
    let entries: Dirent[];
    try { entries = readdirSync(abs, { withFileTypes: true }); } catch { return; }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    filter.noteListing(dirRel, entries.some((e) => e.name === '.gitignore'));
    for (const e of entries) {
      if (files.length >= stopAfter) return;
      const rel = dirRel ? `${dirRel}/${e.name}` : e.name;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      let st: import("node:fs").Stats | undefined;
      if (e.isSymbolicLink()) {
        try { st = statSync(join(root, rel)); } catch { continue; } // dangling link
        isDir = st.isDirectory();
        isFile = st.isFile();
      }
      if (isDir) {
        if (filter.excludedEntry(rel, true)) continue;
        if (!st) visit(rel, real.endsWith("/") ? real + e.name : `${real}/${e.name}`);
        else try { visit(rel, realpathSync.native(join(root, rel))); } catch { /* gone meanwhile */ }
      } else if (isFile) {
        const language = filter.language(rel);
        if (!language || filter.excludedEntry(rel, false)) continue;
        st ??= statSync(join(root, rel));
        if (st.size > max) { skippedTooLarge.push(rel); continue; }
        const f = { path: rel, size: st.size, mtimeMs: Math.floor(st.mtimeMs), language };
        files.push(f);
        onFile?.(f);
      }
    }
  };
  let realRoot: string;
  try { realRoot = realpathSync.native(root); } catch { return { files, skippedTooLarge }; }
  visit('', realRoot);
  return { files, skippedTooLarge };
}
