// Receivers with a declared type resolve through that type: parameters, fields, locals, Go
// receivers, Python self attributes; a call through an interface binds to the interface method
// (the graph fans it out to implementations); a type from outside the project binds nothing.
import assert from 'node:assert/strict';
import { Indexer } from '../../src/server/index/sync';
import { makeProject, removeProject, edgeFrom, callTo, callsTo, uids } from './helpers/project';

describe('index: typed receivers', function () {
  this.timeout(30000);
  let root: string;
  let ix: Indexer;
  before(async () => {
    root = makeProject({
      'ts/repo.ts': `export interface Repository { save(x: number): void; }\nexport class MemoryRepo implements Repository { save(x: number) {} flush() {} }\nexport class Audit { save(x: number) {} }\n`,
      'ts/service.ts': [
        `import { Repository, MemoryRepo } from './repo';`,
        `export class Service {`,
        `  private cache: Map<string, number> = new Map();`,
        `  constructor(private repo: Repository) {}`,
        `  run(r: Repository) { r.save(1); this.repo.save(2); this.cache.get('a'); const m = new MemoryRepo(); m.flush(); }`,
        `}`,
        ``,
      ].join('\n'),
      'ts/narrow.ts': [
        `import { MemoryRepo, Audit } from './repo';`,
        `export function make(): MemoryRepo { return new MemoryRepo(); }`,
        `export function use(x: unknown) { if (x instanceof Audit) { x.save(1); } make().flush(); }`,
        ``,
      ].join('\n'),
      'ts/shadow.ts': `import { Repository, MemoryRepo } from './repo';\nexport function outer(r: Repository, all: MemoryRepo[]) {\n  all.forEach((r: MemoryRepo) => r.flush());\n  r.save(1);\n}\n`,
      'ts/config.ts': `export interface Config { get(): number }\nexport declare namespace Config {\n  interface Flat { load(): void }\n}\n`,
      'ts/flat.ts': `import * as C from './config';\nexport function read(flat: C.Config.Flat) { flat.load(); }\n`,
      'java/Repo.java': `package app;\npublic class Repo { public void save(int x) {} }\n`,
      'java/Svc.java': `package app;\npublic class Svc {\n  private Repo repo;\n  void run(Repo other) { repo.save(1); other.save(2); }\n}\n`,
      'go/server.go': `package srv\n\ntype Server struct{}\n\nfunc (s *Server) Stop() {}\n\nfunc (s *Server) Run() { s.Stop() }\n`,
      'go/tar.go': [
        `package srv`,
        `type block [512]byte`,
        `type headerV7 [512]byte`,
        `type readBuf []byte`,
        `type Chan struct{}`,
        `type Map struct{}`,
        `func (b *block) toV7() *headerV7 { return (*headerV7)(b) }`,
        `func (h *headerV7) name() []byte { return h[0:100] }`,
        `func (b *readBuf) uint16() uint16 { return 0 }`,
        `func open(p string) (*headerV7, error) { return nil, nil }`,
        `func (c *Chan) Elem() int { return 0 }`,
        `func (m *Map) Elem() int { return 0 }`,
        `func use(blk block, p []byte, x any) {`,
        `\tv7 := blk.toV7()`,
        `\tv7.name()`,
        `\tb := readBuf(p)`,
        `\tb.uint16()`,
        `\th, err := open("a")`,
        `\th.name()`,
        `\tif m, ok := x.(*Map); ok {`,
        `\t\tm.Elem()`,
        `\t}`,
        `\tswitch t := x.(type) {`,
        `\tcase *Chan:`,
        `\t\tt.Elem()`,
        `\tcase *Map:`,
        `\t\tt.Elem()`,
        `\t}`,
        `}`,
        `type Node interface{ Op() int }`,
        `type Val struct{ Args []*Val }`,
        `func (v *Val) Long() string { return "" }`,
        `type Blk struct{ Values []*Val }`,
        `func (b *Blk) Fatal() {}`,
        `type Fn struct{ Blocks []*Blk }`,
        `func (f *Fn) All() []*Blk { return f.Blocks }`,
        `type Holder interface{ First() *Blk; Pair() (*Val, error) }`,
        `func viaInterface(h Holder, p *Holder) {`,
        `\th.First().Fatal()`,
        `\tv, _ := h.Pair()`,
        `\tv.Long()`,
        `\t(*p).First()`,
        `}`,
        `var Default2 = &Fn{}`,
        `func commented(x any) {`,
        `\tDefault2.All()`,
        `\tswitch t := x.(type) {`,
        `\tcase *Val:`,
        `\t\t// a comment first`,
        `\t\tt.Long()`,
        `\t}`,
        `}`,
        `func alias(f *Fn) {`,
        `\tg := f`,
        `\tfor _, b := range g.All() {`,
        `\t\tb.Fatal()`,
        `\t}`,
        `}`,
        `func loops(f *Fn) {`,
        `\tfor _, b := range f.Blocks {`,
        `\t\tfor _, v := range b.Values {`,
        `\t\t\tfor _, a := range v.Args {`,
        `\t\t\t\tfor _, c := range a.Args {`,
        `\t\t\t\t\tc.Long()`,
        `\t\t\t\t}`,
        `\t\t\t}`,
        `\t\t}`,
        `\t\tb.Fatal()`,
        `\t}`,
        `}`,
        `type Nodes []*Map`,
        `type Dict map[string]*Chan`,
        `type Alias = Chan`,
        `func coll(ns Nodes, d Dict, a *Alias, m map[int]*Map) {`,
        `\tfor _, n := range ns {`,
        `\t\tn.Elem()`,
        `\t}`,
        `\td["x"].Elem()`,
        `\ta.Elem()`,
        `\tv, ok := m[1]`,
        `\tv.Elem()`,
        `}`,
        `type Struct2 struct{}`,
        `type Var2 struct{}`,
        `type Kind2 struct{}`,
        `func (s *Struct2) Field(i int) *Var2 { return nil }`,
        `func (v *Var2) Kind() *Kind2 { return nil }`,
        `func (v *Var2) Name() string { return "" }`,
        `func (k *Kind2) Name() string { return "" }`,
        `func shadow(typ *Struct2) {`,
        `\tfor i := 0; i < 2; i++ {`,
        `\t\tf := typ.Field(i)`,
        `\t\ttyp := f.Kind()`,
        `\t\tf.Name()`,
        `\t\ttyp.Name()`,
        `\t}`,
        `}`,
        `type Input struct {`,
        `\t*Chan`,
        `\tall []*Map`,
        `}`,
        `var Default Input`,
        `func embedded(in *Input, i int) {`,
        `\tin.Chan.Elem()`,
        `\tm := in.all[i]`,
        `\tm.Elem()`,
        `\tc := new(Chan)`,
        `\tc.Elem()`,
        `\tf := Default.all[0]`,
        `\tf.Elem()`,
        `}`,
        `func scoped(n Node, xs []*Chan) {`,
        `\tif n.Op() > 0 {`,
        `\t\tn := n.(*Map)`,
        `\t\tn.Elem()`,
        `\t}`,
        `\tn.Op()`,
        `\tfor _, n := range xs {`,
        `\t\tn.Elem()`,
        `\t}`,
        `\tn.(*Map).Elem()`,
        `}`,
        ``,
      ].join('\n'),
      'go/format.go': 'package srv\n\ntype Format int\n\nconst (\n\tformatUnknown = Format(0)\n\tformatV7 Format = 1 << iota\n\tFormatUSTAR\n\tFormatPAX\n)\n\nconst Max Format = 3\n\nfunc (f Format) has(o Format) bool { return f&o != 0 }\n\nfunc guess() {\n\tformat := FormatUSTAR | FormatPAX | formatV7\n\tformat.has(Max)\n\tm := Max\n\tm.has(FormatPAX)\n}\n\nvar userMap, groupMap Format\n\ntype zeroWriter struct{}\n\nfunc (zeroWriter) Write(b []byte) int { return 0 }\n\ntype Walker struct{}\n\nfunc (w *Walker) Import(n string) {}\n\nfunc more() {\n\tuserMap.has(1)\n\tzeroWriter{}.Write(nil)\n\twalkers := make([]*Walker, 3)\n\tfor _, w := range walkers {\n\t\tw.Import("a")\n\t}\n}\n\nfunc nested(operands [][]*Walker, byName map[string][]Walker) {\n\top := operands[0]\n\top[0].Import("b")\n\tfor _, ops := range operands {\n\t\tops[1].Import("c")\n\t}\n\tbyName["x"][0].Import("d")\n}\n\ntype Ref struct {\n\tExpr *Walker\n}\n\nfunc deref(r *Ref, ws []Walker) {\n\told := *r.Expr\n\told.Import("e")\n\tp := &ws[0]\n\tp.Import("f")\n}\n\nfunc (w *Walker) Build() {\n\tbit := func(x int, w bool) int { return x }\n\t_ = bit\n\tw.Import("g")\n\tnew(Walker).Import("h")\n\t_, v := 0, new(Walker)\n\tv.Import("i")\n\tpool[1].Import("j")\n}\n\nconst poolSize = 2\n\nvar pool [poolSize]*Walker\n',
      'go.mod': 'module example.com/app\n\ngo 1.19\n',
      'go/main/main.go': 'package main\n\nimport srv "example.com/app/go"\n\nfunc main() { srv.Default.Chan.Elem() }\n',
      'py/registry.py': 'class Apps:\n    def get_model(self):\n        pass\n\napps = Apps()\n',
      'py/use.py': 'from .registry import apps as django_apps\n\ndef find():\n    django_apps.get_model()\n',
      'py/app.py': `class Repo:\n    def save(self, x):\n        pass\n\nclass App:\n    def __init__(self, repo: Repo):\n        self.repo = Repo()\n\n    def run(self):\n        self.repo.save(1)\n`,
      // three.js's shapes: types JavaScript cannot declare, and a class a barrel re-exports as a default
      'js/math/Vector.js': `class Vector {\n  copy(v) { return this; }\n  length() { return 0; }\n}\nexport default Vector;\n`,
      'js/math/index.js': `export { default as Vector } from './Vector.js';\n`,
      // old-style JavaScript: a constructor function's prototype, an object's and a function's members
      'js/proto.js': [
        `function Stack() { this.items = []; }`,
        `/** Push an item. */`,
        `Stack.prototype.push = function (x) { this.items.push(x); return this.size(); };`,
        `Stack.prototype.size = function () { return this.items.length; };`,
        `Stack.of = function (x) { const s = new Stack(); s.push(x); return s; };`,
        `var res = Object.create(null);`,
        `res.send = function send(body) { return this.json(body); };`,
        `res.json = (body) => body;`,
        `export const Fn = (jsFunc) => {`,
        `  const fn = (...params) => jsFunc(params);`,
        `  fn.setLayout = (layout) => fn;`,
        `  return fn;`,
        `};`,
        `export class Shader { setLayout(l) {} }`,
        `export function main() { Stack.of(1); Fn(() => 1).setLayout({}); }`,
        `function Queue() { this.items = []; this.add = function (x) { this.items.push(x); return this.count(); }; }`,
        `Queue.prototype.count = function () { return this.items.length; };`,
        `class Renderer { constructor() { const _this = this; this.setTarget = function (t) { return _this.render(t); }; } render(t) {} }`,
        `export function useR() { new Renderer().setTarget(1); new Queue().add(1); }`,
        `function Delay(f) { this.f = f; }`,
        `Delay.prototype = { timeout: 500, delTimer: function () { return 1; }, start() { this.delTimer(); }, exec: () => 2 };`,
        // classic inheritance and mixins, written beside the constructor functions
        `function Later() { Delay.call(this); }`,
        `Later.prototype = Object.create(Delay.prototype);`,
        `Later.prototype.restart = function () { return this.delTimer(); };`,
        `function Kid() {}`,
        `util.inherits(Kid, Queue);`,
        `Kid.prototype.grow = function () { return this.count(); };`,
        `function Mixed() {}`,
        `Object.assign(Mixed.prototype, Queue.prototype);`,
        `Object.assign(Mixed.prototype, { go: function () { return this.count(); }, stop() { return this.go(); } });`,
        `function Copy() {}`,
        `Copy.prototype.count = Queue.prototype.count;`,
        `Copy.prototype.use = function () { return this.count(); };`,
        // constructors a namespace object holds; a function a class's method assigns to this
        `var NS = {};`,
        `NS.Widget = function (el) { this.el = el; };`,
        `NS.Widget.prototype.show = function () { return this.hide(); };`,
        `NS.Widget.prototype.hide = function () { return 1; };`,
        `NS.Panel = function () {};`,
        `NS.Panel.prototype = { open: function () { return this.close(); }, close() {} };`,
        `NS.Box = function () { var self = this; self.measure(); };`,
        `NS.Box.prototype.measure = function () { return 2; };`,
        `NS.tools = function () { return this.close(); };`,
        `NS.close = function () {};`,
        `export function useNS() { var w = new NS.Widget(1); w.show(); }`,
        `class Button { press() { this.onTap = function () { return this.release(); }; } release() {} }`,
        `var panel = { open() { this.onKey = function () { return this.close(); }; }, close() {} };`,
        // a member under a second name; names that go round bind nothing
        `function Mail() { this.request = function (u) { return u; }; this.get = this.request; this.load = function () { return this.get('x'); }; }`,
        `class Box { constructor() { this.open = this.show; this.a = this.b; this.b = this.a; } show() { return 1; } use() { this.a(); return this.open(); } }`,
        ``,
      ].join('\n'),
      // an array literal's elements; a block's `let` does not shadow the module's name outside it
      'js/points.js': [
        `import Vector from './math/Vector.js';`,
        `const _points = [new Vector(), new Vector()];`,
        `export const wrap = (v) => v;`,
        `export function pick(ok) {`,
        `  if (ok) {`,
        `    let wrap = new Vector();`,
        `    wrap.copy(null);`,
        `    return _points[1].length();`,
        `  } else {`,
        `    return wrap(1);`,
        `  }`,
        `}`,
        ``,
      ].join('\n'),
      'js/Box.js': [
        `import { Vector } from './math/index.js';`,
        `let _scratch;`,
        `function Node(i) { this.i = i; }`,
        `export class Box {`,
        `  constructor(min = new Vector(), centre = new Vector()) { this.min = min; this.center = centre; }`,
        `  set(min) { this.min.copy(min); const c = this.center; c.length(); }`,
        `  grow() { _scratch = new Vector(); _scratch.copy(this.min); return new Node(1); }`,
        `}`,
        `export class Path {`,
        `  constructor() { this.current = null; }`,
        `  moveTo() { this.current = new Vector(); }`,
        `  lineTo() { const length = 1; this.current.length(); return length; }`,
        `}`,
        ``,
      ].join('\n'),
      'py/conn.py': 'from .app import Repo\n\nclass Cache:\n    def load(self):\n        pass\n\nclass Client:\n    def __init__(self):\n        self.repo = None\n\n    def open(self, other):\n        self.repo = Repo()\n        other.cache = Cache()\n\n    def use(self):\n        self.repo.save(1)\n        self.cache.load()\n',
      // C++'s standard containers and smart pointers, iterated, looked up and dereferenced
      'cpp/registry.h': [
        `#include <memory>`,
        `#include <unordered_map>`,
        `#include <vector>`,
        `namespace app {`,
        `class sink { public: void flush() {} bool should_log() { return true; } };`,
        `class logger { public: void set_level(int n) {} };`,
        `using sink_ptr = std::shared_ptr<sink>;`,
        `class guard { public: explicit guard(int m) {} void release() {} };`,
        `sink *pick(logger *l, int level) { l->set_level(4); guard g(level); g.release(); return nullptr; }`,
        `class registry {`,
        ` public:`,
        `  void flush_all() {`,
        `    for (auto &l : loggers_) l.second->set_level(1);`,
        `    auto it = loggers_.find("a");`,
        `    it->second->set_level(2);`,
        `    loggers_.at("b")->set_level(3);`,
        `    for (auto &s : sinks_) s->flush();`,
        `    auto first = sinks_.begin();`,
        `    (*first)->should_log();`,
        `  }`,
        ` private:`,
        `  std::unordered_map<std::string, std::shared_ptr<logger>> loggers_;`,
        `  std::vector<sink_ptr> sinks_;`,
        `};`,
        `}`,
        ``,
      ].join('\n'),
      'ts/defaults.ts': `import { MemoryRepo } from './repo';\nexport function keep(repo = new MemoryRepo()) { repo.flush(); }\n`,
    });
    ix = await Indexer.open(root);
    await ix.sync();
  });
  after(() => { ix.close(); removeProject(root); });

  it('TypeScript: a parameter typed as an interface binds to the interface method', () => {
    const e = edgeFrom(ix.store, 'ts/service.ts::Service.run', 'save', 'calls');
    assert.equal(e?.to, 'ts/repo.ts::Repository.save');
    assert.equal(e?.resolution, 'exact');
  });

  it('TypeScript: this.field through a constructor parameter property, and a local from new', () => {
    const calls = ix.store.prepare(`SELECT d.uid AS "to", e.receiver FROM edges e JOIN nodes s ON s.id = e.src LEFT JOIN nodes d ON d.id = e.dst
      WHERE s.uid = 'ts/service.ts::Service.run' AND e.kind = 'calls' ORDER BY e.line, e.id`).all<{ to: string | null; receiver: string }>();
    const byRecv = new Map(calls.map((c) => [c.receiver, c.to]));
    assert.equal(byRecv.get('this.repo'), 'ts/repo.ts::Repository.save');
    assert.equal(byRecv.get('m'), 'ts/repo.ts::MemoryRepo.flush');
    assert.equal(byRecv.get('this.cache'), null, 'Map is not a project type: get() stays unresolved');
  });

  it('TypeScript: an instanceof narrowing and a call result through the declared return type', () => {
    assert.equal(edgeFrom(ix.store, 'ts/narrow.ts::use', 'save', 'calls')?.to, 'ts/repo.ts::Audit.save');
    assert.equal(edgeFrom(ix.store, 'ts/narrow.ts::use', 'flush', 'calls')?.to, 'ts/repo.ts::MemoryRepo.flush');
  });

  it('TypeScript: a type through a namespace import and a namespace merged with an interface', () => {
    assert.equal(edgeFrom(ix.store, 'ts/flat.ts::read', 'load', 'calls')?.to, 'ts/config.ts::Config.Flat.load');
  });

  it('JavaScript: a parameter typed by its default, a field by that parameter, a local by the field, a module variable by what it is given', () => {
    assert.deepEqual(callTo(ix.store, 'js/Box.js::Box.set', 'copy'), ['js/math/Vector.js::Vector.copy', 'exact'], 'this.min = min, where min = new Vector()');
    assert.deepEqual(callTo(ix.store, 'js/Box.js::Box.set', 'length'), ['js/math/Vector.js::Vector.length', 'exact'], 'const c = this.center, where this.center = centre = new Vector()');
    assert.deepEqual(callTo(ix.store, 'js/Box.js::Box.grow', 'copy'), ['js/math/Vector.js::Vector.copy', 'exact'], '_scratch = new Vector()');
    assert.deepEqual(callTo(ix.store, 'js/Box.js::Path.lineTo', 'length'), ['js/math/Vector.js::Vector.length', 'exact'], 'null in the constructor, a Vector in moveTo');
  });

  it('JavaScript: `new` names a constructor function, and a default export re-exported by name', () => {
    assert.equal(edgeFrom(ix.store, 'js/Box.js::Box.grow', 'Node', 'instantiates')?.to, 'js/Box.js::Node');
    assert.equal(edgeFrom(ix.store, 'js/Box.js::Box', 'Vector', 'instantiates')?.to ?? edgeFrom(ix.store, 'js/Box.js::Box.constructor', 'Vector', 'instantiates')?.to, 'js/math/Vector.js::Vector',
      "export { default as Vector } from './Vector.js'");
  });

  it('JavaScript: members given by assignment are methods of their function or object, typed as such', () => {
    const all = uids(ix.store);
    for (const u of ['Stack.push', 'Stack.size', 'Stack.of', 'res.send', 'res.json', 'Fn.fn.setLayout']) assert.ok(all.includes(`js/proto.js::${u}`), u);
    const push = ix.store.prepare(`SELECT n.kind, n.docstring, p.uid AS parent FROM nodes n JOIN nodes p ON p.id = n.parent_id WHERE n.uid = 'js/proto.js::Stack.push'`).get<{ kind: string; docstring: string; parent: string }>();
    assert.deepEqual({ ...push }, { kind: 'method', docstring: 'Push an item.', parent: 'js/proto.js::Stack' });
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Stack.push', 'size'), ['js/proto.js::Stack.size', 'exact'], "a prototype method's this");
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Stack.of', 'push'), ['js/proto.js::Stack.push', 'exact'], 'new Stack() of a constructor function');
    assert.deepEqual(callTo(ix.store, 'js/proto.js::res.send', 'json'), ['js/proto.js::res.json', 'exact'], "an object's method's this");
    assert.deepEqual(callTo(ix.store, 'js/proto.js::main', 'of'), ['js/proto.js::Stack.of', 'exact'], 'a member given to the function');
    assert.deepEqual(callTo(ix.store, 'js/proto.js::main', 'setLayout'), ['js/proto.js::Fn.fn.setLayout', 'exact'], 'what the factory returns, not Shader.setLayout');
    // `this.x = function` in a constructor function or a class's constructor: a method of it
    for (const u of ['Queue.add', 'Renderer.setTarget']) assert.ok(all.includes(`js/proto.js::${u}`), u);
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Queue.add', 'count'), ['js/proto.js::Queue.count', 'exact']);
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Renderer.setTarget', 'render'), ['js/proto.js::Renderer.render', 'exact'], 'const _this = this');
    assert.deepEqual(callTo(ix.store, 'js/proto.js::useR', 'setTarget'), ['js/proto.js::Renderer.setTarget', 'exact']);
    assert.deepEqual(callTo(ix.store, 'js/proto.js::useR', 'add'), ['js/proto.js::Queue.add', 'exact']);
    // `Foo.prototype = { ... }`: its functions are Foo's methods
    for (const u of ['Delay.delTimer', 'Delay.start', 'Delay.exec']) assert.ok(all.includes(`js/proto.js::${u}`), u);
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Delay.start', 'delTimer'), ['js/proto.js::Delay.delTimer', 'exact']);
    // Object.create, util.inherits and Object.assign of prototypes: Child extends Base
    const heritage = ix.store.prepare(`SELECT s.uid AS s, d.uid AS d FROM edges e JOIN nodes s ON s.id = e.src JOIN nodes d ON d.id = e.dst
      WHERE e.kind = 'extends' AND e.file_id = (SELECT id FROM files WHERE path = 'js/proto.js') ORDER BY e.line`).all<{ s: string; d: string }>().map((r) => `${r.s} -> ${r.d}`);
    assert.deepEqual(heritage, ['Later', 'Kid', 'Mixed'].map((c, i) => `js/proto.js::${c} -> js/proto.js::${i < 1 ? 'Delay' : 'Queue'}`));
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Later.restart', 'delTimer'), ['js/proto.js::Delay.delTimer', 'exact'], 'inherited');
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Kid.grow', 'count'), ['js/proto.js::Queue.count', 'exact'], 'util.inherits');
    for (const u of ['Mixed.go', 'Mixed.stop']) assert.ok(all.includes(`js/proto.js::${u}`), u);
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Mixed.go', 'count'), ['js/proto.js::Queue.count', 'exact'], 'a mixin');
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Mixed.stop', 'go'), ['js/proto.js::Mixed.go', 'exact']);
    // a member copied from another prototype: that one's (and no extends edge, asserted above)
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Copy.use', 'count'), ['js/proto.js::Queue.count', 'exact']);
    // `NS.Widget.prototype.show = function`: NS.Widget's method, `new NS.Widget()` its instance
    for (const u of ['NS.Widget.show', 'NS.Widget.hide', 'NS.Panel.open', 'NS.Panel.close']) assert.ok(all.includes(`js/proto.js::${u}`), u);
    assert.deepEqual(callTo(ix.store, 'js/proto.js::NS.Widget.show', 'hide'), ['js/proto.js::NS.Widget.hide', 'exact']);
    assert.deepEqual(callTo(ix.store, 'js/proto.js::NS.Panel.open', 'close'), ['js/proto.js::NS.Panel.close', 'exact']);
    assert.equal(edgeFrom(ix.store, 'js/proto.js::useNS', 'Widget', 'instantiates')?.to, 'js/proto.js::NS.Widget');
    assert.deepEqual(callTo(ix.store, 'js/proto.js::useNS', 'show'), ['js/proto.js::NS.Widget.show', 'exact']);
    assert.deepEqual(callTo(ix.store, 'js/proto.js::NS.Box', 'measure'), ['js/proto.js::NS.Box.measure', 'exact'], "a capitalised one's own this");
    assert.deepEqual(callTo(ix.store, 'js/proto.js::NS.tools', 'close'), ['js/proto.js::NS.close', 'exact'], "a method's this is its object");
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Button.onTap', 'release'), ['js/proto.js::Button.release', 'exact'], "a class's, not its method's");
    assert.deepEqual(callTo(ix.store, 'js/proto.js::panel.open.onKey', 'close'), ['js/proto.js::panel.close', 'exact'], "an object's, not its method's");
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Mail.load', 'get'), ['js/proto.js::Mail.request', 'exact'], 'this.get = this.request');
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Box.use', 'open'), ['js/proto.js::Box.show', 'exact'], "in a class's constructor");
    assert.deepEqual(callTo(ix.store, 'js/proto.js::Box.use', 'a'), [null, 'unresolved'], 'a -> b -> a');
  });

  it("JavaScript: an array literal's elements; a block's let holds in its block only", () => {
    assert.deepEqual(callTo(ix.store, 'js/points.js::pick', 'length'), ['js/math/Vector.js::Vector.length', 'exact'], '_points[1] of [new Vector(), ...]');
    assert.deepEqual(callTo(ix.store, 'js/points.js::pick', 'copy'), ['js/math/Vector.js::Vector.copy', 'exact'], 'let wrap = new Vector()');
    assert.deepEqual(callTo(ix.store, 'js/points.js::pick', 'wrap'), ['js/points.js::wrap', 'scope'], "the if block's let wrap is not the else block's");
  });

  it("TypeScript: an inline callback's typed parameter holds in the callback only", () => {
    assert.deepEqual(callTo(ix.store, 'ts/shadow.ts::outer', 'flush'), ['ts/repo.ts::MemoryRepo.flush', 'exact']);
    assert.deepEqual(callTo(ix.store, 'ts/shadow.ts::outer', 'save'), ['ts/repo.ts::Repository.save', 'exact'], 'the parameter r, not the callback\'s');
  });

  it('TypeScript: an untyped parameter is what its default makes', () => {
    assert.deepEqual(callTo(ix.store, 'ts/defaults.ts::keep', 'flush'), ['ts/repo.ts::MemoryRepo.flush', 'exact']);
  });

  it('C++: a map\'s pairs and values, a vector\'s elements, through smart pointers, an alias and iterators', () => {
    const from = 'cpp/registry.h::app.registry.flush_all';
    const setLevel = ['cpp/registry.h::app.logger.set_level', 'exact'];
    assert.deepEqual(callsTo(ix.store, from, 'set_level').map((e) => [e.to, e.resolution]), [setLevel, setLevel, setLevel], 'l.second, it->second, at()');
    assert.deepEqual(callTo(ix.store, from, 'flush'), ['cpp/registry.h::app.sink.flush', 'exact'], 'for (auto &s : sinks_)');
    assert.deepEqual(callTo(ix.store, from, 'should_log'), ['cpp/registry.h::app.sink.should_log', 'exact'], '(*sinks_.begin())');
  });

  it('C++: a parameter of a function returning a pointer; `guard g(level);` in a body is a variable, not a prototype', () => {
    assert.deepEqual(callTo(ix.store, 'cpp/registry.h::app.pick', 'set_level'), ['cpp/registry.h::app.logger.set_level', 'exact'], 'sink *pick(logger *l, int level)');
    assert.deepEqual(callTo(ix.store, 'cpp/registry.h::app.pick', 'release'), ['cpp/registry.h::app.guard.release', 'exact']);
    assert.deepEqual(uids(ix.store).filter((u) => u.startsWith('cpp/registry.h::app.pick.')), [], 'no symbol g');
  });

  it('Java: a field and a parameter of a class type', () => {
    const rows = ix.store.prepare(`SELECT d.uid AS "to" FROM edges e JOIN nodes s ON s.id = e.src LEFT JOIN nodes d ON d.id = e.dst
      WHERE s.uid = 'java/Svc.java::Svc.run' AND e.kind = 'calls' AND e.target = 'save'`).all<{ to: string }>();
    assert.deepEqual(rows.map((r) => r.to), ['java/Repo.java::Repo.save', 'java/Repo.java::Repo.save']);
  });

  it('Go: a typed constant, constants an iota block repeats, and an operator expression of them', () => {
    assert.deepEqual(callsTo(ix.store, 'go/format.go::guess', 'has').map((e) => [e.to, e.resolution]), [['go/format.go::Format.has', 'exact'], ['go/format.go::Format.has', 'exact']]);
  });

  it('Go: the first of `var a, b T`, a composite literal receiver, and make([]*T, n)', () => {
    assert.deepEqual(callTo(ix.store, 'go/format.go::more', 'has'), ['go/format.go::Format.has', 'exact'], 'userMap, the first name');
    assert.deepEqual(callTo(ix.store, 'go/format.go::more', 'Write'), ['go/format.go::zeroWriter.Write', 'exact'], 'zeroWriter{}.Write()');
    assert.deepEqual(callTo(ix.store, 'go/format.go::more', 'Import'), ['go/format.go::Walker.Import', 'exact'], 'range over make([]*Walker, 3)');
  });

  it('Go: a local made by dereferencing or taking an address is what its operand is', () => {
    assert.deepEqual(callsTo(ix.store, 'go/format.go::deref', 'Import').map((e) => [e.to, e.resolution]), [['go/format.go::Walker.Import', 'exact'], ['go/format.go::Walker.Import', 'exact']]);
  });

  it("Go: a function literal's parameter holds in it only; new(T) as a receiver is a T; the second name of a := pair; an array of constant length", () => {
    const imp = ['go/format.go::Walker.Import', 'exact'];
    assert.deepEqual(callsTo(ix.store, 'go/format.go::Walker.Build', 'Import').map((e) => [e.to, e.resolution]), [imp, imp, imp, imp]);
  });

  it('Go: an element of a slice of slices, and of a map of slices', () => {
    const imp = ['go/format.go::Walker.Import', 'exact'];
    assert.deepEqual(callsTo(ix.store, 'go/format.go::nested', 'Import').map((e) => [e.to, e.resolution]), [imp, imp, imp], 'op[0], ops[1] in the loop, byName["x"][0]');
  });

  it('Go: a method receiver', () => {
    assert.equal(edgeFrom(ix.store, 'go/server.go::Server.Run', 'Stop', 'calls')?.to, 'go/server.go::Server.Stop');
  });

  it('Go: locals typed by a method result, a conversion, a first result, a type assertion and type switch cases', () => {
    assert.deepEqual(callsTo(ix.store, 'go/tar.go::use', 'name').map((e) => e.to), ['go/tar.go::headerV7.name', 'go/tar.go::headerV7.name']);
    assert.equal(callTo(ix.store, 'go/tar.go::use', 'uint16')[0], 'go/tar.go::readBuf.uint16');
    assert.deepEqual(callsTo(ix.store, 'go/tar.go::use', 'Elem').map((e) => e.to), ['go/tar.go::Map.Elem', 'go/tar.go::Chan.Elem', 'go/tar.go::Map.Elem']);
  });

  it('Go: a local shadowing a parameter holds in its block; a range value is an element; a type assertion in a receiver', () => {
    assert.deepEqual(callsTo(ix.store, 'go/tar.go::scoped', 'Op').map((e) => e.to), ['go/tar.go::Node.Op', 'go/tar.go::Node.Op']);
    assert.deepEqual(callsTo(ix.store, 'go/tar.go::scoped', 'Elem').map((e) => e.to), ['go/tar.go::Map.Elem', 'go/tar.go::Chan.Elem', 'go/tar.go::Map.Elem']);
  });

  it('Go: an embedded field, an element, new(T) and a package variable', () => {
    assert.deepEqual(callsTo(ix.store, 'go/tar.go::embedded', 'Elem').map((e) => e.to), ['go/tar.go::Chan.Elem', 'go/tar.go::Map.Elem', 'go/tar.go::Chan.Elem', 'go/tar.go::Map.Elem']);
    assert.equal(callTo(ix.store, 'go/main/main.go::main', 'Elem')[0], 'go/tar.go::Chan.Elem', 'srv.Default.Chan through the package');
  });

  it('an initialiser is read at its own line: a later local of the same name does not retype it', () => {
    assert.deepEqual(callsTo(ix.store, 'go/tar.go::shadow', 'Name').map((e) => e.to), ['go/tar.go::Var2.Name', 'go/tar.go::Kind2.Name']);
  });

  it('Go: elements of a named slice or map type, of a map, and a type alias', () => {
    assert.deepEqual(callsTo(ix.store, 'go/tar.go::coll', 'Elem').map((e) => e.to), ['go/tar.go::Map.Elem', 'go/tar.go::Chan.Elem', 'go/tar.go::Chan.Elem', 'go/tar.go::Map.Elem']);
  });

  it('Go: range loops in range loops; a lookup that a deeper one gave up on is asked again', () => {
    // exact: through the types, not the guess a unique method name would get
    assert.deepEqual(callTo(ix.store, 'go/tar.go::loops', 'Long'), ['go/tar.go::Val.Long', 'exact']);
    assert.deepEqual(callTo(ix.store, 'go/tar.go::loops', 'Fatal'), ['go/tar.go::Blk.Fatal', 'exact']);
  });

  it('Go: a local named from another, and a slice a method returns', () => {
    assert.deepEqual(callTo(ix.store, 'go/tar.go::alias', 'Fatal'), ['go/tar.go::Blk.Fatal', 'exact']);
  });

  it('Go: what an interface method returns; a dereference in parentheses', () => {
    assert.deepEqual(callTo(ix.store, 'go/tar.go::viaInterface', 'Fatal'), ['go/tar.go::Blk.Fatal', 'exact']);
    assert.deepEqual(callTo(ix.store, 'go/tar.go::viaInterface', 'Long'), ['go/tar.go::Val.Long', 'exact']);
    assert.deepEqual(callsTo(ix.store, 'go/tar.go::viaInterface', 'First').map((e) => [e.to, e.resolution]), [['go/tar.go::Holder.First', 'exact'], ['go/tar.go::Holder.First', 'exact']]);
  });

  it('Go: a package variable made by a composite literal; a type switch case that starts with a comment', () => {
    assert.deepEqual(callTo(ix.store, 'go/tar.go::commented', 'All'), ['go/tar.go::Fn.All', 'exact']);
    assert.deepEqual(callTo(ix.store, 'go/tar.go::commented', 'Long'), ['go/tar.go::Val.Long', 'exact']);
  });

  it('Python: a module variable imported under another name keeps its type', () => {
    assert.deepEqual(callTo(ix.store, 'py/use.py::find', 'get_model'), ['py/registry.py::Apps.get_model', 'exact']);
  });

  it('Python: self attribute assigned in __init__', () => {
    assert.equal(edgeFrom(ix.store, 'py/app.py::App.run', 'save', 'calls')?.to, 'py/app.py::Repo.save');
  });

  it('Python: a self attribute another method assigns; another object\'s attribute is not the class\'s', () => {
    assert.equal(edgeFrom(ix.store, 'py/conn.py::Client.use', 'save', 'calls')?.to, 'py/app.py::Repo.save');
    assert.deepEqual(callTo(ix.store, 'py/conn.py::Client.use', 'load'), ['py/conn.py::Cache.load', 'heuristic'], 'other.cache = Cache() says nothing of self.cache: only the unique name binds it');
  });
});
