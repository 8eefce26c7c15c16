// The length-preserving fix-ups a grammar's input gets before parsing (languages/preparse.ts).
import assert from 'node:assert/strict';
import { preparse, type PreparseRule } from '../../src/server/index/languages/preparse';

/** One rule's output, checked to keep the text's length (every offset holds). */
function fix(rule: PreparseRule, src: string): string {
  const out = preparse([rule], src);
  assert.equal(out.length, src.length);
  return out;
}
const sig = (s: string) => fix('ts-call-signatures', s);

describe('preparse', () => {
  it('blanks variance annotations and nothing else', () => {
    const src = 'interface A<in out K, out V, in W> { in: K; out: V }\nconst x = "a, in b"; for (const k in o) f(k, out)\n';
    assert.equal(fix('ts-variance', src), 'interface A<       K,     V,    W> { in: K; out: V }\nconst x = "a,    b"; for (const k in o) f(k, out)\n');
  });

  it('ends the member before a call signature on the next line, comments between them skipped', () => {
    const src = 'type F = {\n  (a: A): B\n  /** doc\n   */\n  <T>(t: T): T\n  // note\n  <\n    U\n  >(u: U): Map<\n    U\n  >\n  <V>(v: V): V\n}\n';
    const out = sig(src);
    assert.deepEqual(out.split('\n').map((l, i) => l === src.split('\n')[i] ? '' : l).filter(Boolean), ['; <T>(t: T): T', '; <', '; <V>(v: V): V']);
  });

  it('leaves lines that continue the one before', () => {
    for (const src of [
      'type F = {\n  (a: A): B\n}', // the first member follows `{`
      'const f = (a: A) =>\n  (b: B) => a', // an arrow's body
      'if (a.length >\n  (b + c)) {}', // the operator `>`
      'type X<T> = T extends\n  (...a: any[]) => infer R ? R : never', // a keyword
      'foo(a,\n  (b) => b)', // an argument list
      'const t = Foo<Bar<A>> >=\n  (x)',
      'no indentation\n(a)',
    ]) assert.equal(sig(src), src, src);
    assert.equal(sig('type G = { a: Foo<Bar<A>>\n  (x: X): Y }'), 'type G = { a: Foo<Bar<A>>\n; (x: X): Y }');
  });

  it('blanks an escaped backtick with its backslash, and keeps escaped backslashes before a closing one', () => {
    const src = 'type M = `use \\`Self\\` here`\nconst p = `dir\\\\`; const q = `a\\\\\\`b`\n';
    assert.equal(fix('ts-escaped-backticks', src), 'type M = `use   Self   here`\nconst p = `dir\\\\`; const q = `a\\\\  b`\n');
  });

  it('blanks C annotation macros, with their arguments, but not in preprocessor lines', () => {
    const src = 'static int __init setup(void __user *p) __must_hold(&a->lock)\n#define __init __section(".init")\nint __initdata x; int __initial; void notrace f(void);\n';
    assert.equal(fix('c-annotations', src),
      'static int        setup(void        *p)                      \n#define __init __section(".init")\nint            x; int __initial; void         f(void);\n');
  });

  it('drops the keyword of a tagged type passed to a macro, not of a cast or sizeof', () => {
    const src = 'p = container_of(n, struct foo, list); DEFINE_PER_CPU(struct bar, b);\nq = (struct foo)x; r = sizeof(struct foo); s = alloc(struct baz);\n';
    assert.equal(fix('c-type-arguments', src), 'p = container_of(n,        foo, list); DEFINE_PER_CPU(       bar, b);\nq = (struct foo)x; r = sizeof(struct foo); s = alloc(       baz);\n');
  });

  it('blanks a C++ export macro before a class name or opening a declaration, not a macro call, assignment or directive', () => {
    const src = 'class SPDLOG_API logger {\nclass FMT_API format_error : public std::runtime_error {};\nstruct GEO_API Point;\n' +
      'SPDLOG_INLINE void logger::flush() {}\n  FMT_CONSTEXPR auto parse(Ctx& ctx) -> int {\n' +
      'MY_MACRO(x);\nFOO_BAR = 3;\n#define SPDLOG_API __attribute__((visibility("default")))\nEXPORT_T value;\nclass Plain {};\n';
    assert.equal(fix('cpp-export-macros', src), 'class            logger {\nclass         format_error : public std::runtime_error {};\nstruct         Point;\n' +
      '              void logger::flush() {}\n                auto parse(Ctx& ctx) -> int {\n' +
      'MY_MACRO(x);\nFOO_BAR = 3;\n#define SPDLOG_API __attribute__((visibility("default")))\nEXPORT_T value;\nclass Plain {};\n');
  });

  it('blanks several export macros opening a declaration, its name on the next line, and one before `extern`', () => {
    const src = 'GTEST_NO_INLINE_ GTEST_NO_TAIL_CALL_ std::string\nCurrentTrace(int skip);\nGTEST_API_ extern ThreadLocal<Seq*> g_seq;\n';
    assert.equal(fix('cpp-export-macros', src), '                                     std::string\nCurrentTrace(int skip);\n           extern ThreadLocal<Seq*> g_seq;\n');
  });

  it('blanks a declaring macro given a type at a line\'s start, not one given values or indented in a body', () => {
    const src = "GMOCK_DEFINE_RETURN_(unsigned long long, 0);  // x\nGMOCK_DEFINE_RETURN_(void, );\nREGISTER_THING(make_thing());\n  EXPECT_EQ(int, x);\n";
    assert.equal(fix('cpp-export-macros', src), `${' '.repeat(44)}  // x\n${' '.repeat(29)}\nREGISTER_THING(make_thing());\n  EXPECT_EQ(int, x);\n`);
  });

  it('blanks annotation macros after a parameter list and its qualifiers, not after a condition, a call or a macro', () => {
    const src = '  bool done() const GTEST_EXCLUSIVE_LOCK_REQUIRED_(mu) {\n  void Init(const char* r)\n      GTEST_LOCK_EXCLUDED_(mu) ABSL_MUST_USE_RESULT;\n' +
      '  ~M() override GTEST_LOCK_EXCLUDED_(mu) {}\n} GTEST_ATTRIBUTE_UNUSED_;\n' +
      '  if (x) RETURN_IF_ERROR(y);\n  MY_MACRO(a) OTHER_MACRO(b);\n  total = f(a) + MAX_SIZE;\n};\nint FOO_COUNT;\n';
    assert.equal(fix('cpp-annotation-macros', src), `  bool done() const                                    {\n  void Init(const char* r)\n${' '.repeat(51)};\n` +
      '  ~M() override                          {}\n}                        ;\n' +
      '  if (x) RETURN_IF_ERROR(y);\n  MY_MACRO(a) OTHER_MACRO(b);\n  total = f(a) + MAX_SIZE;\n};\nint FOO_COUNT;\n');
  });

  it('blanks GoogleTest\'s attribute macros, which end in `_`', () => {
    const src = 'GTEST_ATTRIBUTE_PRINTF_(2, 3)\nstatic void ColoredPrintf(int color, const char* fmt, ...) {}\n';
    assert.equal(fix('c-attribute-macros', src), '                             \nstatic void ColoredPrintf(int color, const char* fmt, ...) {}\n');
  });

  it('turns a GNU range into a subtraction and leaves variadic parameters', () => {
    const src = "switch (c) { case 'a' ... 'z': break; }\nint t[8] = { [0 ... 7] = 1 }; void f(int a, ...);\n";
    assert.equal(fix('c-case-ranges', src), "switch (c) { case 'a'  -  'z': break; }\nint t[8] = { [0  -  7] = 1 }; void f(int a, ...);\n");
  });

  it('reads an iterator macro opening a statement as a loop', () => {
    const src = '\tlist_for_each_entry(pos, head, list)\n\t\tpos->n++;\n\tfor_each_cpu(c) {\n\t}\n\tx = list_for_each_count(h);\n\tfor_each_thing(a) /* x */;\n';
    assert.equal(fix('c-iterator-macros', src), '\twhile              (pos, head, list)\n\t\tpos->n++;\n\twhile       (c) {\n\t}\n\tx = list_for_each_count(h);\n\twhile         (a) /* x */;\n');
  });

  it('Swift: blanks compilation directives\' lines, reads `#name(...)` as a call, blanks Swift 6 modifiers', () => {
    const src = [
      'class A {',
      '  #if os(iOS) || os(tvOS)',
      '  func f() { _ = x.responds(to: #selector(B.application(_:open:))) }',
      '  #elseif os(macOS)',
      '  func g() { if #available(iOS 17, *) { h() } }',
      '  #else',
      '  #endif',
      '  nonisolated(unsafe) var v = 1',
      '  func run<each A>(_ c: sending @escaping (repeat each A) -> R) { let t = try #require(z) }',
      '}',
      'let s = "#if in a string stays"',
      '  _ = is_available(compute(x)) + check_selector(y)',
      '  _ = #selector(unclosed',
    ].join('\n');
    const out = fix('swift-newer-syntax', src).split('\n');
    assert.equal(out[1].trim(), '');
    assert.match(out[2], /^  func f\(\) \{ _ = x\.responds\(to: _selector\( +\)\) \}$/);
    assert.equal(out[3].trim(), '');
    assert.match(out[4], /^  func g\(\) \{ if _available\( +\) \{ h\(\) \} \}$/);
    assert.equal(out[5].trim() + out[6].trim(), '');
    assert.match(out[7], /^  nonisolated +var v = 1$/);
    assert.match(out[8], /^  func run< +A>\(_ c: +@escaping \( +A\) -> R\) \{ let t = try _require\(z\) \}$/);
    assert.equal(out[10], src.split('\n')[10]);
    assert.equal(out[11], src.split('\n')[11], 'a name that only ends like one');
    assert.equal(out[12], '  _ = _selector(unclosed', 'no closing parenthesis: nothing blanked');
  });

  it('Kotlin: reads `fun interface` as an interface and `0..<n` as `0.. n`', () => {
    const src = 'fun interface Cb<T> { fun call(t: T) }\nfun f() { for (i in 0..<size) g(i); val r = (a)..<b; val fn = "fun interface" }\n';
    assert.equal(fix('kotlin-newer-syntax', src), '    interface Cb<T> { fun call(t: T) }\nfun f() { for (i in 0.. size) g(i); val r = (a).. b; val fn = "    interface" }\n');
  });

  it('Kotlin: blanks a line of annotations alone at the top level, and no other', () => {
    const src = '@file:JvmName("Jobs")\npackage a\n\n@Suppress("LeakingThis", f(1))\n@InternalApi @Deprecated("x")\npublic actual open class Node {\n    @JvmField val x = 1\n    @Synchronized\n    fun f() {}\n}\n@Api fun g() {}\nval s = """\n@NotAnnotation(\n"""\n';
    const out = fix('kotlin-top-level-annotations', src);
    assert.equal(out.length, src.length);
    const lines = out.split('\n'), was = src.split('\n');
    assert.equal(lines[0], was[0], 'a file annotation is kept');
    assert.equal(lines[3].trim() + lines[4].trim(), '', 'both annotation lines blanked');
    assert.equal(lines[5], was[5]);
    assert.deepEqual([lines[6], lines[7], lines[10], lines[12]], [was[6], was[7], was[10], was[12]], 'indented, shared with code, or unclosed: kept');
  });

  it("Solidity: blanks a named mapping's key and value names, nested too, and keeps unnamed ones", () => {
    const src = 'mapping(address owner => mapping(address operator => bool)) private _ops;\nmapping(uint64 roleId => Role) r;\nmapping(bytes4 => uint256 count) c;\nmapping(address => uint) plain;\n';
    const out = fix('solidity-mapping-names', src);
    assert.equal(out, 'mapping(address       => mapping(address          => bool)) private _ops;\nmapping(uint64        => Role) r;\nmapping(bytes4 => uint256      ) c;\nmapping(address => uint) plain;\n');
    assert.equal(out.length, src.length);
  });

  it('Objective-C: a macro over several lines keeps every line break; one inside a body is left alone', () => {
    const src = 'RCT_CUSTOM_VIEW_PROPERTY(\n  overflow, T, V)\n{\nFOO(x);\n  s = @"{";\n}\nBAR(y)\n';
    const out = fix('objc-macro-methods', src);
    assert.equal(out, `-(void)${' '.repeat(18)}\n  overflow${' '.repeat(7)}\n{\nFOO(x);\n  s = @"{";\n}\n      \n`);
    assert.equal(out.length, src.length);
  });

  it('Objective-C: a macro alone at column 0 is a method where a body follows, else blank; elsewhere untouched', () => {
    const src = 'RCT_EXPORT_MODULE();\nRCT_EXPORT_METHOD(add : (NSString *)name\n  at : (double)i)\n{\n}\nRCT_CUSTOM_VIEW_PROPERTY(overflow, T, V) {}\n  FOO(x)\nx = BAR(1);\n';
    const out = fix('objc-macro-methods', src);
    assert.equal(out, '                    \n-(void)           add : (NSString *)name\n  at : (double)i \n{\n}\n-(void)                  overflow        {}\n  FOO(x)\nx = BAR(1);\n');
    assert.equal(out.length, src.length);
  });

  it('returns the very string when a language has no rules', () => {
    const s = 'x';
    assert.equal(preparse(undefined, s), s);
  });
});
