// Languages as data: one entry per language, read by the one extraction loop (../extract.ts).
// What a language needs beyond its entry lives in its query file(s) under ./queries/.
//
// ── Capture scheme of the query files ───────────────────────────────────────────────────────
// Definitions (one match = one symbol):
//   @definition.<kind>   the node whose range is the symbol; <kind> is a NodeKind (types.ts):
//                        function method constructor class interface struct enum trait type module
//                        namespace field property constant variable enum_member macro
//   @name                the name node (required; a definition without one is skipped)
//   @body                optional: where the signature is cut (else the `body` field, bodyFields,
//                        bodyTypes; else the whole declaration, or its first line when long)
//   @doc                 optional: doc node(s) to use instead of the preceding comments
//   @scope               optional: an out-of-line owner (`func (r *Repo) Save`, `void Foo::bar()`):
//                        qualifiedName becomes Scope.name, parent the same-file type of that name
//                        (else function or object: JavaScript's `Foo.prototype.bar = function`);
//                        `this` as the scope: named as a member of the class, or constructor
//                        function, the code is in; its parent stays the function it is in
//   #set! visibility X   optional predicate: fixes the visibility (e.g. Elixir `defp`, Lua `local`)
// Any match: `(#set! in.parent "a b:field")` keeps it only where the node captured @_in has a
//   parent of one of those types (`b:field`: and is that field of it): one pattern for a node in
//   several places, where a pattern per place is paid again at each compile (an expression's:
//   ~4 ms each in TypeScript, in each worker). A match without @_in is dropped, and the type
//   names are not checked against the grammar (a misspelt one never matches).
//   `(#set! returns.field name)` on a @binding: it is the declaration's own '()' (@binding.returns),
//   named by that field of the @binding node (a `name:` step can cost more than the rest).
// Containers (qualify what is inside them but are no symbol: Rust `impl Foo`, Swift `extension`):
//   @container + @name   members get `Foo.` in their qualifiedName and the same-file type `Foo`
//                        as parent; refs in the header (`impl Trait for Foo`) get it as `from`
// References (one match = one ref; the name node is the position; dedup by name node, lowest
// pattern index wins, so put specific patterns before general ones):
//   @reference.call | .new | .type | .value | .extends | .implements   (RefKind)
//   @name                the referenced name (bare: last segment)
//   @receiver            optional: the object of a member call (`this`, `a.b`, `pkg`, `Foo::`)
//   @scope               optional: the symbol the ref is made for, written outside it: a same-file
//                        type, function or object of that name is its `from` (JavaScript's
//                        `Child.prototype = Object.create(Base.prototype)`: Child extends Base)
// Imports (matches sharing one @import.source node merge into one import):
//   @import | @reexport  the statement (line; @reexport marks `export ... from`, Python's `from x import *`)
//   @import.source       the module as written (quotes and <> stripped)
//   @import.name         an imported name; with @import.alias the local name differs
//   @import.names        a list whose children each name one (field `name`, optional `alias`):
//                        one match for the list, where a match per item that waits for a
//                        later @import.source costs O(n^3) (a 1,000-name `import {...}`: 7 s)
//   @import.alias        alone: binds the whole module (imported '*') to that local name
//                        ('_' binds nothing, '.' is a wildcard)
//   @import.default      the local name of a default import (imported 'default')
//   @import.wildcard     a `*` import (imported '*', local '*')
//   @import.module       in place of @import.source: the local name of a module the file imports
//                        whole, whose member @import.name is (Lua's `local f = utils.f`)
//   Without any name capture the entry's `bareImport` rule decides what the import binds.
//   Source convention: the path as written; for a single-item import (`java.util.List`,
//   `use a::b::c`) the source includes the item and the name is its last segment; for a braced
//   list (`use a::b::{c, d as e}`, `from m import a`) the source is the common prefix.
// Exports without a definition (`export { a as b }`, `export default a`):
//   @export.name [+ @export.alias], @export.default  -> FileExtraction.exportAliases
//   @noref + @name       claims a name node for no ref (qualifiers like `com.x` in `com.x.Y`)
// Type parameters (`<A>`): @typeparam (the declared name) + @typeparam.scope (the declaration it
//   is a parameter of) or @typeparam.list (its parameter list, whose parent is that declaration):
//   type refs of that name inside that declaration are no refs. (A pattern rooted at the list
//   finds them all; `(_ type_parameters: ...)` missed some: 35 of 46 in effect's FiberHandle.ts.)
//   @typeparam.bound: its first bound, whose members it has (`T extends Foo`); @typeparam.default:
//   its default (C++'s `typename Calc = daily_calculator`), also a binding of its name within the
//   declaration, so `Calc::f()` is the default's f.
// Bindings (what a name is an instance of, for receiver-typed calls; extract.ts bindingOf):
//   @binding (the declaration) + @binding.name + @binding.type (a declared type) or
//   @binding.value (an initialiser, typed later: `x := r.open()`); @binding.returns names the
//   function's own '()' (its result), @binding.items a collection type's '[]' (its element),
//   @binding.member a field the code assigns (`this.x = ...`: a method's assignment is the class's),
//   @binding.returned / @binding.spread a property / a spread of the object literal a function
//   returns (its bindings `.key` and `...`: members of the function's result); @binding.supertype
//   a class whose superclass is what a call returns (`class S extends make<string>()`: its `...`),
//   @binding.part (in place of @binding) an intersection or union a type alias is (`type M = A &
//   typeof ns`: its `...` for each part), @binding.slot + @binding.param a member's parameter
//   (an interface's `code(cxt: T)`: its binding `code(j)`; with @binding.holder, the declared type
//   or the argument an object literal is, an untyped parameter of that literal's `code(cxt)`),
//   @binding.key without @binding.of a property of a parameter's inline object type (`p.key`),
//   @binding.repeat (in place of @binding) a declaration that repeats an earlier one's type (Go's iota);
//   @binding.elements (in place of @binding.type) the type of a collection literal's element (`[new V()]`: a V[]);
//   @binding.element (a loop over a collection), .of/.oftype/.key (destructuring), .callee/.arg/
//   .param/.sig (a callback's parameters). blockScoped in the entry makes locals hold in a block.
// Other: @package (the file's package/namespace, e.g. Go `package x`, Java `package a.b`),
//   @constraint (the file's build constraint, Go's `//go:build`, read by build-constraint.ts),
//   @module (what makes a file a module, JavaScript's `import`/`export`/`require`: in a language
//   whose query has it, a file with no match is a classic script, whose top-level names are globals),
//   @injection.content [+ @injection.language] (re-parse that range with another language:
//   Vue/HTML <script>), captures starting with `_` are for predicates only.
// ─────────────────────────────────────────────────────────────────────────────────────────────
import type { NodeKind } from '../types';
import type { PreparseRule } from './preparse';

const C_PREPARSE: PreparseRule[] = ['c-annotations', 'c-attribute-macros', 'c-initializer-macros', 'c-statement-macros', 'c-type-arguments', 'c-case-ranges', 'c-iterator-macros'];

/** Kinds that can contain members. */
export type ContainerKind = 'class' | 'interface' | 'struct' | 'enum' | 'trait' | 'type' | 'module' | 'namespace';

export type ExportRule =
  /** exported iff declared under an export wrapper (`export ...`) or named in `export { }` */
  | 'export-statement'
  /** Go: exported iff the name starts with an upper-case letter */
  | 'capitalized'
  /** exported iff its visibility is 'public' (modifier or the language's default) */
  | 'visibility'
  /** exported unless private (underscore prefix, `static` in C, `defp`, `local`, `private` label) */
  | 'not-private';

export interface LanguageSpec {
  /** Indexed only when codeindex.json's "languages" names it (data files such as JSON would
   *  otherwise flood search with configuration keys). */
  optIn?: boolean;
  /** Stable id, used in the index (`stats.languages`) and in codeindex.json. */
  id: string;
  /** Lower-case extensions with the dot. */
  extensions: string[];
  /** Exact file names (e.g. `Rakefile`). */
  fileNames?: string[];
  /** Grammar file under dist/grammars/. */
  grammar: string;
  /** Query files under dist/queries/, concatenated in this order. */
  queries: string[];
  /** Length-preserving fix-ups of the text before parsing, for what the grammar gets wrong (preparse.ts). */
  preparse?: PreparseRule[];
  /** A fix-up applied only where the parse shows the grammar went wrong: a top-level node of
   *  one of these types over several lines (the rule's own cost, lost annotations, is paid by
   *  those files alone). */
  misparsed?: { topLevel: string[]; preparse: PreparseRule };
  /** C and C++: an include another system's platform macro guards (`#ifdef _WIN32`) is not
   *  followed (build-constraint.ts otherPlatformOnly). */
  platformIncludes?: boolean;
  /** Comment node types: preceding comments of these types make the docstring. */
  comments: string[];
  /** If set, only comments starting with one of these count as doc comments. */
  docPrefixes?: string[];
  /** Sibling node types allowed between a doc comment and its declaration (attributes);
   *  `type>first`: a node of that type whose first named child is a `first` (Kotlin's grammar reads
   *  `@Suppress("x")` on its own line before a declaration as an annotated expression). */
  docSkip?: string[];
  /** A top-level `/* ... *\/` comment documents the definition after one blank line (GNU C's
   *  style: the comment, a blank line, the return type, the name). */
  blockDocAfterBlank?: boolean;
  /** Python-style docstring: the first statement of the body, if it is a string. */
  docInBody?: { statement: string; string: string[] };
  /** Parent node types that wrap a declaration: `decl` (signature starts there, e.g.
   *  `const x = ...`), `export` (makes it exported), `doc` (doc comments sit before it). */
  wrappers?: { decl?: string[]; export?: string[]; doc?: string[] };
  /** Fields holding a declaration's body (default ['body']). */
  bodyFields?: string[];
  /** Child node types that are a body when no field says so. */
  bodyTypes?: string[];
  /** Node types whose tokens are modifiers (searched for visibility and async words). */
  modifierContainers?: string[];
  /** Modifier token -> visibility (merged over the defaults: public/private/protected/internal...). */
  visibilityWords?: Record<string, string>;
  /** Modifier tokens that mean async (default ['async']). */
  asyncWords?: string[];
  /** Tokens that make a top-level declaration file-local (C `static`). */
  fileLocalWords?: string[];
  /** Access labels that set the visibility of the members after them (C++ `public:`, Ruby `private`). */
  accessLabels?: { types: string[] };
  /** Name prefixes meaning private (Python/Dart `_`, JS `#`); dunder names stay public. */
  privatePrefixes?: string[];
  /** Visibility when nothing says otherwise, for top-level symbols. */
  defaultVisibility?: string;
  /** Visibility of members by the kind of their container, when nothing says otherwise. */
  memberVisibility?: Partial<Record<ContainerKind, string>>;
  exportRule: ExportRule;
  /** Container kinds in which a `function` is a `method` (default class, struct, interface, trait, enum). */
  methodParents?: NodeKind[];
  /** Method names that are constructors. */
  constructorNames?: string[];
  /** First children of a parameter that make it no positional one (TS `this: T`): skipped when
   *  callback parameters are matched by position. */
  receiverParams?: string[];
  /** The parameter a lambda has when it names none (Kotlin's `it`): @binding.element and
   *  @binding.same bind it where the query captures no @binding.name; where the lambda's callee
   *  declares no parameter, the name is an outer lambda's (receiver-type.ts). */
  implicitParam?: string;
  /** Calls that make a box of what they are given (Kotlin's atomicfu `atomic(x)`,
   *  `MutableStateFlow(x)`): a binding's value keeps their arguments (extract.ts withoutArgs); the
   *  box holds its argument's type, or its type argument's (`atomic<T>(null)`), which its `member`
   *  (`.value`) is, and what its `lambdas` pass their lambda (`_cur.loop { cur -> }`); its other
   *  members are the library's (receiver-type.ts). A declared type of `types` the project does not
   *  declare is a box of its type argument (`val state: StateFlow<Ui>`). */
  boxes?: { calls: string[]; types: string[]; member: string; lambdas: string[] };
  /** The name a lambda's receiver has (Kotlin's `this` in `x.apply { }`): @binding.self binds it. */
  lambdaReceiver?: string;
  /** The node of a lambda written after a call's arguments (Kotlin's `annotated_lambda`): it is
   *  the callee's last parameter. */
  trailingLambda?: string;
  /** A line break ends a statement before `(` (Kotlin), though the grammar reads `g(a)` and a
   *  next line `(x as? T)?.f()` as one call: the receiver of `f` is the parenthesized line. */
  newlineEndsCall?: boolean;
  /** A function type is a binding's type as the compiler names it (Kotlin's `suspend () -> T`, a
   *  Function0, arity.ts functionTypeName), so `block.startCoroutine()` finds the extension
   *  function of `(suspend () -> T)`. */
  functionTypes?: boolean;
  /** Locals that hold in their block only (Go's `x := ...`, shadowed in inner blocks and case
   *  clauses): the declarations (node types of `@binding` or its parent) and the nodes that end their scope,
   *  the nearest one from the declaration up (itself included, for a type switch's case).
   *  `wholeBlock`: from the block's start, not the declaration's (JavaScript's `let`, whose
   *  name is its own throughout the block, and a closure above may read it). */
  blockScoped?: { declarations: string[]; scopes: string[]; wholeBlock?: boolean };
  /** The node type of a type that names a value's type (TypeScript's `typeof ns`): as a
   *  binding's type, the value is typed instead (@binding.part). */
  typeQuery?: string;
  /** A declaration of these node types inside a function body is a local, never a symbol: C++'s
   *  `std::lock_guard<std::mutex> lock(m);` reads as a function prototype `lock` (the vexing
   *  parse), and is a variable of that type; a C global under `#ifdef` is matched in a body too. */
  localDeclarations?: { types: string[]; bodies: string[] };
  /** Methods overload by parameter count (Java, C#, C++): each call records its argument count,
   *  and a member call binds to a same-named method that takes that many where there is one.
   *  'types': by their parameters' types too (Java): each call also keeps its arguments as
   *  written, which the resolver types (ResolveRules.argumentTypes). */
  overloads?: boolean | 'types';
  /** Where a call's arguments are its children of this type, not an `arguments` field (Solidity's
   *  `call_argument`). */
  argumentType?: string;
  /** Where a call's arguments are the named children of `[suffix, list]` under it (Kotlin's
   *  `call_suffix` > `value_arguments`), not an `arguments` field; a trailing lambda
   *  (trailingLambda) in the suffix counts as one more, and so does one in the suffix of the call
   *  around it (`f(a) { }` is `(f(a)) { }`). */
  argumentsIn?: [suffix: string, list: string];
  /** A method named like its class is its constructor (C++, Dart). */
  constructorIsClassName?: boolean;
  /** What an import without any captured name binds: the source itself as a namespace
   *  ('source': Python `import os.path` -> '*' as 'os.path'), its last path segment
   *  ('last-segment': Go `import "a/b/pkg"` -> '*' as 'pkg'), or everything ('wildcard':
   *  C# `using System`). Unset: nothing (C `#include`, side-effect imports). */
  bareImport?: 'source' | 'last-segment' | 'wildcard';
  /** `@injection.content` ranges are re-parsed in another language: `lang` attribute -> id. */
  injection?: { default: string; languages: Record<string, string> };
}

const ECMA_COMMENTS = ['comment'];
/** `let` and `const` hold in their block (`var` in its function): a block's `let x` does not
 *  shadow the module's `x` after the block; an inline callback's typed parameters hold in it. */
const ECMA_BLOCKS = {
  declarations: ['lexical_declaration', 'required_parameter', 'optional_parameter'],
  scopes: ['statement_block', 'for_statement', 'for_in_statement', 'switch_case', 'switch_default', 'arrow_function', 'function_expression'],
  wholeBlock: true,
};
const C_FAMILY_MODIFIERS = ['modifiers', 'modifier'];

export const LANGUAGES: readonly LanguageSpec[] = [
  {
    id: 'typescript',
    extensions: ['.ts', '.mts', '.cts'],
    grammar: 'tree-sitter-typescript.vscode.wasm',
    preparse: ['ts-variance', 'ts-call-signatures', 'ts-escaped-backticks'],
    queries: ['ecma.scm', 'typescript.scm'],
    comments: ECMA_COMMENTS,
    wrappers: { decl: ['lexical_declaration', 'variable_declaration'], export: ['export_statement'], doc: ['ambient_declaration'] },
    modifierContainers: ['accessibility_modifier'],
    privatePrefixes: ['#'],
    memberVisibility: { class: 'public', interface: 'public', enum: 'public' },
    exportRule: 'export-statement',
    constructorNames: ['constructor'],
    receiverParams: ['this'],
    blockScoped: ECMA_BLOCKS,
    typeQuery: 'type_query',
  },
  {
    id: 'tsx',
    extensions: ['.tsx'],
    grammar: 'tree-sitter-tsx.vscode.wasm',
    preparse: ['ts-variance', 'ts-call-signatures', 'ts-escaped-backticks'],
    queries: ['ecma.scm', 'typescript.scm', 'jsx.scm'],
    comments: ECMA_COMMENTS,
    wrappers: { decl: ['lexical_declaration', 'variable_declaration'], export: ['export_statement'], doc: ['ambient_declaration'] },
    modifierContainers: ['accessibility_modifier'],
    privatePrefixes: ['#'],
    memberVisibility: { class: 'public', interface: 'public', enum: 'public' },
    exportRule: 'export-statement',
    constructorNames: ['constructor'],
    receiverParams: ['this'],
    blockScoped: ECMA_BLOCKS,
    typeQuery: 'type_query',
  },
  {
    id: 'javascript',
    extensions: ['.js', '.jsx', '.mjs', '.cjs'],
    grammar: 'tree-sitter-javascript.vscode.wasm',
    queries: ['prototypes.scm', 'commonjs.scm', 'ecma.scm', 'javascript.scm', 'jsx.scm'],
    comments: ECMA_COMMENTS,
    wrappers: { decl: ['lexical_declaration', 'variable_declaration'], export: ['export_statement'] },
    privatePrefixes: ['#'],
    memberVisibility: { class: 'public' },
    exportRule: 'export-statement',
    constructorNames: ['constructor'],
    blockScoped: ECMA_BLOCKS,
  },
  {
    id: 'python',
    extensions: ['.py', '.pyi', '.pyw'],
    grammar: 'tree-sitter-python.vscode.wasm',
    queries: ['python.scm'],
    comments: ['comment'],
    docInBody: { statement: 'expression_statement', string: ['string'] },
    wrappers: { doc: ['decorated_definition'] },
    privatePrefixes: ['_'],
    exportRule: 'not-private',
    constructorNames: ['__init__'],
    bareImport: 'source',
  },
  {
    id: 'go',
    extensions: ['.go'],
    grammar: 'tree-sitter-go.vscode.wasm',
    queries: ['go.scm'],
    comments: ['comment'],
    wrappers: { decl: ['const_declaration', 'var_declaration', 'type_declaration'] },
    exportRule: 'capitalized',
    bareImport: 'last-segment',
    blockScoped: {
      // (a function literal's parameters hold in it: `bit := func(x uint32, b bool)` does not
      // retype the method's receiver `b`)
      declarations: ['short_var_declaration', 'var_spec', 'type_case', 'parameter_declaration'],
      scopes: ['block', 'if_statement', 'for_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement', 'expression_case', 'type_case', 'default_case', 'communication_case', 'func_literal'],
    },
  },
  {
    id: 'rust',
    extensions: ['.rs'],
    grammar: 'tree-sitter-rust.vscode.wasm',
    queries: ['rust.scm'],
    comments: ['line_comment', 'block_comment'],
    docPrefixes: ['///', '/**'],
    docSkip: ['attribute_item'],
    modifierContainers: ['visibility_modifier', 'function_modifiers'],
    bodyTypes: ['macro_rule'],
    defaultVisibility: 'private',
    exportRule: 'visibility',
    methodParents: ['trait'],
    memberVisibility: { trait: 'public', enum: 'public' },
    injection: { default: 'rust', languages: {} },
  },
  {
    id: 'java',
    extensions: ['.java'],
    grammar: 'tree-sitter-java.vscode.wasm',
    queries: ['java.scm'],
    comments: ['block_comment', 'line_comment'],
    overloads: 'types',
    modifierContainers: ['modifiers'],
    memberVisibility: { interface: 'public', enum: 'public' },
    exportRule: 'visibility',
  },
  {
    id: 'csharp',
    extensions: ['.cs'],
    grammar: 'tree-sitter-c-sharp.vscode.wasm',
    queries: ['csharp.scm'],
    comments: ['comment'],
    // (an anonymous method's `delegate (PwEntry pe) { ... }` has its block under no field)
    bodyTypes: ['block'],
    overloads: 'types',
    modifierContainers: ['modifier'],
    methodParents: ['class', 'struct', 'interface'],
    defaultVisibility: 'internal',
    memberVisibility: { class: 'private', struct: 'private', interface: 'public', enum: 'public' },
    exportRule: 'visibility',
    bareImport: 'wildcard',
  },
  {
    id: 'c',
    extensions: ['.c'],
    grammar: 'tree-sitter-c.wasm',
    queries: ['c-common.scm', 'c.scm'],
    comments: ['comment'],
    blockDocAfterBlank: true,
    preparse: C_PREPARSE,
    platformIncludes: true,
    localDeclarations: { types: ['declaration'], bodies: ['compound_statement'] },
    modifierContainers: ['storage_class_specifier'],
    fileLocalWords: ['static'],
    methodParents: [],
    exportRule: 'not-private',
  },
  {
    // `.h` is C++ unless most of the project's sources are C or Objective-C (SHARED_EXTENSIONS).
    id: 'cpp',
    extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.h', '.ipp', '.tpp', '.inl'],
    grammar: 'tree-sitter-cpp.vscode.wasm',
    queries: ['c-common.scm', 'cpp.scm'],
    comments: ['comment'],
    blockDocAfterBlank: true,
    overloads: true,
    localDeclarations: { types: ['declaration'], bodies: ['compound_statement'] },
    preparse: [...C_PREPARSE, 'cpp-export-macros', 'cpp-annotation-macros'],
    platformIncludes: true,
    wrappers: { doc: ['template_declaration', 'linkage_specification'] },
    modifierContainers: ['storage_class_specifier'],
    fileLocalWords: ['static'],
    accessLabels: { types: ['access_specifier'] },
    memberVisibility: { class: 'private', struct: 'public', enum: 'public' },
    constructorIsClassName: true,
    exportRule: 'not-private',
  },
  {
    id: 'ruby',
    extensions: ['.rb', '.rake', '.gemspec', '.ru'],
    fileNames: ['Rakefile', 'Gemfile', 'Guardfile', 'Vagrantfile'],
    grammar: 'tree-sitter-ruby.vscode.wasm',
    queries: ['ruby.scm'],
    comments: ['comment'],
    accessLabels: { types: ['identifier'] },
    methodParents: ['class', 'module'],
    memberVisibility: { class: 'public', module: 'public' },
    exportRule: 'not-private',
    constructorNames: ['initialize'],
  },
  {
    id: 'php',
    extensions: ['.php', '.phtml', '.php8'],
    grammar: 'tree-sitter-php.vscode.wasm',
    queries: ['php.scm'],
    comments: ['comment'],
    modifierContainers: ['visibility_modifier'],
    memberVisibility: { class: 'public', interface: 'public', trait: 'public', enum: 'public' },
    exportRule: 'not-private',
    constructorNames: ['__construct'],
  },
  {
    id: 'kotlin',
    extensions: ['.kt', '.kts'],
    grammar: 'tree-sitter-kotlin.wasm',
    queries: ['kotlin.scm'],
    preparse: ['kotlin-newer-syntax'],
    // (`@Suppress("X")` `@Api` above a class: the class read as an annotated lambda)
    misparsed: { topLevel: ['prefix_expression'], preparse: 'kotlin-top-level-annotations' },
    implicitParam: 'it',
    lambdaReceiver: 'this',
    boxes: {
      calls: ['atomic', 'MutableStateFlow', 'MutableLiveData', 'mutableStateOf'],
      types: ['AtomicRef', 'StateFlow', 'MutableStateFlow', 'LiveData', 'MutableLiveData', 'State', 'MutableState'],
      member: 'value', lambdas: ['loop', 'update', 'getAndUpdate', 'updateAndGet'],
    },
    trailingLambda: 'annotated_lambda',
    newlineEndsCall: true,
    overloads: true,
    argumentsIn: ['call_suffix', 'value_arguments'],
    functionTypes: true,
    comments: ['multiline_comment', 'line_comment'],
    docSkip: ['prefix_expression>annotation'],
    bodyTypes: ['class_body', 'function_body', 'enum_class_body'],
    modifierContainers: ['modifiers', 'visibility_modifier', 'function_modifier'],
    asyncWords: ['suspend'],
    defaultVisibility: 'public',
    exportRule: 'visibility',
  },
  {
    id: 'swift',
    extensions: ['.swift'],
    // tree-sitter-wasms' Swift build makes V8 abort the process on Node 24 ("out of memory: Zone");
    // this newer build (see esbuild.mjs) loads on Node 20, 22 and 24
    grammar: 'tree-sitter-swift.repomix.wasm',
    queries: ['swift.scm'],
    preparse: ['swift-newer-syntax'],
    comments: ['comment', 'multiline_comment'],
    modifierContainers: ['modifiers', 'visibility_modifier'],
    defaultVisibility: 'internal',
    memberVisibility: { interface: 'public' },
    exportRule: 'visibility',
    bareImport: 'wildcard',
  },
  {
    id: 'scala',
    extensions: ['.scala', '.sc'],
    grammar: 'tree-sitter-scala.wasm',
    queries: ['scala.scm'],
    comments: ['comment'],
    modifierContainers: ['modifiers', 'access_modifier'],
    methodParents: ['class', 'trait', 'enum'],
    defaultVisibility: 'public',
    exportRule: 'visibility',
  },
  {
    id: 'dart',
    extensions: ['.dart'],
    grammar: 'tree-sitter-dart.wasm',
    queries: ['dart.scm'],
    comments: ['comment', 'documentation_comment'],
    docSkip: ['annotation'],
    privatePrefixes: ['_'],
    exportRule: 'not-private',
    constructorIsClassName: true,
    bareImport: 'wildcard',
  },
  {
    id: 'elixir',
    extensions: ['.ex', '.exs'],
    grammar: 'tree-sitter-elixir.wasm',
    queries: ['elixir.scm'],
    comments: ['comment'],
    bodyTypes: ['do_block'],
    exportRule: 'not-private',
  },
  {
    id: 'lua',
    extensions: ['.lua'],
    grammar: 'tree-sitter-lua.grammars.wasm',
    queries: ['lua.scm'],
    comments: ['comment'],
    exportRule: 'not-private',
  },
  {
    id: 'bash',
    extensions: ['.sh', '.bash', '.zsh', '.ksh'],
    fileNames: ['.bashrc', '.bash_profile', '.zshrc', '.profile'],
    grammar: 'tree-sitter-bash.vscode.wasm',
    queries: ['bash.scm'],
    comments: ['comment'],
    exportRule: 'not-private',
  },
  {
    id: 'zig',
    extensions: ['.zig'],
    grammar: 'tree-sitter-zig.wasm',
    queries: ['zig.scm'],
    comments: ['comment'],
    docPrefixes: ['///'],
    bodyTypes: ['block', 'struct_declaration', 'enum_declaration', 'union_declaration'],
    methodParents: ['struct', 'enum'],
    defaultVisibility: 'private',
    visibilityWords: { pub: 'public' },
    exportRule: 'visibility',
  },
  {
    id: 'ocaml',
    extensions: ['.ml', '.mli'],
    grammar: 'tree-sitter-ocaml.wasm',
    queries: ['ocaml.scm'],
    comments: ['comment'],
    methodParents: ['class'],
    exportRule: 'not-private',
    bareImport: 'wildcard',
  },
  {
    id: 'rescript',
    extensions: ['.res', '.resi'],
    grammar: 'tree-sitter-rescript.wasm',
    queries: ['rescript.scm'],
    comments: ['comment'],
    exportRule: 'not-private',
    bareImport: 'wildcard',
  },
  {
    id: 'solidity',
    extensions: ['.sol'],
    grammar: 'tree-sitter-solidity.wasm',
    queries: ['solidity.scm'],
    preparse: ['solidity-mapping-names'],
    overloads: true,
    argumentType: 'call_argument',
    comments: ['comment'],
    modifierContainers: ['visibility'],
    methodParents: ['class', 'interface', 'module', 'struct'],
    memberVisibility: { class: 'public', interface: 'public', module: 'public', struct: 'public', enum: 'public' },
    defaultVisibility: 'public',
    exportRule: 'not-private',
  },
  {
    id: 'objc',
    extensions: ['.m', '.mm'],
    grammar: 'tree-sitter-objc.wasm',
    queries: ['c-common.scm', 'objc.scm'],
    comments: ['comment'],
    blockDocAfterBlank: true,
    preparse: [...C_PREPARSE, 'objc-macro-methods'],
    localDeclarations: { types: ['declaration'], bodies: ['compound_statement'] },
    bodyTypes: ['compound_statement', 'property_declaration', 'method_declaration', 'instance_variables'],
    modifierContainers: ['storage_class_specifier'],
    fileLocalWords: ['static'],
    memberVisibility: { class: 'public' },
    exportRule: 'not-private',
  },
  {
    id: 'vue',
    extensions: ['.vue'],
    grammar: 'tree-sitter-vue.wasm',
    queries: ['vue.scm'],
    comments: ['comment'],
    exportRule: 'not-private',
    injection: { default: 'javascript', languages: { ts: 'typescript', typescript: 'typescript', tsx: 'tsx', js: 'javascript', jsx: 'javascript' } },
  },
  {
    id: 'elisp',
    extensions: ['.el'],
    grammar: 'tree-sitter-elisp.wasm',
    queries: ['elisp.scm'],
    comments: ['comment'],
    bodyFields: ['docstring', 'body'],
    exportRule: 'not-private',
  },
  {
    id: 'powershell',
    extensions: ['.ps1', '.psm1', '.psd1'],
    grammar: 'tree-sitter-powershell.vscode.wasm',
    queries: ['powershell.scm'],
    comments: ['comment'],
    bodyTypes: ['script_block'],
    exportRule: 'not-private',
  },
  {
    id: 'html',
    extensions: ['.html', '.htm', '.xhtml'],
    grammar: 'tree-sitter-html.wasm',
    queries: ['html.scm'],
    comments: ['comment'],
    exportRule: 'not-private',
    injection: { default: 'javascript', languages: {} },
  },
  {
    id: 'css',
    extensions: ['.css'],
    grammar: 'tree-sitter-css.vscode.wasm',
    queries: ['css.scm'],
    comments: ['comment'],
    exportRule: 'not-private',
  },
  {
    id: 'toml',
    extensions: ['.toml'],
    grammar: 'tree-sitter-toml.wasm',
    queries: ['toml.scm'],
    comments: ['comment'],
    bodyTypes: ['pair'],
    exportRule: 'not-private',
  },
  {
    id: 'json',
    optIn: true,
    extensions: ['.json', '.jsonc'],
    grammar: 'tree-sitter-json.wasm',
    queries: ['json.scm'],
    comments: ['comment'],
    exportRule: 'not-private',
  },
  {
    id: 'ini',
    extensions: ['.ini', '.cfg', '.editorconfig'],
    fileNames: ['.gitconfig'],
    grammar: 'tree-sitter-ini.vscode.wasm',
    queries: ['ini.scm'],
    comments: ['comment'],
    bodyTypes: ['setting'],
    exportRule: 'not-private',
  },
];

const byExt = new Map<string, LanguageSpec>();
const byName = new Map<string, LanguageSpec>();
const byId = new Map<string, LanguageSpec>();
for (const l of LANGUAGES) {
  byId.set(l.id, l);
  for (const e of l.extensions) byExt.set(e, l);
  for (const n of l.fileNames ?? []) byName.set(n, l);
}

/** The language of a file by its name, or undefined when it is in no indexed language. */
export function languageForPath(path: string): LanguageSpec | undefined {
  return byName.get(baseName(path)) ?? byExt.get(extensionOf(path));
}

const baseName = (path: string) => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

/** `.h` of `a/b.H`; '' without one. */
function extensionOf(path: string): string {
  const base = baseName(path);
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot).toLowerCase();
}

/** Extensions several languages write, and the languages they may be, the table's (the first) on
 *  a tie. A C++ parse of a C header fails on C++ words used as names (`new`, `class`) and takes
 *  twice as long: on the Linux kernel's include/, 3.4 s for 1,969 headers with the C++ grammar,
 *  1.5 s with C's. */
const SHARED_EXTENSIONS: Record<string, string[]> = { '.h': ['cpp', 'c', 'objc'] };

/** A project's reading of the shared extensions: each takes the language most of the project's
 *  other files among its candidates are in (`files` as languageForPath names them). */
export function sharedExtensionLanguages(files: Iterable<{ path: string; language: string }>): (path: string, language: string) => string {
  const counts = new Map<string, number>();
  for (const f of files) if (!sharedExtension(f.path)) counts.set(f.language, (counts.get(f.language) ?? 0) + 1);
  const chosen = new Map<string, string>();
  for (const [ext, langs] of Object.entries(SHARED_EXTENSIONS)) {
    chosen.set(ext, langs.reduce((best, l) => ((counts.get(l) ?? 0) > (counts.get(best) ?? 0) ? l : best)));
  }
  return (path, language) => {
    const ext = sharedExtension(path);
    return ext && SHARED_EXTENSIONS[ext].includes(language) ? chosen.get(ext)! : language;
  };
}

/** True for a file whose language the project decides (a `.h`): see sharedExtensionLanguages. */
export function hasSharedExtension(path: string): boolean {
  return sharedExtension(path) !== undefined;
}

function sharedExtension(path: string): string | undefined {
  const ext = extensionOf(path);
  return ext in SHARED_EXTENSIONS ? ext : undefined;
}

export function languageById(id: string): LanguageSpec | undefined {
  return byId.get(id);
}
