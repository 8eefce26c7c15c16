// What re-parsing files changed that other files' edges depend on. A re-parsed file keeps the
// node row (id) of every symbol whose identity held, so the edges of other files into it stay
// as they are; only what this records is resolved again (reresolve.ts):
// - edges into removed symbols (detached, dst NULL);
// - edges whose target name a symbol took or gave up: an import, a scope or the unique-name
//   heuristic may now bind it elsewhere, or no more (and the names a C header's changed
//   includes brought into its includers' view or took out of it);
// - every edge into a file whose imports, cross-file-visible bindings or supertypes changed
//   (what `x.f()` or a re-export resolves through), as before ids were kept;
// - default imports of a file whose exported top-level symbols changed (`import X from`
//   binds the one exported candidate, whatever its name);
// - receiver edges (`s.area()`) beside a call into a file whose imports or bindings changed,
//   and in files an edge of which now binds elsewhere (`const s = make()`: `make` moved).

/** A binding as the resolver can see it from another file: scope, name, type, in order. */
export interface BindingKey { scope: number; name: string; type: string }
export interface HeritageKey { src: number; kind: string; dst: number }

/** A re-parsed file before its rows were rewritten. */
interface Before {
  imports: string;
  /** The files its imports resolved to (a C header's includes: what its includers saw). */
  importTargets: number[];
  bindings: BindingKey[];
  heritage: HeritageKey[];
  recovering: boolean;
  /** Kept symbols (and the file node) -> kind: bindings and supertypes of other symbols are
   *  reached through names, which `names` covers. */
  kept?: Map<number, string>;
}

/** Symbol kinds whose parameters and locals other files never look up (their return type
 *  `()` and callback parameters `(i).j` they do). Constructors are not among them: a field
 *  typed by a constructor parameter is read through its scope. */
const BODIES = new Set(['function', 'method']);

export class SyncDelta {
  /** Names of symbols added or removed. */
  readonly names = new Set<string>();
  /** Other files' edges into removed symbols, now dst NULL -> the kind of symbol they pointed at. */
  readonly detached = new Map<number, string>();
  /** Files every incoming edge of which is resolved again. */
  readonly unstable = new Set<number>();
  /** Files whose imports resolve otherwise now (a file they import was deleted or added). */
  readonly context = new Set<number>();
  /** Files whose exported top-level symbols changed. */
  readonly exportsChanged = new Set<number>();
  /** Files whose methods or supertypes changed: subclasses elsewhere get their overrides again. */
  readonly hierarchy = new Set<number>();
  /** Languages a file of which gained, lost or changed a re-export to every file (C#'s `global
   *  using`, ResolveRules.namespaces): all their files resolve again. */
  readonly globalImports = new Set<string>();
  private before = new Map<number, Before>();

  remember(fileId: number, b: Before): void {
    this.before.set(fileId, b);
  }

  /** A file a sync died after writing: whatever it detached is lost, so every name of the
   *  file and every edge into it count as changed. */
  isRecovering(fileId: number): boolean {
    const r = !!this.before.get(fileId)?.recovering;
    if (r) this.unstable.add(fileId);
    return r;
  }

  setKept(fileId: number, kept: Map<number, string>): void {
    const b = this.before.get(fileId);
    if (b) b.kept = kept;
  }

  /** The files a re-parsed file's imports resolved to before (undefined: the file is new). */
  importTargetsBefore(fileId: number): number[] | undefined {
    return this.before.get(fileId)?.importTargets;
  }

  /** `global`: the file's language reads a wholesale re-export as every file's import. */
  compareImports(fileId: number, now: string, global?: string): void {
    const b = this.before.get(fileId);
    if (b && b.imports !== now) this.unstable.add(fileId);
    if (global && wholeReexports(b?.imports ?? '') !== wholeReexports(now)) this.globalImports.add(global);
  }

  compareBindings(fileId: number, now: BindingKey[]): void {
    const b = this.before.get(fileId);
    if (b?.kept && bindingsKey(b.bindings, b.kept) !== bindingsKey(now, b.kept)) this.unstable.add(fileId);
  }

  /** Called once the changed files' own edges are resolved again. */
  compareHeritage(now: (fileId: number) => HeritageKey[]): void {
    for (const [fileId, b] of this.before) {
      if (!b.kept) continue;
      if (heritageKey(b.heritage, b.kept) !== heritageKey(now(fileId), b.kept)) {
        this.unstable.add(fileId);
        this.hierarchy.add(fileId);
      }
    }
  }
}

function bindingsKey(rows: BindingKey[], kept: Map<number, string>): string {
  const out: string[] = [];
  for (const r of rows) {
    const kind = kept.get(r.scope);
    if (kind === undefined || (BODIES.has(kind) && !r.name.startsWith('('))) continue;
    out.push(`${r.scope}\0${r.name}\0${r.type}`);
  }
  return out.join('\n');
}

function heritageKey(rows: HeritageKey[], kept: Map<number, string>): string {
  return rows.filter((r) => kept.has(r.src)).map((r) => `${r.src}\0${r.kind}\0${r.dst}`).join('\n');
}

export function importsKey(rows: { source: string; imported: string; local: string; reexport: number }[]): string {
  return rows.map((r) => `${r.source}\0${r.imported}\0${r.local}\0${r.reexport}`).join('\n');
}

/** The wholesale re-exports (`local` '*', re-exported) among an importsKey's rows. */
export function wholeReexports(key: string): string {
  return key.split('\n').filter((l) => l.endsWith('\0*\x001')).sort().join('\n');
}
