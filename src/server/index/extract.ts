// The one extraction loop: query matches of one parsed file -> symbols, refs, imports.
// Everything that differs between languages comes from the query captures (see the scheme at the
// top of languages/table.ts) and the language's table entry; there is no per-language branch here.
import type { Language, Node, Query, QueryMatch, Tree, TreeCursor } from 'web-tree-sitter';
import { ARGV_SEP, CONSTRAINT, OWNER_KINDS } from './types';
import { otherPlatformOnly } from './build-constraint';
import { functionTypeName } from './arity';
import type { ExtractedBinding, ExtractedImport, ExtractedRef, ExtractedSymbol, FileExtraction, NodeKind, RefKind } from './types';
import type { ContainerKind, LanguageSpec } from './languages/table';

const enum R {
  Ignore, Def, Container, Name, Body, Doc, Scope, Ref, Receiver,
  Import, Reexport, ImportSource, ImportName, ImportNames, ImportAlias, ImportDefault, ImportWildcard, ImportModule,
  ExportName, ExportAlias, ExportDefault, Package, Module, InjContent, InjLanguage, NoRef,
  Binding, BindingName, BindingType, BindingReturns, BindingValue, BindingCallee, BindingArg, BindingParam, BindingOf, BindingOfType, BindingKey, BindingElement, BindingSame, BindingSelf, BindingSelfType, BindingItems, BindingPayload, BindingFirst, BindingMember, BindingRepeat, BindingElements, BindingReturned, BindingSpread, BindingSupertype, BindingPart, BindingSlot, BindingHolder, BindingWithin, BindingRest,
  TypeParam, TypeParamScope, TypeParamList, TypeParamBound, TypeParamDefault, BindingSig, Constraint,
}

interface Role { role: R; kind?: string }

const NODE_KINDS: ReadonlySet<string> = new Set<NodeKind>([
  'module', 'namespace', 'class', 'interface', 'struct', 'enum', 'trait', 'type', 'function',
  'method', 'constructor', 'field', 'property', 'constant', 'variable', 'enum_member', 'macro',
]);
const REF_KINDS: ReadonlySet<string> = new Set<RefKind>(['call', 'new', 'type', 'value', 'extends', 'implements']);
/** Symbols one declaration may name several of (`var a, b T`), sharing its range. */
const HOLDER_KINDS: ReadonlySet<string> = new Set(['variable', 'constant']);
const FIXED: Record<string, R> = {
  name: R.Name, body: R.Body, doc: R.Doc, scope: R.Scope, receiver: R.Receiver, container: R.Container,
  import: R.Import, reexport: R.Reexport, 'import.source': R.ImportSource, 'import.name': R.ImportName, 'import.names': R.ImportNames,
  'import.alias': R.ImportAlias, 'import.default': R.ImportDefault, 'import.wildcard': R.ImportWildcard, 'import.module': R.ImportModule,
  'export.name': R.ExportName, 'export.alias': R.ExportAlias, 'export.default': R.ExportDefault,
  noref: R.NoRef, package: R.Package, module: R.Module, constraint: R.Constraint, binding: R.Binding, 'binding.name': R.BindingName, 'binding.type': R.BindingType, 'binding.returns': R.BindingReturns, 'binding.items': R.BindingItems,
  'binding.value': R.BindingValue, 'binding.callee': R.BindingCallee, 'binding.arg': R.BindingArg, 'binding.param': R.BindingParam, 'binding.sig': R.BindingSig,
  'binding.of': R.BindingOf, 'binding.oftype': R.BindingOfType, 'binding.key': R.BindingKey, 'binding.element': R.BindingElement, 'binding.same': R.BindingSame, 'binding.self': R.BindingSelf, 'binding.selftype': R.BindingSelfType, 'binding.payload': R.BindingPayload, 'binding.first': R.BindingFirst, 'binding.member': R.BindingMember, 'binding.repeat': R.BindingRepeat, 'binding.elements': R.BindingElements, 'binding.returned': R.BindingReturned, 'binding.spread': R.BindingSpread, 'binding.supertype': R.BindingSupertype, 'binding.part': R.BindingPart, 'binding.slot': R.BindingSlot, 'binding.holder': R.BindingHolder, 'binding.within': R.BindingWithin, 'binding.rest': R.BindingRest, typeparam: R.TypeParam, 'typeparam.scope': R.TypeParamScope, 'typeparam.list': R.TypeParamList, 'typeparam.bound': R.TypeParamBound, 'typeparam.default': R.TypeParamDefault, 'injection.content': R.InjContent, 'injection.language': R.InjLanguage,
};

/** Maps a capture name to its role; throws on a name outside the scheme (caught by the tests). */
export function captureRole(name: string): Role {
  if (name.startsWith('_')) return { role: R.Ignore };
  const fixed = FIXED[name];
  if (fixed !== undefined) return { role: fixed };
  if (name.startsWith('definition.') && NODE_KINDS.has(name.slice(11))) return { role: R.Def, kind: name.slice(11) };
  if (name.startsWith('reference.') && REF_KINDS.has(name.slice(10))) return { role: R.Ref, kind: name.slice(10) };
  throw new Error(`unknown capture @${name}`);
}

/** A language ready to extract: its table entry, its compiled query, and precomputed sets. */
export interface CompiledLanguage {
  spec: LanguageSpec;
  language: Language;
  query: Query;
  roles: Map<string, Role>;
  comments: Set<string>;
  docSkip: Set<string>;
  /** docSkip's `type>first` entries: type -> the type its first named child must have. */
  docSkipLed: Map<string, string>;
  declWrappers: Set<string>;
  exportWrappers: Set<string>;
  docWrappers: Set<string>;
  bodyFields: string[];
  bodyTypes: Set<string>;
  modifierContainers: Set<string>;
  visibilityWords: Map<string, string>;
  asyncWords: Set<string>;
  fileLocalWords: Set<string>;
  accessLabels: Set<string>;
  methodParents: Set<string>;
  constructorNames: Set<string>;
  receiverParams: Set<string>;
  /** A call of LanguageSpec.boxes ending a text: its arguments are kept (withoutArgs). */
  boxCall?: RegExp;
}

const DEFAULT_VISIBILITY_WORDS: Record<string, string> = {
  public: 'public', private: 'private', protected: 'protected', internal: 'internal',
  fileprivate: 'private', open: 'public', pub: 'public', crate: 'internal', external: 'public',
  'public:': 'public', 'private:': 'private', 'protected:': 'protected',
};

export function compileLanguage(spec: LanguageSpec, language: Language, query: Query): CompiledLanguage {
  const roles = new Map<string, Role>();
  for (const n of query.captureNames) roles.set(n, captureRole(n));
  const w = spec.wrappers ?? {};
  return {
    spec, language, query, roles,
    comments: new Set(spec.comments),
    docSkip: new Set(spec.docSkip?.filter((t) => !t.includes('>'))),
    docSkipLed: new Map(spec.docSkip?.filter((t) => t.includes('>')).map((t) => t.split('>') as [string, string])),
    declWrappers: new Set(w.decl ?? []),
    exportWrappers: new Set(w.export ?? []),
    docWrappers: new Set(w.doc ?? []),
    bodyFields: spec.bodyFields ?? ['body'],
    bodyTypes: new Set(spec.bodyTypes ?? []),
    modifierContainers: new Set(spec.modifierContainers ?? []),
    visibilityWords: new Map(Object.entries({ ...DEFAULT_VISIBILITY_WORDS, ...(spec.visibilityWords ?? {}) })),
    asyncWords: new Set(spec.asyncWords ?? ['async']),
    fileLocalWords: new Set(spec.fileLocalWords ?? []),
    accessLabels: new Set(spec.accessLabels?.types ?? []),
    methodParents: new Set(spec.methodParents ?? ['class', 'struct', 'interface', 'trait', 'enum']),
    constructorNames: new Set(spec.constructorNames ?? []),
    receiverParams: new Set(spec.receiverParams ?? []),
    boxCall: spec.boxes && new RegExp(`(?:^|[^\\w$.])(?:${spec.boxes.calls.join('|')})\\s*(?:<[^()]*>)?\\s*$`),
  };
}

/** A range to re-parse in another language (Vue/HTML <script>); `self`: the receiver a bare name
 *  in the range has (a Vue template's names are the component's). */
export interface Injection { languageId: string; node: Node; self?: string }

export interface ExtractResult { extraction: FileExtraction; injections: Injection[] }

// One definition or container, before it becomes a symbol.
interface Entry {
  start: number; end: number;
  node: Node; nameNode: Node; name: string;
  kind: string; // NodeKind, or '' for a container
  pattern: number;
  body?: Node; doc?: Node[]; scope?: string;
  props?: Record<string, string | null>;
  // filled by the sweep
  qual: string;
  enclosing?: Entry; // innermost lexically enclosing entry
  index: number; // symbol index, -1 for containers
  bound: number; // containers and @scope: the same-file type they attach to, else -1
}

/** `pascal`: the name as written is kebab-case for a PascalCase one (a Vue template's `<my-button>`
 *  is the component MyButton): `(#set! name.pascal)` on the pattern. */
interface RefRec {
  nameNode: Node; kind: RefKind | ''; receiver?: Node; pattern: number; call?: Node; pascal?: boolean;
  /** @scope: the symbol the reference is made for, where it is written outside it (JavaScript's
   *  `Child.prototype = Object.create(Base.prototype)`: Child extends Base), as BindingRec.owner */
  owner?: string;
}

interface ImportRec {
  sourceNode: Node; stmt?: Node; reexport: boolean;
  /** sourceNode is the local name of a module imported whole (@import.module), not a source */
  viaModule?: boolean;
  names: { imported: string; local: string; pos: number }[];
  bindsNothing: boolean;
}

const TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'struct', 'interface', 'trait', 'enum', 'type']);
const FUNCTION_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'constructor']);
const SIGNATURE_MAX = 200;
/** Annotations / attributes / decorators before a declaration (`@Override`, `[Test]`, `#[inline]`). */
const LEADING_ANNOTATIONS = /^(?:(?:@[\w.]+(?:\((?:[^()]|\([^()]*\))*\))?|#?\[[^\]]*\])\s*)+(?=\S)/;
const DOC_MAX = 1500;

function byPosition(a: Entry, b: Entry): number {
  return a.start - b.start || b.end - a.end || (a.kind === '' ? -1 : b.kind === '' ? 1 : 0);
}

/** Node.parent walks down from the root (tree-sitter keeps no parent pointers): a fifth of the
 *  extraction's time on effect went to it. Each node's parent is asked once per file. */
const parents = new Map<number, Node | null>();
function parentOf(n: Node): Node | null {
  let p = parents.get(n.id);
  if (p === undefined) parents.set(n.id, (p = n.parent));
  return p;
}

export function extract(lang: CompiledLanguage, tree: Tree, source: string, matches?: QueryMatch[]): ExtractResult {
  forgetNodes();
  try {
    return extractTree(lang, tree, source, matches);
  } finally {
    forgetNodes();
  }
}

/** The caches keyed by node id hold for one tree: emptied before and after each extraction. */
function forgetNodes(): void {
  parents.clear();
  labels.clear();
  errorStarts.clear();
  keywordCache.clear();
}

/** A node's children in order, through one cursor, until `visit` answers true: child(i) and
 *  .children walk from the first child each time, quadratic on a node of thousands. */
function eachChild(n: Node, visit: (c: TreeCursor) => boolean): void {
  const cursor = n.walk();
  try {
    for (let more = cursor.gotoFirstChild(); more; more = cursor.gotoNextSibling()) if (visit(cursor)) return;
  } finally {
    cursor.delete();
  }
}

/** Where a C-family declaration's first ERROR child after its first declarator starts, read
 *  once per node (a node without errors is not scanned). A name after it is what error recovery
 *  glued on, not a definition: binutils' h8300.h has an opcode table under #ifdef that the parse reads as one declaration of 625
 *  ERRORs and 1,060 "declarators", which had become ~1,500 symbols, each scanning the 2,748
 *  children for its keywords (1.2 s of the file's 1.8 s). */
const errorStarts = new Map<number, number>();
function afterError(def: Node, name: Node): boolean {
  if (!def.hasError) return false;
  let at = errorStarts.get(def.id);
  if (at === undefined) {
    at = Infinity;
    let declared = false; // an ERROR before the first declarator is a macro the grammar did not know (`int ATTRIBUTE_UNUSED f(void)`)
    eachChild(def, (c) => {
      if (c.currentFieldName === 'declarator') declared = true;
      else if (declared && c.nodeType === 'ERROR') { at = c.startIndex; return true; }
      return false;
    });
    errorStarts.set(def.id, at);
  }
  return name.startIndex > at;
}

/** A body's access labels (`public:`) that name a visibility, by start, read once per body: each
 *  member walking back through its previous siblings was quadratic (the Linux kernel's
 *  generated headers have structs of thousands of fields; ~17 s of each parse worker). */
const labels = new Map<number, { at: number[]; vis: string[] }>();
function labelBefore(lang: CompiledLanguage, source: string, n: Node): string | undefined {
  const body = parentOf(n);
  if (!body) return undefined;
  let l = labels.get(body.id);
  if (!l) {
    l = { at: [], vis: [] };
    for (const c of body.children) {
      if (!c || !lang.accessLabels.has(c.type)) continue;
      const v = lang.visibilityWords.get(text(source, c).trim());
      if (v) { l.at.push(c.startIndex); l.vis.push(v); }
    }
    labels.set(body.id, l);
  }
  // the last one before the node (a sibling before it starts before it)
  let lo = 0, hi = l.at.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (l.at[mid] < n.startIndex) lo = mid + 1; else hi = mid; }
  return lo > 0 ? l.vis[lo - 1] : undefined;
}

function extractTree(lang: CompiledLanguage, tree: Tree, source: string, matches?: QueryMatch[]): ExtractResult {
  const root = tree.rootNode;
  const defs = new Map<number, Entry>(); // by name node start: several patterns may match one symbol
  const refs = new Map<number, RefRec>();
  const imports = new Map<number, ImportRec>();
  const exportAliases: { local: string; exported: string }[] = [];
  const injections: Injection[] = [];
  const injected = new Set<number>(); // their starts (a Vue template has thousands)
  let packageName: string | undefined;
  let isModule = false;
  let constraint: string | undefined;
  const bindingRecs: BindingRec[] = [];
  const repeats = new Map<number, Node | undefined>(); // @binding.repeat's answers, by declaration start
  const typeParams = new TypeParamScopes();

  for (const m of matches ?? lang.query.matches(root)) {
    const inParent = m.setProperties?.['in.parent'];
    if (inParent && !parentIn(m.captures.find((c) => c.name === '_in')?.node, inParent)) continue;
    let main: Node | undefined, mainRole = R.Ignore, kind = '';
    let name: Node | undefined, body: Node | undefined, scope: Node | undefined, receiver: Node | undefined;
    let doc: Node[] | undefined;
    let src: Node | undefined, stmt: Node | undefined, reexport = false, viaModule = false;
    let impName: Node | undefined, impNames: Node | undefined, impAlias: Node | undefined, impDefault: Node | undefined, wildcard = false;
    let expName: Node | undefined, expAlias: Node | undefined, expDefault: Node | undefined;
    let injLang: Node | undefined;
    let bind: Node | undefined, bindName: Node | undefined, bindType: Node | undefined, own: OwnBinding | undefined, member = false, elements = false, returned: '.' | '...' | undefined, supertype = false, slot: Node | undefined, holder: Node | undefined;
    let bindValue: Node | undefined, bindCallee: Node | undefined, bindArg: Node | undefined, bindParam: Node | undefined, bindSig: Node | undefined, within: Node | undefined, rest: Node | undefined;
    let bindOf: Node | undefined, bindOfType = false, bindKey: Node | undefined, element = false, payload = false, same = false, self = false, selfType = false;
    let typeParam: Node | undefined, typeParamScope: Node | undefined, typeParamBound: Node | undefined;
    let typeParamDefault = false;
    for (const c of m.captures) {
      const r = lang.roles.get(c.name);
      if (!r) continue;
      switch (r.role) {
        case R.Def: case R.Ref: main = c.node; mainRole = r.role; kind = r.kind!; break;
        case R.NoRef: main = c.node; mainRole = R.Ref; kind = ''; break;
        case R.Container: main = c.node; mainRole = R.Container; break;
        case R.Name: name = c.node; break;
        case R.Body: body = c.node; break;
        case R.Doc: (doc ??= []).push(c.node); break;
        case R.Scope: scope = c.node; break;
        case R.Receiver: receiver = c.node; break;
        case R.Import: stmt = c.node; break;
        case R.Reexport: stmt = c.node; reexport = true; break;
        case R.ImportSource: src = c.node; break;
        case R.ImportModule: src = c.node; viaModule = true; break;
        case R.ImportName: impName = c.node; break;
        case R.ImportNames: impNames = c.node; break;
        case R.ImportAlias: impAlias = c.node; break;
        case R.ImportDefault: impDefault = c.node; break;
        case R.ImportWildcard: wildcard = true; break;
        case R.ExportName: expName = c.node; break;
        case R.ExportAlias: expAlias = c.node; break;
        case R.ExportDefault: expDefault = c.node; break;
        case R.Package: packageName ??= squash(text(source, c.node)); break;
        case R.Module: isModule = true; break;
        case R.Constraint: constraint ??= squash(text(source, c.node)); break;
        case R.InjContent: main = c.node; mainRole = R.InjContent; break;
        case R.InjLanguage: injLang = c.node; break;
        case R.Binding: bind = c.node; break;
        case R.BindingName: bindName = c.node; break;
        case R.BindingType: bindType = c.node; break;
        case R.BindingReturns: bindName = c.node; own = '()'; break;
        case R.BindingItems: bindName = c.node; own = '[]'; break;
        case R.BindingValue: bindValue = c.node; break;
        case R.BindingCallee: bindCallee = c.node; break;
        case R.BindingArg: bindArg = c.node; break;
        case R.BindingParam: bindParam = c.node; break;
        case R.BindingSig: bindSig = c.node; break;
        case R.BindingOf: bindOf = c.node; break;
        case R.BindingOfType: bindOf = c.node; bindOfType = true; break;
        case R.BindingKey: bindKey = c.node; break;
        case R.BindingElement: bindOf = c.node; element = true; break;
        case R.BindingSame: bindOf = c.node; same = true; break;
        case R.BindingSelf: bindOf = c.node; same = true; self = true; break;
        case R.BindingSelfType: bindType = c.node; bindParam = c.node; selfType = true; break;
        case R.BindingPayload: bindOf = c.node; payload = true; break;
        case R.BindingFirst: bindName = c.node; own = '0'; break;
        case R.BindingMember: bindName = c.node; member = true; break;
        case R.BindingReturned: bindName = c.node; returned = '.'; break;
        case R.BindingSpread: bindName = c.node; returned = '...'; break;
        case R.BindingSupertype: bindName = c.node; returned = '...'; supertype = true; break;
        case R.BindingPart: bind = c.node; bindName = aliasNameOf(c.node); returned = '...'; supertype = true; break;
        case R.BindingSlot: slot = c.node; break;
        case R.BindingHolder: holder = c.node; break;
        case R.BindingWithin: within = c.node; break;
        case R.BindingRest: rest = c.node; break;
        case R.BindingRepeat: bind = c.node; bindType = repeatedType(c.node, repeats); break;
        case R.BindingElements: bindType = c.node; elements = true; break;
        case R.TypeParam: typeParam = c.node; break;
        case R.TypeParamScope: typeParamScope = c.node; break;
        case R.TypeParamList: typeParamScope = parentOf(c.node) ?? undefined; break;
        case R.TypeParamBound: typeParamBound = c.node; break;
        case R.TypeParamDefault: typeParamBound = c.node; typeParamDefault = true; break;
        default: break;
      }
    }
    // `(#set! returns.field name)`: the binding is its declaration's own '()', named by that field
    const returnsField = m.setProperties?.['returns.field'];
    if (returnsField && bind) {
      bindName = bind.childForFieldName(returnsField) ?? undefined;
      own = '()';
    }
    if (typeParam && typeParamScope) {
      const bound = typeParamBound && typeName(text(source, typeParamBound));
      const name = text(source, typeParam);
      typeParams.add(name, typeParamScope.startIndex, typeParamScope.endIndex, bound);
      // a C++ parameter's default names it too, where the template is (`FileNameCalc::calc_filename()`
      // with `typename FileNameCalc = daily_filename_calculator`: most likely that one's)
      if (typeParamDefault && bound) bindingRecs.push({ pos: typeParam.startIndex, name, type: `%${name}:${bound}`, lines: [typeParamScope.startPosition.row + 1, endLineOf(typeParamScope)] });
      continue;
    }
    // (a lambda that names no parameter has the language's implicit one: Kotlin's `it`)
    // (a lambda with a receiver, Kotlin's `x.apply { go() }`, has it as its `this`)
    const bound = self ? lang.spec.lambdaReceiver : bindName ? text(source, bindName) : (element || same) && lang.spec.implicitParam;
    if (bind && bindOf && bound) {
      // destructured: `const { a, b: c } = expr` -> `=(expr).a`; `({ a }: T)` -> `=(_ as T).a`
      const of = bindOfType ? `_ as ${squash(text(source, bindOf))}` : squash(withoutArgs(text(source, bindOf), SIGNATURE_MAX));
      const rec: BindingRec = { pos: bind.startIndex, name: bound, type: `=(${of}).${bindKey ? text(source, bindKey) : bound}` };
      if (element || same) {
        // an element of a collection (`for (const x of xs)`), in the loop only: `=(xs)[]`; or
        // the value itself (Kotlin's `x?.let { it.go() }`), in the lambda only: `=(x)`
        rec.type = element ? `=(${of})[]` : `=(${of})`;
        // (a loop that ends at its `)` has its body after it: Kotlin's grammar leaves a brace-less
        // body on the next line out of the for_statement)
        let after = element && bind.lastChild?.type === ')' ? bind.nextNamedSibling : null;
        while (after && lang.comments.has(after.type)) after = after.nextNamedSibling;
        rec.lines = [bind.startPosition.row + 1, endLineOf(after ?? bind)];
      } else if (payload) {
        // what a tuple variant or struct holds (`Ast::Group(ref x) => ...`), in the arm only
        rec.type = `=(${of}).0`;
        rec.lines = [bind.startPosition.row + 1, endLineOf(bind)];
      }
      if (of.length <= SIGNATURE_MAX) bindingRecs.push(rec);
      continue;
    }
    if (bind && slot && bindParam) {
      const rec = memberParam(lang, source, bind, slot, bindParam, bindName, bindType, holder, bindArg, bindCallee);
      if (rec) bindingRecs.push({ ...rec, line: bind.startPosition.row + 1 });
      continue;
    }
    if (bind) {
      // a local declaration's "result" is the variable it declares (`lock_guard<M> lock(m);`)
      if (own === '()' && isLocalDeclaration(lang, bind)) own = undefined;
      if (returned && !supertype && !returnedByFunction(bind)) continue;
      if (supertype && !bindName) continue; // (an intersection that is not an alias's whole value)
      // `typeof ns`: the type of the value ns (a module imported whole: that module)
      const query = bindType && lang.spec.typeQuery === bindType.type ? bindType.namedChild(0) : undefined;
      const rec = bindingOf(lang, source, bind, bindName, bindType, own, bindValue, bindCallee, bindArg, bindParam, bindSig, selfType);
      if (rec && elements) rec.type += '[]';
      // a property of a parameter's inline object type: `options.differ`
      if (rec && bindKey) rec.name += `.${text(source, bindKey)}`;
      // the function's result's members: `.key`, and `...` for an object it spreads in
      if (rec && returned) rec.name = returned === '.' ? `.${rec.name}` : '...';
      if (rec && query) rec.type = `typeof ${squash(text(source, query))}`;
      if (rec && scope) rec.owner = scopeText(source, scope);
      // (@binding.within: it holds there only, Kotlin's smart cast `is T -> x.go()`)
      // (not where another branch shares its lines: `is A -> x.a(); is B -> x.b()` on one line)
      if (rec && within && sharesLines(within)) continue;
      if (rec && within) Object.assign(rec, { lines: [within.startPosition.row + 1, endLineOf(within)], narrows: true });
      // (@binding.rest: from the line after the binding's node to the end of the captured one,
      // Kotlin's `if (x !is T) return` making x a T below it)
      if (rec && rest) Object.assign(rec, { lines: [bind.endPosition.row + 2, endLineOf(rest)], narrows: true });
      if (rec) bindingRecs.push(member ? { ...rec, line: bind.startPosition.row + 1, member } : { ...rec, line: bind.startPosition.row + 1 });
      // (a lambda that names no parameter has the implicit one, Kotlin's `it`, where its callee
      // declares one: `@last.0 f` as `@last.this f` for its receiver)
      const it = lang.spec.implicitParam;
      const lambdaThis = rec && it && bindCallee && !bindName ? /^@(\w+)\.\w+ /.exec(rec.type) : null;
      if (lambdaThis) bindingRecs.push({ ...rec!, name: it!, type: `@${lambdaThis[1]}.0 ${rec!.type.slice(lambdaThis[0].length)}`, line: bind.startPosition.row + 1 });
      continue;
    }
    if (mainRole === R.Def || mainRole === R.Container) {
      if (!name || isLocalDeclaration(lang, main!) || afterError(main!, name)) continue;
      // `a::b::C::f` is a nested qualified name: C++'s grammar gives `a` as the scope, `b::C::f` as the name
      let scopeName = scope ? scopeText(source, scope) : undefined;
      for (let inner = name; inner.type === 'qualified_identifier';) {
        const s = inner.childForFieldName('scope'), n = inner.childForFieldName('name');
        if (!n) break;
        if (s) scopeName = scopeName ? `${scopeName}.${scopeText(source, s)}` : scopeText(source, s);
        name = inner = n;
      }
      const key = name.startIndex;
      const prev = defs.get(key);
      if (prev && prev.pattern <= m.patternIndex) continue;
      defs.set(key, {
        // A body outside the declaration node (Dart: signature, then body) widens its range; so
        // does the rest of its parent where the declaration says so (C#'s `namespace A.B;` holds
        // what follows it in the file: `scope.rest`).
        start: main!.startIndex, end: m.setProperties && 'scope.rest' in m.setProperties && main!.parent ? main!.parent.endIndex : body && body.endIndex > main!.endIndex ? body.endIndex : main!.endIndex,
        node: main!, nameNode: name, name: unquote(text(source, name)),
        kind: mainRole === R.Container ? '' : kind, pattern: m.patternIndex, body, doc, scope: scopeName,
        props: m.setProperties as Record<string, string | null> | undefined,
        qual: '', index: -1, bound: -1,
      });
    } else if (mainRole === R.Ref) {
      const n = name ?? main!;
      const prev = refs.get(n.startIndex);
      if (prev && prev.pattern <= m.patternIndex) continue;
      const rec: RefRec = { nameNode: n, kind: kind as RefKind | '', receiver, pattern: m.patternIndex, call: lang.spec.overloads && (kind === 'call' || kind === 'new') ? main : undefined };
      if (m.setProperties && 'name.pascal' in m.setProperties) rec.pascal = true;
      if (scope) rec.owner = scopeText(source, scope);
      refs.set(n.startIndex, rec);
    } else if (src) {
      let rec = imports.get(src.startIndex);
      if (!rec) imports.set(src.startIndex, (rec = { sourceNode: src, stmt, reexport, viaModule, names: [], bindsNothing: false }));
      else { rec.stmt ??= stmt; rec.reexport ||= reexport; }
      const alias = impAlias ? text(source, impAlias) : undefined;
      // Go's `import _ "pkg"` binds nothing; Python's `from t import gettext_lazy as _` binds `_`
      if (alias === '_' && !impName) rec.bindsNothing = true;
      else if (alias === '.' || wildcard) rec.names.push({ imported: '*', local: '*', pos: (impAlias ?? src).startIndex });
      else if (impName) {
        const imported = text(source, impName);
        rec.names.push({ imported, local: alias ?? imported, pos: impName.startIndex });
      } else if (alias !== undefined) rec.names.push({ imported: '*', local: alias, pos: impAlias!.startIndex });
      for (let n = impNames?.firstNamedChild; n; n = n.nextNamedSibling) {
        const nameNode = n.childForFieldName('name');
        if (!nameNode) continue;
        const imported = text(source, nameNode), aliasNode = n.childForFieldName('alias');
        rec.names.push({ imported, local: aliasNode ? text(source, aliasNode) : imported, pos: nameNode.startIndex });
      }
      if (impDefault) rec.names.push({ imported: 'default', local: text(source, impDefault), pos: impDefault.startIndex });
    } else if (expName) {
      const local = text(source, expName);
      exportAliases.push({ local, exported: expAlias ? text(source, expAlias) : local });
    } else if (expDefault) {
      exportAliases.push({ local: text(source, expDefault), exported: 'default' });
    } else if (mainRole === R.InjContent && lang.spec.injection) {
      const inj = lang.spec.injection;
      const id = injLang ? inj.languages[unquote(text(source, injLang)).toLowerCase()] : inj.default;
      const self = m.setProperties?.['injection.self'] ?? undefined;
      if (id && !injected.has(main!.startIndex)) {
        injected.add(main!.startIndex);
        injections.push(self ? { languageId: id, node: main!, self } : { languageId: id, node: main! });
      }
    }
  }

  // ── Symbols: sort definitions and containers by position, then one sweep with a stack ──
  const entries = [...defs.values()].sort(byPosition);
  const symbols: ExtractedSymbol[] = [];
  const symEntries: Entry[] = [];
  const stack: Entry[] = [];
  // Two definitions on one node (`int a, b;`) are siblings, not nested.
  const contains = (o: Entry, e: Entry) => o.start <= e.start && e.end <= o.end && (o.kind === '' || o.start !== e.start || o.end !== e.end);
  for (const e of entries) {
    while (stack.length && !contains(stack[stack.length - 1], e)) stack.pop();
    const enc = stack[stack.length - 1];
    e.enclosing = enc;
    let qual = enc ? enc.qual + '.' : '';
    if (e.scope === 'this') {
      // `this.x = function` in a class's method or in a constructor function: named as that
      // owner's member, its parent the function it is in (whose locals it sees)
      const owner = thisOwner(stack, lang);
      if (owner) qual = owner.qual + '.';
      e.scope = undefined;
    } else if (e.scope) qual += e.scope + '.';
    e.qual = qual + e.name;
    if (e.kind !== '') {
      const encClassLike = enc && (enc.kind === '' || lang.methodParents.has(enc.kind));
      if (e.kind === 'function' && (encClassLike || e.scope)) e.kind = 'method';
      const owner = e.scope ? e.qual.slice(0, -e.name.length - 1) : enc && encClassLike ? enc.qual : undefined;
      if ((e.kind === 'method' || e.kind === 'function') &&
          (lang.constructorNames.has(e.name) || (lang.spec.constructorIsClassName && owner && owner.slice(owner.lastIndexOf('.') + 1) === e.name))) {
        e.kind = 'constructor';
      }
      e.index = symEntries.length;
      symEntries.push(e);
    }
    stack.push(e);
  }
  // Containers and out-of-line scopes attach to a same-file type of that qualified name.
  const types = new Map<string, number>();
  for (const e of symEntries) if (TYPE_KINDS.has(e.kind) && !types.has(e.qual)) types.set(e.qual, e.index);
  const lexicalSymbol = (e: Entry | undefined): number => {
    for (let x = e; x; x = x.enclosing) {
      if (x.kind !== '') return x.index;
      if (x.bound < 0) x.bound = types.get(x.qual) ?? -2;
      if (x.bound >= 0) return x.bound;
    }
    return -1;
  };
  // An out-of-line scope with no such type may name another owner: JavaScript's constructor
  // function (`Foo.prototype.bar = function`) or object (`res.send = function`).
  const owners = new Map<string, number>();
  for (const e of symEntries) if (OWNER_KINDS.has(e.kind) && !owners.has(e.qual)) owners.set(e.qual, e.index);
  /** The symbol a @scope names (a type, function or object), as named where the capture is:
   *  `Child` of the symbol `around`, else the file's; `around` where none is. */
  const ownerNamed = (named: string, around: number): number => {
    const inner = around >= 0 ? `${symEntries[around].qual}.${named}` : named;
    return types.get(inner) ?? owners.get(inner) ?? types.get(named) ?? owners.get(named) ?? around;
  };
  for (const e of symEntries) {
    let parent = -1;
    if (e.scope) {
      const owner = e.qual.slice(0, e.qual.length - e.name.length - 1);
      parent = types.get(owner) ?? owners.get(owner) ?? -1;
    }
    if (parent < 0) parent = lexicalSymbol(e.enclosing);
    symbols.push(makeSymbol(lang, source, e, parent, symEntries));
  }
  // Exported: members follow their container (see ExportRule); names in `export { }` count too.
  const exportedNames = new Set<string>();
  for (const a of exportAliases) exportedNames.add(a.local);
  const memo = new Int8Array(symbols.length); // 0 unknown, 1 no, 2 yes, 3 visiting
  const exported = (i: number): boolean => {
    if (memo[i] === 1 || memo[i] === 3) return false;
    if (memo[i] === 2) return true;
    memo[i] = 3;
    const s = symbols[i];
    let r: boolean;
    if (s.parent < 0) r = s.isExported || exportedNames.has(s.name);
    else {
      const p = symbols[s.parent];
      if (FUNCTION_KINDS.has(p.kind)) r = false;
      else if (p.kind === 'namespace' || p.kind === 'module') r = s.isExported && exported(s.parent);
      else r = memberVisible(lang, s) && exported(s.parent);
    }
    memo[i] = r ? 2 : 1;
    return r;
  };
  for (let i = 0; i < symbols.length; i++) exported(i);
  for (let i = 0; i < symbols.length; i++) symbols[i].isExported = memo[i] === 2;

  // ── Refs: sorted by position; `from` by a sweep over the same sorted entries ──
  const defNames = new Set<number>();
  for (const e of entries) defNames.add(e.nameNode.startIndex);
  // A zero-width name is a node tree-sitter made up to recover (`DEF3OP(madd, sp, f, g, )` in C):
  // no reference, and an empty name matched every side-effect import while following re-exports.
  const refList = [...refs.values()].filter((r) => r.kind && !defNames.has(r.nameNode.startIndex));
  refList.sort((a, b) => a.nameNode.startIndex - b.nameNode.startIndex);
  const out: ExtractedRef[] = [];
  stack.length = 0;
  let ei = 0;
  for (const r of refList) {
    const pos = r.nameNode.startIndex;
    while (ei < entries.length && entries[ei].start <= pos) {
      const e = entries[ei++];
      while (stack.length && !contains(stack[stack.length - 1], e)) stack.pop();
      stack.push(e);
    }
    while (stack.length && stack[stack.length - 1].end <= pos) stack.pop();
    const enc = stack[stack.length - 1];
    const written = text(source, r.nameNode);
    const name = r.pascal ? written.replace(/(?:^|-)([a-z0-9])/g, (_m, c: string) => c.toUpperCase()) : written;
    if (!name) continue; // zero-width (see above)
    // `A` in `function f<A>(a: A)` is the parameter, not a type `A` elsewhere (effect: 7 in 10 type names)
    if (r.kind === 'type' && !r.receiver && typeParams.covers(name, pos) !== false) continue;
    const p = r.nameNode.startPosition;
    const from = r.owner !== undefined ? ownerNamed(r.owner, lexicalSymbol(enc)) : lexicalSymbol(enc);
    const ref: ExtractedRef = { name, kind: r.kind as RefKind, line: p.row + 1, col: p.column, from };
    if (r.receiver) ref.receiver = squash(text(source, lang.spec.newlineEndsCall ? ownLine(source, r.receiver) : r.receiver));
    const args = r.call && argNodes(lang, r.call);
    if (args) ref.args = args.length;
    if (args?.length && lang.spec.overloads === 'types') ref.argv = argTexts(args, source);
    if (enc && ref.from < 0 && enc.kind === '') ref.scope = enc.qual;
    out.push(ref);
  }

  // ── Bindings: the same sweep gives each its enclosing symbol ──
  const bindings: ExtractedBinding[] = [];
  const lineOf = new Map<ExtractedBinding, number>();
  bindingRecs.sort((a, b) => a.pos - b.pos);
  stack.length = 0;
  ei = 0;
  typeParams.restart();
  for (const b of bindingRecs) {
    // typed by a type parameter (`ctx: Ctx` in `f<Ctx>`): a type not known, rather than one from
    // outside the project (whose members are never guessed); kept as `%E`, which a receiver's
    // type arguments may give (`E get(int)` of a `List<Repo>`: a Repo)
    // (`%E:Bound` where it has a first bound: `V: Visitor`, `T extends Comparable<T>`, whose
    // members it has when no type argument says more)
    const bare = /^([A-Za-z_$][\w$]*)(\[\])?$/.exec(b.type);
    const param = bare && (b.typePos === undefined ? typeParams.covers(bare[1], b.pos) : typeParams.coversAt(bare[1], b.typePos));
    if (bare && param !== false) {
      // (`if (x !is T) return` of a type parameter T: x is still what it was declared, and a T)
      if (bare[2] || b.narrows) continue;
      b.type = param ? `%${bare[1]}:${param}` : `%${bare[1]}`;
    }
    // (`~T`: what the name is as well as what it was declared, receiver-type.ts)
    if (b.narrows) b.type = `~${b.type}`;
    while (ei < entries.length && entries[ei].start <= b.pos) {
      const e = entries[ei++];
      while (stack.length && !contains(stack[stack.length - 1], e)) stack.pop();
      stack.push(e);
    }
    while (stack.length && stack[stack.length - 1].end <= b.pos) stack.pop();
    // a field's type belongs to its class: `this.repo` is looked up there
    let scope = b.owner !== undefined ? ownerNamed(b.owner, lexicalSymbol(stack[stack.length - 1])) : lexicalSymbol(stack[stack.length - 1]);
    // `var userMap, groupMap sync.Map`: the names share one range; each its own binding
    if (scope >= 0 && HOLDER_KINDS.has(symbols[scope].kind) && symbols[scope].name !== b.name) {
      const top = stack[stack.length - 1];
      for (let i = ei - 1; i >= 0 && entries[i].start === top.start; i--) {
        if (entries[i].end === top.end && entries[i].index >= 0 && symbols[entries[i].index].name === b.name) { scope = entries[i].index; break; }
      }
    }
    if (scope >= 0 && (symbols[scope].kind === 'field' || symbols[scope].kind === 'property')) scope = symbols[scope].parent;
    if (b.member && scope >= 0 && symbols[scope].kind === 'method') {
      // `this.x = new T()` outside the constructor: the class's binding `.x`, a field's type where
      // the constructor gives none (`this.currentPath = null` there); an initialiser is read in
      // its method only, so it says nothing here
      if (b.type.startsWith('=') || symbols[scope].parent < 0) continue;
      scope = symbols[scope].parent;
      b.name = `.${b.name}`;
    }
    bindings.push(b.lines ? { name: b.name, type: b.type, scope, lines: b.lines } : { name: b.name, type: b.type, scope });
    if (!b.lines && b.line !== undefined) lineOf.set(bindings[bindings.length - 1], b.line);
  }
  // A name given several types in one scope (`q = UpdateQuery(m)` ... `q = DeleteQuery(m)`): each
  // holds from its own line to the scope's end, so a receiver reads the one assigned last before it.
  const byScopeName = new Map<string, ExtractedBinding[]>();
  for (const b of bindings) {
    if (b.lines || !lineOf.has(b) || b.name.startsWith('(') || b.name === '[]') continue;
    const k = `${b.scope}\0${b.name}`;
    const list = byScopeName.get(k);
    if (list) list.push(b);
    else byScopeName.set(k, [b]);
  }
  const scopeEnd = (scope: number) => (scope >= 0 ? symbols[scope].endLine : root.endPosition.row + 1);
  for (const list of byScopeName.values()) {
    if (list.length < 2 || list.every((b) => b.type === list[0].type)) continue;
    for (const b of list) b.lines = [lineOf.get(b)!, scopeEnd(b.scope)];
  }
  // `val failure = failure(a, b)`: the local holds from its own line, where the call is still the
  // function's (resolve.ts); below it a call of the name calls the local
  for (const b of bindings) {
    if (!b.lines && lineOf.has(b) && b.type.startsWith(`=${b.name}(`)) b.lines = [lineOf.get(b)!, scopeEnd(b.scope)];
  }
  // the file's build constraint, as written: read by the resolver where it has rules for it
  if (constraint !== undefined) bindings.push({ name: CONSTRAINT, type: constraint, scope: -1 });
  // `export { a as b }`, `export default a`: the file's `b` is its `a` (binding `export b` -> a)
  for (const a of exportAliases) if (a.local !== a.exported) bindings.push({ name: `export ${a.exported}`, type: a.local, scope: -1 });

  // ── Imports ──
  const importList: ExtractedImport[] = [];
  const recs = [...imports.values()].sort((a, b) => a.sourceNode.startIndex - b.sourceNode.startIndex);
  // inline modules (Rust's `mod tests { use super::*; }`), for the paths that step out of them
  const modules = symEntries.filter((e) => e.kind === 'module');
  // a member of a module imported whole under a local name (Lua's `local utils = require 'pl.utils'`,
  // then `local assert_arg = utils.assert_arg`): imported from that module's source, if there is one
  const wholeAs = new Map<string, string>();
  for (const rec of recs) {
    if (rec.viaModule) continue;
    for (const n of rec.names) if (n.imported === '*' && !wholeAs.has(n.local)) wholeAs.set(n.local, unquote(text(source, rec.sourceNode)));
  }
  for (const rec of recs) {
    if (lang.spec.platformIncludes && rec.stmt && otherPlatformOnly(rec.stmt, source)) continue;
    const module = rec.viaModule ? wholeAs.get(text(source, rec.sourceNode)) : undefined;
    if (rec.viaModule && module === undefined) continue;
    let source_ = module ?? unquote(text(source, rec.sourceNode));
    // a leading `super` leaves the inline modules around the import first, then the file's
    if (SUPER.test(source_) && modules.length) {
      let depth = modules.filter((e) => e.start <= rec.sourceNode.startIndex && rec.sourceNode.endIndex <= e.end).length;
      for (; depth > 0 && SUPER.test(source_); depth--) source_ = source_.replace(SUPER, '');
      if (!SUPER.test(source_)) source_ = source_ ? `self::${source_}` : 'self';
    }
    let names = rec.names.sort((a, b) => a.pos - b.pos).map(({ imported, local }) => ({ imported, local }));
    if (!names.length && !rec.bindsNothing) names = bareBinding(lang.spec.bareImport, source_);
    const seen = new Set<string>();
    names = names.filter((n) => { const k = n.imported + '\0' + n.local; if (seen.has(k)) return false; seen.add(k); return true; });
    const imp: ExtractedImport = { source: source_, names, line: (rec.stmt ?? rec.sourceNode).startPosition.row + 1 };
    if (rec.reexport) imp.reexport = true;
    importList.push(imp);
  }

  const extraction: FileExtraction = {
    language: lang.spec.id,
    symbols,
    refs: out,
    imports: importList,
    errorCount: root.hasError ? countErrors(root) : 0,
  };
  if (exportAliases.length) extraction.exportAliases = exportAliases;
  if (bindings.length) extraction.bindings = bindings;
  if (packageName) extraction.package = packageName;
  // a language that tells modules apart (@module): a file with none of its marks is a classic
  // script, unless minified (a bundle's top-level `Q` and `pt` are its own, not the page's)
  if (!isModule && lang.roles.has('module') && !minified(source, root)) extraction.script = true;
  return { extraction, injections };
}

/** Where each type parameter name holds, asked at increasing positions: a sweep per name over
 *  its declarations sorted by start, keeping the open ones (nested or disjoint: tree ranges). A
 *  scan of all of them per reference was quadratic: effect declares `<A, E, R>` thousands of times
 *  in one file. */
class TypeParamScopes {
  private readonly byName = new Map<string, { scopes: [number, number, string][]; next: number; open: number[]; sorted: boolean }>();

  /** A type parameter declared over [start, end), with its first bound's type name, if any (a
   *  Rust `where T: B` clause names the same scope again, with the bound). */
  add(name: string, start: number, end: number, bound = ''): void {
    let t = this.byName.get(name);
    if (!t) this.byName.set(name, (t = { scopes: [], next: 0, open: [], sorted: false }));
    const same = t.scopes.find((x) => x[0] === start && x[1] === end);
    if (same) same[2] ||= bound;
    else t.scopes.push([start, end, bound]);
  }

  /** Starts the sweep over, for positions from the start again. */
  restart(): void {
    for (const t of this.byName.values()) { t.next = 0; t.open.length = 0; }
  }

  /** covers() at any position, without the sweep (a binding whose type is written after it). */
  coversAt(name: string, pos: number): string | false {
    let best: [number, number, string] | undefined;
    for (const sc of this.byName.get(name)?.scopes ?? []) if (sc[0] <= pos && pos < sc[1] && (!best || sc[0] >= best[0])) best = sc;
    return best ? best[2] : false;
  }

  /** The bound ('' for none) of the innermost declaration of `name` that contains `pos`, false
   *  where none does; positions must not decrease between calls. */
  covers(name: string, pos: number): string | false {
    const t = this.byName.get(name);
    if (!t) return false;
    if (!t.sorted) { t.scopes.sort((a, b) => a[0] - b[0] || b[1] - a[1]); t.sorted = true; }
    const open = t.open; // indexes into scopes, innermost last
    while (t.next < t.scopes.length && t.scopes[t.next][0] <= pos) {
      const start = t.scopes[t.next][0];
      while (open.length && t.scopes[open[open.length - 1]][1] <= start) open.pop();
      open.push(t.next++);
    }
    while (open.length && t.scopes[open[open.length - 1]][1] <= pos) open.pop();
    return open.length > 0 ? t.scopes[open[open.length - 1]][2] : false;
  }
}

/** A declaration's binding about itself: what a function returns, what a collection type holds. */
type OwnBinding = '()' | '[]' | '0';

/** `member`: a field the code assigns (`this.x = new T()`), not a local. */
interface BindingRec {
  pos: number; typePos?: number; name: string; type: string; lines?: [number, number]; line?: number; member?: boolean;
  /** a smart cast's (@binding.within, @binding.rest): what the name is as well, in those lines,
   *  written `~T` */
  narrows?: boolean;
  /** @scope: the symbol the binding is given to, named where it is written outside it */
  owner?: string;
}

/** One binding capture -> {pos, name, type}. The type is a bare type name, or (resolved later,
 *  in the binding's scope) `=expr`, the type of an initialiser (`const s = make()`), or
 *  `@i.j callee`, an untyped callback parameter: parameter j of the callback passed as argument
 *  i of `callee`. A callee declares those as bindings named `(i).j` on itself. */
function bindingOf(lang: CompiledLanguage, source: string, bind: Node, name: Node | undefined, typeNode: Node | undefined, own: OwnBinding | undefined,
  value: Node | undefined, callee: Node | undefined, arg: Node | undefined, param: Node | undefined, sig?: Node, selfType = false): BindingRec | undefined {
  const self = lang.spec.receiverParams?.[0] ?? lang.spec.lambdaReceiver;
  if (callee && arg && (param && name || self)) {
    // it holds inside the callback only: the same name elsewhere in the function is another thing
    const lines: [number, number] = [arg.startPosition.row + 1, endLineOf(arg)];
    // (a Kotlin trailing lambda is the callee's last parameter, whatever the arguments before it)
    const at = lang.spec.trailingLambda === arg.type ? 'last' : position(lang, arg, undefined);
    // the call spells the callback's type out (`dual<Last, (self: A, b: B) => C>(2, (self, b) => ...)`)
    const declared = sig && param && name && paramType(lang, source, sig, position(lang, param, arg));
    if (declared) return { pos: name.startIndex, name: text(source, name!), type: declared, lines };
    const c = squash(text(source, callee));
    if (c.length > SIGNATURE_MAX) return undefined;
    if (!param || !name) return { pos: arg.startIndex, name: self!, type: `@${at}.${self} ${c}`, lines };
    return { pos: name.startIndex, name: text(source, name), type: `@${at}.${position(lang, param, arg)} ${c}`, lines };
  }
  const lines = blockLines(lang, bind);
  if (value && name) {
    const expr = squash(withoutArgs(text(source, value), SIGNATURE_MAX, lang.boxCall));
    // `x = x.next()` says nothing new about `x` (and reads as a cycle); a declaration's `val x =
    // x()` calls another x (an assignment's `this.stack = stack()` is left out as before)
    const n = text(source, name);
    const next = /declaration|declarator/.test(bind.type) ? /^[\w$(]/ : /^[\w$]/;
    // (Kotlin's `val prev = prev as Node` is a Node, whatever the other prev is)
    if (expr.startsWith(n) && !next.test(expr.slice(n.length, n.length + 1)) && !/^\s+as[?!]?\s/.test(expr.slice(n.length))) return undefined;
    if (expr.length > SIGNATURE_MAX) return undefined;
    return own ? { pos: name.startIndex, name: own, type: `=${expr}` } : { pos: bind.startIndex, name: text(source, name), type: `=${expr}`, lines };
  }
  if (!typeNode || lang.comments.has(typeNode.type)) return undefined; // `(_)` also matches a comment before the type
  // a type with no name (`{ a: A }`, `[]int`) is still a declared one: `{}` resolves to nothing
  // (`new Box<Item>()`: the constructor's type with the expression's type arguments)
  const made = typeNode.parent?.childForFieldName('constructor')?.id === typeNode.id ? typeNode.parent.childForFieldName('type_arguments') : null;
  const written = text(source, typeNode) + (made ? text(source, made) : '');
  const type = (lang.spec.functionTypes && functionTypeName(written)) || (typeName(written) ?? '{}');
  if (arg && param) {
    // parameters of a callback's own callback (`(next: (x: X) => void) => void`) are no callee's;
    // a constant's declared function type is its signature (`const clockWith: (f: (clock: Clock)
    // => A) => A`)
    const pp = parentOf(param);
    const outer = parentOf(bind);
    const declarator = outer && parentOf(outer)?.type === 'type_annotation' ? parentOf(parentOf(outer)!) : undefined;
    if (outer?.type === (pp && parentOf(pp))?.type && declarator?.type !== 'variable_declarator') return undefined;
    // (a Kotlin function type's receiver, `block: Scope.() -> Unit`: the lambda's `this`)
    const j = selfType ? lang.spec.lambdaReceiver : lang.receiverParams.has(param.firstNamedChild?.type ?? '') ? param.firstNamedChild!.type : position(lang, param, arg);
    // (Kotlin's last parameter is what a trailing lambda is passed for: `(last).j`)
    // (a default value, `block: () -> Unit = {}`, is a sibling; another parameter is not)
    let last = true;
    for (let n = arg.nextNamedSibling; n && last; n = n.nextNamedSibling) last = n.type !== arg.type;
    const i = lang.spec.trailingLambda && last ? 'last' : position(lang, arg, undefined);
    return { pos: bind.startIndex, name: `(${i}).${j}`, type };
  }
  // a parameter of a signature without a body (a function type `(x: X) => Y`, an overload) names
  // no local; C and C++ hold the body up the declarators (`function_definition >
  // reference_declarator > function_declarator` for `T &T::operator=(T other)`)
  const list = parentOf(bind);
  const owner = list && parentOf(list);
  let definition = owner && parentOf(owner);
  while (definition && definition.type.endsWith('declarator')) definition = parentOf(definition);
  if (owner && list && owner.childForFieldName('parameters')?.equals(list) && !findBody(lang, owner) && !(definition && findBody(lang, definition))) return undefined;
  // `this: T` holds in its function only
  if (name && owner && lang.receiverParams.has(name.type)) return { pos: bind.startIndex, name: text(source, name), type, lines: [owner.startPosition.row + 1, endLineOf(owner)] };
  // a return type is the binding '()' of the function itself, a collection type's element its
  // binding '[]' (the name node is inside it); it is read for type parameters where it is written
  // (`const make: <A>() => A` declares A after the name)
  if (name && own && typeNode.startIndex > name.startIndex) return { pos: name.startIndex, typePos: typeNode.startIndex, name: own, type, lines };
  if (name) return { pos: own ? name.startIndex : bind.startIndex, name: own ?? text(source, name), type, lines };
  return undefined;
}

/** @binding.slot: parameter j of a member's function type. Declared (an interface's `code: (cxt:
 *  KeywordCxt) => void`, `code(cxt: KeywordCxt): void`): the interface's binding `code(j)`. Taken
 *  (@binding.holder: an untyped parameter of a method of an object literal a declared type types,
 *  `const def: T = { code(cxt) {} }`): `#code.j T`, in that method only; the object passed as
 *  argument i of a call (@binding.callee, `f({ code(cxt) {} })`): `#code.j @i f`, the type of f's
 *  parameter i. */
function memberParam(lang: CompiledLanguage, source: string, bind: Node, slot: Node, param: Node, name: Node | undefined, typeNode: Node | undefined,
  holder: Node | undefined, method: Node | undefined, callee: Node | undefined): BindingRec | undefined {
  const j = position(lang, param, undefined);
  const key = text(source, slot);
  if (holder && name && method) {
    const t = callee ? `@${position(lang, holder, undefined)} ${squash(text(source, callee))}` : typeName(text(source, holder));
    return t && t.length <= SIGNATURE_MAX ? { pos: name.startIndex, name: text(source, name), type: `#${key}.${j} ${t}`, lines: [method.startPosition.row + 1, endLineOf(method)] } : undefined;
  }
  const t = typeNode && typeName(text(source, typeNode));
  return t ? { pos: bind.startIndex, name: `${key}(${j})`, type: t } : undefined;
}

/** @binding.repeat: the type a declaration without one repeats, the nearest earlier sibling's
 *  with a type or a value (Go's `const ( A T = iota; B; C )`: B and C are Ts; after `A = iota`,
 *  untyped). An earlier sibling without either was asked first (matches come in order): its
 *  answer is in `memo`, so a block of thousands (Go's opGen.go, aenum.go) is read once, not once
 *  per entry (that had made Go's tree take 42 s instead of 29). */
function repeatedType(node: Node, memo: Map<number, Node | undefined>): Node | undefined {
  let t: Node | undefined;
  for (let p = node.previousNamedSibling; p; p = p.previousNamedSibling) {
    if (p.type !== node.type) continue;
    if (memo.has(p.startIndex)) { t = memo.get(p.startIndex); break; }
    const own = p.childForFieldName('type');
    if (own || p.childForFieldName('value')) { t = own ?? undefined; break; }
  }
  memo.set(node.startIndex, t);
  return t;
}

/** Whether a branch's body shares a line with another branch beside it (a `when` entry, an
 *  `else`, another `if` on the line), one of them on one line: a binding by lines would hold in
 *  both (`} else {` between two blocks is no such line). */
function sharesLines(body: Node): boolean {
  const entry = parentOf(body);
  if (!entry) return false;
  const [a, b] = [body.startPosition.row, body.endPosition.row];
  return [...entry.namedChildren, ...(parentOf(entry)?.namedChildren ?? [])].some((n) => !!n && !n.equals(body) && !n.equals(entry)
    && (n.type === body.type || n.type === entry.type) && n.startPosition.row <= b && n.endPosition.row >= a
    && (a === b || n.startPosition.row === n.endPosition.row));
}

/** LanguageSpec.localDeclarations: a declaration inside a function body. */
function isLocalDeclaration(lang: CompiledLanguage, node: Node): boolean {
  const local = lang.spec.localDeclarations;
  if (!local || !local.types.includes(node.type)) return false;
  for (let n = parentOf(node); n; n = parentOf(n)) if (local.bodies.includes(n.type)) return true;
  return false;
}

/** Whether `bind` (a return statement, or an arrow function's expression body) is a named
 *  function's own: in its body's block, or the body itself; not in a nested block, nor in a
 *  callback (whose result is no symbol's). */
function returnedByFunction(bind: Node): boolean {
  const up = parentOf(bind);
  const owner = up?.childForFieldName('body')?.equals(bind) ? up : up && parentOf(up);
  if (!owner?.childForFieldName('body')?.equals(owner === up ? bind : up!)) return false;
  if (!(owner.childForFieldName('parameters') ?? owner.childForFieldName('parameter'))) return false;
  return !!(owner.childForFieldName('name') ?? parentOf(owner)?.childForFieldName('name'));
}

/** The name of the type alias whose whole value `node` is, through nested nodes of its kind
 *  (`type M = A & B & C` is `(A & B) & C`); undefined for one elsewhere (a parameter's `A & B`). */
function aliasNameOf(node: Node): Node | undefined {
  let top = node;
  for (let up = parentOf(top); up && up.type === node.type; up = parentOf(up)) top = up;
  const alias = parentOf(top);
  return alias?.childForFieldName('value')?.equals(top) ? alias.childForFieldName('name') ?? undefined : undefined;
}

/** A block-scoped local's lines: from its declaration to the end of its block (undefined: the
 *  whole of the symbol it is declared in). */
function blockLines(lang: CompiledLanguage, bind: Node): [number, number] | undefined {
  const b = lang.spec.blockScoped;
  if (!b || !(b.declarations.includes(bind.type) || b.declarations.includes(parentOf(bind)?.type ?? ''))) return undefined;
  for (let n: Node | null = bind; n; n = parentOf(n)) {
    if (!b.scopes.includes(n.type)) continue;
    // (a function body's whole block is the function, which the binding holds in anyway)
    const owner = parentOf(n);
    if (b.wholeBlock && owner && /function|method/.test(owner.type) && owner.childForFieldName('body')?.equals(n)) return undefined;
    return [(b.wholeBlock ? n : bind).startPosition.row + 1, endLineOf(n)];
  }
  return undefined;
}

/** What `this` is at the top of the stack: the nearest class, else a top-level function (a
 *  constructor function); undefined inside a nested function, whose `this` is not known. */
function thisOwner(stack: Entry[], lang: CompiledLanguage): Entry | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    const x = stack[i];
    if (x.kind === '' || lang.methodParents.has(x.kind)) return x;
    if (x.kind === 'function') return x.enclosing ? undefined : x;
  }
  return undefined;
}

/** Minified text: lines of 200 characters or more on average (code averages 30-60); the tree's
 *  last row counts them (a last line after the final newline is empty). */
function minified(source: string, root: Node): boolean {
  const lines = root.endPosition.row + (root.endPosition.column > 0 ? 1 : 0);
  return source.length >= 200 && source.length / Math.max(1, lines) >= 200;
}

/** `f(a, (b) => {...}).g(c)` -> `f().g()`: what a call is made with does not type its result
 *  here, and initialisers stay short. Parentheses that group (`(x as T).m()`) stay. It stops
 *  past `max` non-space characters, a length its callers drop (minified code's initialisers). */
export function withoutArgs(s: string, max = Infinity, keepCall?: RegExp): string {
  // built from spans of s, never read back: a test of (or a slice from) a string built by `+=`
  // copies all of it, which made a minified initialiser's 300,000 calls take minutes
  const out: string[] = [];
  let from = 0; // start of the span being copied
  let last = ''; // the last non-space character kept
  let solid = 0; // non-space characters kept: past max, squash() cannot bring it back under
  let i = 0;
  for (; i < s.length && solid <= max; i++) {
    const c = s[i];
    if (c === '(' && /[\w$)\]>]/.test(last)) {
      let depth = 0, j = i;
      for (; j < s.length; j++) {
        if (s[j] === '(') depth++;
        else if (s[j] === ')' && --depth === 0) break;
      }
      // (Go's `new(T)` names what it makes: `x := new(big.Int).Mul(a, b)` keeps the T)
      // (and a box's, LanguageSpec.boxes: `atomic(Node())` holds a Node)
      const keep = /(?:^|[^\w$.])new$/.test(s.slice(Math.max(0, i - 4), i)) || !!keepCall?.test(s.slice(Math.max(0, i - 120), i));
      // (what is kept loses its own calls' arguments: `atomic(Node(a, b))` is `atomic(Node())`)
      const kept = keep ? `(${withoutArgs(s.slice(i + 1, j), max - solid, keepCall)})` : '()';
      out.push(s.slice(from, i), kept);
      last = ')';
      solid += kept.length;
      i = j;
      from = j + 1;
    } else if (!/\s/.test(c)) (last = c), solid++;
  }
  out.push(s.slice(from, Math.min(i, s.length)));
  return out.join('');
}

/** The type name of positional parameter `j` of a parameter list: its `type` field, inside a
 *  one-child annotation wrapper (`: T`) where there is one. */
function paramType(lang: CompiledLanguage, source: string, list: Node, j: number): string | undefined {
  let i = 0;
  for (let p = list.firstNamedChild; p; p = p.nextNamedSibling) {
    if (!positional(lang, p)) continue;
    if (i++ < j) continue;
    let t = p.childForFieldName('type');
    if (t && t.namedChildCount === 1) t = t.firstNamedChild;
    return t ? typeName(text(source, t)) : undefined;
  }
  return undefined;
}

/** A node's position among its positional siblings; 0 when it is the arrow's single
 *  unparenthesised parameter (its parent is the function itself). */
function position(lang: CompiledLanguage, n: Node, fn: Node | undefined): number {
  if (fn && parentOf(n)?.equals(fn)) return 0;
  let i = 0;
  for (let s = n.previousNamedSibling; s; s = s.previousNamedSibling) if (positional(lang, s)) i++;
  return i;
}

/** A parameter that counts by position: no comment, no `this`-like parameter. */
function positional(lang: CompiledLanguage, p: Node): boolean {
  return !lang.comments.has(p.type) && !lang.receiverParams.has(p.firstNamedChild?.type ?? '');
}

/** `Map<string, Repo>` -> Map, `*pkg.Server` -> pkg.Server, `a::b::C<T>` -> a.b.C, `List[int]` ->
 *  List, `A | null` and `A & { x: X }` -> A, `A<T>[]` -> A[]: the qualifier stays (`ns.T` resolves through the
 *  namespace `ns`, else as `T`). */
export function typeName(t: string): string | undefined {
  // C++'s global scope: `::testing::MatchResultListener*` is testing.MatchResultListener
  t = t.replace(/^\s*::/, '');
  // Go `[]T`, `[4]*T`, `[NTYPE]*T`, and `map[K]*V`, whose elements are V; `[][]T` and
  // `map[K][]V`, collections of those
  // (Kotlin's `Array<out T>`: the projection's variance is no type)
  t = t.replace(/([<,]\s*)(?:out|in)\s+(?=[A-Za-z_$])/g, '$1');
  const array = /^\s*(?:Readonly)?Array\s*<\s*([A-Za-z_$][\w$.]*)/.exec(t);
  if (array) return `${array[1]}[]`;
  const go = /^\s*((?:(?:\[[\w.+\-* ]*\]|map\s*\[[^\[\]]*\])\s*\*?\s*)+)([A-Za-z_$][\w$.]*)\s*$/.exec(t);
  if (go) return go[2] + '[]'.repeat(go[1].match(/\[[\w.+\-* ]*\]|map\s*\[[^\[\]]*\]/g)!.length);
  // a C++ iterator of a generic type keeps the type's arguments (`std::vector<TestProperty>::iterator`
  // -> std.vector<TestProperty>.iterator): a container's is used as its element (receiver-type.ts)
  const iterator = /^\s*(?:const\s+)?([A-Za-z_][\w:]*\s*<.+>)\s*::\s*((?:const_)?(?:reverse_)?iterator)\s*$/s.exec(t);
  if (iterator) return `${typeName(iterator[1])}.${iterator[2]}`;
  // a C++ smart pointer is used as what it points to (`p->draw()`)
  const pointer = /^\s*(?:std::)?(?:shared_ptr|unique_ptr|weak_ptr)\s*<\s*((?:const\s+)?[A-Za-z_][\w:]*)\s*>\s*$/.exec(t);
  if (pointer) t = pointer[1].replace(/^const\s+/, '');
  // a generic type keeps its arguments (`Map<String, User>`): a method returning a type
  // parameter gives the receiver's (receiver-type.ts)
  const g = /^\s*([A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*)\s*<(.+)>\s*$/s.exec(t);
  if (g && !g[2].includes('=>') && g[2].length <= 200) return `${g[1].split('::').join('.')}<${g[2].replace(/\s+/g, ' ').trim()}>`;
  // without type arguments (`=>` is no bracket)
  let s = t.replace(/=>/g, '=:');
  for (let prev = ''; prev !== s;) { prev = s; s = s.replace(/<[^<>]*>/g, ''); }
  // an array of a named type, first in a union: `readonly X<T>[] | null` -> `X[]`
  const arr = /^\s*(?:readonly\s+)?([A-Za-z_$][\w$.]*)\s*\[\]\s*(?:$|\|)/.exec(s);
  if (arr) return `${arr[1]}[]`;
  // (a pointer, reference or optional, `const` or not: Zig's `?*const T`)
  const m = /^(?:[\s*&\\?]|const\s)*((?:[A-Za-z_$][\w$]*(?:\.|::|\\))*[A-Za-z_$][\w$]*)\s*(?:$|[?|&*]|\[(?!\]))/.exec(s);
  return m?.[1].split(/\.|::|\\/).join('.');
}

function countErrors(root: Node): number {
  let n = 0;
  const cursor = root.walk();
  try {
    // Descend only into subtrees that contain an error.
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError || node.isMissing) n++;
      if (node.hasError && !node.isError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return n;
    }
  } finally {
    cursor.delete();
  }
}

function bareBinding(rule: LanguageSpec['bareImport'], source: string): { imported: string; local: string }[] {
  switch (rule) {
    case 'source': return [{ imported: '*', local: source }];
    case 'wildcard': return [{ imported: '*', local: '*' }];
    case 'last-segment': {
      // goimports' assumed package name: the last path element (the one before a `/v2` major
      // version), without a `go-` prefix, up to its first non-identifier character
      // (`gopkg.in/yaml.v3` -> yaml, `github.com/mattn/go-sqlite3` -> sqlite3)
      const parts = source.split(/[/\\:]+/).filter(Boolean);
      let last = parts[parts.length - 1] ?? source;
      if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2];
      last = last.replace(/^go-/, '');
      return [{ imported: '*', local: /^[A-Za-z_$][\w$]*/.exec(last)?.[0] ?? last.replace(/[^\w$]/g, '_') }];
    }
    default: return [];
  }
}

// ── Per-symbol fields ──────────────────────────────────────────────────────────────────────

function makeSymbol(lang: CompiledLanguage, source: string, e: Entry, parent: number, all: Entry[]): ExtractedSymbol {
  // The declaration as written may start at a wrapper (`const f = () => ...`, `export ...`).
  let outer = e.node, declStart = e.node;
  let underExport = false;
  for (let p = parentOf(e.node); p; p = parentOf(p)) {
    if (lang.declWrappers.has(p.type)) {
      // `const a = 1, b = 2` / Go `const ( ... )`: the wrapper belongs to no one declaration.
      if (p.namedChildCount > 1) break;
      declStart = p; outer = p;
    }
    else if (lang.exportWrappers.has(p.type)) { underExport = true; outer = p; }
    else if (lang.docWrappers.has(p.type)) outer = p;
    else break;
  }
  const start = declStart.startPosition;
  const body = e.body ?? findBody(lang, e.node);
  const keywords = collectKeywords(lang, e.node, body);
  const parentEntry = parent >= 0 ? all[parent] : undefined;
  const visibility = visibilityOf(lang, source, e, keywords, parentEntry, parent < 0);
  let isExported: boolean;
  switch (lang.spec.exportRule) {
    case 'export-statement': isExported = underExport; break;
    case 'capitalized': isExported = isUpper(e.name); break;
    case 'visibility': isExported = visibility === 'public'; break;
    case 'not-private': isExported = visibility !== 'private'; break;
  }
  let isAsync = false;
  for (const k of keywords) if (lang.asyncWords.has(k)) isAsync = true;
  return {
    name: e.name,
    kind: e.kind as NodeKind,
    qualifiedName: e.qual,
    startLine: start.row + 1,
    endLine: endLineOf(e.body && e.body.endIndex > e.node.endIndex ? e.body : e.node),
    startCol: start.column,
    signature: signatureOf(source, declStart.startIndex, body && body.startIndex >= declStart.startIndex ? body.startIndex : -1, e.node.endIndex),
    docstring: docOf(lang, source, e, outer, body),
    visibility,
    isAsync,
    isExported,
    ...(!body && (e.kind === 'function' || e.kind === 'method') ? { isDeclaration: true } : {}),
    parent,
  };
}

/** 1-based last line; a node ending at column 0 (it took the newline) ends on the line before. */
function endLineOf(n: Node): number {
  const end = n.endPosition;
  return end.column === 0 && end.row > n.startPosition.row ? end.row : end.row + 1;
}

function findBody(lang: CompiledLanguage, node: Node): Node | undefined {
  for (const f of lang.bodyFields) {
    const b = node.childForFieldName(f);
    if (b) return b;
  }
  if (lang.bodyTypes.size) {
    for (let i = 0; i < node.childCount; i++) {
      const c = node.child(i);
      if (c && lang.bodyTypes.has(c.type)) return c;
    }
  }
  return undefined;
}

/** Modifier tokens of a declaration: its anonymous children, those inside modifier containers,
 *  and those of the node that owns the body (`const f = async () => {}`). Read once per node and
 *  body: the names of one declaration (`int a, b, ...;`) share it, and each scanning its
 *  thousands of children had made 2,000 names 3 s. */
const keywordCache = new Map<string, string[]>();
function collectKeywords(lang: CompiledLanguage, node: Node, body: Node | undefined): string[] {
  const key = `${node.id} ${body?.id}`;
  let out = keywordCache.get(key);
  if (!out) keywordCache.set(key, (out = scanKeywords(lang, node, body)));
  return out;
}

function scanKeywords(lang: CompiledLanguage, node: Node, body: Node | undefined): string[] {
  const out: string[] = [];
  const scan = (n: Node, depth: number) => {
    eachChild(n, (cursor) => {
      if (body && cursor.startIndex >= body.startIndex) return true;
      if (!cursor.nodeIsNamed) { out.push(cursor.nodeType); return false; }
      const c = cursor.currentNode;
      if (depth > 0 && c.childCount === 0) out.push(c.type);
      else if (depth < 3 && lang.modifierContainers.has(c.type)) {
        if (c.childCount === 0) out.push(c.type);
        scan(c, depth + 1);
      }
      return false;
    });
  };
  scan(node, 0);
  const owner = body && parentOf(body);
  if (owner && owner.startIndex > node.startIndex && owner.endIndex <= node.endIndex) scan(owner, 1);
  if (body && body.childCount && !body.child(0)!.isNamed) out.push(body.child(0)!.type);
  return out;
}

function visibilityOf(lang: CompiledLanguage, source: string, e: Entry, keywords: string[], parent: Entry | undefined, topLevel: boolean): string {
  const fixed = e.props?.visibility;
  if (fixed) return fixed;
  let vis = '';
  for (const k of keywords) {
    const v = lang.visibilityWords.get(k);
    if (v) vis = v;
    else if (topLevel && lang.fileLocalWords.has(k)) vis = 'private';
  }
  if (vis) return vis;
  if (lang.accessLabels.size && parent) {
    if (e.scope) return ''; // defined out of line (`Foo::bar`): declared in the class, elsewhere
    const v = labelBefore(lang, source, e.node);
    if (v) return v;
  }
  const prefixes = lang.spec.privatePrefixes;
  if (prefixes) {
    for (const p of prefixes) if (e.name.startsWith(p) && !(p === '_' && e.name.startsWith('__') && e.name.endsWith('__'))) return 'private';
  }
  if (lang.spec.exportRule === 'capitalized') return isUpper(e.name) ? 'public' : 'private';
  if (parent && parent.kind !== '' && !FUNCTION_KINDS.has(parent.kind)) {
    const mv = lang.spec.memberVisibility?.[parent.kind as ContainerKind];
    if (mv) return mv;
  }
  return lang.spec.defaultVisibility ?? '';
}

function memberVisible(lang: CompiledLanguage, s: ExtractedSymbol): boolean {
  switch (lang.spec.exportRule) {
    case 'capitalized': return isUpper(s.name);
    case 'not-private': return s.visibility !== 'private' && s.visibility !== 'protected';
    default: return s.visibility === 'public';
  }
}

function isUpper(name: string): boolean {
  const c = name.charAt(0);
  return c !== c.toLowerCase() && c === c.toUpperCase();
}

function signatureOf(source: string, start: number, bodyStart: number, end: number): string {
  let s: string;
  if (bodyStart >= 0) s = source.slice(start, Math.min(bodyStart, start + SIGNATURE_MAX * 4));
  else {
    s = source.slice(start, Math.min(end, start + SIGNATURE_MAX * 4));
    if (end - start > SIGNATURE_MAX || s.length > SIGNATURE_MAX) {
      const nl = s.indexOf('\n');
      if (nl > 0) s = s.slice(0, nl);
    }
  }
  s = squash(s).replace(LEADING_ANNOTATIONS, '').replace(/\s*(\{|:|=|;|\bdo)$/, '').replace(/\s*[{;]$/, '');
  return s.length > SIGNATURE_MAX ? s.slice(0, SIGNATURE_MAX - 1) + '…' : s;
}

/** A Rust path's leading `super` (`super::x`, or `super` alone). */
const SUPER = /^super(?:::|$)/;

function docOf(lang: CompiledLanguage, source: string, e: Entry, outer: Node, body: Node | undefined): string {
  if (e.doc?.length) return cleanDoc(e.doc.map((n) => text(source, n)).join('\n'));
  const ds = lang.spec.docInBody;
  if (ds && body) {
    const first = body.namedChild(0);
    if (first && first.type === ds.statement) {
      const str = first.namedChild(0);
      if (str && ds.string.includes(str.type)) return cleanDoc(text(source, str));
    }
  }
  if (!lang.comments.size) return '';
  let prev = outer.previousSibling;
  let nextRow = outer.startPosition.row;
  while (prev && docSkipped(lang, prev)) { nextRow = prev.startPosition.row; prev = prev.previousSibling; }
  // A grammar that cannot tell where a list ends keeps the comment after its last item inside it
  // (Kotlin's last import, its package header): a trailing comment no deeper indented than the
  // definition is the definition's, not the node's it sits in.
  if (prev && !lang.comments.has(prev.type)) {
    let last = prev.lastChild;
    while (last && !lang.comments.has(last.type) && last.childCount) last = last.lastChild;
    if (last && lang.comments.has(last.type) && last.startPosition.column <= outer.startPosition.column) prev = last;
  }
  const parts: string[] = [];
  const prefixes = lang.spec.docPrefixes;
  // A `/** ... */` block is a doc comment by its marker: blank lines may part it from what it
  // documents (the JDK's `*/`, a blank line, `public class ...`), as javadoc and tsc read it.
  // In GNU C any `/* */` block is, one blank line above a top-level definition.
  const topLevel = !outer.parent?.parent || outer.parent.type.startsWith('preproc_');
  const isBlockDoc = (t: string) => /^\/\*\*[^/]/.test(t);
  const afterBlank = (c: Node) => !parts.length && (isBlockDoc(text(source, c))
    || (!!lang.spec.blockDocAfterBlank && topLevel && c.endPosition.row === nextRow - 2 && text(source, c).startsWith('/*')));
  while (prev && lang.comments.has(prev.type) && (prev.endPosition.row >= nextRow - 1 || afterBlank(prev))) {
    const before = prev.previousSibling;
    if (trailsCode(lang, prev)) break;
    const t = text(source, prev);
    if (prefixes && !prefixes.some((p) => t.startsWith(p))) break;
    parts.push(t);
    nextRow = prev.startPosition.row;
    prev = before;
  }
  // javadoc and tsc take the last `/** */` block before a definition, past other comments
  // (`/** Asks for passwords. */ // no abstract methods` above `class Authenticator`); not C,
  // whose comments next to a definition are its doc whatever their marker
  const javadoc = (t: string) => isBlockDoc(t) && t[3] !== '*'; // (not a `/*****` banner)
  if (!lang.spec.blockDocAfterBlank && (!prefixes || prefixes.includes('/**'))) {
    let block = parts.find(javadoc);
    for (let p = prev; !block && p && lang.comments.has(p.type) && !trailsCode(lang, p); p = p.previousSibling) {
      if (javadoc(text(source, p))) block = text(source, p);
    }
    if (block) return cleanDoc(block);
  }
  return parts.length ? cleanDoc(parts.reverse().join('\n')) : '';
}

/** A comment on the same line as the code before it, which it belongs to (a preprocessor line's
 *  end token, `\n`, ends where the comment's line starts but is of the line before). */
function trailsCode(lang: CompiledLanguage, comment: Node): boolean {
  const before = comment.previousSibling;
  return !!before && before.endPosition.row === comment.startPosition.row && !lang.comments.has(before.type) && before.type !== '\n';
}

/** Between a doc comment and its definition: an attribute (docSkip), or a comment on one's line
 *  (`@JvmName("from") // for Java`). */
function docSkipped(lang: CompiledLanguage, n: Node, comment = true): boolean {
  if (!lang.docSkip.size && !lang.docSkipLed.size) return false;
  if (lang.docSkip.has(n.type)) return true;
  const first = lang.docSkipLed.get(n.type);
  if (first !== undefined) return n.firstNamedChild?.type === first;
  return comment && lang.comments.has(n.type) && trailsCode(lang, n) && docSkipped(lang, n.previousSibling!, false);
}

/** Comment or docstring text without its markers, common indentation removed. */
export function cleanDoc(raw: string): string {
  let t = raw.trim();
  t = t.replace(/^(?:[rRuUbBfF]{0,2})("""|''')([\s\S]*)\1$/, '$2')
    .replace(/^(?:[rRuUbBfF]{0,2})(["'])([\s\S]*)\1$/, '$2');
  const lines = t.split(/\r?\n/).map((l) => l
    .replace(/^\s*(?:\/\*+!?|\(\*+|\{-\|?|--\[=*\[|<!--|#\|)/, '')
    .replace(/(?:\*+\/|\*+\)|-\}|\]=*\]|-->|\|#)\s*$/, '')
    .replace(/^\s*(?:\/\/[/!]?|#+'?!?|--+|;+|%+|\*(?!\*?\/)|@doc\s|@moduledoc\s)/, '')
    .replace(/<\/?(?:summary|remarks|para|returns)>/g, '')
    .replace(/\s+$/, ''));
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  // Common indentation of the lines after the first (the first often follows the marker).
  let indent = Infinity;
  for (let i = 1; i < lines.length; i++) if (lines[i].trim()) indent = Math.min(indent, lines[i].length - lines[i].trimStart().length);
  let out = lines.map((l, i) => (i === 0 ? l.trimStart() : l.slice(Math.min(indent, l.length - l.trimStart().length)))).join('\n');
  if (out.length > DOC_MAX) out = out.slice(0, DOC_MAX - 1) + '…';
  return out;
}

function text(source: string, n: Node): string {
  return source.slice(n.startIndex, n.endIndex);
}

/** `(#set! in.parent "a b:field")`: the node's parent is of one of those types (and, where a
 *  field is named, the node is that field of it). */
function parentIn(node: Node | undefined, types: string): boolean {
  const parent = node && parentOf(node);
  if (!parent) return false;
  return types.split(' ').some((t) => {
    const [type, field] = t.split(':');
    return parent.type === type && (!field || parent.childForFieldName(field)?.id === node!.id);
  });
}

/** LanguageSpec.newlineEndsCall: of a call whose `(...)` starts on a line below its callee, that
 *  parenthesized expression (the statement the line break began). */
function ownLine(source: string, n: Node): Node {
  const last = n.lastChild, first = n.firstChild;
  return last && first && last !== first && last.startPosition.row > first.endPosition.row && source[last.startIndex] === '(' ? last : n;
}

function squash(s: string): string {
  return /\s\s|[\t\r\n]/.test(s) ? s.replace(/\s+/g, ' ').trim() : s.trim();
}

function unquote(s: string): string {
  const t = s.charCodeAt(0) === 58 /* : */ && s.length > 1 ? s.slice(1) : s.trim(); // Ruby/Elixir :symbol
  const a = t.charAt(0), b = t.charAt(t.length - 1);
  if (t.length >= 2 && ((a === '"' && b === '"') || (a === "'" && b === "'") || (a === '`' && b === '`') || (a === '<' && b === '>'))) return t.slice(1, -1);
  return t;
}

function scopeText(source: string, n: Node): string {
  return text(source, n).replace(/<[^<>]*>|\[[^\]]*\]/g, '').replace(/::|->|\\/g, '.').replace(/[\s*&()]/g, '').replace(/^\.+|\.+$/g, '');
}

/** How many arguments a call passes: the named children of its argument list, comments aside. */
function argNodes(lang: CompiledLanguage, call: Node): Node[] | undefined {
  const t = lang.spec.argumentType;
  if (t) return call.namedChildren.filter((c): c is Node => c !== null && c.type === t);
  const within = lang.spec.argumentsIn;
  if (within) {
    const out: Node[] = [];
    const take = (c: Node, lambdaOnly: boolean) => {
      for (const suffix of c.namedChildren) {
        if (suffix?.type !== within[0]) continue;
        for (const x of suffix.namedChildren) {
          if (x && x.type === lang.spec.trailingLambda) out.push(x);
          else if (x?.type === within[1] && !lambdaOnly) for (const a of x.namedChildren) if (a && !lang.comments.has(a.type)) out.push(a);
        }
      }
    };
    take(call, false);
    const outer = parentOf(call);
    if (outer?.type === call.type && outer.namedChild(0)?.equals(call)) take(outer, true);
    return out;
  }
  return call.childForFieldName('arguments')?.namedChildren.filter((c): c is Node => c !== null && !lang.comments.has(c.type));
}

/** An argument longer than this is kept as '' (not typed): the resolver types names, literals,
 *  member chains and short calls. */
const ARG_TEXT_MAX = 64;

/** A call's arguments as written, for typing them (LanguageSpec.overloads 'types'). */
function argTexts(args: Node[], source: string): string {
  return args.map((c) => (c.endIndex - c.startIndex > ARG_TEXT_MAX ? '' : squash(text(source, c)).replaceAll(ARGV_SEP, ''))).join(ARGV_SEP);
}
