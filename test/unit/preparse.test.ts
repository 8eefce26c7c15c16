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

  it('returns the very string when a language has no rules', () => {
    const s = 'x';
    assert.equal(preparse(undefined, s), s);
  });
});
