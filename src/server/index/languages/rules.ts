// How names resolve in each language, as data: the resolver reads these fields and has no
// per-language branches. Languages not listed get DEFAULT_RULES.

import { RUBY_CORE_MEMBERS } from './ruby-core';

export type ImportStyle =
  | 'js'       // './x' relative, extension and /index probing, tsconfig paths; bare = external package
  | 'python'   // dotted modules, leading dots relative; a/b.py or a/b/__init__.py
  | 'go'       // import path; the package is a folder, matched by the longest path suffix (go.mod module prefix stripped)
  | 'dotted'   // java/kotlin/scala/c#/dart-ish: a.b.C -> a/b/C.<ext> anywhere; a.b.* -> the folder
  | 'rust'     // crate::a::b / super:: / self:: -> a/b.rs or a/b/mod.rs, the rest names an item
  | 'include'  // "x.h" relative to the file, then by path suffix; names of included files are visible
  | 'lua'      // require 'a.b' -> a/b.lua or a/b/init.lua by path suffix
  | 'path';    // relative path as written, then by path suffix

export interface ResolveRules {
  importStyle: ImportStyle;
  /** Bare names in a method also find members of the enclosing class (Java, C#, C++...). */
  implicitMembers: boolean;
  /** Files in the same folder share one namespace (Go packages, Java packages...). */
  folderScope: boolean;
  /** A file's package is its package header, wherever its folder is (Java, Kotlin, Scala: a
   *  Kotlin project leaves the common root out of its folders, and a multiplatform one keeps a
   *  package in several source sets): the package's names need no import, and `import a.b.C`
   *  names C of package a.b. */
  packages?: boolean;
  /** Receivers that mean "the enclosing class". */
  selfNames: string[];
  /** Receivers that mean "this file's own module" (CommonJS's `exports.f()`). */
  moduleNames?: string[];
  /** Receivers that mean "the enclosing class's supertypes" (`super`, Python's `super()`). */
  superNames: string[];
  /** Names provided by runtimes or test frameworks: never bound to a project symbol by the heuristic. */
  globals: string[];
  /** Member names so common on built-in types that an unknown receiver must not be guessed. */
  builtinMembers: string[];
  /** Members of a built-in collection that give one of its elements (`xs.shift()`), and those
   *  that give a collection of the same elements (`xs.slice()`). */
  elementMembers: string[];
  collectionMembers: string[];
  /** Generic types from outside the project that stand for their first type argument (Rust's
   *  `Box<T>`, `Rc<T>`: a method call derefs through them), and those that hold a collection of
   *  it (`Vec<T>`: `for x in &xs` gives Ts). A project type of the name comes first. */
  wrapperTypes?: string[];
  collectionTypes?: string[];
  /** Generic types from outside the project that map keys to their second type argument (C++'s
   *  `std::map<K, V>`): `m[k]` and `m.at(k)` give a V; iterating (`for (auto &kv : m)`,
   *  `m.find(k)`, `m.begin()`) gives pairs, whose `.second` is a V. */
  mapTypes?: string[];
  /** The member of such a pair that is the value (C++'s `second`, the default; C#'s `Value`),
   *  and the pair types written out (C#'s `KeyValuePair<K, V>`). */
  pairValue?: string;
  pairTypes?: string[];
  /** Of elementMembers, those that give the element itself rather than an iterator to it (where
   *  iterating a map gives pairs): C++'s `at`, `front`, `back`. */
  valueMembers?: string[];
  /** Members from outside the project that give their receiver's own type (Rust's `clone()`,
   *  `borrow_mut()` of a RefCell, `unwrap()` of what `xs.last()` gave), where that type has no
   *  member of the name. */
  sameTypeMembers?: string[];
  /** A function nested in another can be an object's member (a factory's `return { f }`): then
   *  a method name is not unique while such a function shares it. */
  factoryMembers?: boolean;
  /** A method may be declared apart from its type, in any file of the type's folder (Go's
   *  `func (r *T) m()`, Swift's and Kotlin's extensions, C#'s partial classes): a type's members
   *  are looked up there too. Java's never are (looking cost java.base a tenth of its resolve). */
  detachedMethods?: boolean;
  /** Files are built for some platforms only (Go's `_windows.go`, `//go:build`, read by
   *  build-constraint.ts): where one name has a declaration per platform, the one built for the
   *  caller's platform (its own suffix, else this machine's) is preferred. */
  buildConstraints?: boolean;
  /** A reference that binds to a function declared without a body (a C prototype) binds to its
   *  definition instead, where there is one: in the declaration's own file, else the one
   *  definition elsewhere that is not file-local (`static`), else the one of those whose file
   *  includes the declaration's. The unique-name heuristic counts definitions only. */
  prototypes?: boolean;
  /** A top-level name its file does not export (Lua's `local function f`) is that file's own: the
   *  unique-name heuristic never gives it to another file's reference. */
  fileLocalPrivates?: boolean;
  /** Type names are capitalized and other names are not (Java, C#, Kotlin, Swift...): a
   *  capitalized receiver the project declares nothing of is a type from outside it
   *  (`Expression.Parameter()`), whose members are never guessed. */
  capitalizedTypes?: boolean;
  /** A namespace's members count as their file's top level (C++: `namespace fmt { ... }` in a
   *  header is what its includers see; one translation unit rarely declares a name in two). */
  openNamespaces?: boolean;
  /** C#: a type is seen by its bare name from its own namespace and those enclosing it, and from
   *  the namespaces a file's `using`s name, whichever files declare them (namespaces are not
   *  folders); a `partial` type's parts, in several files, are one type. A re-exported using
   *  (`global using A.B;`) is every file's. */
  namespaces?: boolean;
  /** Kotlin: `fun Widget.shout()` is an extension function: `w.shout()` on a Widget (or a
   *  subtype) calls it where it is in sight (its file's folder, or imported by name or by
   *  wildcard), and in its body `this` and bare names are the Widget's. */
  extensionFunctions?: boolean;
  /** Packages every file sees without importing them, as folder paths (Java's `java.lang`):
   *  found where the project holds them (the JDK's own sources), after the file's own package. */
  implicitPackages?: string[];
  /** Receivers that are literals, by pattern, and the type each is (Java's `"RAW".equals(k)`:
   *  `String`; `Foo.class.getName()`: `Class`), a type name looked up where it is written. */
  literalTypes?: [RegExp, string][];
  /** The type each kind of type extends without saying so (Java: a class or interface `Object`,
   *  an enum `Enum`): its members are every such type's, where the project declares it. */
  rootTypes?: Partial<Record<string, string>>;
  /** A call names a method, never a variable or field (Java: `long length = length();` calls
   *  the method, where the local would otherwise shadow it as a function value; `b.position()`
   *  is Buffer's method, not its field `position`). 'members': only a member call does (Rust:
   *  `p.pattern()` is a method, never the field `pattern`, but `f()` may call a local closure). */
  callsNameMethods?: boolean | 'members';
  /** `(T) x` is a cast to T (Java, C#): `((T) x).m()` is T's m. */
  casts?: boolean;
  /** Containers (by declared type name) whose element keyed by a class is an instance of it
   *  (Kotlin's `context[Job]`: a CoroutineContext's element keyed by Job's companion object is a
   *  Job), where the container's type gives no element type of its own. */
  classKeys?: string[];
  /** `this@Outer` is the enclosing class of that name (Kotlin). */
  labeledThis?: boolean;
  /** `new` may name an interface or a type alias: Java's `new I() { ... }` makes an anonymous
   *  class implementing interface I; C#'s `new Handler(M)` makes a delegate of type Handler. */
  newInterfaces?: boolean;
  /** `T{...}` is a value of type T (Go's composite literals, C++'s `T{}`, Rust's struct
   *  literals), where elsewhere `x.f { ... }` is a call with a block (Kotlin, Swift, Ruby). */
  compositeLiterals?: boolean;
  /** `new F()` may name a function: JavaScript's constructor functions (`function Node(i) {
   *  this.i = i; }`). */
  constructorFunctions?: boolean;
  /** A file with none of the query's @module marks (a classic script) declares globals: a bare
   *  name no scope, file or import binds is the one top-level symbol of that name in the project's
   *  scripts (JavaScript and TypeScript, as `<script>` files share one scope). */
  scriptGlobals?: boolean;
  /** `this` in a method given to a function or an object (`Foo.prototype.bar = function`,
   *  `res.send = function`, `{ m() { this.n(); } }`) is that function or object (JavaScript;
   *  TypeScript types it by the object's declared type instead). */
  literalThis?: boolean;
  /** A Vue single-file component: its template's names, given `this` by parse.ts, are members of
   *  the options object it exports (`export default {...}`, the constant `default`). */
  componentThis?: boolean;
  /** Solidity's `using L for T`: where a member is not the receiver's type's own, a function of a
   *  library the contract or file attaches (binding `using`). */
  attachedLibraries?: boolean;
  /** A type name may name a table (a variable): Lua's `Point`, whose constructor returns an
   *  instance (`setmetatable({}, Point)`); `obj:m()` calls as `obj.m()`. */
  tableTypes?: boolean;
  /** An expression that is the type around it, the file where there is none (Zig's `@This()`:
   *  `const Self = @This();`). */
  thisType?: string;
  /** Types are values (Zig): a type name no type declares is what its const's value is (`const
   *  Allocator = std.mem.Allocator;`), and a struct's consts are names in its scope. */
  valueTypes?: boolean;
  /** Of several bases, the last listed is the nearest (Solidity's linearization: `contract D is
   *  A, B` looks in B before A). */
  lastBaseFirst?: boolean;
  /** Languages whose symbols can be the target of references from this one. */
  family: string;
  /** Whether a bare name may refer to another file's symbol without an import (C includes,
   *  Ruby/PHP autoload, C# namespaces). Where modules must import what they use (JS/TS, Python,
   *  Go, Rust), a bare name not found in scope or imports is a local, a parameter or a global. */
  bareNameHeuristic: boolean;
  /** A call may name a type, converting to it (Go's `Errno(e)`, `io.Reader(x)`): it binds to the
   *  type as an instantiation. */
  typeConversions?: boolean;
  /** Methods overload by parameter type (LanguageSpec.overloads 'types'): what an argument's type
   *  is told by and may be passed as. A call binds to an overload its arguments fit; one that
   *  cannot take them (an array where an `int` is declared) is passed over for its supertypes'. */
  argumentTypes?: ArgumentTypes;
  /** Built-in calls that make a value of the type they are given first: Go's `new(T)` (a T) and
   *  `make([]T, n)` (Ts), as receivers (`new(big.Int).SetInt64(c)`). */
  allocators?: string[];
  /** Calls whose value is of the type they are given as a type argument: C++'s
   *  `static_cast<Base*>(p)->run()` calls Base's run. */
  castCalls?: string[];
}

/** ResolveRules.argumentTypes. Type names are compared without type arguments or package. */
export interface ArgumentTypes {
  /** An argument written as a literal, by pattern, and its type ('null': any reference type's). */
  literals: [RegExp, string][];
  /** Primitive types, each with those it widens to. */
  widening: Record<string, string[]>;
  /** A primitive's boxed type (an argument of one is passed as the other). */
  boxes: Record<string, string>;
  /** Reference types that take a primitive (boxed), and those that take any array. */
  takesPrimitives: string[];
  takesArrays: string[];
  /** Types no class extends: an argument of one of them never fits a parameter of another. */
  final: string[];
  /** Other names of types, to the one compared (C#'s `Int32` is `int`). */
  aliases?: Record<string, string>;
  /** A type parameter's name, which takes anything (Java's `T`, `E2`: the default). */
  typeVariable?: RegExp;
  /** What an argument may start with that leaves its type (C#'s `ref x`, `out y`). */
  modifiers?: RegExp;
  /** A named argument (C#'s `name: value`), which is not where it stands: left untyped. */
  named?: RegExp;
}

const JAVA_ARGUMENT_TYPES: ArgumentTypes = {
  literals: [
    [/^"(?:[^"\\]|\\.)*"$/s, 'String'], [/^'(?:[^'\\]|\\.)+'$/, 'char'], [/^(?:true|false)$/, 'boolean'], [/^null$/, 'null'],
    [/^-?(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*)$/, 'int'], [/^-?(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*)[lL]$/, 'long'],
    [/^-?(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?[fF]$/, 'float'],
    [/^-?(?:\d[\d_]*\.[\d_]*|\.\d[\d_]*|\d[\d_]*[eE][+-]?\d+)(?:[eE][+-]?\d+)?[dD]?$|^-?\d[\d_]*[dD]$/, 'double'],
  ],
  widening: {
    byte: ['short', 'int', 'long', 'float', 'double'], short: ['int', 'long', 'float', 'double'], char: ['int', 'long', 'float', 'double'],
    int: ['long', 'float', 'double'], long: ['float', 'double'], float: ['double'], double: [], boolean: [],
  },
  boxes: { boolean: 'Boolean', byte: 'Byte', short: 'Short', char: 'Character', int: 'Integer', long: 'Long', float: 'Float', double: 'Double' },
  takesPrimitives: ['Object', 'Serializable', 'Comparable', 'Number', 'Constable', 'ConstantDesc'],
  takesArrays: ['Object', 'Serializable', 'Cloneable'],
  final: ['String', 'Boolean', 'Byte', 'Short', 'Character', 'Integer', 'Long', 'Float', 'Double'],
};

// C#: an integer literal (`int#`) is also any integral type's it fits (`SHGetFileInfo(p, 0, ...)`
// with a `uint`): any numeric type's, as nothing else tells them apart here
const CSHARP_NUMERIC = ['sbyte', 'byte', 'short', 'ushort', 'int', 'uint', 'long', 'ulong', 'char', 'float', 'double', 'decimal'];
const CSHARP_ARGUMENT_TYPES: ArgumentTypes = {
  literals: [
    [/^(?:\$@|@\$|\$|@)?"[\s\S]*"$/, 'string'], [/^'(?:[^'\\]|\\.)+'$/, 'char'], [/^(?:true|false)$/, 'bool'], [/^null$/, 'null'],
    [/^(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*)$/, 'int#'], [/^-\d[\d_]*$/, 'int'],
    [/^-?(?:0[xX][\da-fA-F_]+|\d[\d_]*)(?:[uU][lL]|[lL][uU])$/, 'ulong'], [/^-?(?:0[xX][\da-fA-F_]+|\d[\d_]*)[lL]$/, 'long'], [/^-?(?:0[xX][\da-fA-F_]+|\d[\d_]*)[uU]$/, 'uint'],
    [/^-?(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?[fF]$/, 'float'], [/^-?(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?[mM]$/, 'decimal'],
    [/^-?(?:\d[\d_]*\.[\d_]*|\.\d[\d_]*|\d[\d_]*[eE][+-]?\d+)(?:[eE][+-]?\d+)?[dD]?$|^-?\d[\d_]*[dD]$/, 'double'],
  ],
  widening: {
    'int#': CSHARP_NUMERIC,
    sbyte: ['short', 'int', 'long', 'float', 'double', 'decimal'], byte: ['short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
    short: ['int', 'long', 'float', 'double', 'decimal'], ushort: ['int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
    int: ['long', 'float', 'double', 'decimal'], uint: ['long', 'ulong', 'float', 'double', 'decimal'], long: ['float', 'double', 'decimal'], ulong: ['float', 'double', 'decimal'],
    char: ['ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'], float: ['double'], double: [], decimal: [], bool: [],
  },
  boxes: {},
  takesPrimitives: ['object', 'ValueType', 'IComparable', 'IConvertible', 'IFormattable', 'IEquatable', 'dynamic'],
  takesArrays: ['object', 'Array', 'IEnumerable', 'ICollection', 'IList', 'IReadOnlyList', 'IReadOnlyCollection', 'ICloneable', 'IStructuralComparable', 'IStructuralEquatable', 'dynamic'],
  final: ['string', 'DateTime', 'TimeSpan', 'Guid', 'IntPtr', 'UIntPtr'],
  aliases: {
    String: 'string', Object: 'object', Boolean: 'bool', Byte: 'byte', SByte: 'sbyte', Char: 'char', Decimal: 'decimal', Double: 'double', Single: 'float',
    Int16: 'short', UInt16: 'ushort', Int32: 'int', UInt32: 'uint', Int64: 'long', UInt64: 'ulong',
  },
  typeVariable: /^(?:[A-Z]\d?|T[A-Z][a-z]\w*)$/,
  modifiers: /^(?:ref|out|in)\s+/,
  named: /^[A-Za-z_]\w*\s*:(?!:)/,
};

const JS_GLOBALS = ['it', 'describe', 'test', 'expect', 'beforeEach', 'afterEach', 'before', 'after', 'beforeAll', 'afterAll', 'suite', 'setup', 'teardown', 'jest', 'vi', 'require', 'console', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Promise', 'Symbol', 'Object', 'Array', 'Reflect', 'Intl', 'BigInt', 'globalThis', 'window', 'document', 'process', 'Buffer', 'navigator', 'crypto', 'performance', 'String', 'Number', 'Boolean', 'Error', 'Map', 'Set', 'WeakMap', 'JSON', 'Math', 'Date', 'RegExp', 'parseInt', 'parseFloat', 'fetch', 'queueMicrotask'];
const JS_MEMBERS = ['push', 'pop', 'shift', 'unshift', 'slice', 'splice', 'map', 'filter', 'reduce', 'forEach', 'find', 'findIndex', 'some', 'every', 'includes', 'indexOf', 'join', 'concat', 'sort', 'reverse', 'keys', 'values', 'entries', 'get', 'set', 'has', 'add', 'delete', 'clear', 'toString', 'valueOf', 'then', 'catch', 'finally', 'call', 'apply', 'bind', 'next', 'return', 'throw', 'emit', 'on', 'off', 'once', 'length', 'split', 'trim', 'replace', 'match', 'test', 'exec', 'startsWith', 'endsWith', 'toLowerCase', 'toUpperCase', 'log', 'warn', 'error', 'info', 'debug', 'assign', 'freeze', 'create', 'hasOwnProperty', 'subscribe', 'unsubscribe', 'pipe', 'resolve', 'reject', 'write', 'end', 'read', 'close', 'open',
  'replaceAll', 'padStart', 'padEnd', 'charAt', 'charCodeAt', 'substring', 'lastIndexOf', 'flat', 'flatMap',
  // fetch's Response, streams' readers, a form
  'json', 'arrayBuffer', 'blob', 'getReader', 'cancel', 'submit',
  // the DOM's EventTarget, Element and Event
  'addEventListener', 'removeEventListener', 'dispatchEvent', 'getAttribute', 'setAttribute', 'removeAttribute', 'querySelector', 'querySelectorAll',
  'appendChild', 'removeChild', 'insertBefore', 'getBoundingClientRect', 'isSameNode', 'closest', 'preventDefault', 'stopPropagation'];
// .NET's own members (object, collections, LINQ, reflection, tasks, strings): called on a receiver of
// unknown type (`typeof(T).GetMethod()`), the framework's, not the project's one method of the name
const CSHARP_MEMBERS = ('ToString Equals GetHashCode GetType Add AddRange Remove RemoveAt RemoveAll Clear Contains ContainsKey ' +
  'TryGetValue TryAdd Insert IndexOf Count Any All Select SelectMany Where First FirstOrDefault Last LastOrDefault Single ' +
  'SingleOrDefault ToList ToArray ToDictionary OrderBy OrderByDescending ThenBy GroupBy Distinct Skip Take Sum Max Min Aggregate ' +
  'Concat Zip Cast OfType Reverse Sort Dispose DisposeAsync Invoke BeginInvoke DynamicInvoke GetMethod GetMethods GetProperty ' +
  'GetProperties GetField GetFields GetConstructor GetCustomAttribute GetCustomAttributes GetGenericArguments MakeGenericMethod ' +
  'MakeGenericType IsAssignableFrom Wait ContinueWith ConfigureAwait GetAwaiter GetResult Result Format Join Split Trim ' +
  'StartsWith EndsWith Substring Replace ToUpper ToLower ToUpperInvariant ToLowerInvariant CompareTo Append AppendLine ' +
  'GetEnumerator MoveNext Reset CopyTo Push Pop Peek Enqueue Dequeue').split(' ');

// Foundation's and UIKit's selectors (their first part): a message of one of these to a receiver of
// unknown type is the framework's, not the project's one method of the name
const OBJC_MEMBERS = ('alloc init new copy mutableCopy dealloc description isEqual hash class respondsToSelector performSelector isKindOfClass ' +
  'isMemberOfClass conformsToProtocol count length objectAtIndex objectAtIndexedSubscript firstObject lastObject containsObject indexOfObject ' +
  'addObject addObjectsFromArray insertObject removeObject removeObjectAtIndex removeLastObject removeAllObjects replaceObjectAtIndex ' +
  'objectForKey objectForKeyedSubscript setObject setValue valueForKey valueForKeyPath removeObjectForKey allKeys allValues ' +
  'enumerateObjectsUsingBlock enumerateKeysAndObjectsUsingBlock sortedArrayUsingSelector sortedArrayUsingComparator filteredArrayUsingPredicate ' +
  'isEqualToString hasPrefix hasSuffix stringByAppendingString stringByAppendingFormat stringWithFormat substringFromIndex substringToIndex ' +
  'substringWithRange rangeOfString componentsSeparatedByString componentsJoinedByString lowercaseString uppercaseString UTF8String ' +
  'intValue integerValue unsignedIntegerValue boolValue floatValue doubleValue longLongValue stringValue numberWithInt numberWithBool ' +
  'numberWithDouble numberWithInteger arrayWithObjects arrayWithCapacity dictionaryWithObjectsAndKeys dictionaryWithCapacity ' +
  'addObserver removeObserver postNotificationName lock unlock addSubview removeFromSuperview insertSubview bringSubviewToFront ' +
  'setNeedsLayout layoutIfNeeded layoutSubviews setNeedsDisplay sizeThatFits sizeToFit setFrame convertRect convertPoint ' +
  'addTarget addGestureRecognizer removeGestureRecognizer addChildViewController removeFromParentViewController ' +
  'didMoveToParentViewController willMoveToParentViewController presentViewController dismissViewControllerAnimated ' +
  'setContentOffset scrollRectToVisible flashScrollIndicators becomeFirstResponder resignFirstResponder').split(' ');
const PY_GLOBALS = ['print', 'len', 'range', 'str', 'int', 'float', 'list', 'dict', 'set', 'tuple', 'super', 'isinstance', 'issubclass', 'getattr', 'setattr', 'hasattr', 'open', 'repr', 'type', 'object', 'enumerate', 'zip', 'sorted', 'min', 'max', 'sum', 'any', 'all', 'iter', 'next', 'map', 'filter', 'callable', 'format', 'bool', 'bytes', 'id', 'hash', 'vars', 'dir'];
const PY_MEMBERS = ['append', 'extend', 'insert', 'pop', 'remove', 'get', 'items', 'keys', 'values', 'update', 'setdefault', 'add', 'discard', 'join', 'split', 'strip', 'replace', 'format', 'startswith', 'endswith', 'lower', 'upper', 'encode', 'decode', 'read', 'write', 'close', 'copy', 'sort', 'index', 'count',
  // re's patterns and matches
  'search', 'match', 'fullmatch', 'sub', 'subn', 'findall', 'finditer', 'group', 'groups', 'groupdict', 'span', 'start', 'end',
  // datetime's
  'date', 'time', 'isoformat', 'strftime', 'astimezone', 'timestamp', 'weekday', 'isoweekday', 'total_seconds', 'utcoffset'];

// Lua's base library and standard modules (a receiver `string.format` names the module).
const LUA_GLOBALS = ['assert', 'collectgarbage', 'dofile', 'error', 'getmetatable', 'ipairs', 'load', 'loadfile', 'loadstring', 'next', 'pairs', 'pcall', 'print', 'rawequal', 'rawget', 'rawlen', 'rawset', 'require', 'select', 'setmetatable', 'tonumber', 'tostring', 'type', 'unpack', 'xpcall', 'setfenv', 'getfenv', 'module',
  'string', 'table', 'math', 'io', 'os', 'coroutine', 'debug', 'package', 'utf8', 'bit32',
  // Neovim's API, Vimscript functions and libuv: the editor's, never a plugin's
  'vim.api', 'vim.fn', 'vim.loop', 'vim.uv', 'vim.cmd', 'vim.json', 'vim.mpack'];

// The C library's and POSIX's functions: a project's own definition of one (libiberty's
// replacement strcmp.c, a test program's) is no answer for a call the include chain did not
// reach. On GNU binutils, the heuristic bound 604 such calls, all wrong against clang.
const C_LIBRARY = ('printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf asprintf vasprintf scanf fscanf sscanf ' +
  'puts fputs putc fputc putchar gets fgets getc fgetc getchar ungetc fopen fdopen freopen fclose fflush fread fwrite fseek ftell ' +
  'rewind fgetpos fsetpos feof ferror clearerr perror remove rename tmpfile tmpnam setbuf setvbuf fileno popen pclose ' +
  'malloc calloc realloc free abort exit _exit atexit getenv setenv unsetenv putenv system abs labs llabs div ldiv atoi atol ' +
  'atoll atof strtol strtoul strtoll strtoull strtod strtof strtold qsort bsearch rand srand random srandom mkstemp mkstemps ' +
  'mktemp realpath memcpy memmove memset memcmp memchr memrchr strcpy strncpy strcat strncat strcmp strncmp strcoll strchr ' +
  'strrchr strstr strspn strcspn strpbrk strtok strtok_r strlen strnlen strerror strsignal strdup strndup strcasecmp ' +
  'strncasecmp stpcpy stpncpy bcopy bzero bcmp index rindex ffs isalnum isalpha isdigit isxdigit isspace isupper islower ' +
  'isprint ispunct iscntrl isgraph isascii toupper tolower time clock difftime mktime localtime gmtime strftime ctime ' +
  'asctime gettimeofday sleep usleep nanosleep signal raise kill setjmp longjmp sigsetjmp siglongjmp va_start va_end va_arg ' +
  'va_copy assert errno open close read write lseek dup dup2 pipe fork vfork execv execvp execve execl execlp wait waitpid ' +
  'getpid getppid getuid geteuid getgid unlink link symlink readlink access stat fstat lstat chmod chown mkdir rmdir chdir ' +
  'getcwd getwd isatty ttyname getpagesize sysconf opendir readdir closedir select poll ioctl fcntl mmap munmap sbrk ' +
  'getopt getopt_long getopt_long_only sqrt pow exp log log10 floor ceil fabs fmod sin cos tan atan atan2').split(' ');

export const DEFAULT_RULES: ResolveRules = {
  importStyle: 'path', implicitMembers: false, folderScope: false, selfNames: ['this', 'self'], superNames: ['super'],
  globals: [], builtinMembers: [], elementMembers: [], collectionMembers: [], family: 'other', bareNameHeuristic: true,
};

const js: ResolveRules = { ...DEFAULT_RULES, bareNameHeuristic: false, importStyle: 'js', selfNames: ['this'], wrapperTypes: ['Partial', 'Required', 'Readonly', 'NonNullable', 'Promise', 'PromiseLike'], moduleNames: ['exports', 'module.exports'], globals: JS_GLOBALS, builtinMembers: JS_MEMBERS, elementMembers: ['shift', 'pop', 'at', 'find', 'findLast'], collectionMembers: ['slice', 'filter', 'concat', 'reverse', 'sort', 'splice'], factoryMembers: true, constructorFunctions: true, scriptGlobals: true, family: 'js' };
const jvm: ResolveRules = { ...DEFAULT_RULES, importStyle: 'dotted', implicitMembers: true, folderScope: true, capitalizedTypes: true, selfNames: ['this'], builtinMembers: ['get', 'set', 'add', 'put', 'remove', 'size', 'equals', 'hashCode', 'toString', 'length', 'append', 'contains', 'isEmpty', 'stream', 'map', 'filter', 'forEach'], family: 'jvm' };
const cfam: ResolveRules = { ...DEFAULT_RULES, importStyle: 'include', implicitMembers: true, selfNames: ['this'], globals: [...C_LIBRARY, 'sizeof', 'std'], builtinMembers: ['push_back', 'size', 'begin', 'end', 'get', 'reset', 'c_str', 'empty', 'clear', 'insert', 'erase', 'find'], prototypes: true, openNamespaces: true, family: 'c' };

export const RULES: Record<string, ResolveRules> = {
  typescript: js, tsx: js, javascript: { ...js, literalThis: true }, vue: { ...js, literalThis: true, componentThis: true },
  python: { ...DEFAULT_RULES, bareNameHeuristic: false, importStyle: 'python', selfNames: ['self', 'cls'], superNames: ['super()'], globals: PY_GLOBALS, builtinMembers: PY_MEMBERS, family: 'python' },
  go: { ...DEFAULT_RULES, bareNameHeuristic: false, importStyle: 'go', typeConversions: true, allocators: ['new', 'make'], compositeLiterals: true, folderScope: true, detachedMethods: true, buildConstraints: true, selfNames: [], superNames: [], globals: ['len', 'cap', 'make', 'new', 'append', 'panic', 'recover', 'print', 'println', 'copy', 'delete', 'close'], builtinMembers: ['Error', 'String', 'Close', 'Lock', 'Unlock', 'Write', 'Read'], family: 'go' },
  rust: { ...DEFAULT_RULES, bareNameHeuristic: false, importStyle: 'rust', callsNameMethods: 'members', compositeLiterals: true,
    // an Option or Result holds at most one: `unwrap()` gives it, as `last()` gives a Vec's last
    wrapperTypes: ['Box', 'Rc', 'Arc', 'RefCell', 'Cell'], collectionTypes: ['Vec', 'VecDeque', 'HashSet', 'BTreeSet', 'BinaryHeap', 'Option', 'Result'],
    elementMembers: ['first', 'last', 'get', 'get_mut', 'pop', 'remove', 'swap_remove', 'front', 'back', 'pop_front', 'pop_back', 'unwrap', 'expect', 'unwrap_or', 'unwrap_or_default', 'unwrap_or_else'],
    collectionMembers: ['iter', 'iter_mut', 'into_iter', 'drain', 'rev', 'cloned', 'copied'],
    sameTypeMembers: ['clone', 'to_owned', 'borrow', 'borrow_mut', 'as_ref', 'as_mut', 'unwrap', 'expect'],
    selfNames: ['self', 'Self'], superNames: [], globals: ['println', 'format', 'vec', 'panic', 'assert', 'assert_eq', 'Some', 'None', 'Ok', 'Err', 'Box', 'Vec', 'String'],
    builtinMembers: ['unwrap', 'expect', 'clone', 'iter', 'map', 'collect', 'into', 'as_ref', 'push', 'len', 'is_empty', 'get', 'insert', 'to_string', 'ok', 'and_then',
      // Iterator's, Vec's, String's and Option's own
      'any', 'all', 'filter', 'fold', 'count', 'find', 'position', 'next', 'chain', 'zip', 'enumerate', 'skip', 'take', 'peekable', 'flat_map', 'for_each', 'sum',
      'clear', 'extend', 'truncate', 'retain', 'sort', 'dedup', 'contains', 'starts_with', 'ends_with', 'is_some', 'is_none', 'as_str', 'as_bytes', 'chars', 'push_str'], family: 'rust' },
  java: {
    ...jvm, packages: true, implicitPackages: ['java/lang'], newInterfaces: true, casts: true, callsNameMethods: true,
    literalTypes: [[/^"(?:[^"\\]|\\.)*"$/s, 'String'], [/^[\w.]+\.class$/, 'Class']],
    rootTypes: { class: 'Object', interface: 'Object', enum: 'Enum' },
    argumentTypes: JAVA_ARGUMENT_TYPES,
    // the JDK's collections, where the project does not declare them (`items.get(0).touch()`)
    collectionTypes: ['List', 'ArrayList', 'LinkedList', 'Set', 'HashSet', 'LinkedHashSet', 'TreeSet', 'SortedSet', 'Collection', 'Iterable', 'Queue',
      'Deque', 'ArrayDeque', 'PriorityQueue', 'Stack', 'Vector', 'Iterator', 'ListIterator', 'Optional', 'CopyOnWriteArrayList', 'BlockingQueue'],
    mapTypes: ['Map', 'HashMap', 'LinkedHashMap', 'TreeMap', 'SortedMap', 'NavigableMap', 'ConcurrentMap', 'ConcurrentHashMap', 'WeakHashMap', 'EnumMap', 'Hashtable'],
    elementMembers: ['get', 'getFirst', 'getLast', 'getOrDefault', 'first', 'last', 'peek', 'peekFirst', 'peekLast', 'poll', 'pollFirst', 'pollLast',
      'pop', 'element', 'removeFirst', 'removeLast', 'next', 'previous', 'orElse', 'orElseThrow', 'orElseGet', 'take', 'firstElement', 'lastElement', 'elementAt'],
    valueMembers: ['get', 'getOrDefault'],
    collectionMembers: ['subList', 'iterator', 'listIterator', 'descendingIterator'],
  },
  kotlin: {
    ...jvm, packages: true, detachedMethods: true, extensionFunctions: true, classKeys: ['CoroutineContext'], labeledThis: true,
    // the standard library's scope functions and collection extensions (`xs.first()`, `.apply {}`)
    builtinMembers: [...jvm.builtinMembers, 'let', 'also', 'apply', 'run', 'takeIf', 'takeUnless', 'first', 'last', 'firstOrNull', 'lastOrNull',
      'single', 'singleOrNull', 'getOrNull', 'getOrElse', 'getOrDefault', 'getValue', 'toList', 'toMutableList', 'toSet', 'toMutableSet', 'toMap',
      'toMutableMap', 'toTypedArray', 'joinToString', 'isNotEmpty', 'isNullOrEmpty', 'isNullOrBlank', 'orEmpty', 'any', 'all', 'none', 'count',
      'mapNotNull', 'flatMap', 'filterNotNull', 'filterIsInstance', 'associate', 'associateBy', 'groupBy', 'sortedBy', 'sorted', 'reversed',
      'distinct', 'zip', 'withIndex', 'forEachIndexed', 'mapIndexed', 'containsKey', 'use', 'lowercase', 'uppercase', 'trim', 'split', 'substring'],
    // the standard library's collections (`xs[i].go()`, `xs.first().go()`, `for (x in xs)`)
    collectionTypes: ['List', 'MutableList', 'ArrayList', 'Set', 'MutableSet', 'HashSet', 'LinkedHashSet', 'Collection', 'MutableCollection', 'Iterable',
      'MutableIterable', 'Sequence', 'ArrayDeque'],
    mapTypes: ['Map', 'MutableMap', 'HashMap', 'LinkedHashMap'],
    elementMembers: ['first', 'last', 'firstOrNull', 'lastOrNull', 'single', 'singleOrNull', 'getOrNull', 'elementAt', 'find', 'findLast', 'removeFirst',
      'removeLast', 'removeAt', 'removeFirstOrNull', 'removeLastOrNull'],
    collectionMembers: ['filter', 'filterNot', 'filterNotNull', 'sortedBy', 'sortedByDescending', 'reversed', 'toList', 'toMutableList', 'toSet', 'distinct',
      'take', 'drop', 'asSequence', 'subList'],
  },
  scala: { ...jvm, packages: true, detachedMethods: true },
  csharp: { ...jvm, casts: true, detachedMethods: true, openNamespaces: true, namespaces: true, callsNameMethods: true, newInterfaces: true, superNames: ['base'], argumentTypes: CSHARP_ARGUMENT_TYPES,
    // the framework's collections (`list[i].M()`, `foreach (var kv in dict) kv.Value.M()`)
    wrapperTypes: ['Nullable', 'Task', 'ValueTask'],
    collectionTypes: ['List', 'IList', 'IEnumerable', 'ICollection', 'IReadOnlyList', 'IReadOnlyCollection', 'HashSet', 'ISet', 'SortedSet', 'LinkedList',
      'Queue', 'Stack', 'ConcurrentQueue', 'ConcurrentStack', 'ConcurrentBag', 'BlockingCollection', 'ObservableCollection', 'Collection',
      'ReadOnlyCollection', 'IQueryable', 'IOrderedEnumerable', 'ImmutableList', 'ImmutableArray', 'Span', 'ReadOnlySpan'],
    mapTypes: ['Dictionary', 'IDictionary', 'IReadOnlyDictionary', 'SortedDictionary', 'SortedList', 'ConcurrentDictionary', 'ImmutableDictionary'],
    pairValue: 'Value', pairTypes: ['KeyValuePair'],
    elementMembers: ['First', 'FirstOrDefault', 'Last', 'LastOrDefault', 'Single', 'SingleOrDefault', 'ElementAt', 'ElementAtOrDefault', 'Peek', 'Pop', 'Dequeue', 'Find', 'FindLast'],
    collectionMembers: ['Where', 'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'Skip', 'Take', 'SkipWhile', 'TakeWhile', 'Reverse', 'ToList', 'ToArray',
      'Distinct', 'Concat', 'AsEnumerable', 'FindAll', 'GetRange', 'Except', 'Intersect', 'Union', 'AsReadOnly'], builtinMembers: CSHARP_MEMBERS, family: 'dotnet',
    // the built-in types' keywords (`int.Parse()`, `string.Join()`), and `typeof(T)`'s Type
    globals: ['typeof', 'bool', 'byte', 'sbyte', 'char', 'decimal', 'double', 'float', 'int', 'uint', 'long', 'ulong', 'short', 'ushort', 'object', 'string', 'nint', 'nuint', 'dynamic'] },
  c: cfam, objc: { ...cfam, selfNames: ['self'], capitalizedTypes: true, builtinMembers: [...cfam.builtinMembers, ...OBJC_MEMBERS] },
  cpp: {
    ...cfam,
    compositeLiterals: true,
    // the standard library's smart pointers and containers (an iterator reads as its element)
    wrapperTypes: ['shared_ptr', 'unique_ptr', 'weak_ptr', 'optional', 'reference_wrapper'],
    collectionTypes: ['vector', 'list', 'forward_list', 'deque', 'array', 'span', 'set', 'multiset', 'unordered_set', 'unordered_multiset', 'initializer_list', 'queue', 'stack', 'priority_queue'],
    mapTypes: ['map', 'multimap', 'unordered_map', 'unordered_multimap'],
    elementMembers: ['at', 'front', 'back', 'top', 'begin', 'end', 'cbegin', 'cend', 'rbegin', 'rend', 'find', 'lower_bound', 'upper_bound'],
    valueMembers: ['at', 'front', 'back', 'top'],
    castCalls: ['static_cast', 'dynamic_cast', 'reinterpret_cast', 'const_cast'],
  },
  // a generic type is a function returning a struct (`fn ArrayList(comptime T: type) type`): its
  // functions share names with other types' methods, so an unknown receiver's `append` is no
  // guess; `self` is the struct around the code, as `Self` (`const Self = @This();`) is
  zig: { ...DEFAULT_RULES, factoryMembers: true, selfNames: ['self'], superNames: [], thisType: '@This()', valueTypes: true, family: 'zig' },
  // a contract's functions and those it inherits are bare names in its body; `IERC20(token)` is a
  // conversion to the contract type, `emit Done()` / `revert Bad()` make an event or error
  solidity: {
    ...DEFAULT_RULES, implicitMembers: true, typeConversions: true, attachedLibraries: true, lastBaseFirst: true, bareNameHeuristic: false, selfNames: ['this'], superNames: ['super'],
    globals: ['abi', 'msg', 'block', 'tx', 'keccak256', 'sha256', 'ripemd160', 'ecrecover', 'addmod', 'mulmod', 'require', 'assert', 'revert',
      'selfdestruct', 'blockhash', 'blobhash', 'gasleft', 'type', 'address', 'payable', 'bytes', 'string', 'string.concat', 'bytes.concat'],
    builtinMembers: ['call', 'delegatecall', 'staticcall', 'transfer', 'send', 'push', 'pop', 'wrap', 'unwrap', 'encode', 'encodePacked', 'encodeCall', 'encodeWithSelector', 'encodeWithSignature', 'decode', 'concat'],
    family: 'solidity',
  },
  ruby: { ...DEFAULT_RULES, implicitMembers: true, selfNames: ['self'], globals: ['puts', 'require', 'require_relative', 'raise', 'attr_accessor', 'attr_reader', 'describe', 'it', 'expect', 'let', 'context'], builtinMembers: RUBY_CORE_MEMBERS, family: 'ruby' },
  lua: {
    // `self` in `function M:f()` is the table M (literalThis)
    // a table stands for its instances' type (`local p = Point.new()`: p has Point's methods)
    ...DEFAULT_RULES, importStyle: 'lua', selfNames: ['self'], superNames: [], literalThis: true, fileLocalPrivates: true, tableTypes: true, globals: LUA_GLOBALS, family: 'lua',
    builtinMembers: ['insert', 'remove', 'concat', 'sort', 'unpack', 'format', 'find', 'match', 'gmatch', 'gsub', 'sub', 'len', 'byte', 'char', 'rep', 'lower', 'upper', 'reverse', 'read', 'write', 'lines', 'close', 'open', 'flush', 'seek'],
  },
  php: {
    ...DEFAULT_RULES, folderScope: true, selfNames: ['$this', 'this', 'self', 'static'], superNames: ['parent'], family: 'php',
    // Throwable's and the DOM's (`$e->getMessage()`, `$dom->appendChild()`)
    builtinMembers: ['getMessage', 'getPrevious', 'getTrace', 'getTraceAsString', 'appendChild', 'createElement', 'createTextNode', 'importNode', 'saveXML', 'loadXML'],
  },
  swift: { ...jvm, importStyle: 'path', folderScope: true, detachedMethods: true, selfNames: ['self', 'Self'], family: 'swift' },
  dart: { ...jvm, importStyle: 'path', folderScope: false, family: 'dart' },
};

export function rulesFor(language: string): ResolveRules {
  return RULES[language] ?? { ...DEFAULT_RULES, family: language };
}
