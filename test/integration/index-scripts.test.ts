// Classic scripts: JavaScript and TypeScript files with no import, export, require or CommonJS
// exports declare globals, as `<script>` files loaded into one page do. A name no scope, file or
// import binds is the one top-level symbol of that name in the project's scripts.
import assert from 'node:assert/strict';
import { Indexer } from '../../src/server/index/sync';
import { makeProject, removeProject, callTo, edgeFrom } from './helpers/project';

describe('index: classic scripts share their globals', function () {
  this.timeout(30000);
  let root: string;
  let ix: Indexer;
  before(async () => {
    root = makeProject({
      'js/common.js': [
        `function rc_find(id) { return id; }`,
        `var rc_event = {`,
        `  cancel: function (e) { return e; }`,
        `};`,
        `function rc_twice() { return 1; }`,
        `function it(name) { return name; }`,
        ``,
      ].join('\n'),
      'js/list.js': `function ListWidget(el) {\n  this.el = el;\n  this.draw = function () { return rc_find(this.el); };\n}\n`,
      'js/app.js': [
        `function Webmail() {`,
        `  var ref = this;`,
        `  this.init = function () {`,
        `    var list = new ListWidget('x');`,
        `    list.draw();`,
        `    ref.show();`,
        `    rc_event.cancel(1);`,
        `  };`,
        `  this.show = function () { return rc_twice(); };`,
        `  function inner() { var self = this; return self.show(); }`,
        `}`,
        ``,
      ].join('\n'),
      'js/other.js': `function rc_twice() { return 2; }\n`,
      // a minified bundle: its top-level names are its own, whatever it is loaded with
      'js/bundle.min.js': `function rc_mini(e){return e&&"object"==typeof e&&"default"in e?e:{default:e}}var t=rc_mini({}),n=function(e){return t.default.emit("add",e)},r=function(e){return t.default.emit("remove",e)};this.lib={add:n,remove:r,version:"1.0.0",size:function(){return 1}};\n`,
      // a module: its top-level names are its own, whether it exports them or not
      'js/mod.js': `import { x } from './x.js';\nexport function rc_exported() { return x; }\nfunction rc_private() { return 1; }\n`,
      'js/x.js': `export const x = 1;\n`,
      'js/cjs.js': `const path = require('path');\nfunction rc_common() { return path; }\n`,
      'js/page.js': [
        `function start() {`,
        `  rc_find('a');`,
        `  rc_twice();`,
        `  rc_exported();`,
        `  rc_private();`,
        `  rc_common();`,
        `  it('runs');`,
        `  rc_mini(1);`,
        `}`,
        ``,
      ].join('\n'),
      // a namespace every script declares again, its members given by assignment
      'js/ns1.js': `var App = App || {};\nApp.util = App.util || {};\nApp.util.format = function (s) { return s; };\nApp.store = { load() { return this.save(); }, save: function () { return 1; } };\n`,
      'js/ns2.js': `var App = App || {};\nApp.view = {};\nApp.view.render = function () { return App.util.format('x'); };\n`,
      // a plugin's script gives the app's constructor more methods
      'js/plugin.js': `ListWidget.prototype.redraw = function () { this.draw(); return this.count(); };\nListWidget.prototype.count = function () { return 0; };\nfunction usePlugin() { var l = new ListWidget('y'); return l.redraw(); }\n`,
      // a module may name a script's global too (a page loads both)
      'js/entry.js': `import { x } from './x.js';\nexport function boot() { return rc_find(x); }\n`,
      // TypeScript: a declaration file's global and its definition in a script
      'ts/globals.d.ts': `declare function tsGlobal(n: number): number;\ndeclare module 'lib' {\n  export function fromLib(): void;\n}\n`,
      'ts/impl.js': `function tsGlobal(n) { return n; }\n`,
      'ts/use.ts': `export function useIt() { return tsGlobal(1); }\n`,
    });
    ix = await Indexer.open(root);
    await ix.sync();
  });
  after(() => { ix.close(); removeProject(root); });

  it("binds a bare call, `new` and a global object's member across scripts", () => {
    assert.deepEqual(callTo(ix.store, 'js/page.js::start', 'rc_find'), ['js/common.js::rc_find', 'scope']);
    assert.deepEqual(callTo(ix.store, 'js/list.js::ListWidget.draw', 'rc_find'), ['js/common.js::rc_find', 'scope']);
    assert.equal(edgeFrom(ix.store, 'js/app.js::Webmail.init', 'ListWidget', 'instantiates')?.to, 'js/list.js::ListWidget');
    assert.deepEqual(callTo(ix.store, 'js/app.js::Webmail.init', 'draw'), ['js/list.js::ListWidget.draw', 'exact'], 'var list = new ListWidget()');
    assert.deepEqual(callTo(ix.store, 'js/app.js::Webmail.init', 'cancel'), ['js/common.js::rc_event.cancel', 'exact']);
    assert.deepEqual(callTo(ix.store, 'js/entry.js::boot', 'rc_find'), ['js/common.js::rc_find', 'scope'], 'from a module');
  });

  it('indexes a namespace\'s members given by assignment, and binds a call by their path', () => {
    const all = ix.store.prepare('SELECT uid FROM nodes').all<{ uid: string }>().map((r) => r.uid);
    for (const u of ['js/ns1.js::App.util.format', 'js/ns2.js::App.view.render', 'js/ns1.js::App.store.load', 'js/ns1.js::App.store.save']) assert.ok(all.includes(u), u);
    assert.deepEqual(callTo(ix.store, 'js/ns1.js::App.store.load', 'save'), ['js/ns1.js::App.store.save', 'exact'], 'an object given to a namespace');
    assert.deepEqual(callTo(ix.store, 'js/ns2.js::App.view.render', 'format'), ['js/ns1.js::App.util.format', 'scope']);
  });

  it("a method another script gives a constructor is its method, with its `this`", () => {
    assert.deepEqual(callTo(ix.store, 'js/plugin.js::ListWidget.redraw', 'draw'), ['js/list.js::ListWidget.draw', 'exact'], "the constructor's own");
    assert.deepEqual(callTo(ix.store, 'js/plugin.js::ListWidget.redraw', 'count'), ['js/plugin.js::ListWidget.count', 'exact'], "the plugin's");
    assert.deepEqual(callTo(ix.store, 'js/plugin.js::usePlugin', 'redraw'), ['js/plugin.js::ListWidget.redraw', 'exact'], 'on an instance made elsewhere');
  });

  it("`this` in a constructor function's own body is the instance it makes", () => {
    assert.deepEqual(callTo(ix.store, 'js/app.js::Webmail.init', 'show'), ['js/app.js::Webmail.show', 'exact'], 'var ref = this');
    assert.deepEqual(callTo(ix.store, 'js/app.js::Webmail.inner', 'show'), [null, 'unresolved'], "a nested function's this is not the instance");
  });

  it("never binds a module's names, a name two scripts declare, or a test framework's global", () => {
    assert.deepEqual(callTo(ix.store, 'js/page.js::start', 'rc_twice'), [null, 'unresolved'], 'two scripts declare it');
    assert.deepEqual(callTo(ix.store, 'js/page.js::start', 'rc_exported'), [null, 'unresolved'], 'exported by a module, not imported');
    assert.deepEqual(callTo(ix.store, 'js/page.js::start', 'rc_private'), [null, 'unresolved'], "a module's own");
    assert.deepEqual(callTo(ix.store, 'js/page.js::start', 'rc_common'), [null, 'unresolved'], 'a CommonJS module');
    assert.deepEqual(callTo(ix.store, 'js/page.js::start', 'it'), [null, 'unresolved']);
    assert.deepEqual(callTo(ix.store, 'js/page.js::start', 'rc_mini'), [null, 'unresolved'], "a minified bundle's own");
    const fileExported = (p: string) => Number(ix.store.prepare("SELECT is_exported AS x FROM nodes WHERE uid = ? AND kind = 'file'").get<{ x: number }>(p)!.x);
    assert.deepEqual(['js/common.js', 'js/mod.js', 'js/cjs.js', 'ts/globals.d.ts', 'js/bundle.min.js'].map(fileExported), [0, 1, 1, 0, 1], 'a script file node is not exported');
  });

  it("TypeScript: a declaration file's global binds to its definition", () => {
    assert.deepEqual(callTo(ix.store, 'ts/use.ts::useIt', 'tsGlobal'), ['ts/impl.js::tsGlobal', 'scope']);
  });
});
