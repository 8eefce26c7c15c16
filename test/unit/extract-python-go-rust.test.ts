// Python, Go and Rust extraction.
import assert from 'node:assert/strict';
import { hasRef, importOf, noRef, parentOf, parseFixture, parseText, sym } from './extract-helpers';

describe('extract: python', () => {
  it('finds module-level names a tuple assignment binds', async () => {
    const x = await parseText('m.py', 'MAX = 3\nlo, hi = 1, 2\n(c, d) = f()\ndef g():\n    e, h = 1, 2\n');
    assert.deepEqual(x.symbols.map((s) => `${s.kind} ${s.name}`), ['constant MAX', 'variable lo', 'variable hi', 'variable c', 'variable d', 'function g']);
  });

  it('a comment indented inside the block before a definition is not its doc; one at its own indent is', async () => {
    const x = await parseText('m.py', 'class A:\n    def f(self): pass\n    # f is a stub\ndef g(): pass\n');
    assert.equal(sym(x, 'g').docstring, '');
    const y = await parseText('m.py', 'class A:\n    def f(self): pass\n# Make a g.\ndef g(): pass\n');
    assert.equal(sym(y, 'g').docstring, 'Make a g.');
  });

  it('finds classes, methods, docstrings, decorators and flags', async () => {
    const x = await parseFixture('python/models.py');
    const f = sym(x, 'make_key');
    assert.deepEqual([f.kind, f.startLine, f.endLine, f.isExported], ['function', 13, 20, true]);
    assert.equal(f.signature, 'def make_key(prefix: str, name: str = DEFAULT_NAME) -> str');
    assert.equal(f.docstring, 'Return the registry key for a name.\n\nThe prefix is lower-cased.');
    assert.equal(parentOf(x, sym(x, 'make_key.clean')), 'make_key');
    const c = sym(x, 'Item');
    assert.deepEqual([c.kind, c.docstring, c.signature], ['class', 'An item in the store.', 'class Item(BaseModel, utils.Mixin)']);
    assert.equal(sym(x, 'Item.__init__').kind, 'constructor');
    assert.equal(sym(x, 'Item.key').kind, 'method');
    const r = sym(x, 'Item._refresh');
    assert.deepEqual([r.kind, r.isAsync, r.visibility, r.isExported], ['method', true, 'private', false]);
    assert.equal(sym(x, 'Item.name').kind, 'field');
    assert.equal(sym(x, 'DEFAULT_NAME').kind, 'constant');
    assert.deepEqual([sym(x, '_registry').kind, sym(x, '_registry').isExported], ['variable', false]);
  });

  it('finds calls with self/super receivers, heritage and decorators', async () => {
    const x = await parseFixture('python/models.py');
    hasRef(x, 'extends BaseModel <- Item');
    hasRef(x, 'extends Mixin <- Item [utils]');
    hasRef(x, 'call save <- Item._refresh [self]');
    hasRef(x, 'call __init__ <- Item.__init__ [super()]');
    hasRef(x, 'call Cache <- Item.__init__');
    hasRef(x, 'call make_key <- Item.key');
    hasRef(x, 'call join <- make_key [os.path]');
    hasRef(x, 'call clean <- make_key');
    hasRef(x, 'call strip <- make_key.clean [s]');
    hasRef(x, 'call register <- (file)');
    hasRef(x, 'call zeros <- Item._refresh [np]');
    noRef(x, (r) => r.name === 'name' && r.kind === 'call', 'attribute reads are no calls');
  });

  it('finds imports', async () => {
    const x = await parseFixture('python/models.py');
    assert.deepEqual(importOf(x, 'os.path').names, [{ imported: '*', local: 'os.path' }]);
    assert.deepEqual(importOf(x, 'numpy').names, [{ imported: '*', local: 'np' }]);
    assert.deepEqual(importOf(x, '.base'), { source: '.base', names: [{ imported: 'Model', local: 'BaseModel' }, { imported: 'register', local: 'register' }], line: 4 });
    assert.deepEqual(importOf(x, '.').names, [{ imported: 'utils', local: 'utils' }]);
    assert.deepEqual(importOf(x, '..core.types').names, [{ imported: '*', local: '*' }]);
  });
});

describe('extract: go', () => {
  it('finds types, methods on receivers, docs and capitalized exports', async () => {
    const x = await parseFixture('go/repo.go');
    assert.equal(x.package, 'store');
    const repo = sym(x, 'Repo');
    assert.deepEqual([repo.kind, repo.startLine, repo.endLine, repo.docstring, repo.isExported, repo.signature],
      ['struct', 19, 24, 'Repo stores items.', true, 'type Repo struct']);
    const find = sym(x, 'Repo.Find');
    assert.deepEqual([find.kind, find.isExported, find.docstring, parentOf(x, find)], ['method', true, 'Find returns one item.', 'Repo']);
    assert.equal(find.signature, 'func (r *Repo) Find(ctx context.Context, id string) (Item, error)');
    const log = sym(x, 'Repo.log');
    assert.deepEqual([log.isExported, log.visibility], [false, 'private']);
    assert.deepEqual([sym(x, 'Repo.Name').kind, sym(x, 'Repo.Name').isExported, sym(x, 'Repo.conn').isExported], ['field', true, false]);
    assert.equal(sym(x, 'Finder').kind, 'interface');
    assert.equal(sym(x, 'Finder.Find').kind, 'method');
    assert.equal(sym(x, 'ID').kind, 'type');
    assert.deepEqual([sym(x, 'MaxItems').kind, sym(x, 'MaxItems').docstring], ['constant', 'MaxItems caps a page.']);
    assert.equal(sym(x, 'defaultRepo').kind, 'variable');
    assert.deepEqual([sym(x, 'ErrMissing').kind, sym(x, 'ErrMissing').docstring, sym(x, 'ErrMissing').isExported, sym(x, 'cache').kind], ['variable', 'ErrMissing says an item is missing.', true, 'variable'], 'a grouped var ( ... ) block');
    assert.equal(sym(x, 'NewRepo').kind, 'function');
  });

  it('finds selector calls, composite literals and embedding', async () => {
    const x = await parseFixture('go/repo.go');
    hasRef(x, 'call log <- Repo.Find [r]');
    hasRef(x, 'call Query <- Repo.Find [r.conn]');
    hasRef(x, 'call ToLower <- Repo.Find [str]');
    hasRef(x, 'call Errorf <- Repo.Find [fmt]');
    hasRef(x, 'call decode <- Repo.Find');
    hasRef(x, 'new Repo <- NewRepo');
    hasRef(x, 'new Item <- decode');
    hasRef(x, 'extends Base <- Repo');
    hasRef(x, 'type Conn <- NewRepo [db]');
  });

  it('finds import specs with aliases', async () => {
    const x = await parseFixture('go/repo.go');
    assert.deepEqual(importOf(x, 'fmt').names, [{ imported: '*', local: 'fmt' }]);
    assert.deepEqual(importOf(x, 'strings').names, [{ imported: '*', local: 'str' }]);
    assert.deepEqual(importOf(x, 'embed').names, []);
    assert.deepEqual(importOf(x, 'example.com/app/internal/db/v2').names, [{ imported: '*', local: 'db' }]);
    const named = await parseText('n.go', 'package x\nimport (\n\t"gopkg.in/yaml.v3"\n\t"github.com/mattn/go-sqlite3"\n\t"github.com/a/b/v2"\n)\n');
    assert.deepEqual(['gopkg.in/yaml.v3', 'github.com/mattn/go-sqlite3', 'github.com/a/b/v2'].map((p) => importOf(named, p).names[0].local), ['yaml', 'sqlite3', 'b'],
      "goimports' assumed names");
    const dot = await parseText('d.go', 'package x\nimport . "math"\n');
    assert.deepEqual(importOf(dot, 'math').names, [{ imported: '*', local: '*' }]);
  });
});

describe('extract: rust', () => {
  it('finds items, impl methods under their type, doc comments and pub', async () => {
    const x = await parseFixture('rust/lib.rs');
    const s = sym(x, 'Store');
    assert.deepEqual([s.kind, s.startLine, s.endLine, s.docstring, s.isExported, s.signature],
      ['struct', 12, 15, 'A key-value store.', true, 'pub struct Store<V>']);
    const n = sym(x, 'Store.new');
    assert.deepEqual([n.kind, n.docstring, n.isExported, parentOf(x, n)], ['method', 'Makes an empty store.', true, 'Store']);
    const put = sym(x, 'Store.put');
    assert.deepEqual([put.isAsync, put.visibility], [true, 'public']);
    assert.equal(parentOf(x, sym(x, 'Event.fmt')), 'Event');
    assert.deepEqual([sym(x, 'Event').visibility, sym(x, 'Event').isExported], ['internal', false]);
    assert.equal(sym(x, 'Event.Put').kind, 'enum_member');
    assert.deepEqual([sym(x, 'Storable').kind, sym(x, 'Storable.key').kind, sym(x, 'Storable.key').docstring], ['trait', 'method', 'The key.']);
    assert.deepEqual([sym(x, 'Store.items').visibility, sym(x, 'Store.name').visibility], ['private', 'public']);
    assert.equal(sym(x, 'tests').kind, 'module');
    assert.equal(sym(x, 'tests.helper').kind, 'function');
    assert.deepEqual([sym(x, 'store').kind, sym(x, 'store').signature], ['macro', 'macro_rules! store']);
    assert.equal(sym(x, 'MAX').kind, 'constant');
  });

  it('finds method, path and macro calls, struct literals and trait impls', async () => {
    const x = await parseFixture('rust/lib.rs');
    hasRef(x, 'call insert <- Store.put [self.items]');
    hasRef(x, 'call key <- Store.put [v]');
    hasRef(x, 'call notify <- Store.put');
    hasRef(x, 'call new <- Store.new [HashMap]');
    hasRef(x, 'new Store <- Store.new');
    hasRef(x, 'call println <- notify');
    hasRef(x, 'implements Display <- Event [fmt]');
    hasRef(x, 'extends Display <- Storable');
  });

  it('sets scope on refs of an impl whose type is in another file', async () => {
    const x = await parseText('i.rs', 'impl Drop for Conn {\n    fn drop(&mut self) { close(); }\n}\n');
    const d = sym(x, 'Conn.drop');
    assert.deepEqual([d.kind, d.parent], ['method', -1]);
    const impl = x.refs.find((r) => r.name === 'Drop')!;
    assert.deepEqual([impl.kind, impl.from, impl.scope], ['implements', -1, 'Conn']);
  });

  it('finds use trees', async () => {
    const x = await parseFixture('rust/lib.rs');
    assert.deepEqual(importOf(x, 'std::collections::HashMap').names, [{ imported: 'HashMap', local: 'HashMap' }]);
    assert.deepEqual(importOf(x, 'std::fmt').names.slice(1), [{ imported: 'Display', local: 'Display' }, { imported: 'Write', local: 'FmtWrite' }]);
    assert.deepEqual(importOf(x, 'crate::db').names, [{ imported: '*', local: '*' }]);
    const y = await parseText('u.rs', 'use a::b::{c, d as e};\nuse x::y as z;\n');
    assert.deepEqual(importOf(y, 'a::b').names, [{ imported: 'c', local: 'c' }, { imported: 'd', local: 'e' }]);
    assert.deepEqual(importOf(y, 'x::y').names, [{ imported: 'y', local: 'z' }]);
    // `{self}` binds the module itself
    assert.deepEqual(importOf(x, 'std::fmt').names[0], { imported: '*', local: 'fmt' });
    // `super` leaves the inline modules around the import first
    const z = await parseText('m.rs', 'use super::top::T;\nmod tests {\n    use super::*;\n    mod deeper { use super::super::x::Y; use super::super::super::up::U; }\n}\n');
    assert.deepEqual(z.imports.map((i) => i.source), ['super::top::T', 'self', 'self::x::Y', 'super::up::U']);
  });

  it("sees the calls written in a macro's arguments, from the function around them", async () => {
    const x = await parseText('m.rs', [
      'fn check(p: &Parser) {',
      '    let snow = "☃ and ☃";', // characters of several bytes before the ranges parsed again
      '    assert_eq!(p.parse(), Ok(lit(1)));',
      '    let v = vec![make(1), Node::new(format!("{}", name(2)))];',
      '}',
      'macro_rules! m { ($e:expr) => { hidden($e) }; }',
    ].join('\n') + '\n');
    for (const r of ['call parse <- check [p]', 'call lit <- check', 'call make <- check', 'call new <- check [Node]', 'call name <- check', 'call format <- check']) hasRef(x, r);
    assert.equal(x.refs.some((r) => r.name === 'hidden'), false, "a macro_rules! body is a template, not code");
    assert.equal(x.errorCount, 0);
  });
});
