// What parsing one file yields, before resolution: plain data, cheap to send from a worker.

/** Node kinds (README: "Node kinds"). `file` nodes stand for whole files (imports are file -> file). */
export type NodeKind =
  | 'file' | 'module' | 'namespace' | 'class' | 'interface' | 'struct' | 'enum' | 'trait'
  | 'type' | 'function' | 'method' | 'constructor' | 'field' | 'property' | 'constant'
  | 'variable' | 'enum_member' | 'macro';

export interface ExtractedSymbol {
  name: string;
  kind: NodeKind;
  /** Dotted path of containers and the name, e.g. `Outer.Inner.method`. */
  qualifiedName: string;
  startLine: number; // 1-based, inclusive
  endLine: number;
  startCol: number; // 0-based
  signature: string; // declaration head, whitespace collapsed, at most ~200 chars
  docstring: string; // doc comment / docstring text without comment markers, '' if none
  visibility: string; // 'public' | 'private' | 'protected' | 'internal' | ''
  isAsync: boolean;
  isExported: boolean;
  /** A function or method declared without a body: a C prototype, an overload signature, an
   *  abstract or interface method. */
  isDeclaration?: boolean;
  /** Index of the containing symbol in FileExtraction.symbols, or -1 for top level. */
  parent: number;
}

/** Between a call's arguments in ExtractedRef.argv (a character no argument's text holds). */
export const ARGV_SEP = '\u001f';

export type RefKind = 'call' | 'new' | 'type' | 'value' | 'extends' | 'implements';

export interface ExtractedRef {
  name: string; // the bare referenced name (last segment), e.g. `push` for `this.items.push(x)`
  kind: RefKind;
  line: number;
  col: number;
  /** Index of the enclosing symbol in FileExtraction.symbols, or -1 at file level. */
  from: number;
  /** For member access `a.b.c()`: the text before the name (`a.b`), `this`, `self`, `super`... */
  receiver?: string;
  /** A call's or `new`'s argument count, where methods overload by it (LanguageSpec.overloads). */
  args?: number;
  /** Its arguments as written, where methods overload by their types too (ARGV_SEP between
   *  them; '' for one too long to keep). */
  argv?: string;
  /** When `from` is -1 because the ref sits in a container whose type is defined in another file
   *  (Rust `impl Trait for Foo`, Swift `extension Foo: P`): that type's qualified name (`Foo`). */
  scope?: string;
}

export interface ExtractedImport {
  /** The module as written: './foo', 'os.path', 'fmt', 'crate::a::b', 'stdio.h', 'java.util.List'. */
  source: string;
  /** Names bound by the import: imported name -> local name; '*' = whole module/namespace, 'default' = default export. */
  names: { imported: string; local: string }[];
  line: number;
  /** True for a re-export (`export { x } from './y'`, `export * from`). */
  reexport?: boolean;
}

/** A name whose static type is written in the source: a parameter, field or local (`repo: Repo`,
 *  `Repo repo`, `x = new Foo()`, Go receivers). Lets `repo.save()` resolve through Repo. */
export interface ExtractedBinding {
  name: string;
  /** The type's bare name (generics, pointers and qualifiers stripped). */
  type: string;
  /** Index of the symbol it is declared in (function for params and locals, class for fields), -1 file. */
  scope: number;
  /** Set when it holds in part of that scope only (a callback's parameters): first and last line. */
  lines?: [number, number];
}

/** The binding, on the file, that holds its build constraint as written (Go's `//go:build linux`). */
export const CONSTRAINT = '#constraint';

/** What a method given by assignment belongs to where no type of the name is (JavaScript's
 *  `Foo.prototype.bar = function` of a constructor function, `res.send = function` of an object,
 *  `NS.Foo.prototype.bar = function` of a constructor a namespace object is given, a method):
 *  its parent, and what its `this` is. */
export const OWNER_KINDS: ReadonlySet<string> = new Set(['function', 'variable', 'constant', 'method']);

export interface FileExtraction {
  language: string;
  symbols: ExtractedSymbol[];
  refs: ExtractedRef[];
  imports: ExtractedImport[];
  /** Names the file exports without defining them there (e.g. `export { a as b }`): local -> exported. */
  exportAliases?: { local: string; exported: string }[];
  /** The file's package/namespace declaration as written (Go `package x`, Java `package a.b`,
   *  Kotlin/Scala `package`, C# file-scoped `namespace`, PHP `namespace`), if any. */
  package?: string;
  /** A classic script: a JavaScript or TypeScript file with no import, export, `require` or
   *  CommonJS `exports` (the query's @module marks). Its top-level names are globals, which any
   *  file may name unimported, as browsers load `<script>` files into one scope. */
  script?: boolean;
  /** Typed names (parameters, fields, locals) for receiver-typed resolution. */
  bindings?: ExtractedBinding[];
  /** Parse errors are not fatal: tree-sitter recovers; this counts ERROR nodes. */
  errorCount: number;
}
