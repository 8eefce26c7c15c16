// Binds references to symbols, scope- and import-aware, in this order: the enclosing scopes,
// the file, what the file imports, the folder's shared namespace (Go/Java packages), then a
// unique project-wide name of a compatible kind. Receivers: `this`/`self` -> the enclosing class
// and its supertypes; an imported module or a class name -> its members. What cannot be bound
// with confidence stays unresolved: calls never bind to non-callables, and runtime or test
// framework globals (`it`, `describe`...) never bind by the heuristic.
import { GraphDb, ImportRow, nearestByPath, NodeRow } from './graph-db';
import { rulesFor, ResolveRules } from './languages/rules';
import { CLASSLIKE, CONTAINERS, Ctx, FUNCLIKE, HOLDERS, plainCtx, ReceiverTypes, TypeHit } from './receiver-type';
import { ARGV_SEP, CONSTRAINT, OWNER_KINDS, RefKind } from './types';
import { builtFor, platformSuffix, targetOf, testFile, Target } from './build-constraint';
import { baseType, fits, functionTypeName, paramRange, paramTypes, sameParameters, sameType } from './arity';
import { matchingClose, stripTypeArgs } from './brackets';

export type Resolution = 'exact' | 'scope' | 'import' | 'heuristic' | 'unresolved';

export interface RefInput {
  src: number; // node id of the enclosing symbol (or the file node)
  fileId: number;
  name: string;
  kind: RefKind;
  receiver?: string | null;
  line?: number; // where it is written: a callback's parameters hold inside the callback only
  args?: number; // a call's argument count (LanguageSpec.overloads)
  argv?: string; // its arguments as written (ExtractedRef.argv)
}

/** What a call asks of an overload: its argument count, and where methods overload by type
 *  (ResolveRules.argumentTypes) its arguments as written, typed at first need (null: not known). */
interface Want { count: number; argv?: string[]; types?: (string | null)[]; at: Ctx; strict?: boolean; exact?: boolean }

export interface Resolved {
  dst: number | null;
  edgeKind: string;
  resolution: Resolution;
}

const CALLABLE = new Set(['function', 'method', 'constructor', 'class', 'struct', 'macro']);
const INSTANTIABLE = new Set(['class', 'struct']);
const TYPES = new Set(['class', 'interface', 'struct', 'enum', 'trait', 'type', 'namespace', 'module']);
const HERITAGE = new Set(['class', 'interface', 'trait', 'struct', 'type']);
const VALUES = new Set(['function', 'method', 'constructor', 'class', 'struct', 'interface', 'enum', 'trait', 'type', 'constant', 'variable', 'field', 'property', 'enum_member', 'module', 'namespace', 'macro']);
/** Symbols whose body is code with its own locals: functions, and constants/variables initialised
 *  by an expression holding functions (`export const f = dual(2, (self, g) => ...)`). */
const LEXICAL = new Set([...FUNCLIKE, 'constant', 'variable']);
const MEMBERS = new Set(['method', 'property', 'field']);
const ANONYMOUS_HOLDERS = new Set(['field', 'enum_member']);

export function acceptedKinds(kind: RefKind): Set<string> {
  switch (kind) {
    case 'call': return CALLABLE;
    case 'new': return INSTANTIABLE;
    case 'type': return TYPES;
    case 'extends': case 'implements': return HERITAGE;
    default: return VALUES;
  }
}

/** What a name bound by scope, import or a known receiver type may be: also constants and
 *  variables holding functions (`export const f = pipe(...)`), and, for members, properties
 *  holding them. The unique-name heuristic keeps to acceptedKinds(): a guess never lands on a
 *  property or a constant. */
const VALUE_HOLDERS = ['constant', 'variable'];
const CALL_PRECISE = new Set([...CALLABLE, ...VALUE_HOLDERS]);
const CALL_MEMBER = new Set([...CALLABLE, ...VALUE_HOLDERS, 'property', 'field']);
const NEW_PRECISE = new Set([...INSTANTIABLE, ...VALUE_HOLDERS]);
/** The same, where a call may convert to a named type (ResolveRules.typeConversions). */
const CONVERTIBLE = ['type', 'interface'];
const CALL_CONVERT = new Set([...CALL_PRECISE, ...CONVERTIBLE]);
const CALL_MEMBER_CONVERT = new Set([...CALL_MEMBER, ...CONVERTIBLE]);
// a conversion is stored as an instantiation, and resolved again as one
const NEW_CONVERT = new Set([...NEW_PRECISE, ...CONVERTIBLE]);
/** (and a constructor an object holds: `new NS.Widget()` of `NS.Widget = function`) */
const NEW_FUNCTION = new Set([...NEW_PRECISE, 'function', 'method']);
/** `class A extends Base` of `const Base = mixin(B)`; a Vue component's `extends: Base` object. */
const EXTENDS_PRECISE = new Set([...HERITAGE, ...VALUE_HOLDERS]);
/** The same where functions are constructors: `Child.prototype = Object.create(Base.prototype)`. */
const EXTENDS_FUNCTION = new Set([...EXTENDS_PRECISE, 'function']);
/** What a name bound precisely may be, by the rules: a call names only what is callable where
 *  calls name methods (Java's `position()` is never its class's field `position`), and `new`
 *  also an interface where anonymous classes implement one (ResolveRules.newInterfaces), or a
 *  function where functions are constructors (ResolveRules.constructorFunctions). */
export function preciseKinds(kind: RefKind, member: boolean, rules: Pick<ResolveRules, 'typeConversions' | 'newInterfaces' | 'callsNameMethods' | 'constructorFunctions'>): Set<string> {
  const conversions = rules.typeConversions;
  switch (kind) {
    case 'call': return rules.callsNameMethods === true || (member && rules.callsNameMethods === 'members') ? CALLABLE : conversions ? (member ? CALL_MEMBER_CONVERT : CALL_CONVERT) : member ? CALL_MEMBER : CALL_PRECISE;
    case 'new': return conversions || rules.newInterfaces ? NEW_CONVERT : rules.constructorFunctions ? NEW_FUNCTION : NEW_PRECISE;
    case 'extends': return rules.constructorFunctions ? EXTENDS_FUNCTION : EXTENDS_PRECISE;
    default: return acceptedKinds(kind);
  }
}

/** The edges row's `ref`, how the reference was read, where resolving it again needs that: a
 *  reference's type or value, a call that instantiates a class (a call again when its class goes). */
export function readAsColumn(read: RefKind, edgeKind: string): RefKind | null {
  return read === 'type' || read === 'value' || (read === 'call' && edgeKind === 'instantiates') ? read : null;
}

export function edgeKindFor(ref: RefKind, targetKind?: string): string {
  switch (ref) {
    case 'call': return targetKind && (INSTANTIABLE.has(targetKind) || CONVERTIBLE.includes(targetKind)) ? 'instantiates' : 'calls';
    case 'new': return 'instantiates';
    case 'extends': return 'extends';
    case 'implements': return 'implements';
    default: return 'references';
  }
}

/** Edge kind -> the ref kind it came from (for re-resolving stored edges). */
export function refKindOfEdge(edgeKind: string): RefKind {
  switch (edgeKind) {
    case 'calls': return 'call';
    case 'instantiates': return 'new';
    case 'extends': return 'extends';
    case 'implements': return 'implements';
    default: return 'value';
  }
}

export type Hit = { id: number; how: Resolution };

/** An accepted-kinds set without methods, made once per set. */
const noMethods = new WeakMap<Set<string>, Set<string>>();
function functionsOnly(accept: Set<string>): Set<string> {
  let s = noMethods.get(accept);
  if (!s) noMethods.set(accept, (s = new Set([...accept].filter((k) => k !== 'method'))));
  return s;
}

/** A name list of the rules as a set, made once per list (C's globals hold ~280 library names,
 *  Ruby's builtin members ~700). */
const listSets = new WeakMap<string[], Set<string>>();
function listed(list: string[], name: string): boolean {
  let set = listSets.get(list);
  if (!set) listSets.set(list, (set = new Set(list)));
  return set.has(name);
}
const isGlobal = (rules: ResolveRules, name: string) => listed(rules.globals, name);
/** OWNER_KINDS as a lookup's accepted kinds. */
const OWNERS = new Set(OWNER_KINDS);
/** Whatever a name in sight may be (C#'s receivers, ResolveRules.namespaces). */
const SEEN = new Set([...VALUES, ...CONTAINERS]);
/** byPath reads the qualified name of each symbol of the name: not for names this common. */
const PATH_CANDIDATES_MAX = 512;

const UNIQUE_CACHE_MAX = 200_000;
/** Re-export hops (`export *`, `export {a} from`, Python's `from m import *`) followed at most,
 *  and supertype generations walked: both walks visit each file or type once, so these only
 *  bound a pathological chain (a re-export 7 files deep, a class 10 generations down, had been
 *  left unresolved). */
const EXPORT_DEPTH_MAX = 32;
const SUPERTYPE_DEPTH_MAX = 64;
/** Files of one include chain looked at, at most (a kernel driver reaches ~1,000 headers). */
const INCLUDE_CHAIN_MAX = 5_000;

export class Resolver {
  private readonly types: ReceiverTypes;

  constructor(private readonly db: GraphDb) {
    this.types = new ReceiverTypes(this, db);
  }

  rules(fileId: number): ResolveRules {
    return rulesFor(this.db.filesById.get(fileId)?.language ?? '');
  }

  private family(fileId: number): string {
    return this.rules(fileId).family;
  }

  resolve(ref: RefInput): Resolved {
    const rules = this.rules(ref.fileId);
    // a local of the name holds a function value the call may be calling (not in Java)
    const value = ref.kind === 'value' || ((ref.kind === 'call' || ref.kind === 'new') && rules.callsNameMethods !== true);
    const hit = ref.receiver
      ? this.resolveMember(ref)
      : this.resolveName(ref.name, ref, preciseKinds(ref.kind, false, rules), ref.kind === 'value' ? null : acceptedKinds(ref.kind), value)
        ?? (ref.kind === 'call' ? this.destructuredCall(ref) : undefined);
    if (!hit) {
      // `Foo()` in Python/Kotlin/Swift calls a class: a call may also bind to a type's constructor
      return { dst: null, edgeKind: edgeKindFor(ref.kind), resolution: 'unresolved' };
    }
    const target = this.definitionFor(this.db.node(hit.id), ref.fileId);
    return { dst: target?.id ?? hit.id, edgeKind: edgeKindFor(ref.kind, target?.kind), resolution: hit.how };
  }

  /** A call of a local taken apart from what an expression gives (`const { cleanup } =
   *  wrap(signal); cleanup()`): that expression's member, as `wrap(signal).cleanup()` would be,
   *  where it is a function the source gives it (a property's value is the local's own, as the
   *  compiler has it: no edge), never a guess. */
  private destructuredCall(ref: RefInput): Hit | undefined {
    const b = this.types.inScope(ref.name, plainCtx(ref));
    const m = b && /^=\((.+)\)\.([A-Za-z_$][\w$]*)$/s.exec(b.type);
    const hit = m ? this.resolveMember({ ...ref, name: m[2], receiver: m[1], line: b!.line }) : undefined;
    return hit && hit.how !== 'heuristic' && FUNCLIKE.has(this.db.node(hit.id)?.kind ?? '') ? hit : undefined;
  }

  /** The node a reference from `fileId` binds to: ResolveRules.prototypes, a declaration's
   *  definition where there is one; else the node itself. */
  definitionFor(n: NodeRow | undefined, fileId: number): NodeRow | undefined {
    return n?.is_declaration && this.rules(fileId).prototypes ? this.definitionOf(n) ?? n : n;
  }

  /** ResolveRules.prototypes: a function declared without a body -> its definition; a C++
   *  method declared in its class -> its out-of-line definition (`int Shape::area() {...}`). */
  private readonly definitions = new Map<number, NodeRow | null>();

  private definitionOf(decl: NodeRow): NodeRow | undefined {
    let def = this.definitions.get(decl.id);
    if (def !== undefined) return def ?? undefined;
    const fam = this.family(decl.file_id);
    const open = this.rules(decl.file_id).openNamespaces;
    const member = !this.isTop(decl, open);
    const qual = decl.parent_id !== null ? this.qualified(decl.id) : undefined;
    let defs = this.db.nodesNamed(decl.name).filter((n) => !n.is_declaration && n.kind === decl.kind && this.isTop(n, open)
      && this.family(n.file_id) === fam && (qual === undefined || this.qualified(n.id) === qual));
    // overloads (`localtime()` and `localtime(const time_t &)`): the one taking as many arguments,
    // then the one of the same parameter types (`PrintTo(unsigned char c, ::std::ostream* os)`
    // beside `template <typename T> void PrintTo(const T& value, ::std::ostream* os)`)
    if (defs.length > 1) {
      const want = this.params(decl).range;
      const same = defs.filter((n) => { const p = this.params(n).range; return !want || !p || (p[0] === want[0] && p[1] === want[1]); });
      if (same.length) defs = same;
    }
    if (defs.length > 1) {
      const sig = this.db.signature(decl.id) ?? '';
      const typed = defs.filter((n) => sameParameters(sig, this.db.signature(n.id) ?? '', decl.name) !== false);
      if (typed.length) defs = typed;
    }
    def = defs.find((n) => n.file_id === decl.file_id) ?? null;
    // a function declared `static` is defined in its own translation unit
    if (!def && (member || decl.is_exported)) {
      let outside = defs.filter((n) => n.is_exported);
      if (outside.length > 1) {
        const graph = (this.imports ??= this.db.importGraph());
        const including = outside.filter((n) => graph.get(n.file_id)?.includes(decl.file_id));
        if (including.length) outside = including;
      }
      // a library of one function per file (libiberty's xmalloc.c, beside a test's own xmalloc)
      if (outside.length > 1) {
        const named = outside.filter((n) => this.isNamedFile(n));
        if (named.length === 1) outside = named;
      }
      // alternatives of one file under `#if` (gtest-port.cc's GetThreadCount() for each system):
      // the first, as the platform a file names first is mostly the one it is built for
      if (outside.length > 1 && outside.every((n) => n.file_id === outside[0].file_id)) outside = [outside[0]];
      if (outside.length === 1) def = outside[0];
    }
    if (this.definitions.size >= UNIQUE_CACHE_MAX) this.definitions.clear();
    this.definitions.set(decl.id, def);
    return def ?? undefined;
  }

  /** The node's file is named after it (`xmalloc.c`). */
  private isNamedFile(n: NodeRow): boolean {
    const path = this.pathOf(n.file_id);
    return path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '') === n.name;
  }

  /** A bare name: scopes, file, imports, folder, then (where the language lets names cross files
   *  unimported, and `guess` is given) the unique-name heuristic over `guess` kinds. A `value`
   *  name that is a parameter or local of an enclosing function (it has a binding there) is
   *  that local, and binds to nothing. */
  resolveName(name: string, ref: { src: number; fileId: number; line?: number; args?: number; argv?: string; kind?: RefKind }, accept: Set<string>, guess: Set<string> | null, value = false, chain = guess !== null): Hit | undefined {
    const rules = this.rules(ref.fileId);
    const want = this.want(ref);
    // scopes and the top level are in the reference's own file
    const local = this.db.nodesNamedIn(name, ref.fileId);
    // 1. enclosing scopes, innermost first
    for (let cur = this.db.node(ref.src); cur && cur.kind !== 'file'; cur = cur.parent_id ? this.db.node(cur.parent_id) : undefined) {
      const lookInside = LEXICAL.has(cur.kind) || cur.kind === 'module' || cur.kind === 'namespace' || (rules.implicitMembers && CLASSLIKE.has(cur.kind));
      if (!lookInside) {
        // where members are implicit, the methods of an anonymous class a field holds (`PIPE = new
        // Redirect() { ... }`) or an enum constant's body declares: theirs before the class's
        const c = cur;
        const own = rules.implicitMembers && ANONYMOUS_HOLDERS.has(c.kind) ? this.takingFirst(want, (w) => local.find((n) => n.parent_id === c.id && n.kind === 'method' && accept.has(n.kind) && this.takes(n, w))?.id) : undefined;
        if (own) return { id: own, how: 'scope' };
        continue;
      }
      // in code, an object literal's members (`{ m() {} }`) are no names in scope; where members
      // are implicit, an anonymous class's methods are (Java's `new InputStream() { ... ensureOpen(); }`)
      const mine = (n: NodeRow, want?: Want) => n.parent_id === cur!.id && accept.has(n.kind) && this.takes(n, want) && !(LEXICAL.has(cur!.kind) && MEMBERS.has(n.kind) && !(rules.implicitMembers && n.kind === 'method'));
      if (rules.implicitMembers && CLASSLIKE.has(cur.kind)) {
        // the class's members, then inherited ones
        const c = cur;
        const hit = this.takingFirst(want, (w) => this.bestTaking(local.filter((n) => mine(n)), w)?.id ?? this.partMember(c, name, accept, w) ?? this.memberOfSupertypes(c.id, name, accept, ref.fileId, w, true));
        if (hit) return { id: hit, how: 'scope' };
        continue;
      }
      const own = local.find((n) => mine(n, want));
      if (own) return { id: this.wholeType(own), how: 'scope' };
      // (`const f: F = () => f()`: its own name's binding is no local of it)
      // (but `val iterator = iterator()` calls the function: a local is not its own initialiser;
      // such a local holds from its own line, extract.ts)
      const scope = cur;
      const shadowed = () => {
        const shadow = value && LEXICAL.has(scope.kind) && scope.name !== name ? this.db.bindingRow(scope.id, name, ref.line) : undefined;
        return shadow !== undefined && !(shadow.start_line === ref.line && shadow.type.startsWith(`=${name}(`));
      };
      // (a plain name is a local before a lambda's receiver's member; a call may be the member)
      if (ref.kind === 'value' && shadowed()) return undefined;
      // a lambda's receiver (Kotlin's `x.apply { go() }`, `with(x) { go() }`, a callee's `block:
      // Scope.() -> Unit`): its members, in the lambda, after the locals (not for a type's name:
      // the receiver's own type is looked up by name; nor for the receiver's own names, on the
      // lambda's first line: `registry.run { post() }`)
      const lambdaRow = rules.implicitMembers && (ref.kind === 'call' || ref.kind === 'value') && ref.line !== undefined ? this.db.bindingRow(cur.id, 'this', ref.line) : undefined;
      const lambda = lambdaRow && !(lambdaRow.start_line === ref.line && lambdaRow.type.split(/[^\w$]+/).includes(name)) ? this.types.typeText(lambdaRow.type, { src: cur.id, fileId: cur.file_id, line: ref.line }) : undefined;
      const inLambda = lambda && !lambda.array ? this.member(lambda.id, name, accept, ref.fileId, want) : undefined;
      if (inLambda) return { id: inLambda, how: 'scope' };
      const owner = rules.implicitMembers ? this.outOfLineClass(cur) ?? this.extensionOwner(cur) : undefined;
      if (owner) {
        const hit = this.member(owner.id, name, accept, ref.fileId, want);
        if (hit) return { id: hit, how: 'scope' };
      }
      if (shadowed()) return undefined;
    }
    // 2. the file's top level. A method whose type is in another file is top level too, but a
    // bare name reaches it only where members are implicit (C++'s out-of-line `logger::flush_()`)
    const bare = (n: NodeRow) => accept.has(n.kind) && (n.kind !== 'method' || rules.implicitMembers);
    const atTop = (n: NodeRow) => this.isTop(n, rules.openNamespaces) && bare(n);
    // (of overloads, the one that takes the call's arguments: `card("a", "b")` beside `card(a)`)
    const top = local.find((n) => atTop(n) && this.takes(n, want)) ?? local.find(atTop);
    const required = top && rules.importStyle === 'js' && VALUE_HOLDERS.includes(top.kind) ? this.db.importedAs(ref.fileId, name) : [];
    if (required.length) {
      // `const f = require('./f')`: what the module exports (`module.exports = f`, its default),
      // not the variable holding it; nothing where that is no symbol of ours
      // (`module.exports = function () {}`, another package)
      const hit = this.importBinding(name, required, accept, true);
      return hit ? { id: hit, how: 'import' } : undefined;
    }
    if (top) return { id: this.wholeType(top), how: 'scope' };
    // 2b. C#'s namespaces: those around the reference, then the file's `using`s
    if (rules.namespaces) {
      const hit = this.inNamespaces(name, ref, accept);
      if (hit) return hit;
    }
    // the folder's shared namespace (a package), or the package its header names
    const sibling = () => {
      const pkg = rules.packages ? this.db.filesById.get(ref.fileId)?.package : undefined;
      if (pkg) return this.nearest(this.ofPackage(pkg, name, bare), ref.fileId, want);
      const dir = this.dirOfFile(ref.fileId);
      return this.fittest(this.db.nodesNamed(name).filter((n) => n.parent_id === null && bare(n) && this.dirOfFile(n.file_id) === dir), ref.fileId);
    };
    // 3. imports; where they are dotted (Java, Kotlin, C#), a type of the file's own package comes
    // between a single import and a wildcard one (`Certificate` in java.security.cert, which
    // imports java.security.*, is its own package's)
    const dotted = rules.folderScope && rules.importStyle === 'dotted';
    if (dotted) {
      const single = this.importBinding(name, this.db.importedAs(ref.fileId, name), accept, false) ?? (rules.packages ? this.importedByPackage(name, ref, accept) : undefined);
      if (single) return { id: this.overloadTaking(single, want), how: 'import' };
      const sib = sibling();
      if (sib) return { id: sib.id, how: 'scope' };
    }
    const imp = this.viaImports(name, ref.fileId, accept, chain);
    if (imp) return { id: imp, how: 'import' };
    // 4. the folder's shared namespace, after the imports elsewhere
    if (rules.folderScope && !dotted) {
      const sib = sibling();
      if (sib) return { id: sib.id, how: 'scope' };
    }
    // 4b. the packages the language imports by itself (Java's java.lang)
    if (rules.implicitPackages) {
      const hit = this.db.nodesNamed(name).find((n) => n.parent_id === null && bare(n) && inPackage(this.dirOfFile(n.file_id), rules.implicitPackages!));
      if (hit) return { id: hit.id, how: 'import' };
    }
    // 4c. a global of a classic script (ResolveRules.scriptGlobals): for what is called, made or
    // typed, not a plain value reference, which is mostly a local the source does not declare
    // as one (an untyped parameter: `pt` in a build of one component is not another's top-level
    // `pt`; a minified bundle is no script, extract.ts)
    if (rules.scriptGlobals && ref.kind !== 'value' && !isGlobal(rules, name)) {
      const g = this.scriptGlobal(name, accept, rules);
      if (g !== null) return { id: g, how: 'scope' };
    }
    // 5. a unique project-wide top-level name of the same language family
    if (!guess || !rules.bareNameHeuristic || isGlobal(rules, name)) return undefined;
    const id = this.uniqueName(name, guess, rules);
    return id === null ? undefined : { id, how: 'heuristic' };
  }

  /** The heuristic's answer depends on the name, kinds and family only: asked once each (a
   *  kernel name defined in thousands of files was filtered again for each of its references). */
  private readonly unique = new Map<string, number | null>();
  private readonly kindSets = new Map<Set<string>, number>();

  /** A number for a set of kinds, for cache keys. */
  private kindSetId(kinds: Set<string>): number {
    let id = this.kindSets.get(kinds);
    if (id === undefined) this.kindSets.set(kinds, (id = this.kindSets.size));
    return id;
  }

  /** The one top-level symbol of the name, of an accepted kind, in the family's classic scripts
   *  (a file node with is_exported 0, graph-db.ts upsertFile); of a `.d.ts`'s `declare function f`
   *  and its definition, the definition. Null where none or several are. */
  private readonly globals = new Map<string, number | null>();
  private scriptGlobal(name: string, accept: Set<string>, rules: ResolveRules): number | null {
    const key = `${this.kindSetId(accept)}\0${rules.family}\0${name}`;
    let id = this.globals.get(key);
    if (id !== undefined) return id;
    let cands = this.db.nodesNamed(name).filter((n) => n.parent_id === null && accept.has(n.kind) && !MEMBERS.has(n.kind)
      && this.family(n.file_id) === rules.family && this.isScript(n.file_id));
    if (cands.length > 1) cands = cands.filter((n) => !n.is_declaration);
    id = cands.length === 1 ? cands[0].id : null;
    if (this.globals.size >= UNIQUE_CACHE_MAX) this.globals.clear();
    this.globals.set(key, id);
    return id;
  }

  /** The one symbol of an accepted kind whose qualified name is `q`, in the family; null where
   *  none or several are (a name of more than PATH_CANDIDATES_MAX symbols is not looked through). */
  private readonly paths = new Map<string, number | null>();
  private byPath(q: string, name: string, accept: Set<string>, family: string): number | null {
    const key = `${this.kindSetId(accept)}\0${family}\0${q}`;
    let id = this.paths.get(key);
    if (id !== undefined) return id;
    const found = this.db.nodesNamed(name).length > PATH_CANDIDATES_MAX ? [] : this.qualifiedAs(q, family, (n) => accept.has(n.kind));
    id = found.length === 1 ? found[0].id : null;
    if (this.paths.size >= UNIQUE_CACHE_MAX) this.paths.clear();
    this.paths.set(key, id);
    return id;
  }

  /** The symbols of a language family whose qualified name is `q` (`keep`: a test asked first,
   *  before the qualified name is read). */
  private qualifiedAs(q: string, family: string, keep: (n: NodeRow) => boolean = () => true): NodeRow[] {
    return this.db.nodesNamed(q.slice(q.lastIndexOf('.') + 1)).filter((n) => keep(n) && this.family(n.file_id) === family && this.qualified(n.id) === q);
  }

  /** The namespace (or outer type) a symbol is declared in: its qualified name without its own. */
  private namespaceOf(n: NodeRow): string {
    const q = this.qualified(n.id) ?? n.name;
    return q.length > n.name.length ? q.slice(0, q.length - n.name.length - 1) : '';
  }

  /** byPath among classic scripts only: between them, a qualified name is all that ties a
   *  method to its owner (every Vue component's object is a `default`). */
  private scriptPath(q: string, name: string, accept: Set<string>, family: string): number | null {
    const id = this.byPath(q, name, accept, family);
    return id !== null && this.isScript(this.db.node(id)!.file_id) ? id : null;
  }

  private isScript(fileId: number): boolean {
    const f = this.db.fileNodeId(fileId);
    return f !== undefined && Number(this.db.node(f)?.is_exported) === 0;
  }

  private uniqueName(name: string, guess: Set<string>, rules: ResolveRules): number | null {
    const fam = rules.family;
    const key = `${this.kindSetId(guess)}\0${fam}\0${name}`;
    let id = this.unique.get(key);
    if (id !== undefined) return id;
    let cands = this.db.nodesNamed(name).filter((n) => guess.has(n.kind) && n.kind !== 'method' && n.kind !== 'field' && n.kind !== 'property' && this.family(n.file_id) === fam && (this.isTop(n, rules.openNamespaces) || n.kind === 'constructor' ? true : CLASSLIKE.has(n.kind))
      && !(rules.fileLocalPrivates && n.parent_id === null && !n.is_exported));
    if (rules.prototypes && cands.some((n) => n.is_declaration)) {
      const defs = cands.filter((n) => !n.is_declaration);
      if (defs.length) cands = defs;
    }
    // a partial type's parts are one type
    const part = rules.namespaces && cands.length > 1 ? this.primaryPart(cands) : undefined;
    if (part) cands = [part];
    const exported = cands.filter((n) => n.is_exported);
    id = cands.length === 1 ? cands[0].id : exported.length === 1 && cands.length <= 3 ? exported[0].id : null;
    if (this.unique.size >= UNIQUE_CACHE_MAX) this.unique.clear();
    this.unique.set(key, id);
    return id;
  }

  /** Follows the file's import bindings of `name` (and re-exports, and C includes). With `chain`,
   *  C and C++ also look along the include chain (not for plain values: mostly locals, each a
   *  lookup of its name, which doubled the kernel's resolve time). */
  private viaImports(name: string, fileId: number, accept: Set<string>, chain: boolean): number | undefined {
    const rules = this.rules(fileId);
    const bound = this.importBinding(name, this.db.importedAs(fileId, name), accept, false);
    if (bound) return bound;
    if (rules.importStyle === 'include') {
      // #include makes every top-level name of the included file visible
      for (const imp of this.db.imports(fileId)) {
        const hit = imp.resolved_file_id === null ? undefined : this.topLevelIn(imp.resolved_file_id, name, accept, rules.openNamespaces);
        if (hit) return hit;
      }
    }
    if (rules.importStyle === 'dotted') {
      const w = this.wildcards(fileId);
      // a single import of a class's member (`import static a.b.C.m`)
      for (const imp of this.db.importedAs(fileId, name)) {
        const hit = imp.resolved_file_id === null ? undefined : this.importedMember(imp, name, accept, fileId);
        if (hit) return hit;
      }
      // `import a.b.*`: a row per file of the package, so by the name's declarations
      if (w.files.size) {
        const keep = (n: NodeRow) => w.files.has(n.file_id) && accept.has(n.kind) && this.isTop(n);
        const hit = rules.packages ? this.nearest(this.db.nodesNamed(name).filter(keep), fileId) : this.db.nodesNamed(name).find(keep);
        if (hit) return hit.id;
      }
      // `import static a.b.C.*`: C's members
      for (const imp of w.classes) {
        const hit = this.importedMember(imp, name, accept, fileId);
        if (hit) return hit;
      }
    }
    if (chain && rules.importStyle === 'include') return this.viaIncludeChain(name, fileId, accept, rules.openNamespaces);
    return undefined;
  }

  /** ResolveRules.packages: the top-level symbols named `name` in the files of package `pkg`. */
  private ofPackage(pkg: string, name: string, keep: (n: NodeRow) => boolean): NodeRow[] {
    const files = this.db.filesOfPackage(pkg);
    return files ? this.db.nodesNamed(name).filter((n) => n.parent_id === null && files.has(n.file_id) && keep(n)) : [];
  }

  /** Of a package's declarations of a name, the one that takes the call's arguments and is
   *  nearest the reference by path: in a multiplatform project common code sees its `expect`
   *  declaration, a platform's code that platform's `actual` (a source set is a folder). */
  private nearest(cands: NodeRow[], from: number, want?: Want): NodeRow | undefined {
    if (cands.length < 2) return cands[0];
    const taking = cands.filter((n) => this.takes(n, want));
    return nearestByPath(taking.length ? taking : cands, (n) => this.pathOf(n.file_id), this.pathOf(from));
  }

  /** ResolveRules.packages: what `import a.b.C` (or `import a.b.C.D`, a nested type) names
   *  under `name`, by the packages the files declare. */
  private importedByPackage(name: string, ref: { src: number; fileId: number; line?: number; args?: number; argv?: string }, accept: Set<string>): number | undefined {
    for (const imp of this.db.importedAs(ref.fileId, name)) {
      if (imp.imported === '*') continue;
      const segs = imp.source.split('.');
      for (let k = segs.length - 1; k >= 1; k--) {
        const last = k === segs.length - 1;
        let cur = this.nearest(this.ofPackage(segs.slice(0, k).join('.'), segs[k], (n) => (last ? accept.has(n.kind) : CLASSLIKE.has(n.kind))), ref.fileId, last ? this.want(ref) : undefined);
        for (let j = k + 1; cur && j < segs.length; j++) {
          const parent: number = cur.id;
          cur = this.db.nodesNamedIn(segs[j], cur.file_id).find((n) => n.parent_id === parent && (j === segs.length - 1 ? accept.has(n.kind) : CLASSLIKE.has(n.kind)));
        }
        if (cur) return cur.id;
      }
    }
    return undefined;
  }

  /** A file's wildcard imports (the last file's, kept: references are resolved file by file):
   *  the files they bring, and those naming a class (`import static a.b.C.*`). */
  private wild = { fileId: -1, files: new Set<number>(), classes: [] as ImportRow[] };
  private wildcards(fileId: number): { fileId: number; files: Set<number>; classes: ImportRow[] } {
    if (this.wild.fileId === fileId) return this.wild;
    const files = new Set<number>();
    const classes: ImportRow[] = [];
    const packages = this.rules(fileId).packages;
    for (const imp of this.db.imports(fileId)) {
      if (imp.imported !== '*') continue;
      // (`import a.b.*` of ResolveRules.packages: the package's files, wherever they are)
      if (packages) for (const f of this.db.filesOfPackage(imp.source) ?? []) files.add(f);
      if (imp.resolved_file_id === null) continue;
      files.add(imp.resolved_file_id);
      if (this.importedClass(imp) !== undefined) classes.push(imp);
    }
    return (this.wild = { fileId, files, classes });
  }

  /** Java's `import static a.b.C.m` and `a.b.C.*` (and `import a.b.Outer.*`, its nested types):
   *  a member of the class the source names, in the file the import resolved to. */
  private importedMember(imp: ImportRow, name: string, accept: Set<string>, from: number): number | undefined {
    const cls = this.importedClass(imp);
    return cls === undefined ? undefined : this.member(cls, name, accept, from);
  }

  /** Rust's `use crate::ast;` binds the module ast (its file is ast.rs or ast/mod.rs), not an
   *  item of it. */
  private isModuleFile(imp: ImportRow): boolean {
    const path = this.pathOf(imp.resolved_file_id!);
    const m = /(?:^|\/)([^/]+)(?:\.rs|\/mod\.rs)$/.exec(path);
    return m !== null && m[1] === imp.imported;
  }

  /** The class an import's source names inside the file it resolved to (not a package's file). */
  private importedClass(imp: ImportRow): number | undefined {
    const path = this.pathOf(imp.resolved_file_id!);
    const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
    const segs = imp.source.replace(/^static\s+/, '').split('.');
    const owner = imp.imported === '*' ? segs : segs.slice(0, -1); // a single import ends with the member's name
    const at = owner.lastIndexOf(stem);
    if (at < 0) return undefined; // a package's file (`a.b.*`)
    let cls = this.topLevelIn(imp.resolved_file_id!, stem, CLASSLIKE);
    for (const seg of owner.slice(at + 1)) cls = cls === undefined ? undefined : this.db.nodesNamedIn(seg, imp.resolved_file_id!).find((n) => n.parent_id === cls && CLASSLIKE.has(n.kind))?.id;
    return cls;
  }

  /** C and C++ see what their includes include, transitively (the translation unit): a name is
   *  the nearest declaration in that chain. The Linux kernel's drivers call `ARRAY_SIZE` (defined
   *  in 40 files), `dev_err`, `kfree` through <linux/kernel.h> and the like. */
  private viaIncludeChain(name: string, fileId: number, accept: Set<string>, open?: boolean): number | undefined {
    if (this.includeChain(fileId) === 0) return undefined;
    // by the name's declarations (reading the chain's files instead filled the caches)
    let best: number | undefined;
    let bestAt = Infinity;
    for (const n of this.db.nodesNamed(name)) {
      const at = this.chainAt[n.file_id] === this.chainStamp && this.chainPos[n.file_id] >= 0 ? this.chainPos[n.file_id] : Infinity;
      if (at < bestAt && accept.has(n.kind) && this.isTop(n, open)) { best = n.id; bestAt = at; }
    }
    return best;
  }

  /** Marks the files `fileId` reaches through the files it includes, without those (searched
   *  before): a file's place, nearest first, is in chainPos where chainAt holds the current stamp.
   *  Returns how many. The last file's chain is kept, references being resolved file by file. */
  private imports?: Map<number, Int32Array>;
  private chainOf = -1;
  private chainSize = 0;
  private chainStamp = 0;
  private chainAt = new Int32Array(0);
  private chainPos = new Int32Array(0);
  private includeChain(fileId: number): number {
    if (this.chainOf === fileId) return this.chainSize;
    const graph = (this.imports ??= this.db.importGraph());
    const stamp = ++this.chainStamp;
    const mark = (f: number) => {
      if (f >= this.chainAt.length) {
        const n = Math.max(f + 1, this.chainAt.length * 2, 1024);
        const at = new Int32Array(n); at.set(this.chainAt); this.chainAt = at;
        const pos = new Int32Array(n); pos.set(this.chainPos); this.chainPos = pos;
      }
      if (this.chainAt[f] === stamp) return false;
      this.chainAt[f] = stamp;
      return true;
    };
    mark(fileId);
    const direct = graph.get(fileId) ?? new Int32Array(0);
    for (const f of direct) mark(f);
    let size = 0;
    const queue = [fileId, ...direct];
    for (let i = 0; i < queue.length && size < INCLUDE_CHAIN_MAX; i++) {
      for (const f of graph.get(queue[i]) ?? []) {
        if (!mark(f)) continue;
        this.chainPos[f] = size++;
        queue.push(f);
      }
    }
    // the file and its direct includes are marked too: they must not count as chain members
    this.chainPos[fileId] = -1;
    for (const f of direct) this.chainPos[f] = -1;
    this.chainOf = fileId;
    this.chainSize = size;
    return size;
  }

  private topLevelIn(fileId: number, name: string, accept: Set<string>, open?: boolean): number | undefined {
    return this.db.nodesNamedIn(name, fileId).find((n) => this.isTop(n, open) && accept.has(n.kind))?.id;
  }

  /** At its file's top level; with `open` (ResolveRules.openNamespaces) also inside namespaces. */
  private isTop(n: NodeRow, open?: boolean): boolean {
    if (n.parent_id === null) return true;
    if (!open) return false;
    for (let p = this.db.node(n.parent_id); p; p = p.parent_id === null ? undefined : this.db.node(p.parent_id)) {
      if (p.kind !== 'namespace') return false;
      if (p.parent_id === null) return true;
    }
    return false;
  }

  /** A name as exported by a file, following re-exports (`export * from`, `export {a} from`).
   *  `named`: the file's `export` names it (an ES module's import is no export until then). Each
   *  file is asked once per lookup (`asked`): a cycle of `export *` ends, and barrels that share
   *  modules are not walked once per path, so the depth bound is only a backstop. */
  private asked: Set<string> | undefined;
  private exportedFrom(fileId: number, name: string, accept: Set<string>, depth: number, isDefault = false, named = false): number | undefined {
    if (depth > EXPORT_DEPTH_MAX) return undefined;
    const key = `${fileId}\0${name}\0${this.kindSetId(accept)}\0${isDefault ? 1 : 0}${named ? 1 : 0}`;
    const outer = this.asked === undefined;
    if (outer) this.asked = new Set();
    else if (this.asked!.has(key)) return undefined;
    this.asked!.add(key);
    try {
      return this.exportedFromOnce(fileId, name, accept, depth, isDefault, named);
    } finally {
      if (outer) this.asked = undefined;
    }
  }

  private exportedFromOnce(fileId: number, name: string, accept: Set<string>, depth: number, isDefault: boolean, named: boolean): number | undefined {
    const own = this.topLevelIn(fileId, name, accept);
    if (own) return own;
    const fileNode = this.db.fileNodeId(fileId);
    const local = fileNode === undefined ? undefined : this.db.binding(fileNode, `export ${isDefault ? 'default' : name}`);
    const aliased = local === undefined ? undefined : this.exportedAs(fileId, local, accept, depth);
    if (aliased) return aliased;
    // a module that is an object (Lua's `return M`, CommonJS's `module.exports = api`): its members,
    // and one set to another module's (`M.f = core.f`: binding `export M.f`)
    const table = isDefault || fileNode === undefined ? undefined : this.db.binding(fileNode, 'export default');
    const holder = table === undefined ? undefined : this.topLevelIn(fileId, table, HOLDERS);
    const member = holder === undefined ? undefined : this.ownMember(holder, name, accept);
    if (member) return member;
    const given = table === undefined ? undefined : this.db.binding(fileNode!, `export ${table}.${name}`);
    const via = given === undefined ? undefined : this.exportedAs(fileId, given, accept, depth);
    if (via) return via;
    if (isDefault) {
      // `export default class X` imported under another local name: the file's one exported candidate
      const exported = this.db.exportedTopLevel(fileId).filter((n) => accept.has(n.kind));
      if (exported.length === 1) return exported[0].id;
    }
    for (const imp of this.db.imports(fileId)) {
      if (!imp.reexport || imp.resolved_file_id === null) continue;
      if (imp.imported === '*' && imp.local === '*') {
        const hit = this.exportedFrom(imp.resolved_file_id, name, accept, depth + 1);
        if (hit) return hit;
      } else if (imp.local === name) {
        // (`export { default as NodeFrame } from './NodeFrame.js'`: that file's default export)
        const hit = this.importedFrom(imp.resolved_file_id, imp.imported, name, accept, depth);
        if (hit) return hit;
      }
    }
    // `export { a as b }` / a name imported and re-exported by binding (in Python, any import)
    if (!named && this.rules(fileId).importStyle === 'js') return undefined;
    for (const imp of this.db.imports(fileId)) {
      if (imp.reexport || imp.resolved_file_id === null || imp.local !== name || imp.imported === '*') continue;
      const hit = this.importedFrom(imp.resolved_file_id, imp.imported, name, accept, depth);
      if (hit) return hit;
    }
    return undefined;
  }

  /** What a file's export binding names: a name of the file, or (`mod_1.Y`, TypeScript's
   *  CommonJS re-export; Lua's `M.f = core.f`) the Y of the module the file holds in mod_1. */
  private exportedAs(fileId: number, local: string, accept: Set<string>, depth: number): number | undefined {
    const dot = local.indexOf('.');
    if (dot < 0) return this.exportedFrom(fileId, local, accept, depth + 1, false, true);
    const mod = this.moduleImported(fileId, local.slice(0, dot));
    return mod === undefined ? undefined : this.exportedFrom(this.db.node(mod)!.file_id, local.slice(dot + 1), accept, depth + 1);
  }

  /** A function of the one library the code's contract or file attaches that has it (Solidity's
   *  `using L for T`: binding `using` -> L); none where two libraries would. */
  private attachedMember(ref: RefInput, accept: Set<string>): Hit | undefined {
    // (the contract or library around the code, then the file)
    const scopes: number[] = [];
    for (let s = this.db.node(ref.src); s; s = s.parent_id === null ? undefined : this.db.node(s.parent_id)) scopes.push(s.id);
    const file = this.db.fileNodeId(ref.fileId);
    if (file !== undefined && !scopes.includes(file)) scopes.push(file);
    let found: number | undefined;
    const libs = new Set<number>();
    for (const scope of scopes) {
      for (const name of this.db.bindingTypes(scope, 'using')) {
        const lib = this.resolveName(name, ref, CONTAINERS, null);
        if (!lib || libs.has(lib.id)) continue;
        libs.add(lib.id);
        const m = this.ownMember(lib.id, ref.name, accept);
        if (m === undefined) continue;
        if (found !== undefined) return undefined;
        found = m;
      }
    }
    return found === undefined ? undefined : { id: found, how: 'exact' };
  }

  /** A member of an object the source gives it where the object is declared (`api.f = function`,
   *  Lua's `function M.f()`: their parent is the variable). */
  private ownMember(holder: number, name: string, accept: Set<string>): number | undefined {
    return this.db.nodesNamedIn(name, this.db.node(holder)!.file_id).find((n) => n.parent_id === holder && accept.has(n.kind))?.id;
  }

  /** What the file's import bindings of `name` name; a namespace binding (`*`) is skipped, or
   *  with `star` read as the module's default export (CommonJS's `const f = require('./f')`). */
  private importBinding(name: string, imports: ImportRow[], accept: Set<string>, star: boolean): number | undefined {
    for (const imp of imports) {
      if (imp.resolved_file_id === null || (imp.imported === '*' && !star)) continue;
      const hit = imp.imported === '*' ? this.moduleExports(imp.resolved_file_id, accept) : this.importedFrom(imp.resolved_file_id, imp.imported || name, name, accept, -1);
      if (hit) return hit;
    }
    return undefined;
  }

  /** What a module exports under `name`. */
  exportOf(fileId: number, name: string, accept: Set<string>): number | undefined {
    return this.exportedFrom(fileId, name, accept, 0);
  }

  /** The file node of the project module a file imports whole under `local` (`import * as m`,
   *  `const m = require('./m')`). */
  moduleImported(fileId: number, local: string): number | undefined {
    const imp = this.db.importedAs(fileId, local).find((i) => i.imported === '*' && i.resolved_file_id !== null);
    return imp && this.db.fileNodeId(imp.resolved_file_id!);
  }

  /** What a module required whole is: what it sets `module.exports` (or `exports.default`) to,
   *  never a top-level name that happens to be the requiring file's local, nor its one `exports.x`. */
  private moduleExports(fileId: number, accept: Set<string>): number | undefined {
    const fileNode = this.db.fileNodeId(fileId);
    const local = fileNode === undefined ? undefined : this.db.binding(fileNode, 'export default');
    return local === undefined ? undefined : this.exportedFrom(fileId, local, accept, 1);
  }

  /** What an import or re-export of `imported` from a file names, under the local `name`. */
  private importedFrom(fileId: number, imported: string, name: string, accept: Set<string>, depth: number): number | undefined {
    return imported === 'default' ? this.exportedFrom(fileId, name, accept, depth + 1, true) : this.exportedFrom(fileId, imported, accept, depth + 1);
  }

  /** Members of a class-like node and of its supertypes (breadth first, bounded). `superclass`:
   *  through a class's superclasses first (`super.clone()` is Object's, never that of an
   *  interface the class implements), then any supertype (an interface's default method). */
  private memberOfSupertypes(classId: number, name: string, accept: Set<string>, from: number, want?: Want, superclass = false): number | undefined {
    if (superclass && this.db.node(classId)?.kind === 'class') {
      const classes = this.basesOf(classId).filter((c) => this.db.node(c)?.kind !== 'interface');
      return this.membersFrom(classId, classes, name, accept, from, want) ?? this.memberOfSupertypes(classId, name, accept, from, want);
    }
    return this.membersFrom(classId, this.basesOf(classId), name, accept, from, want);
  }

  /** A type's extends/implements edges, nearest first: as written, or last first where the last
   *  base listed is the most derived (ResolveRules.lastBaseFirst: Solidity's `contract D is A, B`,
   *  whose `super.f()` is B's). */
  private basesOf(id: number): number[] {
    const n = this.db.node(id);
    const parts = n ? this.partsOf(n) : [];
    const bases = parts.length ? [...new Set([id, ...parts.map((p) => p.id)].flatMap((p) => this.db.supertypes(p)))] : this.db.supertypes(id);
    return bases.length > 1 && this.rules(this.db.node(id)?.file_id ?? -1).lastBaseFirst ? [...bases].reverse() : bases;
  }

  /** The breadth-first walk up from `first` (a class's supertypes, or some of them), then the
   *  language's root type. */
  private membersFrom(classId: number, first: number[], name: string, accept: Set<string>, from: number, want?: Want): number | undefined {
    const seen = new Set<number>([classId]);
    let frontier = [...first, ...this.impliedSupertypes(classId)];
    for (let depth = 0; depth < SUPERTYPE_DEPTH_MAX && frontier.length; depth++) {
      const next: number[] = [];
      for (const c of frontier) {
        if (seen.has(c)) continue;
        seen.add(c);
        const sup = this.db.node(c);
        // (a module as a part of an intersection, `typeof ns`: what it exports)
        const m = sup && (sup.kind === 'file' ? this.exportedFrom(sup.file_id, name, accept, 0)
          : this.bestTaking(this.db.nodesNamedIn(name, sup.file_id).filter((n) => n.parent_id === c && accept.has(n.kind)), want)?.id ?? this.partMember(sup, name, accept, want) ?? this.packageMethod(sup, name, accept, from));
        if (m) return m;
        next.push(...this.supertypesOf(c));
      }
      frontier = next;
    }
    // above every type, the language's root (Java's Object; an enum's Enum, then Object)
    const root = this.rootType(classId);
    if (root === undefined || seen.has(root)) return undefined;
    return this.db.nodesNamedIn(name, this.db.node(root)!.file_id).find((n) => n.parent_id === root && accept.has(n.kind) && this.takes(n, want))?.id ?? this.memberOfSupertypes(root, name, accept, from, want);
  }

  /** A type's supertypes: its extends/implements edges, then those it implies. */
  private supertypesOf(id: number): number[] {
    return [...this.basesOf(id), ...this.impliedSupertypes(id)];
  }

  /** The supertypes no extends edge names: the type of what a class's superclass call returns
   *  (`class S extends make<string>(ast)`, a mixin), the parts of the intersection or union a
   *  type alias is (`type M = A & typeof ns`): extract.ts's bindings `...` on it, where the
   *  language has such types. */
  private impliedSupertypes(classId: number): number[] {
    const c = this.db.node(classId);
    return c && (CLASSLIKE.has(c.kind) || c.kind === 'type') && this.rules(c.file_id).factoryMembers ? this.types.spreads(classId) : [];
  }

  /** ResolveRules.rootTypes: the type a class-like node extends without saying so, where the
   *  project declares it (the JDK's own sources); one lookup per type. */
  private readonly roots = new Map<number, number | null>();
  private rootType(classId: number): number | undefined {
    let root = this.roots.get(classId);
    if (root === undefined) {
      if (this.roots.size >= UNIQUE_CACHE_MAX) this.roots.clear();
      this.roots.set(classId, null); // (a lookup under way)
      const c = this.db.node(classId);
      const name = c && this.rules(c.file_id).rootTypes?.[c.kind];
      const fileNode = c && this.db.fileNodeId(c.file_id);
      // named from its file's top level: the class's own members are no candidates
      root = (name && name !== c.name && fileNode !== undefined ? this.resolveName(name, { src: fileNode, fileId: c.file_id }, CLASSLIKE, null)?.id : undefined) ?? null;
      this.roots.set(classId, root);
    }
    return root ?? undefined;
  }

  /** `name` in a package written out (`java.util`), or a member of a class named with its
   *  package (`java.util.Map.Entry`): the longest leading segments that are a folder of the
   *  project's, then the class and its members. */
  private fullyQualified(segs: string[], name: string, accept: Set<string>, from: number): number | undefined {
    const inDir = (n: NodeRow, dir: string) => n.parent_id === null && inPackage(this.dirOfFile(n.file_id), [dir]);
    const dir = segs.join('/');
    const top = this.db.nodesNamed(name).find((n) => accept.has(n.kind) && inDir(n, dir));
    if (top) return top.id;
    for (let k = segs.length - 1; k >= 1; k--) {
      const pkg = segs.slice(0, k).join('/');
      let cur = this.db.nodesNamed(segs[k]).find((n) => CLASSLIKE.has(n.kind) && inDir(n, pkg))?.id;
      for (const seg of segs.slice(k + 1)) cur = cur === undefined ? undefined : this.member(cur, seg, CONTAINERS, from);
      if (cur !== undefined) return this.member(cur, name, accept, from);
    }
    return undefined;
  }

  /** A dotted type name past its first member (`ns.Outer.Inner`): the second segment through
   *  the first (an import, a namespace, a class), then member by member. */
  resolveTypePath(path: string[], ref: { src: number; fileId: number; line?: number }): Hit | undefined {
    const first = this.resolve({ src: ref.src, fileId: ref.fileId, name: path[1], kind: 'type', receiver: path[0], line: ref.line ?? 0 });
    if (first.dst === null) return undefined;
    let cur = first.dst;
    for (const seg of path.slice(2)) {
      const next = this.member(cur, seg, CONTAINERS, ref.fileId);
      if (next === undefined) return undefined;
      cur = next;
    }
    return { id: cur, how: first.resolution === 'import' ? 'import' : 'exact' };
  }

  /** A member of a type, its twins or its supertypes; for a call, an overload that can take its
   *  arguments first (Java's `src.position()` is Buffer's, not ByteBuffer's `position(int)`;
   *  `out.write(bytes)` is OutputStream's `write(byte[])`, not ByteArrayOutputStream's `write(int)`). */
  private member(containerId: number, name: string, accept: Set<string>, from: number, want?: Want): number | undefined {
    return this.takingFirst(want, (w) => this.memberTaking(containerId, name, accept, from, w));
  }

  /** A lookup asked for what takes the call's arguments (LanguageSpec.overloads): where they are
   *  typed, first one declaring their very types, in the type or above it (java.base's
   *  `defineClass(..., getProtectionDomain(cs))` is ClassLoader's `defineClass(..., ProtectionDomain)`,
   *  not SecureClassLoader's `(..., CodeSource)`), then one they fit without boxing or unboxing (Java's first phase: `accept((Integer) v)` is
   *  `accept(Integer)` before `accept(int)`), then with; then for what takes as many (where their
   *  types were not known right), then for any of the name. */
  private takingFirst(want: Want | undefined, find: (want?: Want) => number | undefined): number | undefined {
    if (want === undefined) return find();
    if (!want.argv) return find(want) ?? find();
    return find({ ...want, strict: true, exact: true }) ?? find({ ...want, strict: true }) ?? find(want) ?? find({ count: want.count, at: want.at }) ?? find();
  }

  /** A reference's Want: undefined where it is no call that records its arguments. */
  private want(ref: { src: number; fileId: number; line?: number; args?: number; argv?: string }): Want | undefined {
    if (ref.args === undefined) return undefined;
    const argv = ref.argv !== undefined && this.rules(ref.fileId).argumentTypes ? ref.argv.split(ARGV_SEP) : undefined;
    return { count: ref.args, argv, types: argv && [], at: plainCtx(ref) };
  }

  private memberTaking(containerId: number, name: string, accept: Set<string>, from: number, want?: Want): number | undefined {
    const c = this.db.node(containerId);
    if (!c) return undefined;
    if (c.kind === 'file') return this.exportedFrom(c.file_id, name, accept, 0);
    const named = this.db.nodesNamedIn(name, c.file_id);
    const own = this.bestTaking(named.filter((n) => n.parent_id === containerId && accept.has(n.kind)), want)?.id ?? this.partMember(c, name, accept, want);
    if (own) return own;
    // another member of the same object under a second name (`this.get = this.request;`);
    // names that go round (`this.a = this.b; this.b = this.a`) end on the set
    const alias = this.memberAlias(c, name);
    const key = `${containerId}\0${name}`;
    if (alias !== undefined && !this.aliasing.has(key)) {
      this.aliasing.add(key);
      try {
        return this.memberTaking(containerId, alias, accept, from, want);
      } finally {
        this.aliasing.delete(key);
      }
    }
    // a method another script gives a global of a script (`Widget.prototype.extra = function`
    // in a plugin's script)
    const given = this.rules(c.file_id).literalThis && OWNER_KINDS.has(c.kind) && this.isScript(c.file_id)
      ? this.scriptPath(`${this.qualified(containerId)}.${name}`, name, accept, this.rules(c.file_id).family) : null;
    if (given !== null && this.db.node(given)!.file_id !== c.file_id) return given;
    if (this.rules(c.file_id).literalThis && CLASSLIKE.has(c.kind)) {
      // JavaScript's `this.render = function` in the constructor: a method declared inside it
      const ctors = this.db.constructorsOf(containerId);
      const given = ctors.length ? named.find((n) => n.kind === 'method' && ctors.includes(n.parent_id!) && accept.has(n.kind)) : undefined;
      if (given) return given.id;
    }
    // declarations merged with it (`interface X` and `namespace X` side by side): their members too,
    // then their supertypes' (`class Cheerio` and `interface Cheerio extends MethodsType`)
    const twins: number[] = [];
    for (const twin of this.db.nodesNamedIn(c.name, c.file_id)) {
      if (twin.id === containerId || twin.parent_id !== c.parent_id) continue;
      const m = named.find((n) => n.parent_id === twin.id && accept.has(n.kind) && this.takes(n, want));
      if (m) return m.id;
      if (CLASSLIKE.has(twin.kind)) twins.push(twin.id);
    }
    return this.packageMethod(c, name, accept, from) ?? this.namespaceMember(c, name, accept, from) ?? this.spreadMember(c, name, accept, from, want) ?? this.memberOfSupertypes(containerId, name, accept, from, want, true)
      ?? (twins.length ? this.membersFrom(containerId, twins.flatMap((t) => this.supertypesOf(t)), name, accept, from, want) : undefined);
  }

  /** The member `name` is another of the same object under a second name: `this.get =
   *  this.request` in a constructor function's body or a class's constructor (JavaScript,
   *  ResolveRules.literalThis), as the compiler reads it. `aliasing`: the lookups under way. */
  private readonly aliasing = new Set<string>();
  private memberAlias(c: NodeRow, name: string): string | undefined {
    if (!this.rules(c.file_id).literalThis) return undefined;
    const scopes = c.kind === 'function' ? [c.id] : CLASSLIKE.has(c.kind) ? this.db.constructorsOf(c.id) : [];
    for (const scope of scopes) {
      const other = /^=this\.([A-Za-z_$][\w$]*)$/.exec(this.db.binding(scope, name) ?? '')?.[1];
      if (other !== undefined && other !== name) return other;
    }
    return undefined;
  }

  /** A member of an object a function's result spreads in (`return { ...credLogger, parent }`:
   *  `logger.info()` is credLogger's `info`). `spreading`: the functions being looked through
   *  (one spreading the other back is no loop). */
  private readonly spreading = new Set<number>();
  private spreadMember(c: NodeRow, name: string, accept: Set<string>, from: number, want?: Want): number | undefined {
    if (!FUNCLIKE.has(c.kind) || this.spreading.has(c.id)) return undefined;
    this.spreading.add(c.id);
    try {
      for (const id of this.types.spreads(c.id)) {
        const m = this.member(id, name, accept, from, want);
        if (m !== undefined) return m;
      }
      return undefined;
    } finally {
      this.spreading.delete(c.id);
    }
  }

  /** Of a declaration and its overloads beside it (same file, same parent), the first that takes
   *  the call's arguments; the declaration itself where none does (`import a.card` with `card(x)`
   *  and `card(x, y)` in a: `card(1, 2)` is the second). */
  private overloadTaking(id: number, want: Want | undefined): number {
    const n = want && this.db.node(id);
    if (!n || this.takes(n, want)) return id;
    return this.db.nodesNamedIn(n.name, n.file_id).find((o) => o.parent_id === n.parent_id && o.kind === n.kind && this.takes(o, want))?.id ?? id;
  }

  /** Whether a function-like node can take the call's arguments (its signature's parameter
   *  list): as many, and where they are typed, of types that fit. Anything else, or a signature
   *  that does not say, can. */
  private takes(n: NodeRow, want: Want | undefined): boolean {
    if (want === undefined || !FUNCLIKE.has(n.kind)) return true;
    const r = this.params(n).range;
    if (r !== null && (want.count < r[0] || want.count > r[1])) return false;
    return want.argv === undefined || this.typesFit(n, want);
  }

  /** Of one type's members (`nodes`), one that takes the call's arguments; of several, the one
   *  declaring their very types (the most specific: `Equals(PwUuid)` before `Equals(object)`). */
  private bestTaking(nodes: NodeRow[], want: Want | undefined): NodeRow | undefined {
    // (the one declaration of its name anywhere: nothing to tell apart by type)
    if (want?.argv && nodes.length === 1 && this.db.nodesNamed(nodes[0].name).length === 1) return this.takes(nodes[0], { count: want.count, at: want.at }) ? nodes[0] : undefined;
    let first: NodeRow | undefined;
    for (const n of nodes) {
      if (!this.takes(n, want)) continue;
      if (!want?.argv || this.typesFit(n, { ...want, exact: true })) return n;
      first ??= n;
    }
    return first;
  }

  private typesFit(n: NodeRow, want: Want): boolean {
    const t = this.rules(want.at.fileId).argumentTypes!;
    const info = this.params(n);
    const params = (info.types ??= paramTypes(this.db.signature(n.id) ?? '', n.name) ?? null);
    // (a signature that does not show its parameters takes anything, but is not known to be exact)
    if (params === null) return !want.exact;
    const argv = want.argv!;
    const types = want.types!;
    for (let i = 0; i < argv.length && i < params.length; i++) {
      if (params[i] === '...') return !want.exact;
      const arg = t.modifiers ? argv[i].replace(t.modifiers, '') : argv[i];
      if (types[i] === undefined) types[i] = (arg && !t.named?.test(arg) && this.types.argumentType(arg, want.at, t.literals)) || null;
      if (want.exact ? !sameType(t, types[i] ?? undefined, params[i]) : !fits(t, types[i] ?? undefined, params[i], !want.strict)) return false;
    }
    return true;
  }

  /** What a function's signature says of its parameters: [least, most] arguments it takes, and
   *  (read at first need, for languages that overload by type) their declared types; null where
   *  the signature does not say. */
  private params(n: NodeRow): { range: [number, number] | null; types?: string[] | null } {
    let r = this.paramCache.get(n.id);
    if (r === undefined) {
      r = { range: paramRange(this.db.signature(n.id) ?? '', n.name) ?? null };
      if (this.paramCache.size >= UNIQUE_CACHE_MAX) this.paramCache.clear();
      this.paramCache.set(n.id, r);
    }
    return r;
  }

  private readonly paramCache = new Map<number, { range: [number, number] | null; types?: string[] | null }>();

  /** ResolveRules.namespaces: the type `name` as C# sees it from the reference: declared in a
   *  namespace around it (innermost first, then each one's parents, then the global one), else in
   *  one the file's `using`s name. Two namespaces' types of the name are ambiguous: none. */
  private inNamespaces(name: string, ref: { src: number; fileId: number; line?: number; args?: number; argv?: string }, accept: Set<string>): Hit | undefined {
    const fam = this.family(ref.fileId);
    const isType = (t: NodeRow) => accept.has(t.kind) && t.kind !== 'method' && this.isTop(t, true);
    // `using T = Acme.Lib.Tools;`
    for (const imp of this.db.importedAs(ref.fileId, name)) {
      const hit = this.primaryPart(this.qualifiedAs(imp.source, fam, isType));
      if (hit) return { id: hit.id, how: 'import' };
    }
    const cands = this.db.nodesNamed(name).filter((t) => isType(t) && this.family(t.file_id) === fam);
    if (!cands.length) return this.usingStatic(name, ref, accept);
    for (const ns of [...this.namespacesAround(ref.src), '']) {
      const hit = this.primaryPart(cands.filter((n) => this.namespaceOf(n) === ns));
      if (hit) return { id: hit.id, how: 'scope' };
    }
    const usings = this.usings(ref.fileId);
    const hit = this.primaryPart(cands.filter((n) => usings.includes(this.namespaceOf(n))));
    return hit ? { id: hit.id, how: 'import' } : undefined;
  }

  /** C#: `recv.M(args)` as an extension method `M(this T x, ...)` of a static class in a namespace
   *  in sight, called as `M(recv, args)`: where the receiver's type is known (a project type,
   *  `typeId`, or a type the receiver is declared of; `fromOutside`: a type from outside the
   *  project, by the receiver types) and is `T`, one of its supertypes, or `T` is
   *  a type parameter or `object` (where both are from outside the project, whose supertypes are
   *  not known, a guess); by overload as any call. */
  private extensionMethod(ref: RefInput, typeId: number | undefined, fromOutside: boolean, accept: Set<string>, want?: Want): Hit | undefined {
    const recv = ref.receiver!;
    if (want === undefined || !accept.has('method')) return undefined;
    const fam = this.family(ref.fileId);
    const all = this.extensionsNamed(ref.name, fam);
    if (!all.length) return undefined;
    // the receiver's type and its supertypes, by name
    const t = this.rules(ref.fileId).argumentTypes;
    const names = typeId !== undefined ? this.typeAndSupertypeNames(typeId) : new Set<string>();
    if (typeId === undefined) {
      // (a type's own name is no receiver of an extension: `Widget.Shout()` is a static call)
      if (/^[A-Za-z_]\w*$/.test(recv) && this.resolveName(recv, ref, CLASSLIKE, null)) return undefined;
      const declared = t && this.types.argumentType(recv, want.at, t.literals);
      if (declared) names.add(baseType(declared, t?.aliases));
    }
    if (!names.size && !fromOutside) return undefined;
    const typeVariable = t?.typeVariable ?? /^[A-Z]\d?$/;
    const seen = new Set([...this.namespacesAround(ref.src), ...this.usings(ref.fileId), '']);
    const inSight = all.filter((n) => seen.has(this.namespaceOf(this.db.node(n.parent_id!)!)));
    const fitting = inSight.filter((n) => {
      const base = this.extensionReceiver(n)!;
      return names.has(base) || typeVariable.test(base) || base === 'object';
    });
    // a receiver of a type from outside the project, and an extension of another type from
    // outside (`symbol.ToTypeSyntax()` on Roslyn's INamedTypeSymbol, of `ToTypeSyntax(this
    // ISymbol s)`): whose supertypes are not known here - a guess
    const outside = (base: string) => this.outsideType(base, fam);
    const cands = fitting.length || typeId !== undefined ? fitting : inSight.filter((n) => (names.size ? [...names].every(outside) : fromOutside) && outside(this.extensionReceiver(n)!));
    if (!cands.length) return undefined;
    // the receiver is the first argument; one that takes as many arguments at least (an
    // interface's own `reader.GetNextArrayItem()` outside the project is no `GetNextArrayItem(this
    // IJSValueReader r, ref bool ok)`)
    const w: Want = { count: want.count + 1, argv: want.argv ? [recv, ...want.argv] : undefined, types: want.argv ? [] : undefined, at: want.at };
    const id = this.takingFirst(w, (x) => (x === undefined ? undefined : this.bestTaking(cands, x)?.id));
    return id === undefined ? undefined : { id, how: fitting.length ? 'import' : 'heuristic' };
  }

  /** What an extension extends, by name, read from its signature once: C#'s `static void
   *  Shout(this Widget w)` (ResolveRules.namespaces) and Kotlin's `fun <T> Widget.shout(`
   *  (ResolveRules.extensionFunctions) extend `Widget` (no type arguments, no `?`); undefined for
   *  any other function or method. */
  private readonly receivers = new Map<number, string | null>();
  private extensionReceiver(n: NodeRow): string | undefined {
    let r = this.receivers.get(n.id);
    if (r === undefined) {
      const rules = this.rules(n.file_id);
      r = null;
      if (rules.namespaces && n.kind === 'method' && n.parent_id !== null) {
        const sig = this.db.signature(n.id) ?? '';
        const first = /\(\s*this\s/.test(sig) ? paramTypes(sig, n.name)?.[0] : undefined;
        r = first === undefined ? null : baseType(first, rules.argumentTypes?.aliases);
      } else if (rules.extensionFunctions && (n.kind === 'function' || n.kind === 'method')) {
        const sig = this.db.signature(n.id) ?? '';
        const m = /\bfun\s+(?:<(?:[^<>]|<[^<>]*>)*>\s*)?([A-Za-z_][\w.]*)(?:<(?:[^<>]|<[^<>]*>)*>)?\??\s*\.\s*([A-Za-z_]\w*)\s*[(<]/.exec(sig);
        // (`fun <T> (suspend () -> T).start(`: a function type's, a Function0)
        const f = m ? null : /\bfun\s+(?:<(?:[^<>]|<[^<>]*>)*>\s*)?\(/.exec(sig);
        const open = f ? f.index + f[0].length - 1 : -1;
        const close = f ? matchingClose(sig, open) : -1;
        const named = close > 0 ? /^\??\s*\.\s*([A-Za-z_]\w*)\s*[(<]/.exec(sig.slice(close + 1)) : null;
        r = m ? (m[2] === n.name ? m[1].slice(m[1].lastIndexOf('.') + 1) : null)
          : named?.[1] === n.name ? functionTypeName(sig.slice(open, close + 1)) ?? null : null;
      } else if (rules.extensionFunctions && HOLDERS.has(n.kind) && n.parent_id === null) {
        // an extension property: `val CoroutineContext.delay: Delay get() = ...`
        const m = /\bva[lr]\s+(?:<(?:[^<>]|<[^<>]*>)*>\s*)?([A-Za-z_][\w.]*)(?:<(?:[^<>]|<[^<>]*>)*>)?\??\s*\.\s*([A-Za-z_]\w*)\s*[:=]/.exec(this.db.signature(n.id) ?? '');
        r = m && m[2] === n.name ? m[1].slice(m[1].lastIndexOf('.') + 1) : null;
      }
      if (this.receivers.size >= UNIQUE_CACHE_MAX) this.receivers.clear();
      this.receivers.set(n.id, r);
    }
    return r ?? undefined;
  }

  /** A type name the language family's project declares no class-like type of. */
  private outsideType(name: string, family: string): boolean {
    return !this.db.nodesNamed(name).some((n) => CLASSLIKE.has(n.kind) && this.family(n.file_id) === family);
  }

  /** Kotlin: the class an extension function extends, its `this` (ResolveRules.extensionFunctions);
   *  a class's member extension too (`fun SelectClause0.invoke()` in a class: its bare names are
   *  SelectClause0's first, then the class's). */
  private readonly extended = new Map<number, NodeRow | null>();
  extensionOwner(n: NodeRow): NodeRow | undefined {
    if ((n.kind !== 'function' && n.kind !== 'method') || !this.rules(n.file_id).extensionFunctions) return undefined;
    let cls = this.extended.get(n.id);
    if (cls === undefined) {
      this.extended.set(n.id, null); // (its type is looked up from inside it: no owner meanwhile)
      const t = this.extensionReceiver(n);
      const hit = t === undefined ? undefined : this.resolveName(t, { src: n.id, fileId: n.file_id }, CLASSLIKE, null);
      cls = hit ? this.db.node(hit.id) ?? null : null;
      if (this.extended.size >= UNIQUE_CACHE_MAX) this.extended.clear();
      this.extended.set(n.id, cls);
    }
    return cls ?? undefined;
  }

  /** Kotlin: `recv.shout()` as the extension function `fun T.shout()` in sight (the reference's
   *  folder, an import of its name, a wildcard import of its folder), where T is the receiver's
   *  type or a supertype (a project type, `typeId`), or where both are from outside the project
   *  (`fromOutside`), a guess. */
  extensionFunction(ref: RefInput, typeId: number | undefined, fromOutside: boolean, property = false): Hit | undefined {
    const fam = this.family(ref.fileId);
    // (`property`: an extension property's, `val CoroutineContext.delay`, for typing `context.delay`)
    const all = this.extensionsNamed(ref.name, fam).filter((n) => HOLDERS.has(n.kind) === property);
    if (!all.length) return undefined;
    const dir = this.dirOfFile(ref.fileId);
    const imported = this.db.importedAs(ref.fileId, ref.name).length > 0;
    const wildPackages = this.db.imports(ref.fileId).filter((i) => i.imported === '*').map((i) => i.source);
    const wild = wildPackages.map((w) => w.replace(/\./g, '/'));
    // (ResolveRules.packages: its package, or one a wildcard imports, wherever the folders are)
    const pkg = this.rules(ref.fileId).packages ? this.db.filesById.get(ref.fileId)?.package : undefined;
    // (a class's own extension, `private fun Throwable.wrap()`, is the class's and its subclasses':
    // the class around, and in an extension what it extends, `this`)
    const aroundNames = new Set<string>();
    if (all.some((n) => n.kind === 'method')) {
      for (const c of new Set([this.enclosingClass(ref.src, false), this.enclosingClass(ref.src)])) if (c) for (const n of this.typeAndSupertypeNames(c.id)) aroundNames.add(n);
    }
    const inSight = all.filter((n) => {
      if (n.kind === 'method') return aroundNames.has(this.db.node(n.parent_id!)?.name ?? '');
      const d = this.dirOfFile(n.file_id);
      const p = pkg ? this.db.filesById.get(n.file_id)?.package : undefined;
      return d === dir || imported || wild.some((w) => d === w || d.endsWith(`/${w}`)) || (!!p && (p === pkg || wildPackages.includes(p)));
    });
    // (every class is an Any: `fun Any.toDebugString()`)
    const names = typeId === undefined ? new Set<string>() : this.typeAndSupertypeNames(typeId).add('Any');
    const fitting = inSight.filter((n) => names.has(this.extensionReceiver(n)!));
    if (fitting.length) return { id: this.nearest(fitting, ref.fileId)!.id, how: 'import' };
    if (!fromOutside) return undefined;
    // a receiver of a type from outside the project, as it is declared (`context: CoroutineContext`,
    // `block: suspend () -> T`): that very type's extensions, of which the nearest (still a guess:
    // a member of the outside type, not known here, would come first)
    const declared = this.types.argumentType(ref.receiver!, plainCtx(ref), []);
    const exact = declared === undefined ? [] : inSight.filter((n) => this.extensionReceiver(n) === baseType(declared));
    if (exact.length) return { id: this.nearest(exact, ref.fileId)!.id, how: 'heuristic' };
    // (a receiver of unknown type is not guessed at: a member is likelier, kotlinx.coroutines'
    // `job.cancel()` is no `CoroutineContext.cancel()`; nor are several extensions in sight, an
    // `expect` and its `actual` included: `future.cancel(false)` is Java's)
    const guess = inSight.filter((n) => this.outsideType(this.extensionReceiver(n)!, fam));
    return guess.length === 1 ? { id: guess[0].id, how: 'heuristic' } : undefined;
  }

  /** Kotlin: the class a capitalized receiver names (`GlobalScope.launch()`): an `object` is its
   *  own instance, whose type's extension functions it takes. */
  private namedObject(path: string[] | undefined, ref: RefInput): Hit | undefined {
    const hit = path?.length === 1 && /^[A-Z]/.test(path[0]) ? this.resolveName(path[0], ref, CLASSLIKE, null) : undefined;
    // (a class's name is no instance: `Widget.paint()` of `fun Widget.paint()` does not compile)
    return hit && /\bobject\s+([\w$]+)/.exec(this.db.signature(hit.id) ?? '')?.[1] === path![0] ? hit : undefined;
  }

  /** The names of a type and its supertypes (bounded as membersFrom's walk). */
  private typeAndSupertypeNames(typeId: number): Set<string> {
    const names = new Set<string>();
    let frontier = [typeId];
    for (let depth = 0; depth < SUPERTYPE_DEPTH_MAX && frontier.length; depth++) {
      const next: number[] = [];
      for (const id of frontier) {
        const n = this.db.node(id);
        if (!n || names.has(n.name)) continue;
        names.add(n.name);
        next.push(...this.basesOf(id));
      }
      frontier = next;
    }
    return names;
  }

  /** `using static Acme.Lib.Tools;`: a static member of that class by its bare name (`Once()`),
   *  the using's source naming the class. */
  private usingStatic(name: string, ref: { src: number; fileId: number; line?: number; args?: number; argv?: string }, accept: Set<string>): Hit | undefined {
    const usings = this.usings(ref.fileId);
    if (!usings.length) return undefined;
    const fam = this.family(ref.fileId);
    const members = this.db.nodesNamed(name).filter((n) => n.parent_id !== null && accept.has(n.kind) && this.family(n.file_id) === fam
      && CLASSLIKE.has(this.db.node(n.parent_id)?.kind ?? '') && usings.includes(this.qualified(n.parent_id) ?? ''));
    if (!members.length) return undefined;
    // (a call takes as many arguments: another static class's `using static` may have the one
    // that does, `SyntaxFactory.MemberAccessExpression(kind, a, b)` from outside)
    const want = this.want(ref);
    const id = this.takingFirst(want, (w) => (want && !w ? undefined : this.bestTaking(members, w)?.id));
    return id === undefined ? undefined : { id, how: 'import' };
  }

  /** The extensions of a name in a language family (extensionReceiver), listed once per name:
   *  most member calls that look for one are of names that have none. */
  private readonly extensions = new Map<string, NodeRow[]>();
  private extensionsNamed(name: string, fam: string): NodeRow[] {
    const key = `${fam}\0${name}`;
    let list = this.extensions.get(key);
    if (list === undefined) {
      list = this.db.nodesNamed(name).filter((n) => this.family(n.file_id) === fam && this.extensionReceiver(n) !== undefined);
      if (this.extensions.size >= UNIQUE_CACHE_MAX) this.extensions.clear();
      this.extensions.set(key, list);
    }
    return list;
  }

  /** The namespaces around a node, innermost first, each followed by its parents (`A.B`, `A`). */
  private namespacesAround(src: number): string[] {
    const around: string[] = [];
    for (let cur = this.db.node(src); cur; cur = cur.parent_id === null ? undefined : this.db.node(cur.parent_id)) {
      if (cur.kind !== 'namespace') continue;
      for (let q = this.qualified(cur.id) ?? cur.name; q; q = q.slice(0, Math.max(0, q.lastIndexOf('.')))) if (!around.includes(q)) around.push(q);
    }
    return around;
  }

  /** The namespaces a file's `using`s open (not their aliases), and the `global using`s of the
   *  files in its folder or above it (a project's GlobalUsings.cs sits at its root, beside the
   *  .csproj; another project's beside its own); the last file's, kept (references are resolved
   *  file by file). */
  private lastUsings = { fileId: -1, list: [] as string[] };
  private globalUsings = new Map<string, { source: string; dir: string }[]>();
  private usings(fileId: number): string[] {
    if (this.lastUsings.fileId !== fileId) {
      const { language = '', path = '' } = this.db.filesById.get(fileId) ?? {};
      let global = this.globalUsings.get(language);
      if (!global) this.globalUsings.set(language, (global = this.db.reexportedByAll(language)));
      const mine = global.filter((g) => g.dir === '.' || path.startsWith(`${g.dir}/`)).map((g) => g.source);
      this.lastUsings = { fileId, list: [...new Set([...this.db.imports(fileId).filter((i) => i.local === '*').map((i) => i.source), ...mine])] };
    }
    return this.lastUsings.list;
  }

  /** C#: a dotted name (`KeePass.UI.CustomListViewEx`, `UI.CustomListViewEx` in namespace
   *  KeePass, `NativeMethods.RECT` through a `using`): its longest leading part that is a type of
   *  that qualified name, from the global namespace, those around the reference or a `using`;
   *  then member by member. */
  private namespacedPath(segs: string[], ref: { src: number; fileId: number }, accept: Set<string>, want?: Want): number | undefined {
    const fam = this.family(ref.fileId);
    for (const prefix of ['', ...this.namespacesAround(ref.src), ...this.usings(ref.fileId)]) {
      for (let k = segs.length; k >= 1; k--) {
        const q = prefix ? `${prefix}.${segs.slice(0, k).join('.')}` : segs.slice(0, k).join('.');
        const type = this.primaryPart(this.qualifiedAs(q, fam, (n) => CLASSLIKE.has(n.kind) && (k < segs.length || accept.has(n.kind))));
        if (!type) continue;
        let cur: number | undefined = type.id;
        for (let i = k; i < segs.length - 1 && cur !== undefined; i++) cur = this.member(cur, segs[i], CONTAINERS, ref.fileId);
        const hit = cur === undefined || k === segs.length ? cur : this.member(cur, segs[segs.length - 1], accept, ref.fileId, want);
        if (hit !== undefined) return hit;
      }
    }
    return undefined;
  }

  /** The one type `nodes` are (several where it is `partial`): the part that declares its
   *  constructors, else the one in the file of the shortest path (`PwGroup.cs` before
   *  `PwGroup.Search.cs`); undefined where they are two types. */
  private primaryPart(nodes: NodeRow[]): NodeRow | undefined {
    if (nodes.length <= 1) return nodes[0];
    const q = this.qualified(nodes[0].id);
    if (nodes.some((n) => n.kind !== nodes[0].kind || this.qualified(n.id) !== q)) return undefined;
    return nodes.find((n) => this.db.constructorsOf(n.id).length)
      ?? nodes.reduce((a, b) => (this.pathOf(b.file_id).length < this.pathOf(a.file_id).length ? b : a));
  }

  /** A type found in one part of a partial type: the part `new` makes (primaryPart). */
  private wholeType(n: NodeRow): number {
    const parts = this.partsOf(n);
    return parts.length ? this.primaryPart([n, ...parts])?.id ?? n.id : n.id;
  }

  /** The other parts of a C# `partial` type (ResolveRules.namespaces): the types of its kind and
   *  qualified name in the language family. */
  private readonly parts = new Map<number, NodeRow[]>();
  private partsOf(c: NodeRow): NodeRow[] {
    if (!CLASSLIKE.has(c.kind) || !this.rules(c.file_id).namespaces) return [];
    let parts = this.parts.get(c.id);
    if (parts === undefined) {
      const q = this.qualified(c.id);
      parts = q === undefined ? [] : this.qualifiedAs(q, this.family(c.file_id), (n) => n.id !== c.id && n.kind === c.kind);
      if (this.parts.size >= UNIQUE_CACHE_MAX) this.parts.clear();
      this.parts.set(c.id, parts);
    }
    return parts;
  }

  /** A member the other parts of a partial type declare. */
  private partMember(c: NodeRow, name: string, accept: Set<string>, want?: Want): number | undefined {
    for (const p of this.partsOf(c)) {
      const m = this.bestTaking(this.db.nodesNamedIn(name, p.file_id).filter((n) => n.parent_id === p.id && accept.has(n.kind)), want);
      if (m) return m.id;
    }
    return undefined;
  }

  /** ResolveRules.openNamespaces: a C++ namespace is reopened block after block, file after file
   *  (`namespace fmt { namespace detail {` in each header): a member of any block of the same
   *  qualified name counts. */
  private namespaceMember(c: NodeRow, name: string, accept: Set<string>, from?: number): number | undefined {
    if (c.kind !== 'namespace' || !this.rules(c.file_id).openNamespaces) return undefined;
    const q = this.qualified(c.id);
    const fam = this.family(c.file_id);
    // of several (`class tcp_client` in tcp_client.h and in tcp_client-windows.h), the one the
    // referring file's includes reach
    const chain = from !== undefined && this.rules(from).importStyle === 'include';
    if (chain) this.includeChain(from); // marks what `from` reaches (chainAt)
    let first: number | undefined;
    for (const n of this.db.nodesNamed(name)) {
      if (n.parent_id === null || !accept.has(n.kind) || this.family(n.file_id) !== fam) continue;
      const p = this.db.node(n.parent_id);
      if (!(p?.kind === 'namespace' && p.name === c.name && this.qualified(p.id) === q)) continue;
      if (!chain || this.chainAt[n.file_id] === this.chainStamp) return n.id;
      first ??= n.id;
    }
    return first;
  }

  private readonly qualifiedNames = new Map<number, string | undefined>();

  private qualified(id: number): string | undefined {
    if (this.qualifiedNames.has(id)) return this.qualifiedNames.get(id);
    const q = this.db.qualifiedName(id);
    if (this.qualifiedNames.size >= UNIQUE_CACHE_MAX) this.qualifiedNames.clear();
    this.qualifiedNames.set(id, q);
    return q;
  }

  /** Go: a method declared in another file of its type's package. A method gets its type as
   *  parent only within one file (go/types' Checker has its methods in dozens of files), and a
   *  type may be declared once per platform (`FD` in fd_unix.go and fd_windows.go): a method of
   *  a same-named type of the package counts. */
  private packageMethod(c: NodeRow, name: string, accept: Set<string>, from: number): number | undefined {
    if (!this.rules(c.file_id).detachedMethods || c.parent_id !== null) return undefined;
    // (the same type's method is asked again and again; Go's `String` alone has thousands of
    // declarations to sift, so what was found is kept per type, name and kinds)
    let byKey = this.detached.get(accept);
    if (!byKey) this.detached.set(accept, (byKey = new Map()));
    const key = `${c.id}\0${name}`;
    let found = byKey.get(key);
    if (!found) {
      found = [];
      const dir = this.dirOfFile(c.file_id);
      const fam = this.family(c.file_id);
      for (const n of this.db.nodesNamed(name)) {
        if (n.file_id === c.file_id || !accept.has(n.kind)) continue;
        if (this.dirOfFile(n.file_id) !== dir || this.family(n.file_id) !== fam) continue;
        if (n.parent_id === null ? this.qualified(n.id) === `${c.name}.${name}` : this.twin(this.db.node(n.parent_id), c)) found.push(n);
      }
      if (byKey.size >= UNIQUE_CACHE_MAX) byKey.clear();
      byKey.set(key, found);
    }
    return this.fittest(found, from)?.id;
  }
  private readonly detached = new WeakMap<Set<string>, Map<string, NodeRow[]>>();

  /** Of declarations of one name, the one built for the platform of file `from` (Go's
   *  `_windows.go`, `//go:build !purego`), one with `from`'s own suffix first; else the first. */
  private fittest<T extends { file_id: number }>(list: T[], from: number): T | undefined {
    if (!this.rules(from).buildConstraints) return list[0];
    // a test file's declarations are seen by the package's test files only
    const t = this.target(from);
    if (!t.test) list = list.filter((n) => !testFile(this.pathOf(n.file_id)));
    if (list.length < 2) return list[0];
    let best = list[0], bestFit = -1;
    for (const n of list) {
      const fit = this.fit(n.file_id, from);
      if (fit > bestFit) { best = n; bestFit = fit; }
    }
    return best;
  }

  /** Files in the order fittest() would prefer them (stable); one order per list and platform. */
  private byFit(files: number[], from: number): number[] {
    if (files.length < 2 || !this.rules(from).buildConstraints) return files;
    const t = this.target(from);
    // (keyed by the list itself, db.packageFiles' own, and the interned target: a string key
    // per call was most of byFit's cost on Go's tree)
    let orders = this.fitOrders.get(files);
    if (!orders) this.fitOrders.set(files, (orders = new Map()));
    let order = orders.get(t);
    if (!order) {
      order = files.map((f, i) => [f, this.fit(f, from), i] as const).sort((a, b) => b[1] - a[1] || a[2] - b[2]).map(([f]) => f);
      orders.set(t, order);
    }
    return order;
  }

  /** 2: built for `from`'s platform, with its suffix; 1: built for it; 0: not built for it. */
  private fit(fileId: number, from: number): number {
    if (!this.built(fileId, from)) return 0;
    return platformSuffix(this.pathOf(fileId)) === platformSuffix(this.pathOf(from)) ? 2 : 1;
  }

  /** Whether a build for file `from`'s platform compiles file `fileId`. */
  private built(fileId: number, from: number): boolean {
    const t = this.target(from);
    let byFile = this.builtCache.get(t);
    if (!byFile) this.builtCache.set(t, (byFile = new Map()));
    let b = byFile.get(fileId);
    if (b === undefined) {
      const fileNode = this.db.fileNodeId(fileId);
      const constraint = fileNode === undefined ? undefined : this.db.binding(fileNode, CONSTRAINT);
      b = builtFor(this.pathOf(fileId), constraint, t);
      byFile.set(fileId, b);
    }
    return b;
  }

  /** File `fileId`'s build target, one object per distinct target (the caches above key by it). */
  private target(fileId: number): Target {
    let t = this.targets.get(fileId);
    if (!t) {
      const made = targetOf(this.pathOf(fileId));
      const key = `${made.os}/${made.arch}/${made.test}`;
      t = this.targetsByKey.get(key);
      if (!t) this.targetsByKey.set(key, (t = made));
      this.targets.set(fileId, t);
    }
    return t;
  }

  private readonly fitOrders = new WeakMap<number[], Map<Target, number[]>>();
  private readonly builtCache = new Map<Target, Map<number, boolean>>();
  private readonly targets = new Map<number, Target>();
  private readonly targetsByKey = new Map<string, Target>();

  private dirOfFile(fileId: number): string {
    return dirOf(this.pathOf(fileId));
  }

  private pathOf(fileId: number): string {
    return this.db.filesById.get(fileId)?.path ?? '';
  }

  private twin(p: NodeRow | undefined, c: NodeRow): boolean {
    return !!p && p.id !== c.id && p.name === c.name && p.parent_id === null && CLASSLIKE.has(p.kind);
  }

  /** The type the function the code is in extends, by name (Kotlin's `fun CoroutineContext.x()`). */
  extendedName(src: number): string | undefined {
    for (let c = this.db.node(src); c && c.kind !== 'file'; c = c.parent_id ? this.db.node(c.parent_id) : undefined) {
      if (FUNCLIKE.has(c.kind)) return this.extensionReceiver(c);
    }
    return undefined;
  }

  /** The class the code at `src` is in: its `this`. `extensions` false: the class it is written in,
   *  whatever a member extension extends (its `super`, the class whose member extensions are in
   *  sight). */
  enclosingClass(src: number, extensions = true): NodeRow | undefined {
    for (let cur = this.db.node(src); cur; cur = cur.parent_id ? this.db.node(cur.parent_id) : undefined) {
      if (CLASSLIKE.has(cur.kind) || (cur.id === src && (this.isComponent(cur) || this.isConstructorFunction(cur)))) return cur;
      const owner = this.outOfLineClass(cur) ?? this.prototypeOwner(cur) ?? (extensions ? this.extensionOwner(cur) : undefined);
      if (owner) return owner;
    }
    return undefined;
  }

  /** A function given methods in its body or by its prototype (`function W() { this.m =
   *  function () {...}; var ref = this; }`): in its own body, `this` is the instance it makes
   *  (ResolveRules.literalThis; in a function nested in it, `this` is another). So is a
   *  capitalised one an object holds (`NS.Widget = function`; a lower-case method's `this` is
   *  the object, whatever the object literal it returns has). */
  private readonly constructing = new Map<number, boolean>();
  private isConstructorFunction(n: NodeRow): boolean {
    if (!this.rules(n.file_id).literalThis) return false;
    if (n.kind === 'method' ? !this.isHeldConstructor(n) : n.kind !== 'function') return false;
    let yes = this.constructing.get(n.id);
    if (yes === undefined) {
      yes = this.db.hasMethods(n.id);
      if (this.constructing.size >= UNIQUE_CACHE_MAX) this.constructing.clear();
      this.constructing.set(n.id, yes);
    }
    return yes;
  }

  /** A Vue component's options (`export default {...}`), whose template's names parse.ts gives it
   *  as `this.name`: its `this` is the component (never so in other JavaScript, where `this` at
   *  an object's top level is the module's). */
  private isComponent(n: NodeRow): boolean {
    return n.name === 'default' && n.parent_id === null && n.kind === 'constant' && !!this.rules(n.file_id).componentThis;
  }

  /** `a.B` of a node named `a.B.m`; '' at the top level. */
  private ownerName(id: number): string {
    const q = this.qualified(id) ?? '';
    return q.slice(0, Math.max(0, q.lastIndexOf('.')));
  }

  /** `Owner.name` in the file of the method around `src`, where that method is `Owner.m` with no
   *  node for Owner. */
  private scopeSibling(src: number, name: string, accept: Set<string>): number | undefined {
    let m = this.db.node(src);
    while (m && m.kind !== 'method' && m.parent_id !== null) m = this.db.node(m.parent_id);
    if (!m || m.kind !== 'method' || m.parent_id !== null) return undefined;
    const owner = this.ownerName(m.id);
    if (!owner) return undefined;
    return this.db.nodesNamedIn(name, m.file_id).find((n) => n.parent_id === null && accept.has(n.kind) && this.qualified(n.id) === `${owner}.${name}`)?.id;
  }

  /** The function or object a method was given to, which its `this` is (ResolveRules.literalThis). */
  private prototypeOwner(n: NodeRow): NodeRow | undefined {
    if (n.kind !== 'method' || !this.rules(n.file_id).literalThis) return undefined;
    if (n.parent_id === null) return this.ownerElsewhere(n);
    const parent = this.db.node(n.parent_id);
    if (!parent || !OWNER_KINDS.has(parent.kind)) return undefined;
    // a method as owner only where it is a constructor an object holds, not a class's or an
    // object's method with a function assigned in it (`this.handler = function` in `m()`: its
    // `this` is the class or object)
    return parent.kind !== 'method' || this.isHeldConstructor(parent) ? parent : undefined;
  }

  /** A method that is a constructor an object or function holds: capitalised, as constructors
   *  are named (`NS.Widget = function`; `NS.format = function`'s `this` is NS). */
  private isHeldConstructor(m: NodeRow): boolean {
    const holder = m.parent_id === null ? undefined : this.db.node(m.parent_id);
    return /^[A-Z]/.test(m.name) && !!holder && OWNER_KINDS.has(holder.kind) && holder.kind !== 'method';
  }

  /** The owner of a method given to it in another file than its own (`Widget.prototype.extra =
   *  function` in a plugin's script, its qualified name `Widget.extra` with no Widget beside it):
   *  the function or object that name binds to from there (a dotted one, `NS.Widget`, between
   *  scripts only: its qualified name is all that ties them). */
  private ownerElsewhere(n: NodeRow): NodeRow | undefined {
    const owner = this.ownerName(n.id);
    if (!owner) return undefined;
    const dot = owner.lastIndexOf('.');
    const id = dot < 0 ? this.resolveName(owner, { src: n.id, fileId: n.file_id }, OWNERS, null)?.id
      : this.isScript(n.file_id) ? this.scriptPath(owner, owner.slice(dot + 1), OWNERS, this.rules(n.file_id).family) ?? undefined : undefined;
    return id === undefined ? undefined : this.db.node(id);
  }

  /** The class of a C++ method defined out of line in another file than the class (`void
   *  B::enable() {...}` in b.cpp or b-inl.h, its parent a namespace or the file): the class of
   *  its qualified owner name, whose members its body names bare. */
  private readonly owners = new Map<string, NodeRow | null>();
  outOfLineClass(n: NodeRow): NodeRow | undefined {
    if ((n.kind !== 'method' && n.kind !== 'constructor') || !this.rules(n.file_id).implicitMembers) return undefined;
    const parent = n.parent_id !== null ? this.db.node(n.parent_id) : undefined;
    if (parent && CLASSLIKE.has(parent.kind)) return undefined;
    const owner = this.ownerName(n.id);
    if (!owner) return undefined;
    let cls = this.owners.get(owner);
    if (cls === undefined) {
      cls = this.qualifiedAs(owner, this.family(n.file_id), (c) => CLASSLIKE.has(c.kind))[0] ?? null;
      if (this.owners.size >= UNIQUE_CACHE_MAX) this.owners.clear();
      this.owners.set(owner, cls);
    }
    return cls ?? undefined;
  }

  private resolveMember(ref: RefInput): Hit | undefined {
    const rules = this.rules(ref.fileId);
    const want = this.want(ref);
    const recv = ref.receiver!;
    // (where the receiver is typed: not the reference's kind, nor its call's arguments)
    const at = plainCtx(ref);
    // a call on an object reaches a method, a property holding a function, a module's function
    const memberAccept = preciseKinds(ref.kind, true, rules);
    // Python's `super(Cls, self)`: the supertypes of Cls
    const explicit = rules.superNames.includes('super()') ? /^super\(\s*([A-Za-z_]\w*)\s*,[^()]*\)$/.exec(recv) : null;
    if (rules.superNames.includes(recv) || explicit) {
      // (`super` in a member extension, `fun Request.send() { super.log() }` in Repo, is Repo's)
      const cls = explicit ? this.resolveName(explicit[1], ref, CLASSLIKE, null)?.id : this.enclosingClass(ref.src, false)?.id;
      const hit = cls !== undefined && this.takingFirst(want, (w) => this.memberOfSupertypes(cls, ref.name, memberAccept, ref.fileId, w, true));
      return hit ? { id: hit, how: 'exact' } : undefined;
    }
    if (rules.moduleNames?.includes(recv)) {
      const hit = this.exportedFrom(ref.fileId, ref.name, memberAccept, 0);
      return hit ? { id: hit, how: 'scope' } : undefined;
    }
    if (rules.selfNames.includes(recv)) {
      // the enclosing class, or a function's declared `this`
      const self = this.types.of(recv, at);
      if (!self) {
        // a method of an owner the project does not declare (Lua's `function metat.__index:send()`,
        // `local List = utils.stdmt.List`): the same owner's methods in its file
        const sib = this.scopeSibling(ref.src, ref.name, memberAccept);
        return sib === undefined ? undefined : { id: sib, how: 'exact' };
      }
      const hit = !self.array && this.member(self.id, ref.name, memberAccept, ref.fileId, want);
      if (hit) return { id: hit, how: self.how === 'heuristic' ? 'heuristic' : 'exact' };
      // (Kotlin's `this.toList()` in an extension of a type: that type's extension functions)
      return rules.extensionFunctions && ref.kind === 'call' && !self.array ? this.extensionFunction(ref, self.id, false) : undefined;
    }
    // a receiver that names a class, enum or namespace: `Foo.create()`, `geo::Shape::make()`
    // (a C++ initialiser's `geo.Shape.make()` is `geo::Shape::make()` as receiver-type.ts reads it)
    // (C++'s `UniversalPrinter<T1>::Print()`: the template's, whatever its arguments)
    const bareRecv = rules.openNamespaces && recv.includes('<') ? stripTypeArgs(recv) : recv;
    const path = /^[A-Za-z_$][\w$]*$/.test(bareRecv) ? [bareRecv] : /^[A-Za-z_]\w*(?:::[A-Za-z_]\w*)+$/.test(bareRecv) ? bareRecv.split('::')
      : rules.openNamespaces && /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(recv) ? recv.split('.')
      // a nested class through its outer one (Java's `ObjectInputFilter.Config.createFilter()`)
      : rules.importStyle === 'dotted' && /^[A-Z][\w$]*(?:\.[A-Z][\w$]*)+$/.test(recv) ? recv.split('.') : undefined;
    // a receiver of a known type: `repo.save()` with `repo: Repository`, `this.repo.save()`,
    // `make().run()`, a callback's `subscriber.next()`. Not a Rust path (`hir::Class`, or the
    // `hir` a type is qualified by): a parameter named `hir` does not shadow the module there.
    const rustPath = rules.importStyle === 'rust' && path !== undefined && (ref.kind === 'type' || path.length > 1);
    const typeOf = rustPath ? undefined : this.types.of(recv, at);
    const type = typeOf?.boxed !== undefined ? null : typeOf; // (a box's own members are its library's: `_cur.compareAndSet()`)
    // (a type from outside the project, or a built-in collection: never guess its members)
    // (a smart-cast name has what it was declared's members too: `if (x is Marker) x.base()`)
    const memberOf = (t: TypeHit) => (t && !t.array ? this.member(t.id, ref.name, memberAccept, ref.fileId, want) : undefined);
    const typed = memberOf(type) || memberOf(type?.wider);
    if (typed) return { id: typed, how: type!.how === 'heuristic' ? 'heuristic' : 'exact' };
    // what the receiver's type has not, an extension method may (C#'s `static void Shout(this Widget w)`)
    // (a Kotlin collection, `List<Descriptor>`, is a type from outside: `fun List<Descriptor>.toCpp()`)
    const extension = ref.kind !== 'call' ? undefined
      : rules.extensionFunctions ? this.extensionFunction(ref, type?.array ? undefined : (type === undefined ? this.namedObject(path, ref) : type)?.id, type === null || !!type?.array)
      : type?.array ? undefined
      : rules.namespaces ? this.extensionMethod(ref, type?.id, type === null, memberAccept, want) : undefined;
    if (extension) return extension;
    // what the receiver's type has not, a library attached to it may (Solidity's `using L for T`)
    const attached = rules.attachedLibraries ? this.attachedMember(ref, memberAccept) : undefined;
    // (a type parameter's bound lacking the member: some subtype of it, as if not known)
    if (attached || (type !== undefined && !type?.atLeast)) return attached;
    // an object given members where it is declared (`api.f = function`, Lua's `function M.f()`):
    // its own member of the name
    const obj = path?.length === 1 ? this.resolveName(path[0], ref, HOLDERS, null) : undefined;
    const own = obj && obj.how !== 'heuristic' ? this.ownMember(obj.id, ref.name, memberAccept) : undefined;
    if (own) return { id: own, how: obj!.how === 'import' ? 'import' : 'exact' };
    // an imported module or namespace: `ns.f()`, Go `pkg.F()`, Python `mod.f()`
    // (C#'s `using NativeLib = KeePassLib.Native.NativeLib;` names a type or a namespace, `path` below)
    const named = rules.namespaces ? [] : this.db.importedAs(ref.fileId, recv);
    for (const imp of named) {
      if (imp.resolved_file_id === null) continue;
      // Python's `from m import C` with C a class of m: `C.f()` is C's member, not m's `f`
      if (rules.importStyle === 'python' && imp.imported !== '*' && imp.imported !== '' && this.topLevelIn(imp.resolved_file_id, imp.imported, CLASSLIKE) !== undefined) break;
      if (imp.imported === '*' || imp.imported === '' || rules.importStyle === 'go' || rules.importStyle === 'python' || (rules.importStyle === 'rust' && this.isModuleFile(imp))) {
        for (const { resolved_file_id: f } of named) {
          if (f === null) continue;
          // a Go package is its folder's files, and re-exports nothing: their own top level is
          // all there is (following each file's imports, as exportedFrom does, took most of
          // the Go source tree's resolve)
          for (const pf of this.byFit(this.db.packageFiles(f, ref.fileId), ref.fileId)) {
            // (`syntax.String()` is the package's function, never a method declared apart from its type)
            const hit = rules.importStyle === 'go' ? this.topLevelIn(pf, ref.name, functionsOnly(memberAccept)) : this.exportedFrom(pf, ref.name, memberAccept, 0);
            if (hit) return { id: hit, how: 'import' };
          }
        }
        return undefined;
      }
    }
    // C#: through namespaces (`new KeePass.UI.CustomListViewEx()`)
    if (rules.namespaces && /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(recv) && !rules.selfNames.includes(recv.slice(0, recv.indexOf('.')))) {
      const hit = this.namespacedPath([...recv.split('.'), ref.name], ref, memberAccept, want);
      if (hit !== undefined) return { id: hit, how: 'import' };
    }
    // a fully qualified name: `java.util.Arrays.sort()`, `extends java.security.Key`
    if (rules.importStyle === 'dotted' && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(recv)) {
      const hit = this.fullyQualified(recv.split('.'), ref.name, memberAccept, ref.fileId);
      if (hit) return { id: hit, how: 'import' };
    }
    // a class, enum or namespace by name (`path`, above)
    if (path) {
      // (along a C/C++ include chain too: `Shape::make()` with Shape from a header's header)
      const container = path.length === 1 ? this.resolveName(path[0], ref, CONTAINERS, null, false, true) : this.resolveTypePath(path, ref);
      if (container) {
        const hit = this.member(container.id, ref.name, memberAccept, ref.fileId, want);
        if (hit) return { id: hit, how: container.how === 'import' ? 'import' : 'exact' };
        return undefined;
      }
    }
    // a namespace's member by its written path (`App.util.format()` of `App.util.format =
    // function`, however many files declare `var App = App || {}`): the one symbol of that
    // qualified name in the family, as `scope` in the reference's file or a script (a global
    // namespace), else a guess
    if (rules.constructorFunctions && !path && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(recv) && !rules.selfNames.includes(recv.slice(0, recv.indexOf('.')))) {
      const id = this.byPath(`${recv}.${ref.name}`, ref.name, memberAccept, rules.family);
      const file = id === null ? undefined : this.db.node(id)!.file_id;
      if (file !== undefined) return { id: id!, how: file === ref.fileId || this.isScript(file) ? 'scope' : 'heuristic' };
    }
    // unknown receiver type: only a unique method name, never a built-in's common member, never
    // on a runtime global (`Math.random()`, `console.log()`) or on what an import brought from
    // outside the project (`os.path.splitext()`, `unicodedata.normalize()`, `_.map()`)
    if (ref.kind !== 'call' && ref.kind !== 'new') return undefined;
    if (listed(rules.builtinMembers, ref.name) || isGlobal(rules, ref.name)) return undefined;
    const root = recv.split(/[.[(:]/)[0];
    if (isGlobal(rules, root) || isGlobal(rules, recv)) return undefined;
    // (where namespaces say what is seen, one nothing in sight names: `DateTime`, with an enum's
    // `SprCompileFlags.DateTime` in the project)
    if (rules.capitalizedTypes && /^[A-Z][\w$]*$/.test(recv) && (!this.db.nodesNamed(recv).length || (rules.namespaces && !this.resolveName(recv, ref, SEEN, null)))) return undefined;
    // (and what is reached from one: `Guid.NewGuid().ToByteArray()`)
    if (rules.namespaces && recv !== root && /^[A-Z][\w$]*$/.test(root) && !this.resolveName(root, ref, SEEN, null)) return undefined;
    const via = this.db.importedAs(ref.fileId, root);
    if (via.length && via.every((i) => i.resolved_file_id === null)) return undefined;
    const fam = rules.family;
    const same = this.db.nodesNamed(ref.name);
    let cands = same.filter((n) => n.kind === 'method' && this.family(n.file_id) === fam);
    // a C++ method declared in its class and defined out of line is one method
    if (rules.prototypes && cands.length > 1 && cands.length <= 4 && new Set(cands.map((n) => this.qualified(n.id))).size === 1) cands = [cands.find((n) => !n.is_declaration) ?? cands[0]];
    if (cands.length !== 1) return undefined;
    // three.js's `gl.bindTexture()`: the WebGL context's, and a factory's nested `bindTexture`
    // shares the name with the one class method - no unique answer
    // (the one method itself may be a returned object's: `return { lookup: (k) => ... }`)
    if (rules.factoryMembers && same.some((n) => (n.kind === 'function' || n.kind === 'method') && n.parent_id !== null && this.family(n.file_id) === fam && FUNCLIKE.has(this.db.node(n.parent_id)?.kind ?? ''))) return undefined;
    return { id: cands[0].id, how: 'heuristic' };
  }
}


/** Whether folder `dir` is one of `packages` (folder paths), at the root or under a source root. */
function inPackage(dir: string, packages: string[]): boolean {
  return packages.some((p) => dir === p || dir.endsWith(`/${p}`));
}

function dirOf(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? '' : p.slice(0, i);
}
