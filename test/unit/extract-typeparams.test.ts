// A type parameter is no reference to a project type inside the declaration that declares it
// (TypeScript's own cases are in extract-ecma.test.ts).
import assert from 'node:assert/strict';
import { parseText, refStrings } from './extract-helpers';

const CASES: { file: string; text: string; kept: string[]; dropped: string[] }[] = [
  { file: 'Box.java', text: 'class Box<T> { <U> U map(T t, U u) { return u; } Row row; }\nclass Other { T t; }\n', kept: ['Row', 'T'], dropped: ['U'] },
  { file: 'box.rs', text: 'struct Wrap<T> { v: T, r: Row }\nimpl<T> Wrap<T> { fn get<U>(&self, u: U) -> T { self.v } }\nstruct Other { t: T }\n', kept: ['Row', 'T'], dropped: ['U'] },
  { file: 'box.go', text: 'package p\nfunc Map[T any, U any](t T) U { var r Row; return r }\ntype Other struct { t T }\n', kept: ['Row', 'T'], dropped: ['U'] },
  { file: 'Box.cs', text: 'class Box<T> { U Map<U>(T t) { Row r = null; return default; } }\nclass Other { T t; }\n', kept: ['Row', 'T'], dropped: ['U'] },
  { file: 'box.kt', text: 'class Box<T>(val v: T) { fun <U> map(u: U): Row = r }\nclass Other(val t: T)\n', kept: ['Row', 'T'], dropped: ['U'] },
];

describe('extract: type parameters', () => {
  for (const c of CASES) {
    it(`${c.file}: drops uses of a type parameter inside its declaration, keeps the others`, async () => {
      const x = await parseText(c.file, c.text);
      const refs = refStrings(x, (r) => r.kind === 'type');
      const names = new Set(refs.map((r) => r.split(' ')[1]));
      for (const k of c.kept) assert.ok(names.has(k), `${k} kept: ${refs.join(', ')}`);
      for (const d of c.dropped) assert.ok(!names.has(d), `${d} dropped: ${refs.join(', ')}`);
      // `T` outside its declaration (in Other) is kept; inside it, none is left
      const inside = refs.filter((r) => / T <- /.test(r) && !/Other/.test(r));
      assert.deepEqual(inside, [], `uses of T inside its declaration: ${refs.join(', ')}`);
    });
  }
});
