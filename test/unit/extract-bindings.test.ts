// Typed names as the extractor records them for the resolver (receiver-type.ts reads them).
import assert from 'node:assert/strict';
import { typeName, withoutArgs } from '../../src/server/index/extract';
import { parseText } from './extract-helpers';

describe('extract: bindings (typed names)', () => {
  const bindings = async (text: string) => {
    const x = await parseText('a.ts', text);
    return (x.bindings ?? []).map((b) => `${b.scope >= 0 ? x.symbols[b.scope].qualifiedName : '(file)'} ${b.name}: ${b.type}${b.lines ? ` @${b.lines.join('-')}` : ''}`);
  };

  it('type names keep their qualifier and a generic its arguments (not a function type\'s); unions and intersections give their first member', () => {
    const cases: [string, string | undefined][] = [
      ['Map<string, Repo>', 'Map<string, Repo>'], ['Map.Entry<K,\n  V>', 'Map.Entry<K, V>'], ['*pkg.Server', 'pkg.Server'], ['a::b::C<T>', 'a.b.C<T>'], ['List[int]', 'List'],
      ['A | null', 'A'], ['Ns.A & { tag: X }', 'Ns.A'], ['\\App\\User', 'App.User'],
      ['{ a: A }', undefined], ['(a: A) => B', undefined], ['[]int', 'int[]'], ['[]*ssa.Edge', 'ssa.Edge[]'], ['[4]Block', 'Block[]'], ['[NTYPE]*Type', 'Type[]'], ['[abi.N + 1]x.T', 'x.T[]'], ['[]func() int', undefined], ['Effect<(a: A) => B>', 'Effect'],
      ['A[]', 'A[]'], ['readonly Observer<T>[] | null', 'Observer[]'], ['Array<Subject<T>>', 'Subject[]'],
      ['std::shared_ptr<geo::Shape>', 'geo.Shape'], ['unique_ptr<const Shape>', 'Shape'], ['std::shared_ptr<std::vector<int>>', 'std.shared_ptr<std::vector<int>>'], ['Array<Foo>', 'Foo[]'], ['Foo<T> | null', 'Foo'],
    ];
    for (const [t, want] of cases) assert.equal(typeName(t), want, t);
  });

  it("Swift: a function's declared return type is its own '()' (the name read by field: returns.field), none where it declares none", async () => {
    const x = await parseText('a.swift', 'class Repo {\n  func make() -> Repo? { return nil }\n  func name(of u: Int) -> String { return "" }\n  func run() { }\n}\n');
    const got = (x.bindings ?? []).map((b) => `${x.symbols[b.scope]?.qualifiedName} ${b.name}: ${b.type}`);
    assert.deepEqual(got, ['Repo.make (): Repo', 'Repo.name (): String', 'Repo.name u: Int']);
  });

  it('an initialiser is kept without its call arguments (grouping parentheses stay)', () => {
    assert.equal(withoutArgs('f(a, (b) => { g(b) }).h<T>(c)'), 'f().h<T>()');
    assert.equal(withoutArgs('(x as Foo).bar(1)'), '(x as Foo).bar()');
    assert.equal(withoutArgs('new(big.Int).Mul(x, y)'), 'new(big.Int).Mul()', "Go's new(T) keeps the type it makes");
    assert.equal(withoutArgs('renew(x).y(z)'), 'renew().y()');
    assert.equal(withoutArgs('a (x) . b\n(y)'), 'a () . b\n()', 'a call reads across spaces');
  });

  it('a minified initialiser costs linear time, and stops past the length its callers keep', () => {
    // 300,000 calls in one expression: testing the end of the text built so far at each `(`
    // had made this minutes (draco_encoder.js, 50 s for one file)
    const chain = 'a(1).'.repeat(300_000) + 'z';
    const t0 = Date.now();
    assert.equal(withoutArgs(chain), 'a().'.repeat(300_000) + 'z');
    assert.ok(Date.now() - t0 < 2000, `${Date.now() - t0} ms`);
    const cut = withoutArgs(chain, 200);
    assert.ok(cut.length > 200 && cut.length < 220, `stops just past 200 non-space characters: ${cut.length}`);
    assert.ok(chain.startsWith('a(1).') && cut.startsWith('a().a().'));
  });

  it('`this`: a `this:` parameter holds in its function; a function expression argument takes its callee\'s `(i).this`', async () => {
    assert.deepEqual(await bindings([
      'function every(work: (this: Action, n: number) => void) {}',
      'function run() {',
      '  every(function (n) {',
      '    this.schedule();',
      '  });',
      '  return function (this: Sink) {};',
      '}',
      'export { run as go };',
    ].join('\n')), [
      'every (0).this: Action',
      'every (0).0: number',
      'every work: {}',
      'run this: @0.this every @3-5',
      'run n: @0.0 every @3-5',
      'run this: Sink @6-6',
      '(file) export go: run',
    ]);
  });

  it('a callee declares its callback parameters by position (`this:` and comments not counted); a caller\'s untyped ones refer to it', async () => {
    assert.deepEqual(await bindings([
      'function operate(n: number, init: (this: Ctx, /* c */ src: Source<T>, sink: ns.Sink) => void) {}',
      'function use() {',
      '  operate(1, (a, b) => {',
      '    b.next();',
      '  });',
      '  new Stream(s => s.done());',
      '  const x = wrap(1).pipe();',
      '}',
    ].join('\n')), [
      'operate (1).this: Ctx',
      'operate (1).0: Source<T>',
      'operate (1).1: ns.Sink',
      'operate n: number',
      'operate init: {}',
      'use a: @1.0 operate @3-5',
      'use b: @1.1 operate @3-5',
      'use s: @0.0 Stream @6-6',
      'use x: =wrap().pipe()',
    ]);
  });

  it('a callback typed by the call\'s last type argument takes its parameter types from there (effect\'s `dual`)', async () => {
    assert.deepEqual(await bindings([
      'export const map = dual<(f: F) => (self: D) => D, <A>(self: Differ.D<A>, /* c */ f: F) => D>(2, (self, f) => self.combine(f))',
      'export const keep = id<Foo>((y) => y.go())',
      'export const one = dual<(a: A) => B, (self: S) => T>(1, self => self.run())',
    ].join('\n')), [
      'map map: =dual<(f: F) => () => D, <A>() => D>()',
      'map self: Differ.D<A> @1-1',
      'map f: F @1-1',
      'keep keep: =id<Foo>()',
      'keep y: @0.0 id @2-2',
      'one one: =dual<(a: A) => B, (self: S) => T>()',
      'one self: S @3-3',
    ]);
  });

  it('destructured names: `=(value).member`, `=(_ as Type).member`; a for-of element `=(xs)[]` in its loop', async () => {
    assert.deepEqual(await bindings('function f({ a, b: c }: Foo<T>) { const { d, e: g } = this.x(1);\n  for (const x of xs) {\n  }\n}'), [
      'f a: =(_ as Foo<T>).a',
      'f c: =(_ as Foo<T>).b',
      'f d: =(this.x()).d',
      'f g: =(this.x()).e',
      'f x: =(xs)[] @2-3',
    ]);
  });

  it('no binding from a function type\'s own parameters, a comment before a type, or a callback\'s callback', async () => {
    assert.deepEqual(await bindings([
      'function f(g: (h: H) => void, k: /* the k */ K, m: (next: (x: X) => void) => void) {}',
    ].join('\n')), ['f (0).0: H', 'f (2).0: {}', 'f g: {}', 'f k: K', 'f m: {}']);
  });
});
