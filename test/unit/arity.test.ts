// Parameter counts read from signatures, for overloads chosen by argument count.
import assert from 'node:assert/strict';
import { fits, functionTypeName, paramRange, paramTypes, sameParameters, sameType } from '../../src/server/index/arity';
import { rulesFor } from '../../src/server/index/languages/rules';

describe('arity: parameter counts from signatures', () => {
  it('counts Java, C# and C++ parameters, generics and annotations inside them', () => {
    assert.deepEqual(paramRange('public int position()', 'position'), [0, 0]);
    assert.deepEqual(paramRange('public ByteBuffer position(int newPosition)', 'position'), [1, 1]);
    assert.deepEqual(paramRange('public <K, V> Map<K, V> copy(Map<? extends K, ? extends V> m, @Nullable BiFunction<K, V, V> f)', 'copy'), [2, 2]);
    assert.deepEqual(paramRange('public static <T> T[] copyOf(T[] original, int newLength)', 'copyOf'), [2, 2]);
    assert.deepEqual(paramRange('public T Find<T>(Func<T, bool> pred, int limit)', 'Find'), [2, 2]);
    assert.deepEqual(paramRange('void Shape::resize(std::function<void(int, int)> cb, int w) const', 'resize'), [2, 2]);
    assert.deepEqual(paramRange('int main(void)', 'main'), [0, 0]);
  });

  it('takes a parameter with a default as optional wherever it is (Kotlin), but not one whose annotation or attribute has an `=`', () => {
    assert.deepEqual(paramRange('fun show(msg: String, duration: Int = 0, onDone: () -> Unit)', 'show'), [2, 3]);
    assert.deepEqual(paramRange('fun log(vararg xs: Int)', 'log'), [0, Infinity]);
    assert.deepEqual(paramRange('void create(@Size(max = 10) String n, Integer a)', 'create'), [2, 2]);
    assert.deepEqual(paramRange('static void Copy([MarshalAs(UnmanagedType.LPArray, SizeParamIndex = 1)] byte[] b, int len)', 'Copy'), [2, 2]);
    assert.deepEqual(paramRange('void f(int a, int b = 1, bool (*cmp)(int, int) = nullptr)', 'f'), [1, 3]);
  });

  it('reads varargs as any number and defaults as optional', () => {
    assert.deepEqual(paramRange('public static String format(String format, Object... args)', 'format'), [1, Infinity]);
    assert.deepEqual(paramRange('int printf(const char *fmt, ...)', 'printf'), [1, Infinity]);
    assert.deepEqual(paramRange('public void Log(string msg, params object[] args)', 'Log'), [1, Infinity]);
    assert.deepEqual(paramRange('void flush(int level = 0, bool force = false)', 'flush'), [0, 2]);
    assert.deepEqual(paramRange('bool eq(int a, int b = a == 1)', 'eq'), [1, 2]);
  });

  it('says nothing where the parameter list is not all there', () => {
    assert.equal(paramRange('public void configure(String name, int a,', 'configure'), undefined);
    assert.equal(paramRange('class Foo', 'bar'), undefined);
    // the name as a whole word: `reposition(` is not `position(`
    assert.deepEqual(paramRange('void reposition(int a, int b) { position(); }', 'position'), [0, 0]);
  });
});

describe('arity: parameter types, and whether an argument fits one (Java)', () => {
  const t = rulesFor('java').argumentTypes!;
  it('reads each parameter\'s declared type: annotations, `final`, dimensions after the name, varargs', () => {
    assert.deepEqual(paramTypes('public void write(byte[] b, int off, int len)', 'write'), ['byte[]', 'int', 'int']);
    assert.deepEqual(paramTypes('void f(final @Ann(x = 1) Map<String, List<X>> m, byte b[], String... rest)', 'f'), ['Map<String, List<X>>', 'byte[]', '...']);
    assert.deepEqual(paramTypes('void g()', 'g'), []);
    assert.equal(paramTypes('void h(int a', 'h'), undefined);
  });
  it('widens and boxes primitives, keeps arrays apart, and rules out only what clearly cannot be passed', () => {
    const yes: [string | undefined, string][] = [['int', 'long'], ['char', 'int'], ['int', 'Integer'], ['Integer', 'long'], ['int', 'Object'], ['byte[]', 'byte[]'], ['byte[]', 'Object'],
      ['String[][]', 'Object[]'], ['null', 'String'], ['Foo', 'Bar'], ['String', 'CharSequence'], [undefined, 'int'], ['byte[]', 'T'], ['int', '...'], ['java.lang.String', 'String'], ['List<String>', 'List<T>']];
    const no: [string, string][] = [['byte[]', 'int'], ['int', 'byte'], ['int', 'Long'], ['String', 'int'], ['int', 'byte[]'], ['int[]', 'byte[]'], ['null', 'int'], ['String', 'Integer'], ['Foo', 'int']];
    for (const [a, p] of yes) assert.equal(fits(t, a, p), true, `${a} for ${p}`);
    for (const [a, p] of no) assert.equal(fits(t, a, p), false, `${a} for ${p}`);
    // without boxing (the first phase): an int is no Integer, an Integer no int
    assert.equal(fits(t, 'int', 'Integer', false), false);
    assert.equal(fits(t, 'Integer', 'int', false), false);
    assert.equal(fits(t, 'int', 'long', false), true);
  });
});

describe('arity: parameter types and arguments (C#)', () => {
  const t = rulesFor('csharp').argumentTypes!;
  it('reads a parameter\'s type past attributes, `ref`/`out`/`this`, and a default value; `params` takes the rest', () => {
    assert.deepEqual(paramTypes('public static void WriteValue(this IJSValueWriter writer, [In] ref byte[] b, out int n, string s = null, params object[] args)', 'WriteValue'), ['IJSValueWriter', 'byte[]', 'int', 'string', '...']);
  });
  it('reads literals, names types by their aliases, takes null for a nullable, an integer literal for any number, and a sealed type only for itself', () => {
    const lit = (x: string) => t.literals.find(([re]) => re.test(x))?.[1];
    assert.deepEqual(['"a"', '@"a\\b"', '$"{x}"', "'c'", 'true', 'null', '0', '-1', '7u', '7L', '7UL', '1.5', '1.5f', '1.5m', '1e3'].map(lit),
      ['string', 'string', 'string', 'char', 'bool', 'null', 'int#', 'int', 'uint', 'long', 'ulong', 'double', 'float', 'decimal', 'double']);
    const yes: [string, string][] = [['Int32', 'int'], ['string', 'System.String'], ['null', 'int?'], ['int', 'long?'], ['int#', 'uint'], ['int#', 'byte'], ['int', 'object'], ['byte[]', 'IEnumerable<byte>'], ['Foo', 'TKey'], ['Stream', 'IDisposable']];
    const no: [string, string][] = [['null', 'int'], ['int', 'uint'], ['long', 'int'], ['Stream', 'string'], ['double', 'decimal'], ['PwIcon', 'int']];
    for (const [a, p] of yes) assert.equal(fits(t, a, p), true, `${a} for ${p}`);
    for (const [a, p] of no) assert.equal(fits(t, a, p), false, `${a} for ${p}`);
  });
  it('tells the very type from one it converts to', () => {
    assert.equal(sameType(t, 'int#', 'int'), true);
    assert.equal(sameType(t, 'Int32', 'int'), true);
    assert.equal(sameType(t, 'PwUuid', 'object'), false);
    assert.equal(sameType(t, 'int', 'long'), false);
    assert.equal(sameType(t, 'string[]', 'string'), false);
  });
});

describe('arity: a prototype and a definition of the same parameters (C++)', () => {
  it('compares the types, whatever the names, defaults, spacing and leading `::`', () => {
    assert.equal(sameParameters('GTEST_API_ void PrintTo(unsigned char c, ::std::ostream* os);', 'void PrintTo(unsigned char c, ::std::ostream* os) {', 'PrintTo'), true);
    assert.equal(sameParameters('void PrintTo(unsigned char, std::ostream *);', 'void PrintTo(unsigned char c, ::std::ostream* os)', 'PrintTo'), true);
    assert.equal(sameParameters('void f(int n = 3, const char *s = "x")', 'void f(int count, const char* text)', 'f'), true);
    assert.equal(sameParameters('void f(unsigned)', 'void f(unsigned n)', 'f'), true);
    assert.equal(sameParameters('void PrintTo(unsigned char c, ::std::ostream* os);', 'template <typename T> void PrintTo(const T& value, ::std::ostream* os)', 'PrintTo'), false);
    assert.equal(sameParameters('void PrintTo(char32_t c, std::ostream* os)', 'void PrintTo(wchar_t c, std::ostream* os)', 'PrintTo'), false);
    assert.equal(sameParameters('void f(int a)', 'void f(int a, int b)', 'f'), false);
    assert.equal(sameParameters('void f(int a', 'void f(int a)', 'f'), undefined);
  });
});

describe('arity: a Kotlin function type\'s class', () => {
  it('counts the parameters, a receiver among them, whatever `suspend`, `?` and parentheses', () => {
    assert.equal(functionTypeName('() -> Unit'), 'Function0');
    assert.equal(functionTypeName('suspend () -> T'), 'Function0');
    assert.equal(functionTypeName('(suspend R.() -> T)'), 'Function1');
    assert.equal(functionTypeName('((Throwable?) -> Unit)?'), 'Function1');
    assert.equal(functionTypeName('suspend Producer<Map<K, V>>.(a: Int, b: (X) -> Y) -> Unit'), 'Function3');
  });
  it('is no name for any other type', () => {
    assert.equal(functionTypeName('List<(X) -> Y>'), undefined);
    assert.equal(functionTypeName('Job'), undefined);
    assert.equal(functionTypeName('(Int, Int)'), undefined);
  });
});
