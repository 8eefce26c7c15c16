// TypeScript, TSX and JavaScript extraction.
import assert from 'node:assert/strict';
import { hasRef, importOf, noRef, parentOf, parseFixture, parseText, refStrings, sym } from './extract-helpers';

describe('extract: typescript', () => {
  it('finds symbols with kinds, lines, signatures, docs and flags', async () => {
    const x = await parseFixture('typescript/service.ts');
    assert.equal(x.language, 'typescript');
    const c = sym(x, 'ItemService');
    assert.deepEqual([c.kind, c.startLine, c.endLine, c.isExported], ['class', 23, 45, true]);
    assert.equal(c.signature, 'class ItemService extends EventEmitter implements Store<Row>, Disposable');
    assert.equal(c.docstring, 'Serves items from a store.\nCaches what it reads.');
    const get = sym(x, 'ItemService.get');
    assert.deepEqual([get.kind, get.startLine, get.endLine, get.isAsync, get.visibility, get.isExported],
      ['method', 33, 38, true, 'public', true]);
    assert.equal(get.signature, 'async get(id: string): Promise<Row | undefined>');
    assert.equal(get.docstring, 'Reads one item.');
    assert.equal(parentOf(x, get), 'ItemService');
    const create = sym(x, 'ItemService.create');
    assert.deepEqual([create.visibility, create.isExported], ['protected', false]);
    assert.equal(sym(x, 'ItemService.#secret').visibility, 'private');
    assert.equal(sym(x, 'ItemService.cache').kind, 'property');
    assert.equal(sym(x, 'ItemService.constructor').kind, 'constructor');
    assert.equal(sym(x, 'ItemService.onChange').kind, 'method', 'an arrow-function property is callable');
    assert.deepEqual([sym(x, 'Store').kind, sym(x, 'Store.get').kind, sym(x, 'Store.size').kind], ['interface', 'method', 'property']);
    assert.equal(sym(x, 'Listener').kind, 'type');
    assert.equal(sym(x, 'Level').kind, 'enum');
    assert.equal(sym(x, 'Level.Info').kind, 'enum_member');
    const max = sym(x, 'MAX_RETRIES');
    assert.deepEqual([max.kind, max.signature, max.docstring, max.isExported], ['constant', 'const MAX_RETRIES = 3', 'Maximum number of retries.', true]);
    const norm = sym(x, 'normalize');
    assert.equal(norm.isExported, true, 'named in export { normalize as norm }');
    const helper = sym(x, 'normalize.helper');
    assert.deepEqual([helper.kind, helper.isExported, parentOf(x, helper)], ['function', false, 'normalize']);
    assert.equal(sym(x, 'main').isExported, true);
  });

  it('finds calls with receivers, instantiations, heritage and types', async () => {
    const x = await parseFixture('typescript/service.ts');
    hasRef(x, 'extends EventEmitter <- ItemService');
    hasRef(x, 'implements Store <- ItemService');
    hasRef(x, 'implements Disposable <- ItemService');
    hasRef(x, 'extends Closeable <- Store');
    hasRef(x, 'call get <- ItemService.get [this.cache]');
    hasRef(x, 'call find <- ItemService.get [this.repo]');
    hasRef(x, 'call join <- ItemService.get [path]');
    hasRef(x, 'call normalize <- ItemService.get');
    hasRef(x, 'call emit <- ItemService.onChange [this]');
    hasRef(x, 'new ItemService <- ItemService.create');
    hasRef(x, 'new Repo <- ItemService.create');
    hasRef(x, 'new Map <- ItemService.cache');
    hasRef(x, 'call load <- normalize.helper');
    hasRef(x, 'call helper <- normalize');
    hasRef(x, 'call create <- main [ItemService]');
    hasRef(x, 'value normalize <- main');
    hasRef(x, 'type Row <- normalize');
    // property reads are no calls; a definition's own name is no ref
    noRef(x, (r) => r.name === 'cache' || r.name === 'repo', 'property reads must not be refs');
    noRef(x, (r) => r.name === 'ItemService' && r.line === 23, 'the class name itself');
    const call = x.refs.find((r) => r.name === 'find')!;
    assert.deepEqual([call.line, call.col], [36, 32]);
  });

  it('finds imports, re-exports and export aliases', async () => {
    const x = await parseFixture('typescript/service.ts');
    assert.deepEqual(importOf(x, './repo').names, [
      { imported: 'default', local: 'Repo' }, { imported: 'Item', local: 'Row' }, { imported: 'load', local: 'load' }]);
    assert.deepEqual(importOf(x, 'path').names, [{ imported: '*', local: 'path' }]);
    assert.deepEqual(importOf(x, 'node:events'), { source: 'node:events', names: [{ imported: 'EventEmitter', local: 'EventEmitter' }], line: 1 });
    assert.deepEqual(importOf(x, './cache'), { source: './cache', names: [{ imported: 'Cache', local: 'LruCache' }], line: 4, reexport: true });
    assert.deepEqual(importOf(x, './types'), { source: './types', names: [{ imported: '*', local: '*' }], line: 5, reexport: true });
    assert.deepEqual(x.exportAliases, [{ local: 'main', exported: 'default' }, { local: 'normalize', exported: 'norm' }]);
  });

  it('handles `export * as ns`, `import x = require()` and type-only imports', async () => {
    const x = await parseText('a.ts', "export * as ns from './all';\nimport fs = require('fs');\nimport type { T } from './t';\n");
    assert.deepEqual(importOf(x, './all'), { source: './all', names: [{ imported: '*', local: 'ns' }], line: 1, reexport: true });
    assert.deepEqual(importOf(x, 'fs').names, [{ imported: '*', local: 'fs' }]);
    assert.deepEqual(importOf(x, './t').names, [{ imported: 'T', local: 'T' }]);
  });

  it('reads a 2,000-name import and re-export (a barrel, a bundle) in linear time', async () => {
    // one match per name that waited for the later `from '...'` had made these minutes long
    const names = Array.from({ length: 2000 }, (_, i) => `n${i}`);
    const t0 = Date.now();
    const x = await parseText('barrel.js', [
      `import { ${names.join(', ')} } from './a';`,
      `export {\n  ${names.map((n) => `${n} as x${n}`).join(',\n  ')}\n} from './b';`,
    ].join('\n'));
    assert.ok(Date.now() - t0 < 3000, `${Date.now() - t0} ms`);
    assert.deepEqual(importOf(x, './a').names, names.map((n) => ({ imported: n, local: n })));
    assert.deepEqual(importOf(x, './b').names, names.map((n) => ({ imported: n, local: `x${n}` })));
    assert.equal(importOf(x, './b').reexport, true);
  });

  it('keeps overloads and same-name symbols', async () => {
    const x = await parseText('o.ts', 'function f(a: string): void;\nfunction f(a: number): void;\nfunction f(a: any) {}\n');
    assert.deepEqual(x.symbols.map((s) => `${s.name}:${s.startLine}`), ['f:1', 'f:2', 'f:3']);
  });

  it('qualifies namespace members and keeps their export flags', async () => {
    const x = await parseText('n.ts', 'export namespace NS {\n  export function a() {}\n  function b() {}\n}\n');
    assert.equal(sym(x, 'NS').kind, 'namespace');
    assert.equal(sym(x, 'NS.a').isExported, true);
    assert.equal(sym(x, 'NS.b').isExported, false);
  });

  it('counts parse errors but still extracts', async () => {
    const x = await parseText('e.ts', 'function ok() {}\nclass {{{ broken\n');
    assert.ok(x.errorCount > 0);
    assert.equal(sym(x, 'ok').kind, 'function');
  });

  it('parses variance annotations and call signatures on their own lines (effect style) without errors', async () => {
    const src = [
      'export interface Brand<in out K extends string, out V> {',
      '  readonly k: K',
      '}',
      'export const map: {',
      '  /**',
      '   * Curried.',
      '   */',
      '  <A, B>(f: (a: A) => B): <E>(self: Brand<E, A>) => Brand<E, B>',
      '  // data-first',
      '  <E, A, B>(self: Brand<E, A>, f: (a: A) => B): Brand<E, B>',
      '  (n: number): string',
      '  <',
      '    C',
      '  >(c: C): C',
      '} = dual(2, (self, f) => apply(self, f))',
      'export const make = <A>(a: A) =>',
      '  (b: A) => combine(a, b)',
      '',
    ].join('\n');
    const x = await parseText('effect.ts', src);
    assert.equal(x.errorCount, 0);
    const brand = sym(x, 'Brand');
    assert.deepEqual([brand.kind, brand.startLine, brand.endLine], ['interface', 1, 3]);
    assert.equal(brand.signature, 'interface Brand<in out K extends string, out V>', 'signatures read the file as written');
    assert.equal(sym(x, 'Brand.k').kind, 'property');
    const map = sym(x, 'map');
    assert.deepEqual([map.kind, map.startLine, map.endLine, map.isExported], ['constant', 4, 15, true]);
    hasRef(x, 'call dual <- map');
    hasRef(x, 'call apply <- map');
    hasRef(x, 'call combine <- make');
    const apply = x.refs.find((r) => r.name === 'apply')!;
    assert.deepEqual([apply.line, apply.col], [15, 25], 'positions are those of the file as written');
  });

  it('takes no type parameter for a type reference, inside its declaration only', async () => {
    const x = await parseText('tp.ts', [
      'export function first<A, Row>(rows: Array<Row>, a: A): Row { return rows[0] }',
      'export interface Patch<in out Patch> { next: Patch; [k: string]: Row }',
      'export type Keys<T> = { [K in keyof T]: K }',
      'export const f = <B>(b: B): Row => b as Row',
      'let outside: A',
      'function outer<A>() { function inner<B>(b: B): A { return b as A } let z: [A, B] }',
      'let after: B',
    ].join('\n'));
    assert.deepEqual(refStrings(x, (r) => r.kind === 'type').sort(), [
      'type A <- outside', 'type Array <- first', 'type B <- after', 'type B <- outer', 'type Row <- Patch', 'type Row <- f', 'type Row <- f',
    ]);
  });

  it('reads UTF-16 offsets right after non-ASCII text', async () => {
    const x = await parseText('u.ts', 'const s = "héllo 😀"; foo();\n');
    const r = x.refs.find((q) => q.name === 'foo')!;
    assert.deepEqual([r.line, r.col], [1, 22]);
  });
});

describe('extract: tsx', () => {
  it('finds components, hooks and JSX uses', async () => {
    const x = await parseFixture('tsx/Button.tsx');
    assert.equal(x.language, 'tsx');
    const b = sym(x, 'Button');
    assert.deepEqual([b.kind, b.isExported, b.docstring], ['function', true, 'A button with an icon.']);
    assert.equal(sym(x, 'Button.handle').kind, 'function');
    assert.equal(sym(x, 'Label').isExported, false);
    hasRef(x, 'call useState <- Button');
    hasRef(x, 'call setCount <- Button.handle');
    hasRef(x, 'call Label <- Button');
    hasRef(x, 'call Small <- Button [Icon]');
    hasRef(x, 'value handle <- Button');
    noRef(x, (r) => r.name === 'button' || r.name === 'span', 'lower-case elements are no components');
    assert.deepEqual(importOf(x, 'react').names, [{ imported: 'default', local: 'React' }, { imported: 'useState', local: 'useState' }]);
  });
});

describe('extract: javascript', () => {
  it('finds classes, CommonJS imports and exports', async () => {
    const x = await parseFixture('javascript/server.js');
    assert.equal(x.language, 'javascript');
    const start = sym(x, 'start');
    assert.deepEqual([start.kind, start.isAsync, start.isExported, start.docstring, start.signature],
      ['function', true, true, 'Starts the server.', 'async function start(port)']);
    assert.equal(sym(x, 'Server').isExported, true);
    assert.equal(sym(x, 'Server.handler').kind, 'method');
    assert.equal(sym(x, 'Server.#clients').visibility, 'private');
    assert.equal(sym(x, 'handle').isExported, false);
    assert.equal(sym(x, 'stop').isExported, true);
    hasRef(x, 'extends Base <- Server');
    hasRef(x, 'call createServer <- start [http]');
    hasRef(x, 'value handle <- start');
    hasRef(x, 'new Server <- start');
    hasRef(x, 'call close <- Server.close [this.inner]');
    hasRef(x, 'call joinPath <- start');
    assert.deepEqual(importOf(x, 'http').names, [{ imported: '*', local: 'http' }]);
    assert.deepEqual(importOf(x, './fs-utils').names, [{ imported: 'readFile', local: 'readFile' }, { imported: 'join', local: 'joinPath' }]);
    assert.deepEqual(importOf(x, './polyfill').names, []);
    assert.deepEqual(x.exportAliases?.map((a) => a.local).sort(), ['Server', 'start', 'stop']);
    assert.ok(refStrings(x).length > 10);
  });

  it("takes an object literal's functions as its methods where it is named, assigned, exported, returned or nested; not a call's options, nor in TypeScript CommonJS's", async () => {
    const text = [
      'const api = { load: function () {}, save: () => 1 };',
      'let store; store = { get: () => 2 };',
      'export default { mounted: function () {} };',
      'function make() { return { run: () => 3 }; }',
      'const outer = { inner: { deep: () => 4 } };',
      'match(e, { onLeft: (l) => l, onRight: function (r) { return r; } });',
      'exports.helper = function () {};',
      'this.h = { g: () => 5 };',
      'module.exports = { modf: function () {} };',
      'const r = (0, obj.method)(1);',
    ].join('\n');
    for (const path of ['objects.js', 'objects.ts']) {
      const x = await parseText(path, text);
      const methods = x.symbols.filter((s) => s.kind === 'method').map((s) => s.name).sort();
      assert.deepEqual(methods, ['deep', 'g', 'get', 'load', 'modf', 'mounted', 'run', 'save'], path);
      // commonjs.scm is JavaScript's: a TypeScript source exports with `export`
      assert.equal(x.symbols.some((s) => s.name === 'helper'), path === 'objects.js', path);
      assert.ok(refStrings(x).some((r) => r.startsWith('call method ') && r.includes('[obj]')), `${path}: (0, obj.method)(1) calls method`);
    }
    // TypeScript's `export = {...}` is no `export default {...}` (its object is no `value:` field)
    const ts = await parseText('eq.ts', 'export = { f: () => 1 };');
    assert.deepEqual(ts.symbols.filter((s) => s.kind === 'method').map((s) => s.name), []);
  });

  it('parses JSX in .jsx files', async () => {
    const x = await parseText('a.jsx', 'export const App = () => <Layout><Page /></Layout>;\n');
    hasRef(x, 'call Layout <- App');
    hasRef(x, 'call Page <- App');
  });
});
