// Java, C#, C and C++ extraction.
import assert from 'node:assert/strict';
import { hasRef, importOf, noRef, parentOf, parseFixture, parseText, sym } from './extract-helpers';

describe('extract: java', () => {
  it('finds classes, members, javadoc and modifiers', async () => {
    const x = await parseFixture('java/UserService.java');
    assert.equal(x.package, 'com.example.users');
    const c = sym(x, 'UserService');
    assert.deepEqual([c.kind, c.startLine, c.endLine, c.docstring, c.isExported, c.visibility],
      ['class', 10, 34, 'Looks users up.', true, 'public']);
    assert.equal(c.signature, 'public class UserService extends BaseService<User> implements Runnable, com.example.Closeable');
    const find = sym(x, 'UserService.find');
    assert.deepEqual([find.kind, find.docstring, find.signature, find.isExported], ['method', 'Finds users by name.', 'public List<User> find(String name)', true]);
    assert.equal(sym(x, 'UserService.UserService').kind, 'constructor');
    assert.deepEqual([sym(x, 'UserService.refresh').visibility, sym(x, 'UserService.refresh').isExported], ['', false]);
    assert.deepEqual([sym(x, 'UserService.MAX').kind, sym(x, 'UserService.MAX').visibility], ['field', 'private']);
    assert.equal(sym(x, 'UserService.Listener').kind, 'interface');
    assert.deepEqual([sym(x, 'UserService.Listener.changed').visibility, sym(x, 'UserService.Listener.changed').isExported], ['public', true]);
    assert.equal(sym(x, 'UserService.State.ACTIVE').kind, 'enum_member');
  });

  it("types a name declared C's way (`byte digest[]`, `byte b[]`) as an array of its type", async () => {
    const x = await parseText('A.java', 'class A { byte buf[]; void f(byte b[], int n) { byte digest[] = md(); } }\n');
    const types = Object.fromEntries((x.bindings ?? []).map((b) => [b.name, b.type]));
    assert.deepEqual([types.buf, types.b, types.n, types.digest], ['byte[]', 'byte[]', 'int', 'byte[]']);
  });

  it('takes a /** */ comment parted from its declaration by blank lines as its doc, a // comment not', async () => {
    const x = await parseText('A.java', '/**\n * Thrown when it fails. More text.\n */\n\npublic class A {\n  // a remark\n\n  void f() {}\n  /** Runs. */\n\n\n  void g() {}\n}\n');
    assert.equal(sym(x, 'A').docstring, 'Thrown when it fails. More text.');
    assert.equal(sym(x, 'A.f').docstring, '');
    assert.equal(sym(x, 'A.g').docstring, 'Runs.');
  });

  it('takes the last /** */ comment before a declaration past // comments, as javadoc does; a // comment where there is none', async () => {
    const x = await parseText('A.java', [
      '/**', ' * Asks for passwords.', ' */', '', '// no abstract methods', 'public abstract', 'class A {',
      '  /** Runs. */', '  // see B', '  void run() {}', '  int n; /** the n */', '  // Stops.', '  void stop() {}', '}', ''].join('\n'));
    assert.deepEqual(x.symbols.map((s) => `${s.name}: ${s.docstring}`), ['A: Asks for passwords.', 'run: Runs.', 'n: ', 'stop: Stops.']);
  });

  it('finds invocations with receivers, instantiations and heritage', async () => {
    const x = await parseFixture('java/UserService.java');
    hasRef(x, 'extends BaseService <- UserService');
    hasRef(x, 'implements Runnable <- UserService');
    hasRef(x, 'implements Closeable <- UserService [com.example]'); // its package, to resolve it by
    hasRef(x, 'call search <- UserService.find [repo]');
    hasRef(x, 'call limit <- UserService.find [repo.search(probe)]');
    hasRef(x, 'call refresh <- UserService.run [this]');
    hasRef(x, 'call requireNonNull <- UserService.UserService');
    hasRef(x, 'new User <- UserService.find');
    noRef(x, (r) => r.name === 'com' || r.name === 'example', 'package qualifiers are no refs');
    assert.deepEqual(importOf(x, 'java.util.List').names, [{ imported: 'List', local: 'List' }]);
    assert.deepEqual(importOf(x, 'java.util.concurrent').names, [{ imported: '*', local: '*' }]);
    assert.deepEqual(importOf(x, 'java.util.Objects.requireNonNull').names, [{ imported: 'requireNonNull', local: 'requireNonNull' }]);
  });
});

describe('extract: csharp', () => {
  it('finds namespaces, members, xml docs and modifiers', async () => {
    const x = await parseFixture('csharp/Greeter.cs');
    const g = sym(x, 'Acme.Greeting.Greeter');
    assert.deepEqual([g.kind, g.docstring, g.isExported, g.signature],
      ['class', 'Greets people.', true, 'public class Greeter : GreeterBase, IGreeter, IDisposable']);
    const ga = sym(x, 'Acme.Greeting.Greeter.GreetAsync');
    assert.deepEqual([ga.kind, ga.isAsync, ga.docstring, ga.visibility], ['method', true, 'Says hello.', 'public']);
    assert.equal(sym(x, 'Acme.Greeting.Greeter.Greeter').kind, 'constructor');
    assert.equal(sym(x, 'Acme.Greeting.Greeter.Name').kind, 'property');
    assert.deepEqual([sym(x, 'Acme.Greeting.Greeter._log').visibility, sym(x, 'Acme.Greeting.Greeter.Format').visibility], ['private', 'internal']);
    assert.deepEqual([sym(x, 'Acme.Greeting.Point').kind, sym(x, 'Acme.Greeting.Point').isExported], ['struct', false]);
    assert.equal(sym(x, 'Acme.Greeting.Mode.Loud').kind, 'enum_member');
    assert.equal(parentOf(x, g), 'Acme.Greeting');
  });

  it('finds calls, new, heritage and usings', async () => {
    const x = await parseFixture('csharp/Greeter.cs');
    hasRef(x, 'extends GreeterBase <- Acme.Greeting.Greeter');
    hasRef(x, 'implements IGreeter <- Acme.Greeting.Greeter');
    hasRef(x, 'implements IDisposable <- Acme.Greeting.Greeter');
    hasRef(x, 'call Delay <- Acme.Greeting.Greeter.GreetAsync [Task]');
    hasRef(x, 'call Info <- Acme.Greeting.Greeter.GreetAsync [_log]');
    hasRef(x, 'call Format <- Acme.Greeting.Greeter.GreetAsync');
    hasRef(x, 'new Message <- Acme.Greeting.Greeter.GreetAsync');
    assert.deepEqual(importOf(x, 'System').names, [{ imported: '*', local: '*' }]);
    assert.deepEqual(importOf(x, 'Acme.Logging.Logger').names, [{ imported: '*', local: 'Log' }]);
  });
});

describe('extract: c', () => {
  it('finds functions, structs, typedefs, macros, static linkage and includes', async () => {
    const x = await parseFixture('c/list.c');
    const push = sym(x, 'list_push');
    assert.deepEqual([push.kind, push.startLine, push.endLine, push.docstring, push.isExported],
      ['function', 17, 24, 'Appends a value; returns the new head.', true]);
    assert.equal(push.signature, 'node_t *list_push(node_t *head, int value)');
    const free = sym(x, 'free_node');
    assert.deepEqual([free.visibility, free.isExported], ['private', false]);
    assert.deepEqual([sym(x, 'node').kind, sym(x, 'node.next').kind, sym(x, 'node_t').kind], ['struct', 'field', 'type']);
    assert.deepEqual([sym(x, 'LIST_MAX').kind, sym(x, 'LIST_MAX').startLine, sym(x, 'LIST_MAX').endLine], ['macro', 4, 4]);
    assert.equal(sym(x, 'count').isExported, false);
    hasRef(x, 'call malloc <- list_push');
    hasRef(x, 'call free_node <- list_free');
    assert.deepEqual(x.imports.map((i) => i.source), ['list.h', 'stdlib.h']);
  });

  it('finds globals under #ifdef / #if / #else, and none of a function\'s locals under them', async () => {
    const x = await parseText('g.c', [
      '#ifdef CONFIG_DEBUG',
      'int debug_level = 1;',
      '#if defined(CONFIG_TRACE)',
      'static char *trace_names[4];',
      '#else',
      'extern int trace_off;',
      '#endif',
      '#endif',
      'void f(void)',
      '{',
      '#ifdef CONFIG_DEBUG',
      '\tint local = debug_level;',
      '#endif',
      '}',
    ].join('\n'));
    assert.deepEqual(x.symbols.map((s) => `${s.kind} ${s.name}`), ['variable debug_level', 'variable trace_names', 'variable trace_off', 'function f']);
  });

  it('takes no names that error recovery glued onto a declaration after an ERROR', async () => {
    // binutils' h8300.h: a table under #ifdef read as one declaration of 1,060 "declarators"
    const x = await parseText('t.c', [
      '#ifdef T',
      'int good = 1;',
      'struct s t[] = { {a}, }} ] P, Q(1), R;',
      'int table[] = { 1, 2 } } AV, BX, CY;',
      '#endif',
      'struct op ops[] = { {1, 2} } ) x, y;',
      'int a, b;',
    ].join('\n'));
    assert.deepEqual(x.symbols.map((s) => `${s.kind} ${s.name}`), ['variable good', 'variable t', 'variable table', 'variable ops', 'variable a', 'variable b']);
  });

  it('reads one declaration of 4,000 names in linear time, each with its own symbol', async () => {
    // each name scanning the declaration's 8,000 children for its keywords had made this ~15 s
    const names = Array.from({ length: 4000 }, (_, i) => `v${i}`);
    const t0 = Date.now();
    const x = await parseText('t.c', `static int ${names.join(', ')};\n`);
    assert.ok(Date.now() - t0 < 3000, `${Date.now() - t0} ms`);
    assert.deepEqual(x.symbols.map((s) => s.name), names);
    assert.ok(x.symbols.every((s) => s.kind === 'variable' && s.visibility === 'private'), 'static: file-local, each');
  });

  it('reads kernel-style C (annotations, iterator macros, types as macro arguments) without errors', async () => {
    const x = await parseText('k.c', [
      'static int __init probe(struct device __iomem *dev)',
      '{',
      '\tstruct item *pos = container_of(dev, struct item, dev);',
      '\tlist_for_each_entry(pos, &items, list)',
      '\t\tpos->count++;',
      '\treturn helper(pos);',
      '}',
      'static void __exit __maybe_unused teardown(void) { helper(0); }',
    ].join('\n'));
    assert.equal(x.errorCount, 0);
    assert.deepEqual(x.symbols.map((s) => `${s.kind} ${s.name} ${s.startLine}-${s.endLine}`), ['function probe 1-7', 'function teardown 8-8']);
    assert.equal(sym(x, 'probe').signature, 'static int __init probe(struct device __iomem *dev)');
    hasRef(x, 'call helper <- probe');
    hasRef(x, 'call helper <- teardown');
  });

  it('reads GNU-style C (attribute macros, `char **` returns, a name in parentheses) without errors', async () => {
    const x = await parseText('gnu.c', [
      '#define htab_elements(h) ((h)->n)',
      '#define ATTRIBUTE_UNUSED __attribute__ ((__unused__))',
      'char **',
      'buildargv (const char *input ATTRIBUTE_UNUSED, int flags)',
      '{',
      '  return split (input);',
      '}',
      '/* Returns the number of elements',
      '   in the table.  */',
      '',
      'size_t',
      '(htab_elements) (htab_t htab)',
      '{',
      '  return htab_elements (htab);',
      '}',
      'static void usage (FILE *, int) ATTRIBUTE_NORETURN;',
      'extern void fatal (const char *, ...) ATTRIBUTE_PRINTF_1 ATTRIBUTE_NORETURN;',
      'extern int pex_one (int flags, const char *executable) ATTRIBUTE_NONNULL (2);',
      'static int ATTRIBUTE_PRINTF_3',
      'styled (void *f, int style ATTRIBUTE_UNUSED, const char *fmt, ...)',
      '{',
      '  return usage (0, XML_ATTRIBUTE_DECL);',
      '}',
      'ATTRIBUTE_NORETURN static void',
      'die (void)',
      '{',
      '  switch (k) { case XML_ATTRIBUTE_DECL: fatal ("x"); }',
      '}',
      'struct s { char **argv; int x ATTRIBUTE_PACKED; };',
      'enum e { XML_ATTRIBUTE_DECL, XML_ATTRIBUTE_NODE = 2 };',
      'enum f {',
      '  XML_ATTRIBUTE_CDATA,',
      '  XML_ATTRIBUTE_ID = 2',
      '};',
    ].join('\n'));
    assert.equal(x.errorCount, 0);
    const fns = x.symbols.filter((s) => s.kind === 'function').map((s) => `${s.name} ${s.startLine}-${s.endLine}`);
    assert.deepEqual(fns, ['buildargv 3-7', 'htab_elements 11-15', 'usage 16-16', 'fatal 17-17', 'pex_one 18-18', 'styled 19-23', 'die 24-28']);
    // GNU style: the comment, a blank line, then the definition
    assert.equal(x.symbols.find((s) => s.kind === 'function' && s.name === 'htab_elements')?.docstring, 'Returns the number of elements\nin the table.');
    assert.equal(sym(x, 'buildargv').docstring, '');
    assert.equal(sym(x, 'buildargv').signature, 'char ** buildargv (const char *input ATTRIBUTE_UNUSED, int flags)');
    assert.deepEqual([sym(x, 's.argv').kind, sym(x, 's.x').kind], ['field', 'field']);
    assert.deepEqual([sym(x, 'e.XML_ATTRIBUTE_DECL').kind, sym(x, 'e.XML_ATTRIBUTE_NODE').kind, sym(x, 'ATTRIBUTE_UNUSED').kind], ['enum_member', 'enum_member', 'macro']);
    assert.deepEqual([sym(x, 'f.XML_ATTRIBUTE_CDATA').kind, sym(x, 'f.XML_ATTRIBUTE_ID').kind], ['enum_member', 'enum_member']);
    hasRef(x, 'call split <- buildargv');
    hasRef(x, 'call htab_elements <- htab_elements');
    hasRef(x, 'call usage <- styled');
    hasRef(x, 'call fatal <- die');
  });

  it('makes no reference of a name the parser made up to recover (an empty macro argument)', async () => {
    // arch/mips/math-emu/cp1emu.c: the parser recovers with a zero-width identifier
    const x = await parseText('ops.c', '#include "ops.h"\nDEF3OP(madd, sp, ieee754sp_mul, ieee754sp_add, );\nint f(void) { return g(1); }\n');
    assert.deepEqual(x.refs.filter((r) => !r.name), []);
    hasRef(x, 'call g <- f');
  });
});

describe('extract: objc', () => {
  it("names a method by its selector's first part, and a message by its first part only", async () => {
    const x = await parseText('m.m', [
      '@implementation Conn',
      '- (void)sendEvent:(NSString *)name payload:(id)payload { [self sendEvent:@"x" payload:nil]; }',
      '- (void)connect {}',
      '@end',
      ''].join('\n'));
    assert.deepEqual(x.symbols.filter((s) => s.kind === 'method').map((s) => s.qualifiedName), ['Conn.sendEvent', 'Conn.connect']);
    assert.equal(sym(x, 'Conn.sendEvent').signature, '- (void)sendEvent:(NSString *)name payload:(id)payload');
    hasRef(x, 'call sendEvent <- Conn.sendEvent [self]');
    noRef(x, (r) => r.name === 'payload', 'a later part of the message is no call');
  });

  it("reads React Native's method and property macros as methods, and leaves no parse error", async () => {
    const x = await parseText('v.m', [
      '@implementation RCTViewManager',
      'RCT_EXPORT_MODULE()',
      'RCT_EXPORT_VIEW_PROPERTY(hidden, BOOL)',
      'RCT_NOT_IMPLEMENTED(-(instancetype)init)',
      'RCT_EXPORT_METHOD(removeListeners : (double)count)',
      '{',
      '  [self stop];',
      '}',
      'RCT_CUSTOM_VIEW_PROPERTY(overflow, YGOverflow, RCTView)',
      '{',
      '  [self layout];',
      '}',
      '- (void)stop {}',
      '@end',
      ''].join('\n'));
    assert.equal(x.errorCount, 0);
    assert.deepEqual(x.symbols.filter((s) => s.kind === 'method').map((s) => s.name), ['removeListeners', 'overflow', 'stop']);
    hasRef(x, 'call stop <- RCTViewManager.removeListeners [self]');
    hasRef(x, 'call layout <- RCTViewManager.overflow [self]');
  });
});

describe('extract: cpp', () => {
  it('a comment right after an `#if` line, or before `extern "C"`, is the definition\'s doc', async () => {
    const x = await parseText('a.cc', [
      '#if !defined(_MSC_VER) || defined(X)', '// Prints the string.', 'void PrintTo(const wchar_t* s) { Put(s); }', '#endif',
      '#if !A', '// Kills by signal.', 'Killed::Killed(int signum) : signum_(signum) {}', '#endif',
      '// Runs with C linkage.', 'extern "C" inline void* Run(void* thread) {', '  return nullptr;', '}',
      'extern "C" {', '// Gets.', 'void Get();', '}', 'enum E { A, // the a', '  B };', ''].join('\n'));
    assert.deepEqual(x.symbols.filter((s) => s.kind !== 'enum_member' && s.kind !== 'enum').map((s) => `${s.name}: ${s.docstring}`),
      ['PrintTo: Prints the string.', 'Killed: Kills by signal.', 'Run: Runs with C linkage.', 'Get: Gets.']);
    // a comment after code on its line is that code's
    assert.equal(sym(x, 'E.B').docstring, '');
  });

  it('finds a namespace\'s variables (and extern "C" ones), not a function\'s locals', async () => {
    const x = await parseText('g.cpp', [
      'namespace app {',
      'int counter = 0;',
      'static const char *names[] = {"a"};',
      'std::string title;',
      'extern "C" {',
      'int c_api_level;',
      '}',
      'void f() { int local = counter; }',
      '}',
    ].join('\n'));
    assert.deepEqual(x.symbols.map((s) => `${s.kind} ${s.qualifiedName}`), ['namespace app', 'variable app.counter', 'variable app.names', 'variable app.title', 'variable app.c_api_level', 'function app.f']);
  });

  it('finds classes, access sections, out-of-line methods and namespaces', async () => {
    const x = await parseFixture('cpp/shape.cpp');
    const s = sym(x, 'geo.Shape');
    assert.deepEqual([s.kind, s.docstring, s.signature], ['class', 'A shape with an area.', 'class Shape : public Base, protected Named']);
    assert.equal(sym(x, 'geo.Shape.sides_').visibility, 'private');
    assert.equal(sym(x, 'geo.Shape.check').visibility, 'private');
    assert.deepEqual([sym(x, 'geo.Shape.~Shape').kind, sym(x, 'geo.Shape.make').visibility], ['method', 'public']);
    const ctors = x.symbols.filter((q) => q.qualifiedName === 'geo.Shape.Shape');
    assert.deepEqual(ctors.map((c) => [c.kind, c.startLine]), [['constructor', 9], ['constructor', 24]]);
    const area = x.symbols.filter((q) => q.qualifiedName === 'geo.Shape.area');
    assert.equal(area.length, 2, 'declaration and out-of-line definition');
    assert.equal(parentOf(x, area[1]), 'geo.Shape');
    assert.equal(area[1].signature, 'double Shape::area() const');
    assert.equal(sym(x, 'geo.Point.x').visibility, 'public');
    assert.equal(sym(x, 'geo.largest').kind, 'function');
    assert.equal(sym(x, 'geo.Color').kind, 'enum');
    hasRef(x, 'extends Base <- geo.Shape');
    hasRef(x, 'extends Named <- geo.Shape');
    hasRef(x, 'call check <- geo.Shape.Shape');
    hasRef(x, 'call scale <- geo.Shape.area [util]');
    hasRef(x, 'call sort <- geo.largest [std]');
    hasRef(x, 'call begin <- geo.largest [items]');
    hasRef(x, 'new Point <- geo.largest');
    assert.deepEqual(x.imports.map((i) => i.source), ['shape.h', 'vector']);
  });

  it('reads spdlog-style headers (library macros, nested qualified names, `= {}` defaults) without errors', async () => {
    const x = await parseText('logger-inl.h', [
      'namespace spdlog {',
      'namespace level {',
      'static const char *short_names[] SPDLOG_SHORT_LEVEL_NAMES;',
      '}',
      'SPDLOG_INLINE logger::logger(const logger &other) SPDLOG_NOEXCEPT',
      '    : name_(other.name_)',
      '{}',
      'void SPDLOG_INLINE logger::post(int n, const handlers &h = {})',
      '{',
      '    SPDLOG_TRY',
      '    {',
      '        sink_it_(n);',
      '    }',
      '    SPDLOG_LOGGER_CATCH(source_loc())',
      '}',
      'template<typename Mutex>',
      'SPDLOG_INLINE void base_sink<Mutex>::flush()',
      '{',
      '    flush_();',
      '}',
      '}',
      'SPDLOG_INLINE bool spdlog::sinks::sink::should_log(int level) const',
      '{',
      '    return level >= level_;',
      '}',
    ].join('\n'));
    assert.equal(x.errorCount, 0);
    assert.deepEqual(x.symbols.filter((q) => q.kind !== 'namespace' && q.kind !== 'variable').map((q) => `${q.kind} ${q.qualifiedName} ${q.startLine}`),
      ['constructor spdlog.logger.logger 5', 'method spdlog.logger.post 8', 'method spdlog.base_sink.flush 17', 'method spdlog.sinks.sink.should_log 22']);
    hasRef(x, 'call sink_it_ <- spdlog.logger.post');
    hasRef(x, 'call flush_ <- spdlog.base_sink.flush');
  });
});

describe('extract: kotlin', () => {
  it('a top-level val (and const val) is a constant, a var a variable', async () => {
    const x = await parseText('k.kt', 'const val MAX = 1\nval origin = 2\nvar count = 0\nclass A { val size = 3 }\n');
    assert.deepEqual(x.symbols.map((s) => `${s.kind} ${s.qualifiedName}`), ['constant MAX', 'constant origin', 'variable count', 'class A', 'property A.size']);
  });

  it('a doc comment right after the imports or the package header is the next definition\'s (the grammar keeps it inside them)', async () => {
    const x = await parseText('k.kt', 'package a\n\nimport b.c // why c\n\n/** Yields a thread. */\nfun yield() {}\n');
    assert.deepEqual(x.symbols.map((s) => `${s.name}: ${s.docstring}`), ['yield: Yields a thread.']);
    const y = await parseText('k.kt', 'package a\n\n/**\n * Thrown when a handler fails.\n */\n@Ann\nclass E\n');
    assert.deepEqual(y.symbols.map((s) => `${s.name}: ${s.docstring}`), ['E: Thrown when a handler fails.']);
    // a comment on the import's own line stays the import's
    const z = await parseText('k.kt', 'import b.c // why c\nfun f() {}\n');
    assert.deepEqual(z.symbols.map((s) => `${s.name}: ${s.docstring}`), ['f: ']);
  });

  it('a doc comment reaches past `@Suppress("x")` on its own line (which the grammar reads as an expression after a declaration)', async () => {
    const x = await parseText('k.kt', 'fun g() {}\n\n/** Makes an f. */\n@Suppress("FunctionName")\nfun f() {}\n\n/** Is it active. */\n@Suppress("X")\npublic val C.isActive: Boolean\n    get() = true\n');
    assert.deepEqual(x.symbols.map((s) => `${s.name}: ${s.docstring}`), ['g: ', 'f: Makes an f.', 'isActive: Is it active.']);
    // and past a comment on that annotation's line
    const y = await parseText('k.kt', 'fun g() {}\n/** From an executor. */\n@JvmName("from") // for Java\nfun Executor.f() {}\n');
    assert.deepEqual(y.symbols.map((s) => `${s.name}: ${s.docstring}`), ['g: ', 'f: From an executor.']);
  });

  it('an enum class\'s properties after its entries are properties', async () => {
    const x = await parseText('k.kt', 'enum class S {\n  A, B;\n  /** Is it lazy. */\n  val isLazy: Boolean get() = this === A\n  fun f() {}\n}\n');
    assert.deepEqual(x.symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.docstring}`), ['enum S ', 'enum_member S.A ', 'enum_member S.B ', 'property S.isLazy Is it lazy.', 'method S.f ']);
  });
});
