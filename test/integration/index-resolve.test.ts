// Resolution on real parses of small projects: imports, aliases, re-exports, receivers,
// same-name symbols, and the test-framework globals that must never bind to project symbols.
import assert from 'node:assert/strict';
import { rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Indexer } from '../../src/server/index/sync';
import { makeProject, removeProject, edgeFrom, edges, withIndexedProject, callTo, callsTo, graphRows } from './helpers/project';

describe('index: resolution', function () {
  this.timeout(30000);
  let root: string;
  let ix: Indexer;
  before(async () => {
    root = makeProject({
      'src/math.ts': `/** Adds one. */\nexport function helper(x: number): number { return x + 1; }\nexport function twice(x: number) { return helper(helper(x)); }\n`,
      'src/other.ts': `export function helper(s: string): string { return s; }\n`,
      'src/index.ts': `export * from './math';\nexport { helper as otherHelper } from './other';\n`,
      'src/base.ts': `export class Base {\n  go(): number { return 1; }\n  run(): number { return this.go(); }\n}\n`,
      'src/app.ts': [
        `import { helper as h, twice } from './math';`,
        `import { Base } from './base';`,
        `import { otherHelper } from './index';`,
        `import * as m from './math';`,
        `export class App extends Base {`,
        `  override run(): number { return this.go() + h(1) + twice(2) + m.helper(3) + otherHelper('x').length; }`,
        `}`,
        `export function start() { const a = new App(); return a; }`,
        ``,
      ].join('\n'),
      'src/config.ts': `export const settings = { it: 1 };\nexport class Registry { it = 2; describe(): void {} }\n`,
      'test/app.test.ts': `import { start } from '../src/app';\ndescribe('app', () => {\n  it('starts', () => { start(); });\n});\n`,
    });
    ix = await Indexer.open(root);
    await ix.sync();
  });
  after(() => { ix.close(); removeProject(root); });

  it('binds an aliased named import to the definition in the imported file', () => {
    assert.deepEqual(edgeFrom(ix.store, 'src/app.ts::App.run', 'h', 'calls'), { kind: 'calls', resolution: 'import', from: 'src/app.ts::App.run', to: 'src/math.ts::helper', target: 'h' });
  });

  it('follows a re-export with a rename through a barrel file', () => {
    const e = edgeFrom(ix.store, 'src/app.ts::App.run', 'otherHelper', 'calls');
    assert.equal(e?.to, 'src/other.ts::helper');
    assert.equal(e?.resolution, 'import');
  });

  it('resolves a namespace import member', () => {
    const e = edges(ix.store, 'calls').find((x) => x.from === 'src/app.ts::App.run' && x.target === 'helper');
    assert.equal(e?.to, 'src/math.ts::helper');
  });

  it('binds this.method() to the base class through extends', () => {
    const e = edgeFrom(ix.store, 'src/app.ts::App.run', 'go', 'calls');
    assert.equal(e?.to, 'src/base.ts::Base.go');
    assert.equal(e?.resolution, 'exact');
    assert.equal(edgeFrom(ix.store, 'src/base.ts::Base.run', 'go', 'calls')?.to, 'src/base.ts::Base.go');
  });

  it('records extends, overrides, instantiates and file imports', () => {
    assert.equal(edgeFrom(ix.store, 'src/app.ts::App', 'Base', 'extends')?.to, 'src/base.ts::Base');
    assert.ok(edges(ix.store, 'overrides').some((e) => e.from === 'src/app.ts::App.run' && e.to === 'src/base.ts::Base.run'));
    assert.equal(edgeFrom(ix.store, 'src/app.ts::start', 'App', 'instantiates')?.to, 'src/app.ts::App');
    const imports = edges(ix.store, 'imports').filter((e) => e.from === 'src/app.ts').map((e) => e.to).sort();
    assert.deepEqual(imports, ['src/base.ts', 'src/index.ts', 'src/math.ts']);
  });

  it('keeps same-name functions apart: each call binds to its own file\'s helper', () => {
    assert.equal(edgeFrom(ix.store, 'src/math.ts::twice', 'helper', 'calls')?.to, 'src/math.ts::helper');
    assert.equal(edgeFrom(ix.store, 'src/math.ts::twice', 'helper', 'calls')?.resolution, 'scope');
  });

  it('never binds mocha globals (it, describe) to project symbols of the same name', () => {
    const fromTest = edges(ix.store).filter((e) => e.from.startsWith('test/') && (e.target === 'it' || e.target === 'describe'));
    assert.ok(fromTest.length >= 2, 'the calls are recorded');
    for (const e of fromTest) assert.equal(e.to, null, `${e.target} stays unresolved`);
    assert.equal(edgeFrom(ix.store, 'test/app.test.ts', 'start', 'calls')?.to, 'src/app.ts::start');
  });

  it('records how every edge was resolved', () => {
    const kinds = new Set(edges(ix.store).map((e) => e.resolution));
    for (const k of kinds) assert.ok(['exact', 'scope', 'import', 'heuristic', 'unresolved'].includes(k), k);
  });
});

describe('index: C names through the include chain', function () {
  this.timeout(30000);
  let root: string;
  let ix: Indexer;
  before(async () => {
    // `clamp` is defined twice (so no unique-name guess) and reached by main.c only through
    // util.h -> core.h; `local_only` is in no header main.c reaches.
    root = makeProject({
      'include/core.h': '#define MAX_ITEMS 8\nstruct item { int n; };\nstatic inline int clamp(int v) { return v < MAX_ITEMS ? v : MAX_ITEMS; }\n',
      'include/util.h': '#include "core.h"\nint twice(int v);\n',
      'tools/clamp.c': 'int clamp(int v) { return v; }\nint local_only(void) { return 0; }\n',
      'tools/other.c': 'int local_only(void) { return 1; }\n',
      'src/main.c': '#include "../include/util.h"\nint main(void) { struct item it; return clamp(twice(1)) + local_only(); }\n',
    });
    ix = await Indexer.open(root);
    await ix.sync();
  });
  after(() => { ix.close(); removeProject(root); });

  it('binds a call and a type to the declarations the file includes through another header', () => {
    assert.deepEqual(edgeFrom(ix.store, 'src/main.c::main', 'clamp', 'calls'), { kind: 'calls', resolution: 'import', from: 'src/main.c::main', to: 'include/core.h::clamp', target: 'clamp' });
    assert.equal(edgeFrom(ix.store, 'src/main.c::main', 'twice', 'calls')?.to, 'include/util.h::twice');
    assert.equal(edgeFrom(ix.store, 'src/main.c::main', 'item', 'references')?.to, 'include/core.h::item');
  });

  it('leaves a name defined twice outside the chain unresolved', () => {
    assert.deepEqual(edgeFrom(ix.store, 'src/main.c::main', 'local_only', 'calls'), { kind: 'calls', resolution: 'unresolved', from: 'src/main.c::main', to: null, target: 'local_only' });
  });
});

describe('index: CommonJS requires', function () {
  this.timeout(30000);
  const files = {
    'lib/exception.js': 'function YAMLException(reason) { this.reason = reason; }\nmodule.exports = YAMLException;\n',
    'lib/snippet.js': 'function makeSnippet(mark) { return mark; }\nfunction helper() {}\nmodule.exports = makeSnippet;\nexports.helper = helper;\n',
    'lib/anon.js': 'module.exports = function () {};\n',
    // TypeScript's CommonJS output
    'out/settings.js': '"use strict";\nclass Settings { get() { return 1; } }\nexports.default = Settings;\n',
    'out/index.js': '"use strict";\nconst settings_1 = require("./settings");\nfunction make(o) { return new settings_1.default(o); }\nexports.make = make;\n',
    'lib/loader.js': [
      `var YAMLException = require('./exception');`,
      `const makeSnippet = require('./snippet');`,
      `const helper = require('./snippet').helper;`,
      `const anon = require('./anon');`,
      `const tape = require('tape');`,
      `function load(mark) { tape('x'); anon(); helper(); makeSnippet(mark); throw new YAMLException('bad'); }`,
      `module.exports = load;`,
      ``,
    ].join('\n'),
  };

  it('binds a required name to what the module exports, never to the variable holding it', async () => {
    await withIndexedProject(files, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'lib/loader.js::load', 'makeSnippet'), ['lib/snippet.js::makeSnippet', 'import'], 'module.exports = makeSnippet');
      assert.deepEqual(callTo(ix.store, 'lib/loader.js::load', 'helper'), ['lib/snippet.js::helper', 'import'], "require('./snippet').helper");
      assert.equal(edgeFrom(ix.store, 'lib/loader.js::load', 'YAMLException', 'instantiates')?.to, 'lib/exception.js::YAMLException', 'new on a constructor function');
      assert.deepEqual(callTo(ix.store, 'lib/loader.js::load', 'anon'), [null, 'unresolved'], 'an anonymous export is no symbol: not the variable either');
      assert.deepEqual(callTo(ix.store, 'lib/loader.js::load', 'tape'), [null, 'unresolved'], 'another package');
      assert.equal(edgeFrom(ix.store, 'out/index.js::make', 'default', 'instantiates')?.to, 'out/settings.js::Settings', 'exports.default = Settings');
    });
  });

  it("calls through TypeScript's unbound `(0, mod_1.f)(x)` (typing what it returns), its `exports.f` and its re-exports by getter", async () => {
    await withIndexedProject({
      'out/log.js': '"use strict";\nexports.make = make;\nfunction make(t) { function info(m) { return m; } return { t, info }; }\n',
      'out/use.js': '"use strict";\nconst log_js_1 = require("./log.js");\nconst logger = (0, log_js_1.make)("x");\nfunction go() { logger.info("y"); return (0, log_js_1.make)("z"); }\n',
      // `export { proc } from './proc.js'` in an index, compiled
      'out/util/proc.js': '"use strict";\nexports.proc = proc;\nfunction proc(a) { return a; }\n',
      'out/util/index.js': '"use strict";\nexports.proc = void 0;\nvar proc_js_1 = require("./proc.js");\nObject.defineProperty(exports, "proc", { enumerable: true, get: function () { return proc_js_1.proc; } });\n',
      'out/main.js': [
        '"use strict";',
        'const index_js_1 = require("./util/index.js");',
        'const own = (o) => o;',
        'exports.own = own;',
        'async function run(f) {',
        '  (0, exports.own)(1);',
        '  exports.own(2);',
        // (read by the grammar as `await(0, index_js_1.proc)` called with f)
        '  return await (0, index_js_1.proc)(f);',
        '}',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'out/use.js::go', 'make'), ['out/log.js::make', 'import']);
      assert.deepEqual(callTo(ix.store, 'out/use.js::logger', 'make'), ['out/log.js::make', 'import']);
      assert.deepEqual(callTo(ix.store, 'out/use.js::go', 'info'), ['out/log.js::make.info', 'exact']);
      assert.deepEqual(callsTo(ix.store, 'out/main.js::run', 'own').map((e) => [e.to, e.resolution]), [['out/main.js::own', 'scope'], ['out/main.js::own', 'scope']], 'exports.own: the file\'s own export');
      assert.deepEqual(callTo(ix.store, 'out/main.js::run', 'proc'), ['out/util/proc.js::proc', 'import'], 'through the getter Object.defineProperty gives exports');
      assert.deepEqual(callsTo(ix.store, 'out/main.js::run', 'await'), [], 'no call of `await`');
    });
  });

  it('follows a module handed on whole, and never reads a same-named local of the required module', async () => {
    await withIndexedProject({
      // TypeScript's CommonJS output for `export * as fs from './fs'`, and its ES original
      'cj/utils/fs.js': '"use strict";\nfunction mk(a) { return a; }\nexports.mk = mk;\n',
      'cj/utils/index.js': '"use strict";\nconst fs = require("./fs");\nexports.fs = fs;\n',
      'cj/main.js': '"use strict";\nconst utils = require("./utils");\nconst reader_1 = require("./reader");\nfunction go() { utils.fs.mk(1); new reader_1.default().read(); }\n',
      // the required module has its own `reader_1`, another module's: not what `reader_1` is here
      'cj/reader.js': '"use strict";\nconst reader_1 = require("./base");\nclass Reader { read() {} }\nexports.default = Reader;\n',
      'cj/base.js': '"use strict";\nclass Base { read() {} }\nexports.default = Base;\n',
      'es/utils/fs.js': 'export function mk(a) { return a; }\n',
      'es/utils/index.js': "export * as fs from './fs.js';\n",
      'es/main.js': "import * as utils from './utils/index.js';\nexport function go() { utils.fs.mk(1); }\n",
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'cj/main.js::go', 'mk'), ['cj/utils/fs.js::mk', 'exact'], 'exports.fs = fs, fs = require("./fs")');
      assert.deepEqual(callTo(ix.store, 'es/main.js::go', 'mk'), ['es/utils/fs.js::mk', 'exact'], "export * as fs from './fs.js'");
      assert.equal(edgeFrom(ix.store, 'cj/main.js::go', 'default', 'instantiates')?.to, 'cj/reader.js::Reader');
      assert.deepEqual(callTo(ix.store, 'cj/main.js::go', 'read'), ['cj/reader.js::Reader.read', 'exact']);
    });
  });
});

describe('index: Vue components and workspace packages', function () {
  this.timeout(30000);
  const files = {
    'packages/ui/package.json': JSON.stringify({ name: '@acme/ui', main: 'dist/index.js', exports: { '.': { import: './dist/index.js' }, './widgets/*': './src/widgets/*.ts' } }),
    'packages/ui/src/index.ts': 'export function fmt(s: string): string { return s; }\n',
    'packages/ui/src/widgets/button.ts': 'export function press(): void {}\n',
    'packages/old/package.json': JSON.stringify({ name: 'old-lib', main: 'lib/main.js' }),
    'packages/old/src/main.js': 'exports.legacy = function () {};\n',
    'apps/web/src/Base.vue': '<script>\nexport default {\n  methods: { ptm(k) { return k; } },\n};\n</script>\n',
    'apps/web/src/MyWidget.vue': '<template><i /></template>\n<script>\nexport default { name: "MyWidget" };\n</script>\n',
    'apps/web/src/Comp.vue': [
      '<template>',
      '  <div :class="ptm(\'root\')" @click="hide">',
      '    <span v-for="item in items" :key="item.id">{{ format(item) }}</span>',
      '    <my-widget />',
      '  </div>',
      '</template>',
      '<script>',
      "import Base from './Base.vue';",
      "import MyWidget from './MyWidget.vue';",
      "import { fmt } from '@acme/ui';",
      "import { press } from '@acme/ui/widgets/button';",
      "import { legacy } from 'old-lib';",
      'export default {',
      '  extends: Base,',
      '  methods: {',
      '    format(v) { return fmt(v); },',
      '    hide: function () { press(); legacy(); this.format(1); this.ptm(2); },',
      '  },',
      '};',
      '</script>',
      '',
    ].join('\n'),
    'apps/web/src/Setup.vue': '<script setup>\nfunction go() {}\n</script>\n<template>\n  <b @click="go()">x</b>\n</template>\n',
    'apps/web/src/api.js': 'export const api = {\n  load: function () { return this.parse(); },\n  parse: () => 1,\n};\n',
  };

  it("binds an options object's `this.` to its methods and those of what it extends, its template's names (and kebab-case tags) to the component, and imports of a workspace package by name", async () => {
    await withIndexedProject(files, async (ix) => {
      const comp = 'apps/web/src/Comp.vue::default';
      assert.equal(edgeFrom(ix.store, comp, 'Base', 'extends')?.to, 'apps/web/src/Base.vue::default', 'extends: Base');
      assert.deepEqual(callTo(ix.store, `${comp}.hide`, 'format'), [`${comp}.format`, 'exact'], 'this.format() in a method given as `hide: function`');
      assert.deepEqual(callTo(ix.store, `${comp}.hide`, 'ptm'), ['apps/web/src/Base.vue::default.ptm', 'exact'], "the base component's method");
      assert.deepEqual(callTo(ix.store, comp, 'ptm'), ['apps/web/src/Base.vue::default.ptm', 'exact'], 'a template call');
      assert.deepEqual(callTo(ix.store, comp, 'format'), [`${comp}.format`, 'exact'], '{{ format(item) }}');
      assert.equal(edgeFrom(ix.store, comp, 'hide', 'references')?.to, `${comp}.hide`, '@click="hide"');
      assert.equal(edgeFrom(ix.store, comp, 'item'), undefined, "v-for's names are no references");
      assert.deepEqual(callTo(ix.store, 'apps/web/src/Comp.vue', 'MyWidget'), ['apps/web/src/MyWidget.vue::default', 'import'], '<my-widget />: the component MyWidget');
      assert.deepEqual(callTo(ix.store, `${comp}.format`, 'fmt'), ['packages/ui/src/index.ts::fmt', 'import'], 'dist/index.js read as src/index.ts');
      assert.deepEqual(callTo(ix.store, `${comp}.hide`, 'press'), ['packages/ui/src/widgets/button.ts::press', 'import'], 'a subpath export pattern');
      assert.deepEqual(callTo(ix.store, `${comp}.hide`, 'legacy'), ['packages/old/src/main.js::legacy', 'import'], 'main: lib/main.js read as src/main.js');
      assert.deepEqual(callTo(ix.store, 'apps/web/src/Setup.vue', 'go'), ['apps/web/src/Setup.vue::go', 'scope'], "<script setup>: the template's names are the file's");
      assert.deepEqual(callTo(ix.store, 'apps/web/src/api.js::api.load', 'parse'), ['apps/web/src/api.js::api.parse', 'exact'], 'an arrow function given as a property is a method');
    });
  });
});

describe('index: Solidity contracts', function () {
  this.timeout(30000);
  const files = {
    'utils/Set.sol': [
      'pragma solidity ^0.8.20;',
      'library EnumerableSet {',
      '    struct Set { bytes32[] _values; }',
      '    struct Bytes32Set { Set _inner; }',
      '    function add(Bytes32Set storage set, bytes32 value) internal returns (bool) { return _add(set._inner, value); }',
      '    function _add(Set storage set, bytes32 value) private returns (bool) { return true; }',
      '}',
      ''].join('\n'),
    'token/Token.sol': [
      'pragma solidity ^0.8.20;',
      'import {EnumerableSet} from "../utils/Set.sol";',
      'interface IBeacon { function implementation() external view returns (address); }',
      'error Unauthorized(address who);',
      'contract Base { function _msgSender() internal view returns (address) { return msg.sender; } function id() public virtual returns (uint) { return 1; } }',
      'contract Other { function id() public virtual returns (uint) { return 2; } }',
      'contract Token is Base, Other {',
      '    using EnumerableSet for EnumerableSet.Bytes32Set;',
      '    struct Holders { EnumerableSet.Bytes32Set _keys; }',
      '    mapping(address owner => uint256 amount) private _balances;',
      '    Holders private _holders;',
      '    event Sent(address to);',
      '    function queue(uint256 id) public {}',
      '    function queue(address a, uint256 id) public { queue(id); }',
      '    function id() public override(Base, Other) returns (uint) { return super.id(); }',
      '    function send(address to, address beacon) public {',
      '        if (_msgSender() == address(0)) revert Unauthorized(to);',
      '        _holders._keys.add(bytes32(0));',
      '        IBeacon(beacon).implementation();',
      '        queue(to, 1);',
      '        emit Sent(to);',
      '        keccak256(abi.encode(to));',
      '    }',
      '}',
      ''].join('\n'),
  };

  it('binds inherited functions, `using L for T` library calls, conversions to an interface, `super` by the last base, events, errors and overloads by argument count', async () => {
    await withIndexedProject(files, async (ix) => {
      const send = 'token/Token.sol::Token.send';
      assert.deepEqual(callTo(ix.store, send, '_msgSender'), ['token/Token.sol::Base._msgSender', 'scope'], "an inherited function, named bare");
      assert.deepEqual(callTo(ix.store, send, 'add'), ['utils/Set.sol::EnumerableSet.add', 'exact'], 'a library function attached by `using EnumerableSet for ...`, on a struct field');
      assert.deepEqual(callTo(ix.store, send, 'implementation'), ['token/Token.sol::IBeacon.implementation', 'exact'], 'IBeacon(beacon): a conversion to the interface');
      assert.equal(edgeFrom(ix.store, send, 'Unauthorized', 'instantiates')?.to, 'token/Token.sol::Unauthorized', 'revert Unauthorized(to)');
      assert.equal(edgeFrom(ix.store, send, 'Sent', 'instantiates')?.to, 'token/Token.sol::Token.Sent', 'emit Sent(to)');
      assert.deepEqual(callTo(ix.store, send, 'queue'), ['token/Token.sol::Token.queue#2', 'scope'], 'the overload taking two arguments');
      assert.deepEqual(callTo(ix.store, 'token/Token.sol::Token.queue#2', 'queue'), ['token/Token.sol::Token.queue', 'scope'], 'the overload taking one');
      assert.deepEqual(callTo(ix.store, 'token/Token.sol::Token.id', 'id'), ['token/Token.sol::Other.id', 'exact'], '`contract Token is Base, Other`: super is Other first');
      assert.deepEqual(callTo(ix.store, send, 'encode'), [null, 'unresolved'], 'abi.encode is the language\'s');
      assert.deepEqual(callTo(ix.store, send, 'keccak256'), [null, 'unresolved']);
      const errors = ix.store.prepare("SELECT error_count FROM files WHERE path = 'token/Token.sol'").get<{ error_count: number }>();
      assert.equal(errors?.error_count, 0, 'a named mapping (0.8.18) parses');
    });
  });
});

describe('index: Zig receivers', function () {
  this.timeout(30000);
  const files = {
    'lib/Cache.zig': [
      'const std = @import("std");',
      'const Cache = @This();',
      'count: u32,',
      'pub fn hit(self: *Cache) void {',
      '    self.miss();',
      '}',
      'pub fn miss(self: *Cache) void {',
      '    _ = self;',
      '}',
      'pub const Inner = struct {',
      '    const Self = @This();',
      '    pub fn a(self: *Self, list: *std.List) void { self.b(); list.append(1); }',
      '    pub fn b(self: Self) void { _ = self; }',
      '    pub fn c(s: ?*const Self) void { s.b(); }',
      '};',
      ''].join('\n'),
    'lib/std.zig': 'pub const List = @import("list.zig").List;\n',
    'lib/list.zig': [
      'pub fn List(comptime T: type) type {',
      '    return struct { pub fn append(self: *@This(), x: T) void { _ = self; _ = x; } };',
      '}',
      'pub const Headers = struct { pub fn append(self: *Headers, x: u8) void { _ = self; _ = x; } };',
      ''].join('\n'),
    'lib/p384.zig': [
      'const Fe = Field(.{ .bits = 384 });',
      'fn Field(comptime p: anytype) type { _ = p; return struct { pub fn mul(a: @This()) void { _ = a; } }; }',
      'pub fn double(x: Fe) void { x.mul(); }',
      ''].join('\n'),
    'lib/c25519.zig': 'pub const Fe = struct { pub fn mul(a: Fe) void { _ = a; } };\n',
    'lib/use.zig': 'const Fe = @import("c25519.zig").Fe;\npub fn g(x: Fe) void { x.mul(); }\n',
  };

  it('types `self` by its parameter: `@This()` of a file is the file, of a struct the struct; a generic type\'s method name is never guessed to be another type\'s', async () => {
    await withIndexedProject(files, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'lib/Cache.zig::hit', 'miss'), ['lib/Cache.zig::miss', 'exact'], 'a file is a struct: `const Cache = @This();`');
      assert.deepEqual(callTo(ix.store, 'lib/Cache.zig::Inner.a', 'b'), ['lib/Cache.zig::Inner.b', 'exact'], '`const Self = @This();` in the struct');
      assert.deepEqual(callTo(ix.store, 'lib/Cache.zig::Inner.c', 'b'), ['lib/Cache.zig::Inner.b', 'exact'], '`?*const Self`');
      assert.deepEqual(callTo(ix.store, 'lib/Cache.zig::Inner.a', 'append'), [null, 'unresolved'], "List(T)'s append, not Headers'");
      assert.deepEqual(callTo(ix.store, 'lib/p384.zig::double', 'mul'), [null, 'unresolved'], '`const Fe = Field(...)` is no other file\'s struct Fe');
      assert.deepEqual(callTo(ix.store, 'lib/use.zig::g', 'mul'), ['lib/c25519.zig::Fe.mul', 'exact'], '`const Fe = @import("c25519.zig").Fe;` imports that file\'s Fe');
    });
  });
});

describe('index: JavaScript and TypeScript factories', function () {
  this.timeout(30000);
  it("a factory's object literal has the factory's own functions; `await f<T>()` is a call", async () => {
    await withIndexedProject({
      'log.js': [
        'export function loggerInstance(title) {',
        '  function info(m) { return m; }',
        '  function warning(m) { return m; }',
        '  return { title, info, warning };',
        '}',
        'export const make = () => ({ go() {} });',
        ''].join('\n'),
      'use.js': "import { loggerInstance, make } from './log.js';\nconst logger = loggerInstance('x');\nexport function run() { logger.info('y'); make().go(); }\n",
      'api.ts': [
        'class Base { protected async request<T>(path: string): Promise<T> { return null as T; } }',
        'export class Client extends Base {',
        '  async start(): Promise<number> { const n = await this.request<number>(',
        "    'start',",
        '  ); return n; }',
        '}',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'use.js::run', 'info'), ['log.js::loggerInstance.info', 'exact'], 'return { title, info, warning }');
      assert.deepEqual(callTo(ix.store, 'use.js::run', 'go'), ['log.js::make.go', 'exact'], '() => ({ go() {} })');
      assert.deepEqual(callTo(ix.store, 'api.ts::Client.start', 'request'), ['api.ts::Base.request', 'exact'], 'read by the grammar as (await this.request)<number>(...)');
    });
  });

  it('a function without a declared type returns what it makes or calls; `instanceof` narrows, through a module too', async () => {
    await withIndexedProject({
      'errors.js': 'export class OAuthError { toResponseObject() { return {}; } }\nexport class Pipeline { static create() { return new Pipeline(); } addPolicy(p) { return p; } }\n',
      'make.js': [
        "import { Pipeline } from './errors.js';",
        'export function createEmpty() { return Pipeline.create(); }',
        'export const createOther = () => { return new Pipeline(); };',
        ''].join('\n'),
      'use.js': [
        "import * as errors_1 from './errors.js';",
        "import { createEmpty, createOther } from './make.js';",
        'export function run(e) {',
        '  if (e instanceof errors_1.OAuthError) e.toResponseObject();',
        '  createEmpty().addPolicy(1);',
        '  const p = createOther();',
        '  p.addPolicy(2);',
        '}',
        ''].join('\n'),
      'use.ts': [
        "import { createEmpty } from './make.js';",
        "function local() { return createEmpty(); }",
        'export function go() { local().addPolicy(3); }',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'use.js::run', 'toResponseObject'), ['errors.js::OAuthError.toResponseObject', 'exact'], 'e instanceof errors_1.OAuthError');
      assert.deepEqual(callsTo(ix.store, 'use.js::run', 'addPolicy').map((e) => [e.to, e.resolution]), [['errors.js::Pipeline.addPolicy', 'exact'], ['errors.js::Pipeline.addPolicy', 'exact']], 'return Pipeline.create(), return new Pipeline()');
      assert.deepEqual(callTo(ix.store, 'use.ts::go', 'addPolicy'), ['errors.js::Pipeline.addPolicy', 'exact'], 'TypeScript without a return type');
    });
  });

  it('a class whose superclass is a call has the members of what the call returns (a mixin), and so do its subclasses', async () => {
    await withIndexedProject({
      'schema.ts': [
        'export interface Pipeable { pipe(): void }',
        'export interface Annotable extends Pipeable { annotations(d: string): Annotable }',
        'export interface SchemaClass<A> extends Annotable { new (_: never): A }',
        'export const make = <A>(ast: string): SchemaClass<A> => (class { static pipe() {} } as any);',
        'export class String$ extends make<string>("string") {}',
        'class Lowercase extends String$ {}',
        'export function use() { String$.pipe(); Lowercase.annotations("lower"); }',
        ''].join('\n'),
      'mixin.js': [
        'class Base { hello() {} }',
        'function pick() { return Base; }',
        'class Greeter extends pick() { greet() { this.hello(); } }',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'schema.ts::use', 'pipe'), ['schema.ts::Pipeable.pipe', 'exact'], 'String$ extends make<string>(): a SchemaClass');
      assert.deepEqual(callTo(ix.store, 'schema.ts::use', 'annotations'), ['schema.ts::Annotable.annotations', 'exact'], 'through the subclass');
      assert.deepEqual(callTo(ix.store, 'mixin.js::Greeter.greet', 'hello'), ['mixin.js::Base.hello', 'exact'], 'extends pick(): what pick returns');
    });
  });

  it("a constant declared with a function type types its callback's parameters and its result (`const clockWith: (f: (clock: Clock) => A) => A`)", async () => {
    await withIndexedProject({
      'Clock.ts': [
        'export interface Clock { now(): number }',
        'export interface Timer { now(): number }',
        'export const clockWith: <A>(f: (clock: Clock) => A) => A = (f) => f(null as any);',
        'export const make: () => Timer = () => ({ now: () => 1 });',
        'export const delay: { (ms: number): (self: Timer) => Timer; (self: Timer, ms: number): Timer } = null as any;',
        'export interface A { now(): number }',
        ''].join('\n'),
      'use.ts': [
        'import * as Clock from "./Clock.js";',
        'export const elapsed = () => Clock.clockWith((clock) => clock.now());',
        'export function later(t: Clock.Timer) { Clock.make().now(); Clock.delay(t, 5).now(); }',
        'export function generic() { Clock.clockWith((c) => c).now(); }',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'use.ts::elapsed', 'now'), ['Clock.ts::Clock.now', 'exact']);
      assert.deepEqual(callsTo(ix.store, 'use.ts::later', 'now').map((e) => [e.to, e.resolution]), [['Clock.ts::Timer.now', 'exact'], ['Clock.ts::Timer.now', 'exact']], 'const make: () => Timer; the dual signature that returns no function');
      assert.deepEqual(callTo(ix.store, 'use.ts::generic', 'now'), [null, 'unresolved'], 'clockWith returns its type parameter A, not the interface A');
    });
  });

  it('an alias of an intersection or a union has the members of its parts, `typeof ns` what the module exports; a class merged with an interface has the interface\'s supertypes\' members', async () => {
    await withIndexedProject({
      'static.ts': 'export function text(): string { return ""; }\n',
      'api/traversing.ts': [
        "import type { Cheerio } from '../cheerio.js';",
        "import { text } from '../static.js';",
        'export function toArray<T>(this: Cheerio<T>): T[] { text(); return []; }',
        'export function find<T>(this: Cheerio<T>, s: string): Cheerio<T> { this.toArray(); return this; }',
        ''].join('\n'),
      'cheerio.ts': [
        "import * as Traversing from './api/traversing.js';",
        'export interface Plain { plain(): void }',
        'type MethodsType = typeof Traversing &',
        '  Plain;',
        'export abstract class Cheerio<T> { length = 0; }',
        'export interface Cheerio<T> extends MethodsType, Iterable<T> {}',
        "export function use(c: Cheerio<number>) { c.find('x').plain(); c.text(); }",
        'function other(x: Plain & { y: number }) { return x; }',
        ''].join('\n'),
      'observer.ts': [
        'interface NextObserver { next(): void; error?: () => void }',
        'interface ErrorObserver { next?: () => void; error(): void }',
        'type PartialObserver = NextObserver | ErrorObserver | null;',
        'export function send(o: PartialObserver) { o?.next(); o?.error?.(); }',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'api/traversing.ts::find', 'toArray'), ['api/traversing.ts::toArray', 'exact'], 'this: Cheerio<T> -> MethodsType -> typeof Traversing');
      assert.deepEqual(callTo(ix.store, 'cheerio.ts::use', 'find'), ['api/traversing.ts::find', 'exact']);
      assert.deepEqual(callTo(ix.store, 'cheerio.ts::use', 'plain'), ['cheerio.ts::Plain.plain', 'exact'], 'the other part, through find\'s return type');
      assert.deepEqual(callTo(ix.store, 'cheerio.ts::use', 'text'), [null, 'unresolved'], 'traversing.ts imports text, but does not export it');
      assert.deepEqual(callTo(ix.store, 'observer.ts::send', 'next'), ['observer.ts::NextObserver.next', 'exact'], 'a union: the first part that has it');
      assert.deepEqual(callTo(ix.store, 'observer.ts::send', 'error'), ['observer.ts::NextObserver.error', 'exact'], 'a union: the first part that has it');
      const parts = ix.store.prepare("SELECT n.name, b.type FROM bindings b JOIN nodes n ON n.id = b.scope_id WHERE b.name = '...' ORDER BY b.type").all<{ name: string; type: string }>();
      assert.deepEqual(parts.map((p) => [p.name, p.type]), [['PartialObserver', 'ErrorObserver'], ['PartialObserver', 'NextObserver'], ['MethodsType', 'Plain'], ['MethodsType', 'typeof Traversing']].sort((a, b) => a[1].localeCompare(b[1])), "a parameter's intersection is no alias's");
    });
  });

  it("TypeScript's Partial<T>, Readonly<T> and their like have T's members (a project type of the name first)", async () => {
    await withIndexedProject({
      'tap.ts': [
        'export interface TapObserver { finalize(): void }',
        'export function run(o: Partial<TapObserver>, r: Readonly<TapObserver>) { o.finalize?.(); r.finalize(); }',
        'interface Required<T> { check(): T }',
        'export function mine(q: Required<TapObserver>) { q.check(); }',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 'tap.ts::run', 'finalize').map((e) => [e.to, e.resolution]), [['tap.ts::TapObserver.finalize', 'exact'], ['tap.ts::TapObserver.finalize', 'exact']]);
      assert.deepEqual(callTo(ix.store, 'tap.ts::mine', 'check'), ['tap.ts::Required.check', 'exact'], "the project's own Required");
    });
  });

  it("an unknown receiver's DOM event call (`image.removeEventListener`) is never guessed to be the project's one method of the name", async () => {
    await withIndexedProject({
      'events.js': [
        'export class Dispatcher { removeEventListener(t, f) {} }',
        'export class Loader extends Dispatcher { load(url) { const image = document.createElementNS("img"); image.removeEventListener("load", url); this.removeEventListener("x", url); } }',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 'events.js::Loader.load', 'removeEventListener').map((e) => [e.to, e.resolution]), [[null, 'unresolved'], ['events.js::Dispatcher.removeEventListener', 'exact']]);
    });
  });

  it("an object literal of a declared type, or passed where a parameter declares one, gives its methods' untyped parameters the types that type's members declare", async () => {
    await withIndexedProject({
      'types.ts': [
        'export class CodeGen { if(c: string): CodeGen { return this; } }',
        'export class KeywordCxt { gen: CodeGen = new CodeGen(); ok(c: string) {} }',
        'export class Other { ok(c: string) {} }',
        'export interface CodeKeywordDefinition { keyword: string; code: (cxt: KeywordCxt, ruleType?: string) => void }',
        'export interface MacroDefinition { macro(gen: CodeGen): void }',
        'export interface Added { x?: number }',
        ''].join('\n'),
      'def.ts': [
        "import { CodeGen, CodeKeywordDefinition, MacroDefinition, Added } from './types.js';",
        'const def: CodeKeywordDefinition & Added = {',
        '  keyword: "x",',
        '  code(cxt) { const { gen } = cxt; gen.if("a"); cxt.ok("b"); },',
        '};',
        'export const m: MacroDefinition = { macro: (gen) => { gen.if("c"); } };',
        'export function outside(cxt) { cxt.ok("d"); }',
        'interface MergeArgs { mergeNames: (gen: CodeGen, to: string) => void }',
        'function makeMerge(n: number, { mergeNames }: MergeArgs) { return n; }',
        'export const merged = makeMerge(1, { mergeNames: (gen, to) => { gen.if(to); } });',
        'export default def;',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'def.ts::def.code', 'if'), ['types.ts::CodeGen.if', 'exact'], 'code(cxt): a KeywordCxt, whose gen is a CodeGen');
      assert.deepEqual(callTo(ix.store, 'def.ts::def.code', 'ok'), ['types.ts::KeywordCxt.ok', 'exact']);
      assert.deepEqual(callTo(ix.store, 'def.ts::m.macro', 'if'), ['types.ts::CodeGen.if', 'exact'], 'macro(gen: CodeGen), a method signature');
      assert.deepEqual(callTo(ix.store, 'def.ts::outside', 'ok'), [null, 'unresolved'], 'another cxt, untyped');
      assert.deepEqual(callTo(ix.store, 'def.ts::merged', 'if'), ['types.ts::CodeGen.if', 'exact'], "an object passed as argument 1: the callee's parameter type's mergeNames(gen: CodeGen)");
    });
  });

  it("a parameter of an inline object type gives its properties' types (`options: { differ: Differ<V> }`)", async () => {
    await withIndexedProject({
      'a.ts': [
        'export interface Differ<V> { diff(a: V, b: V): V }',
        'export interface Other { diff(): void }',
        'export const diff = <V>(options: { readonly old: V; readonly differ: Differ<V> }, more?: { o: Other }) => {',
        '  options.differ.diff(options.old, options.old);',
        '  more?.o.diff();',
        '};',
        'export function elsewhere(options: any) { options.differ.diff(); }',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 'a.ts::diff', 'diff').map((e) => [e.to, e.resolution]), [['a.ts::Differ.diff', 'exact'], ['a.ts::Other.diff', 'exact']]);
      assert.deepEqual(callTo(ix.store, 'a.ts::elsewhere', 'diff'), [null, 'unresolved'], "another function's options");
    });
  });

  it('a getter is a field of what it returns; a class field of what `new` makes there; `this.x = [new T()]` holds Ts', async () => {
    await withIndexedProject({
      'gen.js': [
        'class Root { render() {} }',
        'class Record { add(x) { return x; } }',
        'export class Gen {',
        '  matches = new Record();',
        '  constructor() { this._nodes = [new Root()]; }',
        '  get _root() { return this._nodes[0]; }',
        '  toString() { this.matches.add(1); return this._root.render(); }',
        '}',
        ''].join('\n'),
      'gen.ts': [
        'class Root2 { render() {} }',
        'class Record2 { add(x: number) { return x; } }',
        'export class Gen2 {',
        '  matches = new Record2();',
        '  private get _root(): Root2 { return new Root2(); }',
        '  toString() { this.matches.add(1); return this._root.render(); }',
        '}',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'gen.js::Gen.toString', 'render'), ['gen.js::Root.render', 'exact'], 'get _root() { return this._nodes[0]; }');
      assert.deepEqual(callTo(ix.store, 'gen.js::Gen.toString', 'add'), ['gen.js::Record.add', 'exact'], 'matches = new Record()');
      assert.deepEqual(callTo(ix.store, 'gen.ts::Gen2.toString', 'render'), ['gen.ts::Root2.render', 'exact'], 'get _root(): Root2');
      assert.deepEqual(callTo(ix.store, 'gen.ts::Gen2.toString', 'add'), ['gen.ts::Record2.add', 'exact'], 'matches = new Record2()');
    });
  });

  it("an object a factory spreads into its result lends its members; a property it gives a call's result has that type", async () => {
    await withIndexedProject({
      'log.js': [
        'export function instance(title) {',
        '  function info(m) { return m; }',
        '  return { title, info };',
        '}',
        'function other() { function stray() {} return { stray }; }',
        'export function withToken(title) {',
        '  const base = instance(title);',
        '  [1].map(() => { return { ...other() }; });',
        "  return { ...base, parent: title, getToken: instance('t') };",
        '}',
        // each spreads the other: a lookup through them ends
        'export function ping() { return { ...pong() }; }',
        'function pong() { return { ...ping() }; }',
        ''].join('\n'),
      'use.js': [
        "import { withToken, ping } from './log.js';",
        "const logger = withToken('x');",
        "export function run() { logger.info('a'); logger.getToken.info('b'); logger.stray(); ping().nothing(); }",
        ''].join('\n'),
      'make.ts': [
        'function part(t: string) { function show() { return t; } return { show }; }',
        'export const whole = (t: string) => ({ ...part(t), more: part(t) });',
        "export function go() { whole('a').show(); whole('b').more.show(); }",
        ''].join('\n'),
    }, async (ix) => {
      const to = (from: string, name: string) => callsTo(ix.store, from, name).map((e) => [e.to, e.resolution]);
      assert.deepEqual(to('use.js::run', 'info'), [['log.js::instance.info', 'exact'], ['log.js::instance.info', 'exact']], "logger.info() through ...base, logger.getToken.info() through getToken: instance('t')");
      assert.deepEqual(callTo(ix.store, 'use.js::run', 'stray'), [null, 'unresolved'], "a callback's returned spread is not the factory's");
      assert.deepEqual(callTo(ix.store, 'use.js::run', 'nothing'), [null, 'unresolved']);
      assert.deepEqual(to('make.ts::go', 'show'), [['make.ts::part.show', 'exact'], ['make.ts::part.show', 'exact']], '({ ...part(t), more: part(t) })');
    });
  });
});

describe('index: C and C++ calls bind to definitions, not prototypes', function () {
  this.timeout(30000);
  const files = {
    // the header's own inline function calls the prototype beside it
    'include/util.h': 'int add(int a, int b);\nvoid arch_op(void);\nstatic inline int add_twice(int a) { return add(a, a); }\n',
    'lib/util.c': '#include "../include/util.h"\nint add(int a, int b) { return a + b; }\n',
    // defined once per architecture, both including the header: which one is built is not known
    'arch/a/op.c': '#include "../../include/util.h"\nvoid arch_op(void) {}\n',
    'arch/b/op.c': '#include "../../include/util.h"\nvoid arch_op(void) {}\n',
    'lib/main.c': '#include "../include/util.h"\nstatic int helper(int x);\nint main(void) { arch_op(); return add(1, helper(2)); }\nstatic int helper(int x) { return x; }\n',
    // no include: the unique-name guess counts the definition, not the prototype beside it
    'tools/other.c': 'int use(void) { return add(2, 3); }\n',
    'cpp/shape.hpp': 'class Shape {\npublic:\n  static Shape make();\n};\n',
    'cpp/shape.cpp': '#include "shape.hpp"\nShape Shape::make() { return Shape(); }\n',
    'cpp/main.cpp': '#include "shape.hpp"\nint main() { Shape::make(); return 0; }\n',
  };

  it('a header prototype -> its one definition; a forward declaration -> the same file\'s; a C++ method -> its out-of-line definition; several definitions -> the prototype', async () => {
    await withIndexedProject(files, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'lib/main.c::main', 'add'), ['lib/util.c::add', 'import']);
      assert.deepEqual(callTo(ix.store, 'lib/main.c::main', 'helper'), ['lib/main.c::helper#2', 'scope']);
      assert.deepEqual(callTo(ix.store, 'lib/main.c::main', 'arch_op'), ['include/util.h::arch_op', 'import']);
      assert.deepEqual(callTo(ix.store, 'tools/other.c::use', 'add'), ['lib/util.c::add', 'heuristic']);
      assert.deepEqual(callTo(ix.store, 'cpp/main.cpp::main', 'make'), ['cpp/shape.cpp::Shape.make', 'import']);
    });
  });

  it('follows the definition as its file goes and comes back, as a full index would', async () => {
    await withIndexedProject(files, async (ix, root) => {
      const util = join(root, 'lib/util.c');
      rmSync(util);
      await ix.sync();
      assert.deepEqual(callTo(ix.store, 'lib/main.c::main', 'add'), ['include/util.h::add', 'import']);
      assert.deepEqual(callTo(ix.store, 'tools/other.c::use', 'add'), ['include/util.h::add', 'heuristic']);
      assert.deepEqual(callTo(ix.store, 'include/util.h::add_twice', 'add'), ['include/util.h::add', 'scope']);
      writeFileSync(util, files['lib/util.c']);
      await ix.sync();
      assert.deepEqual(callTo(ix.store, 'lib/main.c::main', 'add'), ['lib/util.c::add', 'import']);
      assert.deepEqual(callTo(ix.store, 'include/util.h::add_twice', 'add'), ['lib/util.c::add', 'scope']);
      // the definition loses its body: a prototype like the header's, so no definition is left
      writeFileSync(util, '#include "../include/util.h"\nint add(int a, int b);\n');
      await ix.sync();
      assert.deepEqual(callTo(ix.store, 'lib/main.c::main', 'add'), ['include/util.h::add', 'import']);
      const incremental = graphRows(ix.store);
      await ix.sync({ force: true });
      assert.deepEqual(incremental, graphRows(ix.store));
    });
  });
});

describe('index: C++ libraries annotated by macros (GoogleTest)', function () {
  this.timeout(30000);
  it('reads functions behind annotation macros, a template specialization\'s members, and binds prototypes to the definition of the same parameter types or the first of a file\'s alternatives', async () => {
    await withIndexedProject({
      'port.h': 'namespace t {\nclass GTEST_API_ RE {\n public:\n  RE(const char* r) { Init(r); }\n  void Init(const char* r) GTEST_LOCK_EXCLUDED_(mu_);\n' +
        '  bool Busy() const GTEST_EXCLUSIVE_LOCK_REQUIRED_(mu_) { return Count() > 0; }\n  int Count() const;\n};\n' +
        'GTEST_API_ int GetThreadCount();\nvoid Dump(unsigned char c, std::ostream* os);\ninline void Show(std::ostream* os) { Dump(1, os); }\n}\n',
      'port.cc': '#include "port.h"\nnamespace t {\n#if GTEST_OS_LINUX\nint GetThreadCount() { return 1; }\n#elif GTEST_OS_MAC\nint GetThreadCount() { return 2; }\n#endif\n' +
        'void RE::Init(const char* r) {}\nint RE::Count() const { return 0; }\nvoid Dump(unsigned char c, std::ostream* os) {}\n}\n',
      // another Dump of two parameters, of other types: a definition, but not of that prototype
      'dump.cc': '#include "port.h"\nnamespace t {\nvoid Dump(const char* s, std::ostream* os) {}\n}\n',
      'main.cc': '#include "port.h"\n#include "unit.h"\nnamespace t {\nint Run() { GetImpl()->AddTestInfo(); return GetThreadCount(); }\n}\n',
      // a prototype that only names its return type: the definition says what it is
      'unit.h': 'namespace t {\nclass UnitTestImpl* GetImpl();\nclass Other {\n public:\n  void AddTestInfo();\n};\n}\n',
      'impl.h': '#include "unit.h"\nnamespace t {\nclass UnitTestImpl {\n public:\n  void AddTestInfo() {}\n};\ninline UnitTestImpl* GetImpl() { return nullptr; }\n}\n',
      'queue.h': 'namespace t {\nclass Base {\n public:\n  bool is_retired() const { return false; }\n};\ntemplate <typename F> class Typed;\n' +
        'template <typename R, typename... Args>\nclass Typed<R(Args...)> : public Base {\n public:\n  bool ok() const GTEST_EXCLUSIVE_LOCK_REQUIRED_(mu) { return !is_retired(); }\n};\n}\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'port.h::t.RE.RE', 'Init'), ['port.cc::t.RE.Init', 'scope']);
      assert.deepEqual(callTo(ix.store, 'port.h::t.RE.Busy', 'Count'), ['port.cc::t.RE.Count', 'scope']);
      assert.deepEqual(callTo(ix.store, 'main.cc::t.Run', 'GetThreadCount'), ['port.cc::t.GetThreadCount', 'import']);
      assert.deepEqual(callTo(ix.store, 'main.cc::t.Run', 'AddTestInfo'), ['impl.h::t.UnitTestImpl.AddTestInfo', 'exact']);
      assert.deepEqual(callTo(ix.store, 'port.h::t.Show', 'Dump'), ['port.cc::t.Dump', 'scope']);
      assert.deepEqual(callTo(ix.store, 'queue.h::t.Typed.ok', 'is_retired'), ['queue.h::t.Base.is_retired', 'scope']);
    });
  });
});

describe('index: C and C++ includes for another system', function () {
  this.timeout(30000);
  it('are not followed: `#ifdef _WIN32` (and `#if defined(...)`, `#ifndef` ... `#else`) includes the Windows variant of a class, its `#else` this system\'s', async () => {
    const other = process.platform === 'win32' ? 'posix' : 'windows';
    await withIndexedProject({
      'details/tcp_client-windows.h': 'namespace d {\nclass tcp_client {\n public:\n  void send(const char* p);\n};\n}\n',
      'details/tcp_client.h': 'namespace d {\nclass tcp_client {\n public:\n  void send(const char* p);\n};\n}\n',
      'sinks/tcp_sink.h': '#ifdef _WIN32\n#include "../details/tcp_client-windows.h"\n#else\n#include "../details/tcp_client.h"\n#endif\n' +
        '#if defined(_MSC_VER) || defined(__CYGWIN__)\n#include "../details/win_extra.h"\n#elif defined(FEATURE)\n#include "../details/feature.h"\n#endif\n' +
        'namespace d {\nclass tcp_sink {\n  tcp_client client_;\n  d::tcp_client named_;\n public:\n  void sink_it_(const char* p) { client_.send(p); named_.send(p); }\n};\n}\n',
      'details/win_extra.h': 'void extra();\n',
      'details/feature.h': 'void feature();\n',
    }, async (ix) => {
      const want = other === 'windows' ? 'details/tcp_client.h::d.tcp_client.send' : 'details/tcp_client-windows.h::d.tcp_client.send';
      // (`d::tcp_client`: of the namespace's two, the one the includes reach)
      assert.deepEqual(callsTo(ix.store, 'sinks/tcp_sink.h::d.tcp_sink.sink_it_', 'send').map((e) => [e.to, e.resolution]), [[want, 'exact'], [want, 'exact']]);
      const includes = ix.store.prepare("SELECT i.source FROM file_imports i JOIN files f ON f.id = i.file_id WHERE f.path = 'sinks/tcp_sink.h' ORDER BY i.rowid").all<{ source: string }>().map((r) => r.source);
      assert.deepEqual(includes, other === 'windows' ? ['../details/tcp_client.h', '../details/feature.h'] : ['../details/tcp_client-windows.h', '../details/win_extra.h', '../details/feature.h']);
    });
  });
});

describe('index: C++ receivers written the way GoogleTest writes them', function () {
  this.timeout(30000);
  it('a type from the global scope (`::testing::Listener*`), a cast (`static_cast<Base*>(p)->Run()`), a vector of const pointers, typedef\'d or not, `UniversalPrinter<T1>::Print()`, a template parameter\'s default, and `std::vector<T>::iterator`', async () => {
    await withIndexedProject({
      'm.h': '#include <vector>\nnamespace testing {\nclass Listener {\n public:\n  bool IsInterested() const;\n};\nclass Describer {\n public:\n  virtual void DescribeTo(int* os) const = 0;\n};\n' +
        'namespace internal {\nclass ThreadBase {\n public:\n  virtual void Run() = 0;\n};\nclass Impl {\n public:\n  void Describe(int* os) const;\n  bool Explain(::testing::Listener* listener) const { return listener->IsInterested(); }\n' +
        '  static void Start(void* thread) { static_cast<ThreadBase*>(thread)->Run(); }\n  typedef ::std::vector<const Describer*> DescriberVec;\n private:\n  DescriberVec describers_;\n  ::std::vector<const Describer*> direct_;\n};\n}\n}\n',
      'm.cc': '#include "m.h"\nnamespace testing {\nnamespace internal {\nvoid Impl::Describe(int* os) const {\n  describers_[0]->DescribeTo(os);\n  direct_[0]->DescribeTo(os);\n}\n}\n}\n',
      // others of the names, so no unique-name guess can stand in
      'other.h': 'class Other {\n public:\n  bool IsInterested() const;\n  void Run();\n  void DescribeTo(int* os) const;\n  static void Print(int v, int* os);\n};\n',
      'result.h': '#include <vector>\nnamespace testing {\nclass TestProperty {\n public:\n  void SetValue(int v) {}\n};\nclass TestResult {\n  std::vector<TestProperty> props_;\n public:\n' +
        '  void Record(int v) {\n    const std::vector<TestProperty>::iterator key = props_.begin();\n    key->SetValue(v);\n  }\n};\n}\n',
      'values.h': 'class Values {\n public:\n  void SetValue(int v);\n};\n',
      'calc.h': 'namespace s {\nstruct daily_calculator {\n  static int calc_filename(int a) { return a; }\n};\nstruct hourly_calculator {\n  static int calc_filename(int a) { return a; }\n};\n' +
        'template <typename Mutex, typename FileNameCalc = daily_calculator>\nclass daily_sink {\n public:\n  int rotate(int now) { return FileNameCalc::calc_filename(now); }\n};\n' +
        'template <typename Calc>\nclass bare_sink {\n public:\n  int rotate(int now) { return Calc::calc_filename(now); }\n};\n}\n',
      'print.h': 'namespace testing {\nnamespace internal {\ntemplate <typename T>\nclass UniversalPrinter {\n public:\n  static void Print(const T& value, int* os) {}\n};\n' +
        'template <typename T1>\nvoid UniversalPrint(const T1& value, int* os) { UniversalPrinter<T1>::Print(value, os); }\n}\n}\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'm.h::testing.internal.Impl.Explain', 'IsInterested'), ['m.h::testing.Listener.IsInterested', 'exact']);
      assert.deepEqual(callTo(ix.store, 'm.h::testing.internal.Impl.Start', 'Run'), ['m.h::testing.internal.ThreadBase.Run', 'exact']);
      assert.deepEqual(callsTo(ix.store, 'm.cc::testing.internal.Impl.Describe', 'DescribeTo').map((e) => [e.to, e.resolution]), [['m.h::testing.Describer.DescribeTo', 'exact'], ['m.h::testing.Describer.DescribeTo', 'exact']]);
      // a container's iterator, written out, is used as its element
      assert.deepEqual(callTo(ix.store, 'result.h::testing.TestResult.Record', 'SetValue'), ['result.h::testing.TestProperty.SetValue', 'exact']);
      // a template parameter's default stands for it; one without a default is not known
      assert.deepEqual(callTo(ix.store, 'calc.h::s.daily_sink.rotate', 'calc_filename'), ['calc.h::s.daily_calculator.calc_filename', 'exact']);
      assert.deepEqual(callTo(ix.store, 'calc.h::s.bare_sink.rotate', 'calc_filename'), [null, 'unresolved']);
      // (a template's type arguments in a qualified call's receiver)
      assert.deepEqual(callTo(ix.store, 'print.h::testing.internal.UniversalPrint', 'Print'), ['print.h::testing.internal.UniversalPrinter.Print', 'exact']);
    });
  });
});

describe('index: C library names and one-function-per-file libraries', function () {
  this.timeout(30000);
  it('a prototype\'s definition is the one in the file named after it; a C library name never binds by guess, only through a project header', async () => {
    await withIndexedProject({
      'include/libiberty.h': 'void *xmalloc (unsigned long n);\n',
      'libiberty/xmalloc.c': '#include "libiberty.h"\nvoid *\nxmalloc (unsigned long n)\n{\n  return 0;\n}\n',
      // a unit test's own xmalloc, under #ifdef UNIT_TEST in the real sort.c
      'libiberty/sort.c': '#include "libiberty.h"\nvoid *xmalloc (unsigned long n) { return 0; }\n',
      'src/main.c': '#include "../include/libiberty.h"\n#include <string.h>\nint main(void) { xmalloc (4); return strcmp ("a", "b"); }\n',
      // a test program of the project defines its own strcmp
      'testsuite/prog.c': 'int strcmp (const char *a, const char *b) { return 0; }\n',
      // a project without a C library declares and defines it (the kernel's lib/string.c)
      'kernel/include/kstring.h': 'int strlen_k (const char *s);\nunsigned long strlen (const char *s);\n',
      'kernel/lib/string.c': '#include "../include/kstring.h"\nunsigned long strlen (const char *s) { return 0; }\n',
      'kernel/main.c': '#include "include/kstring.h"\nint kmain(void) { return strlen ("x"); }\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/main.c::main', 'xmalloc'), ['libiberty/xmalloc.c::xmalloc', 'import']);
      assert.deepEqual(callTo(ix.store, 'src/main.c::main', 'strcmp'), [null, 'unresolved']);
      assert.deepEqual(callTo(ix.store, 'kernel/main.c::kmain', 'strlen'), ['kernel/lib/string.c::strlen', 'import']);
    });
  });
});

describe('index: C++ methods defined out of line in another file', function () {
  this.timeout(30000);
  it('their bodies see the class\'s fields and methods (b-inl.h, b.cpp), overloads find their own definitions, and an alias the preprocessor chooses is never guessed at', async () => {
    await withIndexedProject({
      'ns/b.h': '#pragma once\n#include <atomic>\nnamespace ns {\nclass Q { public: void push(int v); };\nclass B {\npublic:\n  void enable();\n  int at();\n  int at(int i);\nprivate:\n  void flush_();\n  std::atomic<bool> enabled_{false};\n  Q messages_;\n};\n}\n',
      'ns/b-inl.h': '#include "b.h"\nnamespace ns {\nvoid B::enable() {\n  enabled_.store(true);\n  messages_.push(1);\n  flush_();\n}\nvoid B::flush_() {}\nint B::at() { return at(0); }\nint B::at(int i) { return i; }\n}\n',
      // a method of the same name elsewhere: no guess may take it for std::atomic's
      'x/a.h': 'namespace x { struct A { void store(bool v); }; }\n',
      // an alias the preprocessor chooses (spdlog's level_t), and one it does not
      'ns/level.h': '#pragma once\n#include "b.h"\nnamespace ns {\nstruct null_atomic { int load() const; };\n#if defined(NO_ATOMIC)\nusing level_t = null_atomic;\n#else\nusing level_t = std::atomic<int>;\n#endif\nusing queue_t = Q;\nstruct L { level_t level_; queue_t q_; int get() { q_.push(1); return level_.load(); } };\n}\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'ns/level.h::ns.L.get', 'load'), [null, 'unresolved']);
      assert.deepEqual(callTo(ix.store, 'ns/level.h::ns.L.get', 'push'), ['ns/b.h::ns.Q.push', 'exact']);
      assert.deepEqual(callTo(ix.store, 'ns/b-inl.h::ns.B.enable', 'store'), [null, 'unresolved']);
      assert.deepEqual(callTo(ix.store, 'ns/b-inl.h::ns.B.enable', 'push'), ['ns/b.h::ns.Q.push', 'exact']);
      assert.deepEqual(callTo(ix.store, 'ns/b-inl.h::ns.B.enable', 'flush_'), ['ns/b-inl.h::ns.B.flush_', 'scope']);
      assert.deepEqual(callTo(ix.store, 'ns/b-inl.h::ns.B.at', 'at'), ['ns/b-inl.h::ns.B.at#2', 'scope']);
    });
  });
});

describe('index: C++ members of a dependent base, named through it', function () {
  this.timeout(30000);
  it('`base_sink<Mutex>::formatter_->format()` is the base\'s field\'s method', async () => {
    await withIndexedProject({
      'ns/sink.h': 'namespace ns {\nclass F { public: void format(int m); };\ntemplate<typename Mutex>\nclass base_sink { protected: F *formatter_; };\ntemplate<typename Mutex>\nclass file_sink : public base_sink<Mutex> {\n  void sink_it_(int m) { base_sink<Mutex>::formatter_->format(m); }\n};\n}\n',
      'x/other.h': 'namespace x { struct G { void format(int m); }; }\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'ns/sink.h::ns.file_sink.sink_it_', 'format'), ['ns/sink.h::ns.F.format', 'exact']);
    });
  });
});

describe('index: C++ receivers, namespaces and export macros', function () {
  this.timeout(30000);
  const files = {
    // the export macro kept the class from being read at all
    'include/geo/shape.hpp': '#pragma once\n#define GEO_API\nnamespace geo {\nclass GEO_API Shape {\npublic:\n  int area() const;\n  static Shape make();\n};\n}\n',
    // the namespace reopened in another header
    'include/geo/canvas.hpp': '#pragma once\n#include <memory>\n#include "shape.hpp"\nnamespace geo {\nstruct Canvas { Shape* current; Shape& pick(); std::shared_ptr<Shape> shared; };\nusing ShapeRef = Shape;\n}\n',
    'src/shape.cpp': '#include "geo/shape.hpp"\nnamespace geo {\nint Shape::area() const { return 1; }\nShape Shape::make() { return Shape(); }\n}\n',
    'src/main.cpp': [
      '#include "geo/canvas.hpp"',
      'template <typename Ctx> int fill(Ctx& ctx) { return ctx.flood(); }',
      'struct Painter { int flood(); };',
      'int draw(geo::Canvas& c, const geo::Shape& s, geo::ShapeRef r) {',
      '  auto t = geo::Shape::make();',
      '  geo::Shape* p = new geo::Shape();',
      '  return s.area() + p->area() + t.area() + c.current->area() + c.pick().area() + c.shared->area() + r.area();',
      '}',
    ].join('\n') + '\n',
  };

  it('types parameters, locals, fields, `auto`, smart pointers, aliases and return types; members of a namespace reopened elsewhere; a class behind an export macro', async () => {
    await withIndexedProject(files, async (ix) => {
      const area = callsTo(ix.store, 'src/main.cpp::draw', 'area');
      assert.equal(area.length, 7);
      for (const e of area) assert.deepEqual({ to: e.to, resolution: e.resolution }, { to: 'src/shape.cpp::geo.Shape.area', resolution: 'exact' });
      assert.deepEqual(callTo(ix.store, 'src/main.cpp::draw', 'make'), ['src/shape.cpp::geo.Shape.make', 'import']);
      assert.deepEqual(callTo(ix.store, 'src/main.cpp::draw', 'pick'), ['include/geo/canvas.hpp::geo.Canvas.pick', 'exact']);
      // a type parameter is no type from outside the project: the one method of that name is guessed
      assert.deepEqual(callTo(ix.store, 'src/main.cpp::fill', 'flood'), ['src/main.cpp::Painter.flood', 'heuristic']);
      assert.equal(edgeFrom(ix.store, 'src/main.cpp::fill', 'Ctx', 'references'), undefined, 'the type parameter is no reference');
    });
  });
});

describe('index: Rust receivers', function () {
  this.timeout(30000);
  it('types parameters, lets (annotated, struct literals, constructor calls), fields, return types, `Self` and `this: &mut Self`', async () => {
    await withIndexedProject({
      'src/shape.rs': [
        'pub struct Shape { pub w: u32 }',
        'impl Shape {',
        '    pub fn new(w: u32) -> Self { Shape { w } }',
        '    pub fn area(&self) -> u32 { self.w }',
        '    pub fn grow(&mut self) -> &mut Shape { self }',
        '    pub fn reset(this: &mut Self) -> u32 { this.area() }',
        '}',
      ].join('\n') + '\n',
      'src/lib.rs': [
        'mod shape;',
        'use crate::shape::Shape;',
        'pub struct Canvas { current: Shape }',
        'impl Canvas {',
        '    pub fn pick(&self) -> &Shape { &self.current }',
        '    pub fn draw(&self, s: &Shape) -> u32 {',
        '        let t = Shape::new(2);',
        '        let u: Shape = Shape::new(3);',
        '        let v = Shape { w: 4 };',
        '        let g = t.grow();',
        '        s.area() + t.area() + u.area() + v.area() + self.current.area() + self.pick().area() + g.area()',
        '    }',
        '}',
        // a second `area` method: an unknown receiver could not be guessed
        'pub struct Circle;',
        'impl Circle { pub fn area(&self) -> u32 { 0 } }',
      ].join('\n') + '\n',
    }, async (ix) => {
      const area = callsTo(ix.store, 'src/lib.rs::Canvas.draw', 'area');
      assert.equal(area.length, 7);
      for (const e of area) assert.deepEqual({ to: e.to, resolution: e.resolution }, { to: 'src/shape.rs::Shape.area', resolution: 'exact' });
      assert.deepEqual(callTo(ix.store, 'src/lib.rs::Canvas.draw', 'grow'), ['src/shape.rs::Shape.grow', 'exact']);
      assert.deepEqual(callTo(ix.store, 'src/shape.rs::Shape.reset', 'area'), ['src/shape.rs::Shape.area', 'exact']);
    });
  });

  it('`for x in &xs` and `xs.iter()` over a Vec give its elements; a Box derefs to what it holds', () =>
    withIndexedProject({
      'src/lib.rs': [
        'pub struct Lit { n: u32 }',
        'impl Lit { pub fn cut(&mut self) {} }',
        'pub struct Other;',
        'impl Other { pub fn cut(&mut self) {} }',
        'pub struct Lits { lits: Vec<Lit>, first: Box<Lit> }',
        'impl Lits {',
        '    pub fn all(&mut self, more: Vec<Lit>) {',
        '        for lit in &mut self.lits { lit.cut(); }',
        '        for l in more.iter() { l.cut(); }',
        '        self.first.cut();',
        '        for n in self.names() { n.cut(); }',
        '    }',
        '    fn names(&self) -> Vec<String> { vec![] }',
        '}',
      ].join('\n') + '\n',
    }, async (ix) => {
      const cut = callsTo(ix.store, 'src/lib.rs::Lits.all', 'cut').map((e) => `${e.to} ${e.resolution}`);
      assert.deepEqual(cut, ['src/lib.rs::Lit.cut exact', 'src/lib.rs::Lit.cut exact', 'src/lib.rs::Lit.cut exact', 'null unresolved'], 'a String from a Vec<String> is no project type');
    }));

  it('`clone()`, a RefCell\'s `borrow_mut()`, `xs.last().unwrap()` and an Option\'s `unwrap()` give what they are called on, or what it holds', () =>
    withIndexedProject({
      'src/lib.rs': [
        'use std::cell::RefCell;',
        'pub struct Set { n: u32 }',
        'impl Set { pub fn union(&mut self) {} }',
        'pub struct Other;',
        'impl Other { pub fn union(&mut self) {} pub fn clear(&mut self) {} }',
        'pub struct Parser { sets: RefCell<Vec<Set>>, cur: RefCell<Set> }',
        'impl Parser {',
        '    pub fn run(&self, s: Set) {',
        '        let mut t = s.clone();',
        '        t.union();',
        '        self.cur.borrow_mut().union();',
        '        self.sets.borrow_mut().last().unwrap().union();',
        '        self.sets.borrow_mut().clear();',
        '        self.top().unwrap().union();',
        '    }',
        '    fn top(&self) -> Option<Set> { None }',
        '}',
      ].join('\n') + '\n',
    }, async (ix) => {
      const got = (name: string) => callsTo(ix.store, 'src/lib.rs::Parser.run', name).map((e) => `${e.to} ${e.resolution}`);
      assert.deepEqual(got('union'), Array(4).fill('src/lib.rs::Set.union exact'));
      assert.deepEqual(got('clear'), ['null unresolved'], "a Vec's own clear() is never guessed to be Other's");
    }));

  it('a qualified type (`ast::parse::Builder`) is the one in that module\'s file, never a same-named one here; `fmt::Formatter` is from outside', () =>
    withIndexedProject({
      'src/lib.rs': 'pub mod ast;\npub mod parser;\npub struct Formatter;\nimpl Formatter { pub fn write_str(&self) {} }\n',
      'src/ast/mod.rs': 'pub mod parse;\n',
      'src/ast/parse.rs': 'pub struct Builder;\nimpl Builder { pub fn build(&self) {} }\n',
      'src/parser.rs': [
        'use crate::ast;',
        'use std::fmt;',
        'pub struct Builder { ast: ast::parse::Builder }',
        'impl Builder {',
        '    pub fn build(&self, f: &mut fmt::Formatter) { self.ast.build(); f.write_str(); }',
        '}',
      ].join('\n') + '\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/parser.rs::Builder.build', 'build'), ['src/ast/parse.rs::Builder.build', 'exact']);
      assert.deepEqual(callTo(ix.store, 'src/parser.rs::Builder.build', 'write_str'), [null, 'unresolved'], "std's Formatter is not the crate's");
    }));

  it('a pattern one level in, through a module path a parameter of the same name does not shadow; what a project Iterator gives', () =>
    withIndexedProject({
      'src/lib.rs': 'pub mod hir;\npub mod print;\n',
      'src/hir/mod.rs': [
        'pub enum Class { Unicode(ClassUnicode) }',
        'pub struct ClassUnicode { n: u32 }',
        'impl ClassUnicode { pub fn iter(&self) -> RangeIter<\'_> { RangeIter { n: &self.n } } }',
        'pub struct Range;',
        'impl Range { pub fn start(&self) -> u32 { 0 } }',
        'pub struct RangeIter<\'a> { n: &\'a u32 }',
        'impl<\'a> Iterator for RangeIter<\'a> { type Item = &\'a Range; fn next(&mut self) -> Option<&\'a Range> { None } }',
        'pub enum HirKind { Class(Class) }',
        'pub struct Hir { kind: HirKind }',
        // a second `start` and `iter`: nothing could be guessed by a unique name
        'pub struct Other;',
        'impl Other { pub fn start(&self) {} pub fn iter(&self) {} }',
      ].join('\n') + '\n',
      'src/print.rs': [
        'use crate::hir::{self, Hir, HirKind};',
        'pub fn visit(hir: &Hir, k: &HirKind) {',
        '    match *k {',
        '        HirKind::Class(hir::Class::Unicode(ref cls)) => { for r in cls.iter() { r.start(); } }',
        '    }',
        '}',
      ].join('\n') + '\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/print.rs::visit', 'iter'), ['src/hir/mod.rs::ClassUnicode.iter', 'exact']);
      assert.deepEqual(callTo(ix.store, 'src/print.rs::visit', 'start'), ['src/hir/mod.rs::Range.start', 'exact']);
    }));

  it('a tuple variant or struct pattern binds what it holds (`Ast::Group(ref x) => x.span()`, `if let`, `id.0`)', () =>
    withIndexedProject({
      'src/lib.rs': [
        'pub struct Group { n: u32 }',
        'impl Group { pub fn span(&self) -> u32 { 0 } }',
        'pub struct Lit;',
        'impl Lit { pub fn span(&self) -> u32 { 1 } }',
        'pub struct Id(Lit);',
        'pub enum Ast { Group(Group), Lit(Box<Lit>), Empty }',
        'impl Ast {',
        '    pub fn span(&self) -> u32 {',
        '        match *self {',
        '            Ast::Group(ref x) => x.span(),',
        '            Ast::Lit(ref mut x) => x.span(),',
        '            Ast::Empty => 0,',
        '        }',
        '    }',
        '    pub fn first(&self, id: Id) -> u32 {',
        '        if let Ast::Group(g) = self { return g.span(); }',
        '        id.0.span()',
        '    }',
        '}',
      ].join('\n') + '\n',
    }, async (ix) => {
      const got = (from: string) => callsTo(ix.store, from, 'span').map((e) => `${e.to} ${e.resolution}`);
      // the same name `x` in two arms: each arm's own
      assert.deepEqual(got('src/lib.rs::Ast.span'), ['src/lib.rs::Group.span exact', 'src/lib.rs::Lit.span exact']);
      assert.deepEqual(got('src/lib.rs::Ast.first'), ['src/lib.rs::Group.span exact', 'src/lib.rs::Lit.span exact']);
    }));

  it('imports from the crate root, `{self}` and `pub use`; `super` in an inline module; a method never a field; calls in macro arguments', async () => {
    await withIndexedProject({
      'src/lib.rs': 'pub mod ast;\npub mod parse;\npub fn is_meta(c: char) -> bool { c == \'.\' }\n',
      'src/ast/mod.rs': [
        'pub use self::visitor::visit;',
        'mod visitor;',
        'pub struct Concat { pattern: String }',
        'impl Concat {',
        '    pub fn pattern(&self) -> &str { &self.pattern }',
        '    pub fn into_ast(self) -> u32 { 1 }',
        '}',
      ].join('\n') + '\n',
      'src/ast/visitor.rs': 'pub fn visit() {}\n',
      'src/parse.rs': [
        'use crate::ast::{self, Concat};',
        'use crate::is_meta;',
        'pub fn run(c: ast::Concat, d: Concat) -> usize {',
        '    is_meta(\'a\');',
        '    ast::visit();',
        '    assert_eq!(c.into_ast(), 1);',
        '    let v = vec![format!("{}", d.pattern())];',
        '    c.pattern().len() + v.len()',
        '}',
        'mod tests {',
        '    use super::*;',
        '    fn t(c: Concat) { assert!(run(c, c) > 0); }',
        '}',
      ].join('\n') + '\n',
    }, async (ix) => {
      const from = 'src/parse.rs::run';
      assert.deepEqual(callTo(ix.store, from, 'is_meta'), ['src/lib.rs::is_meta', 'import'], '`use crate::f` names the crate root\'s item');
      assert.deepEqual(callTo(ix.store, from, 'visit'), ['src/ast/visitor.rs::visit', 'import'], '`ast` is the module (`{self}`), which re-exports `visit`');
      assert.deepEqual(callTo(ix.store, from, 'into_ast'), ['src/ast/mod.rs::Concat.into_ast', 'exact'], 'a call in assert_eq!\'s arguments, typed through `ast::Concat`');
      const pattern = callsTo(ix.store, from, 'pattern');
      assert.equal(pattern.length, 2, 'one call in format!(...) inside vec![...], one outside');
      // the field `pattern` came first: the method is `pattern#2`
      for (const e of pattern) assert.deepEqual([e.to, e.resolution], ['src/ast/mod.rs::Concat.pattern#2', 'exact'], '`c.pattern()` is the method, not the field');
      assert.deepEqual(callTo(ix.store, 'src/parse.rs::tests.t', 'run'), ['src/parse.rs::run', 'scope'], '`use super::*` in `mod tests` is this file');
    });
  });
});

describe('index: PHP receivers', function () {
  this.timeout(30000);
  it('types parameters (nullable too), `new` assignments, typed and promoted properties, return types; `save` is declared twice, so nothing is guessed', async () => {
    await withIndexedProject({
      'src/Repo.php': '<?php\nnamespace App;\nclass Repo {\n  public function save(User $u): bool { return true; }\n  public function make(): Repo { return new Repo(); }\n}\nclass User { public function name(): string { return \'\'; } }\nclass Other { public function save() {} }\n',
      'src/Service.php': [
        '<?php',
        'namespace App;',
        'class Service {',
        '  private Repo $repo;',
        '  public function __construct(private Repo $store) {}',
        '  public function run(Repo $r, ?User $u) {',
        '    $x = new Repo();',
        '    $r->save($u);',
        '    $x->save($u);',
        '    $this->repo->save($u);',
        '    $this->store->save($u);',
        '    $r->make()->save($u);',
        '    return $u->name();',
        '  }',
        '}',
      ].join('\n') + '\n',
    }, async (ix) => {
      const save = callsTo(ix.store, 'src/Service.php::Service.run', 'save');
      assert.equal(save.length, 5);
      for (const e of save) assert.equal(e.to, 'src/Repo.php::Repo.save');
      assert.equal(callTo(ix.store, 'src/Service.php::Service.run', 'name')[0], 'src/Repo.php::User.name');
    });
  });

  it('an untyped property given `new Repo()` in the constructor or another method', async () => {
    await withIndexedProject({
      'src/Repo.php': '<?php\nclass Repo { public function save() {} }\nclass Other { public function save() {} }\nclass User { public function name() {} }\nclass Pet { public function name() {} }\n',
      'src/Svc.php': '<?php\nclass Svc {\n  private $repo;\n  private $user;\n  public function __construct() { $this->user = new User(); }\n  public function boot() { $this->repo = new Repo(); }\n  public function run() { $this->repo->save(); return $this->user->name(); }\n}\n',
    }, async (ix) => {
      assert.equal(callTo(ix.store, 'src/Svc.php::Svc.run', 'save')[0], 'src/Repo.php::Repo.save');
      assert.equal(callTo(ix.store, 'src/Svc.php::Svc.run', 'name')[0], 'src/Repo.php::User.name');
    });
  });

  it('a property given a typed parameter, a local given what a call returns; `$e->getMessage()` is Throwable\'s', async () => {
    await withIndexedProject({
      'src/Repo.php': '<?php\nnamespace App;\nclass Repo { public function save() {} public function user(): User { return new User(); } }\nclass Other { public function save() {} }\nclass User { public function name() {} }\nclass Pet { public function name() {} }\nclass Bar { public function getMessage() {} }\n',
      'src/Svc.php': '<?php\nnamespace App;\nclass Svc {\n  private $repo;\n  public function __construct(Repo $repo) { $this->repo = $repo; }\n  public function run() {\n    $this->repo->save();\n    $u = $this->repo->user();\n    try { $u->name(); } catch (Exception $e) { $e->getMessage(); }\n  }\n}\n',
    }, async (ix) => {
      // (`save` and `name` are declared twice: only the receiver's type binds them)
      assert.deepEqual(callTo(ix.store, 'src/Svc.php::Svc.run', 'save'), ['src/Repo.php::Repo.save', 'exact'], '$this->repo = $repo');
      assert.deepEqual(callTo(ix.store, 'src/Svc.php::Svc.run', 'name'), ['src/Repo.php::User.name', 'exact'], '$u = $this->repo->user()');
      assert.deepEqual(callTo(ix.store, 'src/Svc.php::Svc.run', 'getMessage'), [null, 'unresolved'], 'not the one project method of the name');
    });
  });

  it('a class of the file\'s own folder (its namespace, as PSR-4 lays it out) before a same-named one elsewhere', async () => {
    await withIndexedProject({
      'src/A/Node.php': '<?php\nnamespace App\\A;\nclass Node { public function run() {} }\n',
      'src/B/Node.php': '<?php\nnamespace App\\B;\nclass Node { public function run() {} }\n',
      'src/A/Walker.php': '<?php\nnamespace App\\A;\nclass Walker {\n  public function go(Node $n) { $n->run(); }\n}\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/A/Walker.php::Walker.go', 'run'), ['src/A/Node.php::Node.run', 'exact']);
    });
  });
});

describe('index: Kotlin, Swift, Java and C# receivers', function () {
  this.timeout(30000);
  it('a capitalized receiver the project declares nothing of is a type from outside, and Kotlin\'s standard functions are its own: neither is guessed (C#, Swift, Kotlin)', () =>
    withIndexedProject({
      'src/Gen.cs': 'using System.Linq.Expressions;\nclass Gen {\n  object Parameter(string n) { return n; }\n  object Make() { Helper.Build(); return Expression.Parameter(typeof(int)); }\n}\nclass Helper { public static void Build() {} }\n',
      'src/Either.kt': 'class Either {\n  fun first(): Int = 1\n  fun left(): Int = 2\n}\nfun pick(xs: dynamic) = xs.first()\nfun guess(x: dynamic) = x.left()\n',
      'src/View.swift': 'struct View {\n  static func make() -> View { return View() }\n  func copy() -> View { return Self.make() }\n  func reset() { URLProtocol.registerClass(View.self) }\n}\nclass Reg { func registerClass(_ c: Any) {} }\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/Gen.cs::Gen.Make', 'Parameter'), [null, 'unresolved'], 'System.Linq.Expressions.Expression\'s');
      assert.deepEqual(callTo(ix.store, 'src/Gen.cs::Gen.Make', 'Build')[0], 'src/Gen.cs::Helper.Build');
      assert.deepEqual(callTo(ix.store, 'src/View.swift::View.reset', 'registerClass'), [null, 'unresolved'], 'Foundation\'s URLProtocol');
      assert.deepEqual(callTo(ix.store, 'src/View.swift::View.copy', 'make'), ['src/View.swift::View.make', 'exact'], '`Self` is the enclosing type');
      assert.deepEqual(callTo(ix.store, 'src/Either.kt::pick', 'first'), [null, 'unresolved'], 'Kotlin\'s List.first(), not the one project method');
      assert.deepEqual(callTo(ix.store, 'src/Either.kt::guess', 'left'), ['src/Either.kt::Either.left', 'heuristic'], 'a name no library has is still guessed');
    }));

  // `save` is declared twice (Repo, Other): only a typed receiver binds it
  const check = async (files: Record<string, string>, service: string, repo: string, user: string, min = 8) => withIndexedProject(files, async (ix) => {
    const calls = edges(ix.store, 'calls').filter((e) => e.from === service && ['save', 'make', 'name'].includes(e.target.toLowerCase()));
    assert.ok(calls.length >= min, JSON.stringify(calls));
    for (const e of calls) assert.deepEqual({ to: e.to, resolution: e.resolution }, { to: `${e.target.toLowerCase() === 'name' ? user : repo}.${e.target}`, resolution: 'exact' }, JSON.stringify(e));
  });

  it('Kotlin: parameters (nullable too), constructor properties, typed and initialised properties and locals, return types', () =>
    check({ 'src/Repo.kt': "package app\nclass User { fun name(): String = \"\" }\nclass Repo {\n    fun save(u: User): Boolean = true\n    fun make(): Repo = Repo()\n}\nclass Other { fun save() {} }\n", 'src/Service.kt': "package app\nclass Service(private val store: Repo) {\n    private val repo: Repo = Repo()\n    fun run(r: Repo, u: User?): String {\n        val x = Repo()\n        val y: Repo? = null\n        r.save(u!!)\n        x.save(u)\n        this.repo.save(u)\n        store.save(u)\n        r.make().save(u)\n        y?.save(u)\n        return u.name()\n    }\n}\n" }, 'src/Service.kt::Service.run', 'src/Repo.kt::Repo', 'src/Repo.kt::User'));

  it('Swift: parameters, typed and initialised properties and locals, optionals, return types', () =>
    check({ 'src/Repo.swift': "class User { func name() -> String { return \"\" } }\nclass Repo {\n    func save(_ u: User) -> Bool { return true }\n    func make() -> Repo { return Repo() }\n}\nclass Other { func save() {} }\n", 'src/Service.swift': "class Service {\n    var repo: Repo\n    let store: Repo? = nil\n    init(store: Repo) { self.repo = store }\n    func run(_ r: Repo, u: User) -> String {\n        let x = Repo()\n        let y: Repo = r.make()\n        r.save(u)\n        x.save(u)\n        y.save(u)\n        self.repo.save(u)\n        store?.save(u)\n        r.make().save(u)\n        return u.name()\n    }\n}\n" }, 'src/Service.swift::Service.run', 'src/Repo.swift::Repo', 'src/Repo.swift::User'));

  it('Java: `var` locals typed by their initialiser (`new Repo()`, `r.make()`), return types', () =>
    check({ 'src/A.java': "class Repo { boolean save(User u) { return true; } Repo make() { return new Repo(); } }\nclass User { String name() { return \"\"; } }\nclass Other { void save() {} }\nclass Service {\n  String run(Repo r, User u) {\n    var x = new Repo();\n    var y = r.make();\n    x.save(u);\n    y.save(u);\n    r.make().save(u);\n    return u.name();\n  }\n}\n" }, 'src/A.java::Service.run', 'src/A.java::Repo', 'src/A.java::User', 6));

  it('C#: a type is seen from its namespace, the ones around it and the `using`s, whatever folder declares it; a partial type\'s parts are one type', () =>
    withIndexedProject({
      'lib/Group.cs': 'namespace Acme.Lib\n{\n  public partial class Group\n  {\n    public Group(bool a) { }\n    public void Add(string s) { }\n  }\n  public static class Tools { public static void Once() { } }\n}\n',
      'lib/Group.Search.cs': 'namespace Acme.Lib\n{\n  public partial class Group : Base\n  {\n    public void Find() { Add("x"); Check(); }\n  }\n}\n',
      'lib/Base.cs': 'namespace Acme.Lib\n{\n  public class Base { public void Check() { } }\n}\n',
      'lib/deep/Inner.cs': 'namespace Acme.Lib.Deep\n{\n  class Inner { void Go() { Tools.Once(); } }\n}\n',
      'other/Tools.cs': 'namespace Acme.Other\n{\n  public static class Tools { public static void Once() { } }\n  public class Group { public void Add(string s) { } }\n}\n',
      'app/Use.cs': 'using Acme.Lib;\n\nnamespace Acme.App\n{\n  class User\n  {\n    void Go()\n    {\n      var g = new Group(true);\n      g.Find();\n      g.Add("s");\n      g.Check();\n      Tools.Once();\n    }\n  }\n}\n',
      'app/Both.cs': 'using Acme.Lib;\nusing Acme.Other;\n\nnamespace Acme.App\n{\n  class Both { void Go() { Tools.Once(); } }\n}\n',
      'app/Static.cs': 'using static Acme.Lib.Tools;\n\nnamespace Acme.App\n{\n  class Bare { void Go() { Once(); } }\n}\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'app/Static.cs::Acme.App.Bare.Go', 'Once'), ['lib/Group.cs::Acme.Lib.Tools.Once', 'import'], 'using static: the class\'s members by their bare names');
      const go = 'app/Use.cs::Acme.App.User.Go';
      assert.deepEqual(edgeFrom(ix.store, go, 'Group', 'instantiates'), { kind: 'instantiates', resolution: 'import', from: go, to: 'lib/Group.cs::Acme.Lib.Group', target: 'Group' }, 'the part with the constructor; other/ has a Group too');
      assert.deepEqual(callTo(ix.store, go, 'Find'), ['lib/Group.Search.cs::Acme.Lib.Group.Find', 'exact'], 'a member of the other part');
      assert.deepEqual(callTo(ix.store, go, 'Add'), ['lib/Group.cs::Acme.Lib.Group.Add', 'exact']);
      assert.deepEqual(callTo(ix.store, go, 'Check'), ['lib/Base.cs::Acme.Lib.Base.Check', 'exact'], 'the base class one part names');
      assert.equal(callTo(ix.store, go, 'Once')[0], 'lib/Group.cs::Acme.Lib.Tools.Once');
      const find = 'lib/Group.Search.cs::Acme.Lib.Group.Find';
      assert.deepEqual(callTo(ix.store, find, 'Add'), ['lib/Group.cs::Acme.Lib.Group.Add', 'scope'], 'a bare name in one part is the other part\'s member');
      assert.equal(callTo(ix.store, find, 'Check')[0], 'lib/Base.cs::Acme.Lib.Base.Check');
      assert.equal(callTo(ix.store, 'lib/deep/Inner.cs::Acme.Lib.Deep.Inner.Go', 'Once')[0], 'lib/Group.cs::Acme.Lib.Tools.Once', 'Acme.Lib.Deep sees Acme.Lib');
      assert.deepEqual(callTo(ix.store, 'app/Both.cs::Acme.App.Both.Go', 'Once'), [null, 'unresolved'], 'two usings give a Tools each: ambiguous');
    }));

  it('C#: a `global using` opens its namespace in every file, and a sync that adds, changes or removes one resolves the other files again', () =>
    withIndexedProject({
      'GlobalUsings.cs': 'global using Acme.Models;\nglobal using static Acme.Models.Tools;\n',
      'models/Item.cs': 'namespace Acme.Models\n{\n  public class Item { public void Touch() { } }\n  public static class Tools { public static void Once() { } }\n}\n',
      'other/Item.cs': 'namespace Acme.Other\n{\n  public class Item { public void Touch() { } }\n  public static class Tools { public static void Once() { } }\n}\n',
      'app/Main.cs': 'namespace Acme.App\n{\n  class Main\n  {\n    void Run()\n    {\n      var i = new Item();\n      i.Touch();\n      Once();\n    }\n  }\n}\n',
    }, async (ix, root) => {
      const run = 'app/Main.cs::Acme.App.Main.Run';
      const now = () => [edgeFrom(ix.store, run, 'Item', 'instantiates')?.to ?? null, callTo(ix.store, run, 'Touch')[0], callTo(ix.store, run, 'Once')[0]];
      assert.deepEqual(now(), ['models/Item.cs::Acme.Models.Item', 'models/Item.cs::Acme.Models.Item.Touch', 'models/Item.cs::Acme.Models.Tools.Once'], 'other/ has an Item and a Tools too');
      writeFileSync(join(root, 'GlobalUsings.cs'), 'global using Acme.Other;\nglobal using static Acme.Other.Tools;\n');
      await ix.sync();
      assert.deepEqual(now(), ['other/Item.cs::Acme.Other.Item', 'other/Item.cs::Acme.Other.Item.Touch', 'other/Item.cs::Acme.Other.Tools.Once'], 'Main.cs, not parsed again, follows the changed global using');
      unlinkSync(join(root, 'GlobalUsings.cs'));
      await ix.sync();
      assert.deepEqual(now(), [null, null, null], 'no using: two Items, not guessed');
    }));

  it('C#: a `global using` holds in its file\'s folder and below (its project), not in another project\'s', () =>
    withIndexedProject({
      'tests/GlobalUsings.cs': 'global using Acme.Fakes;\n',
      'tests/Fakes.cs': 'namespace Acme.Fakes\n{\n  public class Timer { public void Tick() { } }\n}\n',
      'tests/unit/Use.cs': 'namespace Acme.Tests\n{\n  class Use { void Go() { new Timer().Tick(); } }\n}\n',
      'src/Other.cs': 'namespace Acme.Other\n{\n  public class Timer { public void Tick() { } }\n}\n',
      'src/Job.cs': 'namespace Acme.App\n{\n  class Job { void Go() { new Timer().Tick(); } }\n}\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'tests/unit/Use.cs::Acme.Tests.Use.Go', 'Tick'), ['tests/Fakes.cs::Acme.Fakes.Timer.Tick', 'exact']);
      assert.deepEqual(callTo(ix.store, 'src/Job.cs::Acme.App.Job.Go', 'Tick'), [null, 'unresolved'], 'src/ is another project: two Timers, neither in sight');
    }));

  it('C#: a static property\'s type, foreach and catch variables, a using alias, a type by its namespace path; a built-in or unseen type\'s member and a delegate field are no call targets', () =>
    withIndexedProject({
      'lib/Store.cs': 'namespace Acme.Lib\n{\n  public delegate string Fn(string s);\n  public class Store\n  {\n    public Fn Function;\n    public void Save() { }\n    public string Run(string s) { return Function(s); }\n    public struct Key { public void Check() { } }\n  }\n  public class Failure : System.Exception { public void Log() { } }\n  public class Flags { public int DateTime; public static void Parse(string s) { } }\n}\n',
      'app/Program.cs': 'using System;\nusing Acme.Lib;\nusing S = Acme.Lib.Store;\n\nnamespace Acme\n{\n  public static class Program\n  {\n    public static Store Current { get { return null; } }\n    public static void Main(Store[] all)\n    {\n      Program.Current.Save();\n      foreach (Store x in all) x.Save();\n      foreach (var y in all) y.Save();\n      try { } catch (Failure f) { f.Log(); }\n      new S().Save();\n      var a = new Acme.Lib.Store();\n      var b = new Lib.Store.Key();\n      int.Parse("1");\n      DateTime.Parse("x");\n      Current.Function("s");\n    }\n  }\n}\n',
    }, async (ix) => {
      const main = 'app/Program.cs::Acme.Program.Main';
      const save = callsTo(ix.store, main, 'Save');
      assert.equal(save.length, 4, JSON.stringify(save));
      for (const e of save) assert.deepEqual([e.to, e.resolution], ['lib/Store.cs::Acme.Lib.Store.Save', 'exact'], JSON.stringify(e));
      assert.deepEqual(callTo(ix.store, main, 'Log'), ['lib/Store.cs::Acme.Lib.Failure.Log', 'exact']);
      const made = edges(ix.store, 'instantiates').filter((e) => e.from === main).map((e) => [e.target, e.to]);
      assert.deepEqual(made, [['S', 'lib/Store.cs::Acme.Lib.Store'], ['Store', 'lib/Store.cs::Acme.Lib.Store'], ['Key', 'lib/Store.cs::Acme.Lib.Store.Key']]);
      assert.deepEqual(callsTo(ix.store, main, 'Parse').map((e) => e.to), [null, null], 'int\'s and System.DateTime\'s, not Flags.Parse');
      assert.deepEqual(callTo(ix.store, main, 'Function'), [null, 'unresolved'], 'a delegate the field holds');
      assert.deepEqual(callTo(ix.store, 'lib/Store.cs::Acme.Lib.Store.Run', 'Function'), [null, 'unresolved']);
    }));

  it('C#: a file-scoped namespace holds the rest of its file; an extension method in sight is its receiver type\'s member (or a base type\'s), chosen by overload; one taking more arguments is no interface method from outside', () =>
    withIndexedProject({
      'lib/Widget.cs': 'namespace Acme.Lib;\n\npublic class Base { }\npublic class Widget : Base { public void Show() { } }\n',
      'lib/Ext.cs': 'using Microsoft.Outside;\n\nnamespace Acme.Lib.Extensions;\n\npublic static class WidgetExt\n{\n  public static void Shout(this Widget w, int times) { }\n  public static void Shout(this Widget w, string text) { }\n  public static void Tag(this Base b) { }\n  public static bool Next(this IReader r, ref bool ok) { return ok; }\n  public static string Emit(this ISymbol s) { return ""; }\n}\n',
      'app/Use.cs': 'using Acme.Lib;\nusing Acme.Lib.Extensions;\nusing Microsoft.Outside;\n\nnamespace Acme.App;\n\npublic class User\n{\n  public void Go(Widget w, IReader r, INamedSymbol s)\n  {\n    w.Shout("hey");\n    w.Shout(2);\n    w.Tag();\n    r.Next();\n    s.Emit();\n  }\n}\n',
      'app/Blind.cs': 'using Acme.Lib;\n\nnamespace Acme.Other;\n\npublic class Blind { public void Go(Widget w) { w.Tag(); } }\n',
    }, async (ix) => {
      const go = 'app/Use.cs::Acme.App.User.Go';
      assert.ok(ix.store.prepare('SELECT 1 FROM nodes WHERE uid = ?').get('lib/Widget.cs::Acme.Lib.Widget.Show'), 'the namespace is in the qualified name');
      assert.deepEqual(callsTo(ix.store, go, 'Shout').map((e) => [e.to, e.resolution]), [['lib/Ext.cs::Acme.Lib.Extensions.WidgetExt.Shout#2', 'import'], ['lib/Ext.cs::Acme.Lib.Extensions.WidgetExt.Shout', 'import']]);
      assert.deepEqual(callTo(ix.store, go, 'Tag'), ['lib/Ext.cs::Acme.Lib.Extensions.WidgetExt.Tag', 'import'], 'an extension of its base class');
      assert.deepEqual(callTo(ix.store, go, 'Next'), [null, 'unresolved'], 'IReader\'s own Next(), from outside');
      assert.deepEqual(callTo(ix.store, go, 'Emit'), ['lib/Ext.cs::Acme.Lib.Extensions.WidgetExt.Emit', 'heuristic'], 'both types from outside: a guess');
      assert.deepEqual(callTo(ix.store, 'app/Blind.cs::Acme.Other.Blind.Go', 'Tag'), [null, 'unresolved'], 'no using brings the extensions in sight');
    }));

  it('C#: the framework\'s collections give their elements: an index, First(), a foreach, a map\'s value and a KeyValuePair\'s Value; an anonymous method\'s parameters are typed', () =>
    withIndexedProject({
      'src/Store.cs': 'using System.Collections.Generic;\nusing System.Linq;\nclass Store { public void Save() { } }\nclass Other { public void Save() { } }\nclass Use\n{\n  void Run(List<Store> xs, Dictionary<string, Store> byName, Store[] arr)\n  {\n    xs[0].Save();\n    xs.First().Save();\n    xs.Where(x => true).Last().Save();\n    byName["a"].Save();\n    arr[1].Save();\n    foreach (var kv in byName) kv.Value.Save();\n    foreach (KeyValuePair<string, Store> p in byName) p.Value.Save();\n    System.Predicate<Store> f = delegate(Store s) { s.Save(); return true; };\n  }\n}\n',
    }, async (ix) => {
      const save = callsTo(ix.store, 'src/Store.cs::Use.Run', 'Save');
      assert.equal(save.length, 8, JSON.stringify(save));
      for (const e of save) assert.deepEqual([e.to, e.resolution], ['src/Store.cs::Store.Save', 'exact'], JSON.stringify(e));
    }));

  it('C#: `this.M()` and `base.M()` are calls (keywords in the grammar, not names): the class\'s own and the base class\'s', () =>
    withIndexedProject({
      'src/Engine.cs': 'class Engine { public virtual void Init() { } }\nclass Fast : Engine\n{\n  public override void Init() { base.Init(); this.Tune(); }\n  void Tune() { }\n}\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/Engine.cs::Fast.Init', 'Init'), ['src/Engine.cs::Engine.Init', 'exact']);
      assert.deepEqual(callTo(ix.store, 'src/Engine.cs::Fast.Init', 'Tune'), ['src/Engine.cs::Fast.Tune', 'exact']);
    }));

  it('C#: `var` locals typed by their initialiser, return types', () =>
    check({ 'src/A.cs': "class Repo { public bool Save(User u) { return true; } public Repo Make() { return new Repo(); } }\nclass User { public string Name() { return \"\"; } }\nclass Other { public void Save() {} }\nclass Service {\n  string Run(Repo r, User u) {\n    var x = new Repo();\n    var y = r.Make();\n    x.Save(u);\n    y.Save(u);\n    r.Make().Save(u);\n    return u.Name();\n  }\n}\n" }, 'src/A.cs::Service.Run', 'src/A.cs::Repo', 'src/A.cs::User', 6));
});

describe('index: Ruby receivers', function () {
  this.timeout(30000);
  it('`x = Repo.new` and `@repo = Repo.new` in initialize type the receiver (`save` is declared twice, so no guess could)', async () => {
    await withIndexedProject({ 'lib/repo.rb': "class User\n  def name; ''; end\nend\nclass Repo\n  def save(u); true; end\nend\nclass Other\n  def save; end\nend\n", 'lib/service.rb': "require_relative 'repo'\nclass Service\n  def initialize\n    @repo = Repo.new\n  end\n  def run(u)\n    x = Repo.new\n    x.save(u)\n    @repo.save(u)\n  end\nend\n" }, async (ix) => {
      const save = callsTo(ix.store, 'lib/service.rb::Service.run', 'save');
      assert.equal(save.length, 2);
      for (const e of save) assert.equal(e.to, 'lib/repo.rb::Repo.save');
    });
  });

  it('`@user = User.new` in another method than initialize types the instance variable', async () => {
    await withIndexedProject({ 'lib/repo.rb': "class User\n  def name; ''; end\nend\nclass Pet\n  def name; ''; end\nend\n", 'lib/session.rb': "require_relative 'repo'\nclass Session\n  def initialize\n    @user = nil\n  end\n  def login\n    @user = User.new\n  end\n  def greet\n    @user.name\n  end\nend\n" }, async (ix) => {
      // (Ruby names cross files unimported: User itself is found by its unique name)
      assert.equal(callTo(ix.store, 'lib/session.rb::Session.greet', 'name')[0], 'lib/repo.rb::User.name', 'Pet has a name too: only the type tells');
    });
  });

  it('a core method\'s name on an unknown receiver is not the one project method of the name; another name still is', async () => {
    await withIndexedProject({
      'lib/list.rb': "class List\n  def last; @items[-1]; end\n  def flatten; self; end\n  def checkout(x); x; end\nend\n",
      'lib/use.rb': "class Use\n  def run(rows, cart)\n    rows.last\n    rows.flatten.compact\n    cart.checkout(1)\n  end\nend\n",
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'lib/use.rb::Use.run', 'last'), [null, 'unresolved'], 'most likely Array#last');
      assert.deepEqual(callTo(ix.store, 'lib/use.rb::Use.run', 'flatten'), [null, 'unresolved']);
      assert.deepEqual(callTo(ix.store, 'lib/use.rb::Use.run', 'checkout'), ['lib/list.rb::List.checkout', 'heuristic']);
    });
  });
});

describe('index: Python locals typed by assignments', function () {
  this.timeout(30000);
  it('each of several assignments holds from its line; a function call is typed by its return annotation; `cls()` is the class', async () => {
    await withIndexedProject({
      'app/models.py': [
        'class A:',
        '    def f(self): pass',
        '    def g(self): pass',
        'class B:',
        '    def f(self): pass',
        '    def g(self): pass',
        '    @classmethod',
        '    def build(cls):',
        '        obj = cls()',
        '        return obj.g()',
        'def make() -> B:',
        '    return B()',
        'def helper():',
        '    return 1',
      ].join('\n') + '\n',
      'app/run.py': [
        'from app import models',
        'from app.models import A, B, make, helper',
        'def run():',
        '    q = A()',
        '    q.f()',
        '    q = B()',
        '    q.g()',
        '    m = make()',
        '    m.f()',
        '    n = models.A()',
        '    n.g()',
        '    h = helper()',
        '    h.f()',
      ].join('\n') + '\n',
    }, async (ix) => {
      const rows = ix.store.prepare(`SELECT e.line, e.target, d.uid AS "to", e.resolution FROM edges e JOIN nodes s ON s.id = e.src LEFT JOIN nodes d ON d.id = e.dst
        WHERE s.uid = 'app/run.py::run' AND e.target IN ('f', 'g') ORDER BY e.line`).all<{ line: number; target: string; to: string | null; resolution: string }>().map((r) => `${r.line} ${r.target} -> ${r.to} ${r.resolution}`);
      assert.deepEqual(rows, [
        '5 f -> app/models.py::A.f exact',
        '7 g -> app/models.py::B.g exact',
        '9 f -> app/models.py::B.f exact',
        '11 g -> app/models.py::A.g exact',
        // `helper()` has no annotation: `h` is not known (f is declared twice, so no guess)
        '13 f -> null unresolved',
      ]);
      assert.deepEqual(callTo(ix.store, 'app/models.py::B.build', 'g'), ['app/models.py::B.g', 'exact']);
    });
  });
});

describe('index: Go packages by import path', function () {
  this.timeout(30000);
  const files = {
    'fmt/doc.go': '// Package fmt formats.\npackage fmt\n',
    // a method declared apart from its type, named as the package's function: never `fmt.Sprintf`
    'fmt/a_verb.go': 'package fmt\n\nfunc (v Verb) Sprintf() string { return "" }\n',
    'fmt/print.go': 'package fmt\n\ntype Verb rune\n\nfunc Sprintf(format string, a ...any) string { return format }\n',
    'fmt/export_test.go': 'package fmt\n\nfunc Internal() int { return 1 }\n',
    'fmt/fmt_test.go': 'package fmt_test\n\nimport "fmt"\n\nfunc TestX() { fmt.Internal() }\n',
    'net/http/server.go': 'package http\n\nimport "fmt"\n\ntype Code int\n\nfunc Serve() string { fmt.Internal(); _ = Code(fmt.Verb(1)); return fmt.Sprintf("x") }\n',
  };
  const sprintf = (goMod: string) => withIndexedProject({ ...files, 'go.mod': goMod }, async (ix) => {
    const imports = edges(ix.store, 'imports').filter((e) => e.from === 'net/http/server.go').map((e) => e.to).sort();
    const rows = ix.store.prepare("SELECT count(*) AS n FROM file_imports i JOIN files f ON f.id = i.file_id WHERE f.path = 'net/http/server.go'").get<{ n: number }>()!.n;
    const internal = [edgeFrom(ix.store, 'net/http/server.go::Serve', 'Internal', 'calls')?.to, edgeFrom(ix.store, 'fmt/fmt_test.go::TestX', 'Internal', 'calls')?.to];
    const conversions = ['Code', 'Verb'].map((n) => edgeFrom(ix.store, 'net/http/server.go::Serve', n));
    return { call: edgeFrom(ix.store, 'net/http/server.go::Serve', 'Sprintf', 'calls'), imports, rows, internal, conversions };
  });

  it("binds `fmt.Sprintf` to the project's fmt folder in Go's own source tree (module std)", async () => {
    const { call, imports, rows, internal, conversions } = await sprintf('module std\n\ngo 1.19\n');
    // a call that names a type converts to it
    assert.deepEqual(conversions.map((e) => [e?.kind, e?.to]), [['instantiates', 'net/http/server.go::Code'], ['instantiates', 'fmt/print.go::Verb']]);
    assert.equal(call?.to, 'fmt/print.go::Sprintf');
    assert.equal(call?.resolution, 'import');
    // the file depends on every file of the package but its tests; the import itself is one row
    assert.deepEqual(imports, ['fmt/a_verb.go', 'fmt/doc.go', 'fmt/print.go']);
    assert.equal(rows, 1);
    // what a package's tests export is for its external test package only
    assert.deepEqual(internal, [null, 'fmt/export_test.go::Internal']);
  });

  it("binds a method declared in another file of its type's package, the type's own before an embedded one's, through fields", async () => {
    await withIndexedProject({
      'go.mod': 'module example.com/app\n\ngo 1.19\n',
      'check/check.go': 'package check\n\ntype Reporter struct{}\n\nfunc (r *Reporter) Errorf(s string) {}\n\ntype Checker struct {\n\tReporter\n\tHolder\n}\n',
      'check/errors.go': 'package check\n\nfunc (c *Checker) report(s string) {}\n\nfunc (c *Checker) Errorf(s string) { c.report(s) }\n',
      'check/stmt.go': 'package check\n\nfunc (c *Checker) stmt() { c.report("x"); c.Errorf("y"); c.conf.mode(); c.items[0].name(); c.fd.Dup() }\n',
      'check/config.go': 'package check\n\ntype Config struct{}\n\ntype Item struct{}\n\nfunc (i Item) name() string { return "" }\n\ntype Holder struct {\n\tconf  *Config\n\titems []Item\n\tfd    *FD\n}\n',
      'check/more.go': 'package check\n\nfunc (c *Config) mode() int { return 0 }\n',
      // one type per platform: a method of either is the type's
      'check/fd_unix.go': 'package check\n\ntype FD struct{}\n\nfunc (fd *FD) Dup() {}\n',
      'check/fd_aix.go': `package check\n\n${'// the AIX variant\n'.repeat(40)}type FD struct{}\n`,
      'other/other.go': 'package other\n\ntype Checker struct{}\n\nfunc (c *Checker) report(s string) {}\n',
    }, async (ix) => {
      const call = (from: string, target: string) => callTo(ix.store, from, target);
      assert.deepEqual(call('check/stmt.go::Checker.stmt', 'report'), ['check/errors.go::Checker.report', 'exact']);
      // through a struct's fields: a pointer, a slice's element, a type declared per platform
      assert.deepEqual(call('check/stmt.go::Checker.stmt', 'mode'), ['check/more.go::Config.mode', 'exact']);
      assert.deepEqual(call('check/stmt.go::Checker.stmt', 'name'), ['check/config.go::Item.name', 'exact']);
      assert.deepEqual(call('check/stmt.go::Checker.stmt', 'Dup'), ['check/fd_unix.go::FD.Dup', 'exact']);
      assert.deepEqual(call('check/errors.go::Checker.Errorf', 'report'), ['check/errors.go::Checker.report', 'exact']);
      // Checker's own Errorf (errors.go) shadows the embedded Reporter's (check.go)
      assert.deepEqual(call('check/stmt.go::Checker.stmt', 'Errorf'), ['check/errors.go::Checker.Errorf', 'exact']);
    });
  });

  it("a declaration per platform: the caller's platform first, then the one for every platform", async () => {
    await withIndexedProject({
      'go.mod': 'module example.com/app\n\ngo 1.19\n',
      'sys/file.go': 'package sys\n\ntype File struct{}\n',
      'sys/file_plan9.go': 'package sys\n\nfunc (f *File) Fd() uintptr { return 0 }\n\nfunc open() int { return 9 }\n',
      'sys/file_windows.go': 'package sys\n\nfunc (f *File) Fd() uintptr { return 1 }\n\nfunc open() int { return 1 }\n',
      'sys/file_unix.go': 'package sys\n\nfunc (f *File) Fd() uintptr { return 2 }\n\nfunc open() int { return 2 }\n',
      'sys/use_windows.go': 'package sys\n\nfunc useW(f *File) { f.Fd(); open() }\n',
      'sys/use.go': 'package sys\n\nfunc use(f *File) { f.Fd(); open() }\n',
    }, async (ix) => {
      assert.deepEqual([callTo(ix.store, 'sys/use_windows.go::useW', 'Fd')[0], callTo(ix.store, 'sys/use_windows.go::useW', 'open')[0]], ['sys/file_windows.go::File.Fd', 'sys/file_windows.go::open']);
      // `_unix` is a build tag by convention, not a GOOS: a file for every platform here
      assert.deepEqual([callTo(ix.store, 'sys/use.go::use', 'Fd')[0], callTo(ix.store, 'sys/use.go::use', 'open')[0]], ['sys/file_unix.go::File.Fd', 'sys/file_unix.go::open']);
    });
  });

  it('a local function value (`b2i := func(...)`, `var f = func()`) is what its name calls, not the package\'s function of the name', () =>
    withIndexedProject({
      'go.mod': 'module x\n\ngo 1.19\n',
      'a.go': 'package x\n\nfunc b2i(b bool) int64 { return 0 }\n\nfunc f() {}\n\nfunc use(x bool) int {\n\tb2i := func(b bool) int { return 1 }\n\tvar f = func() {}\n\tf()\n\treturn b2i(x)\n}\n\nfunc other(x bool) int64 { f(); return b2i(x) }\n',
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 'a.go::use', 'b2i').map((e) => [e.to, e.resolution]), [[null, 'unresolved']]);
      assert.deepEqual(callsTo(ix.store, 'a.go::use', 'f').map((e) => [e.to, e.resolution]), [[null, 'unresolved']]);
      assert.deepEqual(callTo(ix.store, 'a.go::other', 'b2i'), ['a.go::b2i', 'scope'], 'outside the function, the package\'s');
      assert.deepEqual(callTo(ix.store, 'a.go::other', 'f'), ['a.go::f', 'scope']);
    }));

  it('a //go:build line: calls bind to the declaration built, not to one for another Go version or tag, nor to a test file\'s', async () => {
    await withIndexedProject({
      'go.mod': 'module example.com/app\n\ngo 1.19\n',
      'lib/a_old.go': '//go:build !go1.8\n\npackage lib\n\nfunc start() int { return 0 }\n\nfunc Start() int { return 0 }\n',
      'lib/b_tools.go': '//go:build ignore || (purego && !cgo)\n\npackage lib\n\nfunc start() int { return 2 }\n\nfunc Start() int { return 2 }\n',
      'lib/z_new.go': '//go:build go1.8 && (cgo || !cgo)\n\npackage lib\n\nfunc start() int { return 1 }\n\nfunc Start() int { return 1 }\n',
      'lib/a_test.go': 'package lib\n\nfunc start() int { return 3 }\n\nfunc helper() {}\n',
      'lib/t.go': 'package lib\n\ntype T struct{}\n',
      'lib/t_conv.go': 'package lib\n\nfunc (t *T) int64() int64 { return 0 }\n',
      'lib/use.go': 'package lib\n\nfunc use() { start(); helper(); int64(1) }\n',
      'app/main.go': 'package main\n\nimport "example.com/app/lib"\n\nfunc main() { lib.Start() }\n',
    }, async (ix) => {
      assert.equal(callTo(ix.store, 'lib/use.go::use', 'start')[0], 'lib/z_new.go::start');
      assert.equal(callTo(ix.store, 'lib/use.go::use', 'helper')[0], null, "a test file's function is no name of the package's code");
      assert.equal(callTo(ix.store, 'lib/use.go::use', 'int64')[0], null, 'a method (its type in another file) is no bare name');
      assert.equal(callTo(ix.store, 'app/main.go::main', 'Start')[0], 'lib/z_new.go::Start');
    });
  });

  it('follows a package as its files come and go (incremental syncs)', async () => {
    await withIndexedProject({
      'go.mod': 'module example.com/app\n\ngo 1.19\n',
      'util/a.go': 'package util\n\nfunc A() int { return 1 }\n',
      'main.go': 'package main\n\nimport "example.com/app/util"\n\nfunc main() { util.A(); util.B(); _ = util.Code(2) }\n',
    }, async (ix, root) => {
      const to = (name: string) => edgeFrom(ix.store, 'main.go::main', name, 'calls')?.to;
      assert.deepEqual([to('A'), to('B')], ['util/a.go::A', null]);
      writeFileSync(join(root, 'util/b.go'), 'package util\n\ntype Code int\n\nfunc B() int { return 2 }\n');
      await ix.sync();
      assert.deepEqual([to('A'), to('B')], ['util/a.go::A', 'util/b.go::B']);
      // main.go depends on the package's new file too, though only b.go was parsed
      assert.deepEqual(edges(ix.store, 'imports').filter((e) => e.from === 'main.go').map((e) => e.to).sort(), ['util/a.go', 'util/b.go']);
      // an unresolved call that turns out to be a conversion is an instantiation now
      const code = edgeFrom(ix.store, 'main.go::main', 'Code');
      assert.deepEqual([code?.kind, code?.to], ['instantiates', 'util/b.go::Code']);
      // the file the import's row named goes: the package is still there
      unlinkSync(join(root, 'util/a.go'));
      await ix.sync();
      assert.deepEqual([to('A'), to('B')], [null, 'util/b.go::B']);
      assert.deepEqual(edges(ix.store, 'imports').filter((e) => e.from === 'main.go').map((e) => e.to), ['util/b.go']);
    });
  });

  it('makes a method declared above its type a member of it, in a full index and after an edit', async () => {
    await withIndexedProject({ 'srv.go': 'package srv\n\nfunc (s *Server) Serve() { s.newConn() }\n\nfunc (s *Server) newConn() {}\n\ntype Server struct{ n int }\n' }, async (ix, root) => {
      const state = () => {
        const contains = edges(ix.store, 'contains').filter((e) => e.from === 'srv.go::Server').map((e) => e.to).sort();
        const ids = ix.store.prepare("SELECT id FROM nodes WHERE uid LIKE 'srv.go::Server.%' ORDER BY uid").all<{ id: number }>().map((r) => Number(r.id));
        return { contains, call: edgeFrom(ix.store, 'srv.go::Server.Serve', 'newConn', 'calls')?.to, ids };
      };
      const full = state();
      assert.deepEqual(full.contains, ['srv.go::Server.Serve', 'srv.go::Server.n', 'srv.go::Server.newConn']);
      assert.equal(full.call, 'srv.go::Server.newConn');
      writeFileSync(join(root, 'srv.go'), 'package srv\n\n// Serve serves.\nfunc (s *Server) Serve() { s.newConn() }\n\nfunc (s *Server) newConn() {}\n\ntype Server struct{ n int }\n');
      await ix.sync();
      // the same graph, the members keeping their ids
      assert.deepEqual(state(), full);
    });
  });

  it('leaves a one-element import of another module unresolved (it is the standard library there)', async () => {
    assert.equal((await sprintf('module example.com/app\n\ngo 1.19\n')).call?.to, null);
  });
});

describe('index: a call on an unknown receiver is not guessed onto a project method when it is external', function () {
  this.timeout(30000);
  it('a receiver imported from outside the project, or a regex pattern or match: unresolved; one of ours still binds', async () => {
    await withIndexedProject({
      'tools.py': [
        'class TemplateCommand:',
        '    def splitext(self, path):',
        '        return path',
        '',
        'class WordsRegex:',
        '    def search(self, text):',
        '        return text',
        '',
        'class Loader:',
        '    def get_migration(self, name):',
        '        return name',
        '',
      ].join('\n'),
      'app.py': [
        'import os',
        'import re',
        'import unicodedata',
        '',
        'def handle(path, loader, text):',
        '    os.path.splitext(path)',
        '    unicodedata.normalize("NFKC", text)',
        '    pattern = re.compile("x")',
        '    m = pattern.search(text)',
        '    m.groups()',
        '    loader.get_migration("0001")',
        '',
      ].join('\n'),
    }, async (ix) => {
      const call = (target: string) => edges(ix.store, 'calls').find((e) => e.from === 'app.py::handle' && e.target === target);
      assert.equal(call('splitext')?.to, null, 'os.path is not ours');
      assert.equal(call('normalize')?.resolution, 'unresolved');
      assert.equal(call('search')?.to, null, 'a compiled pattern\'s search');
      assert.equal(call('groups')?.to, null, 'a match\'s groups');
      // an unknown receiver with a unique method of the project: still the guess
      assert.deepEqual([call('get_migration')?.to, call('get_migration')?.resolution], ['tools.py::Loader.get_migration', 'heuristic']);
    });
  });
});

describe('index: JavaScript and TypeScript member calls (factories, fluent chains)', function () {
  this.timeout(30000);
  it('a method name a factory\'s nested function shares is not unique: no guess; a unique one still binds', async () => {
    await withIndexedProject({
      'src/webgl/state.js': 'export function WebGLState(gl) {\n  function bindTexture(t) { gl.bindTexture(t); }\n  return { bindTexture };\n}\n',
      'src/fallback/state.js': 'export class FallbackState {\n  bindTexture(t) { return t; }\n  setLineWidth(w) { return w; }\n}\n',
      'src/renderer.js': 'export function render(state, t) {\n  state.bindTexture(t);\n  state.setLineWidth(2);\n}\n',
    }, async (ix) => {
      const call = (target: string) => callTo(ix.store, 'src/renderer.js::render', target);
      assert.deepEqual(call('bindTexture'), [null, 'unresolved']);
      assert.deepEqual(call('setLineWidth'), ['src/fallback/state.js::FallbackState.setLineWidth', 'heuristic']);
    });
  });

  it('follows a cycle of `export *` to a name 9 files in, and stops on one it never finds; walks 15 generations of classes', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`src/cyc/c${i}.ts`] = `export * from './c${(i + 1) % 12}';\nexport function f${i}() {}\n`;
    for (let i = 0; i < 16; i++) {
      files[`src/h/k${i}.ts`] = i === 0 ? 'export class K0 {\n  base() {}\n}\n'
        : `import { K${i - 1} } from './k${i - 1}';\nexport class K${i} extends K${i - 1} {\n  m${i}() { this.base(); }\n}\n`;
    }
    files['src/use.ts'] = "import { f9, nothere } from './cyc/c0';\nexport function main() { f9(); nothere(); }\n";
    await withIndexedProject(files, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/use.ts::main', 'f9'), ['src/cyc/c9.ts::f9', 'import'], 'nine hops of `export *` (six had been the bound)');
      assert.deepEqual(callTo(ix.store, 'src/use.ts::main', 'nothere'), [null, 'unresolved'], 'the cycle ends');
      assert.deepEqual(callTo(ix.store, 'src/h/k15.ts::K15.m15', 'base'), ['src/h/k0.ts::K0.base', 'exact'], 'fifteen generations up (ten had been the bound)');
    });
  });

  it("a callback chosen by a conditional takes the callee's parameter type, in either branch", async () => {
    await withIndexedProject({
      'src/obs.ts': [
        'export class Subscriber<T> { next(v: T): void {} complete(): void {} }',
        'export class Observable<T> { constructor(subscribe?: (this: Observable<T>, subscriber: Subscriber<T>) => void) {} }',
        'export function make(f: (s: Subscriber<number>) => void) {}',
      ].join('\n'),
      'src/use.ts': [
        "import { Observable, make } from './obs';",
        'export function range(fast: boolean) {',
        '  make(fast ? (s) => { s.complete(); } : s => { s.next(1); });',
        '  return new Observable<number>(fast ? (sub) => { sub.next(1); } : (sub) => { sub.complete(); });',
        '}',
      ].join('\n'),
    }, async (ix) => {
      // one call of each on line 3 (a call's callback) and one on line 4 (a constructor's)
      const calls = (target: string) => callsTo(ix.store, 'src/use.ts::range', target).map((e) => `${e.to} ${e.resolution}`);
      assert.deepEqual(calls('next'), ['src/obs.ts::Subscriber.next exact', 'src/obs.ts::Subscriber.next exact']);
      assert.deepEqual(calls('complete'), ['src/obs.ts::Subscriber.complete exact', 'src/obs.ts::Subscriber.complete exact']);
    });
  });

  it('a fluent chain: a method that returns `this` (or is typed `this`) gives its class to the next call', async () => {
    await withIndexedProject({
      'src/vec.js': 'export class Vec {\n  copy(v) { this.x = v.x; return this; }\n  normalize() { return 1; }\n}\n',
      'src/box.ts': 'export class Box {\n  expand(n: number): this { return this; }\n  area(): number { return 1; }\n}\n',
      'src/other.js': 'export class Other {\n  normalize() { return 2; }\n}\n',
      'src/use.ts': "import { Vec } from './vec';\nimport { Box } from './box';\nconst v = new Vec();\nconst b = new Box();\nexport function f(w: Vec) { v.copy(w).normalize(); return b.expand(2).area(); }\n",
    }, async (ix) => {
      const call = (target: string) => callTo(ix.store, 'src/use.ts::f', target);
      assert.deepEqual(call('normalize'), ['src/vec.js::Vec.normalize', 'exact'], 'not the other class\'s, not unresolved');
      assert.deepEqual(call('area'), ['src/box.ts::Box.area', 'exact']);
    });
  });
});

describe('index: Python absolute imports by source root, and a class imported by name', function () {
  this.timeout(30000);
  it('`import math` is not a package\'s math.py; `src/` is a source root; `C.f()` of an imported class finds its base\'s f', async () => {
    await withIndexedProject({
      'src/shop/__init__.py': '',
      'src/shop/funcs/__init__.py': '',
      'src/shop/funcs/math.py': 'def floor(x):\n    return x\n',
      'src/shop/base.py': 'class Mixin:\n    @classmethod\n    def register(cls, x):\n        return x\n\ndef register(x):\n    return x\n',
      'src/shop/models.py': 'from shop.base import Mixin\n\nclass Field(Mixin):\n    pass\n',
      'src/app.py': [
        'import math',
        'from shop.models import Field',
        '',
        'def run(x):',
        '    Field.register(x)',
        '    return math.floor(x)',
        '',
      ].join('\n'),
    }, async (ix) => {
      const target = (local: string) => ix.store.prepare("SELECT g.path AS p FROM file_imports i JOIN files f ON f.id = i.file_id LEFT JOIN files g ON g.id = i.resolved_file_id WHERE f.path = 'src/app.py' AND i.local = ?").get<{ p: string | null }>(local)?.p ?? null;
      assert.equal(target('math'), null, 'the standard library\'s math');
      assert.equal(target('Field'), 'src/shop/models.py', '`shop` from the source root src/');
      assert.equal(edgeFrom(ix.store, 'src/app.py::run', 'floor', 'calls')?.to, null);
      assert.equal(edgeFrom(ix.store, 'src/app.py::run', 'register', 'calls')?.to, 'src/shop/base.py::Mixin.register', 'the class\'s, not base.py\'s function');
    });
  });
});

describe('index: Python packages and modules', function () {
  this.timeout(30000);
  let root: string;
  let ix: Indexer;
  before(async () => {
    // the project root is the package itself (`mypkg/` opened as the project), so its absolute
    // imports name a first segment that is no folder of the project
    root = makeProject({
      '__init__.py': '',
      'core/__init__.py': '',
      'core/exceptions.py': 'class ImproperlyConfigured(Exception):\n    pass\n',
      'core/checks/__init__.py': 'from .messages import Error\n',
      'core/checks/messages.py': 'class Error:\n    pass\n',
      'db/__init__.py': '',
      'db/models/__init__.py': 'from .fields import *\n',
      'db/models/fields.py': 'class CharField:\n    pass\n',
      'utils/translation.py': 'def gettext_lazy(s):\n    return s\n',
      'app.py': [
        'from mypkg.core.exceptions import ImproperlyConfigured',
        'from mypkg.core import checks',
        'from mypkg.db import models',
        'from mypkg.utils.translation import gettext_lazy as _',
        '',
        'class Base:',
        '    def run(self):',
        '        return 1',
        '',
        'class App(Base):',
        '    def run(self):',
        '        field = models.CharField()',
        '        _("label")',
        '        checks.Error()',
        '        super().run()',
        '        raise ImproperlyConfigured()',
        '',
        'class Old(Base):',
        '    def stop(self):',
        '        return 2',
        '',
        '    def run(self):',
        '        return super(Old, self).run()',
        '',
      ].join('\n'),
    });
    ix = await Indexer.open(root);
    await ix.sync();
  });
  after(() => { ix.close(); removeProject(root); });

  const to = (name: string) => edges(ix.store).find((e) => e.from === 'app.py::App.run' && e.target === name && e.kind !== 'references')?.to;

  it('reads an absolute import from the root when the project is the package itself', () => {
    assert.equal(to('ImproperlyConfigured'), 'core/exceptions.py::ImproperlyConfigured');
  });

  it('takes `from pkg import mod` as the submodule, and a package\'s `import *` as its own names', () => {
    assert.equal(to('Error'), 'core/checks/messages.py::Error');
    assert.equal(to('CharField'), 'db/models/fields.py::CharField');
  });

  it('binds a name imported as `_` and a call on `super()`', () => {
    assert.equal(to('_'), 'utils/translation.py::gettext_lazy');
    assert.equal(to('run'), 'app.py::Base.run');
  });

  it('binds a call on `super(Cls, self)` to what Cls inherits', () => {
    assert.deepEqual(callTo(ix.store, 'app.py::Old.run', 'run'), ['app.py::Base.run', 'exact']);
  });
});

describe('index: Java packages, imports and receivers (as javac binds them on the JDK\'s own sources)', function () {
  this.timeout(30000);
  // every name is declared twice (org/decoy), so no unique-name guess can bind it
  const decoy = 'package org.decoy;\npublic class Decoy { int abs(int x) { return x; } boolean isEqual(byte[] a, byte[] b) { return true; } int twice(int x) { return x; } int one() { return 1; }\n  void init() {} String getAlgorithm() { return ""; } int length() { return 0; } boolean isEmpty() { return true; } String getName() { return ""; }\n  String getMessage() { return ""; } Class<?> getClass() { return null; } void go() {} void paint() {} }\n';
  const files: Record<string, string> = {
    'src/java/lang/Object.java': 'package java.lang;\npublic class Object {\n  public final native Class<?> getClass();\n  protected native Object clone();\n}\n',
    // `super.clone()` of a class that only implements an interface declaring clone(): Object's
    'src/com/p/Params.java': 'package com.p;\ninterface Params {\n  Object clone();\n}\nclass CertParams implements Params {\n  public Object clone() { return super.clone(); }\n}\n',
    'src/java/lang/Math.java': 'package java.lang;\npublic final class Math {\n  public static int abs(int a) { return a; }\n}\n',
    'src/java/lang/String.java': 'package java.lang;\npublic final class String {\n  public int length() { return 0; }\n  public boolean isEmpty() { return true; }\n}\n',
    'src/java/lang/Class.java': 'package java.lang;\npublic final class Class<T> {\n  public String getName() { return null; }\n}\n',
    'src/java/lang/Enum.java': 'package java.lang;\npublic abstract class Enum<E extends Enum<E>> {\n  public final String name() { return null; }\n}\n',
    'src/java/lang/Runnable.java': 'package java.lang;\npublic interface Runnable {\n  void run();\n}\n',
    'src/java/lang/Throwable.java': 'package java.lang;\npublic class Throwable {\n  public String getMessage() { return null; }\n}\n',
    'src/java/lang/RuntimeException.java': 'package java.lang;\npublic class RuntimeException extends Throwable {\n}\n',
    'src/java/lang/Error.java': 'package java.lang;\npublic class Error extends Throwable {\n}\n',
    'src/java/security/Key.java': 'package java.security;\npublic interface Key {\n  String getAlgorithm();\n}\n',
    'src/java/security/Digest.java': 'package java.security;\npublic class Digest {\n  public static boolean isEqual(byte[] a, byte[] b) { return true; }\n}\n',
    'src/com/p/Util.java': 'package com.p;\nclass Util {\n  static int twice(int x) { return 2 * x; }\n}\n',
    'src/com/q/Single.java': 'package com.q;\npublic class Single {\n  public static int one() { return 1; }\n}\n',
    'src/com/p/Secret.java': 'package com.p;\ninterface Secret extends java.security.Key {\n}\n',
    'src/com/p/Sym.java': 'package com.p;\nclass Sym {\n  void init() {}\n}\n',
    'src/com/p/Base.java': 'package com.p;\nclass Base {\n  final Sym sym = new Sym();\n}\n',
    'src/com/p/Outer.java': 'package com.p;\nclass Outer {\n  static class Inner {\n    void go() {}\n  }\n}\n',
    'src/com/p/Color.java': 'package com.p;\nenum Color {\n  RED;\n  void paint() {}\n}\n',
    'src/org/decoy/Decoy.java': decoy,
    'src/org/decoy/Math.java': 'package org.decoy;\npublic class Math { public static int abs(int a) { return a; } }\n',
    'src/org/decoy/Runnable.java': 'package org.decoy;\npublic interface Runnable { void run(); }\n',
    'src/org/decoy/Digest.java': 'package org.decoy;\npublic class Digest { public static boolean isEqual(byte[] a, byte[] b) { return true; } }\n',
    'src/com/p/Wrap.java': [
      'package com.p;',
      '',
      'import java.security.*;',
      'import static com.p.Util.*;',
      'import static com.q.Single.one;',
      '',
      'class Wrap extends Base {',
      '  String[] keys() { return null; }',
      '  void work(byte[] a, Object o, Secret s) {',
      '    sym.init();',
      '    twice(1);',
      '    one();',
      '    int one = one();',
      '    Digest.isEqual(a, a);',
      '    Math.abs(-1);',
      '    "RAW".length();',
      '    Wrap.class.getName();',
      '    getClass();',
      '    s.getAlgorithm();',
      '    java.security.Digest.isEqual(a, a);',
      '    ((Sym) o).init();',
      '    new Outer.Inner().go();',
      '    new Runnable() { public void run() { helper(); } void helper() {} };',
      '    Color.RED.paint();',
      '    try { twice(2); } catch (RuntimeException e) { e.getMessage(); }',
      '    try { twice(3); } catch (RuntimeException | Error e2) { e2.getMessage(); }',
      '    var d = (Sym) o;',
      '    d.init();',
      '    for (String k : keys()) { k.isEmpty(); }',
      '    if (o instanceof Secret t) { t.getAlgorithm(); }',
      '  }',
      '}',
      '',
    ].join('\n'),
  };

  it('binds wildcard, static and implicit (java.lang) imports, qualified names, inherited fields, literals, casts, catch/for/instanceof locals, Object\'s members', () =>
    withIndexedProject(files, async (ix) => {
      const from = 'src/com/p/Wrap.java::Wrap.work';
      const got = edges(ix.store).filter((e) => e.from === from && (e.kind === 'calls' || e.kind === 'instantiates'))
        .map((e) => `${e.target} -> ${e.to ?? '?'} ${e.resolution}`);
      const want = (target: string, to: string) => assert.ok(got.some((g) => g.startsWith(`${target} -> ${to} `) && !g.endsWith('heuristic')), `${target} -> ${to} not in:\n  ${got.join('\n  ')}`);
      want('init', 'src/com/p/Sym.java::Sym.init'); // inherited field, and a cast
      assert.equal(got.filter((g) => g.startsWith('init -> src/com/p/Sym.java::Sym.init exact')).length, 3, got.join('\n')); // and `var d = (Sym) o`
      want('twice', 'src/com/p/Util.java::Util.twice'); // import static a.b.C.*
      // import static a.b.C.m; a local of the same name is no function value in Java
      assert.equal(got.filter((g) => g.startsWith('one -> src/com/q/Single.java::Single.one import')).length, 2, got.join('\n'));
      assert.equal(got.filter((g) => g.startsWith('isEqual -> src/java/security/Digest.java::Digest.isEqual')).length, 2, got.join('\n')); // a.b.*, and written out
      want('abs', 'src/java/lang/Math.java::Math.abs');
      want('length', 'src/java/lang/String.java::String.length');
      want('getName', 'src/java/lang/Class.java::Class.getName');
      want('getClass', 'src/java/lang/Object.java::Object.getClass');
      assert.equal(got.filter((g) => g.startsWith('getAlgorithm -> src/java/security/Key.java::Key.getAlgorithm')).length, 2, got.join('\n'));
      want('Inner', 'src/com/p/Outer.java::Outer.Inner');
      want('go', 'src/com/p/Outer.java::Outer.Inner.go');
      want('Runnable', 'src/java/lang/Runnable.java::Runnable');
      // an anonymous class's methods call each other by bare name
      assert.deepEqual(edges(ix.store, 'calls').filter((e) => e.target === 'helper').map((e) => `${e.from} -> ${e.to}`), ['src/com/p/Wrap.java::Wrap.work.run -> src/com/p/Wrap.java::Wrap.work.helper']);
      want('paint', 'src/com/p/Color.java::Color.paint');
      assert.equal(got.filter((g) => g.startsWith('getMessage -> src/java/lang/Throwable.java::Throwable.getMessage exact')).length, 2, got.join('\n')); // one catch a multi-catch
      want('isEmpty', 'src/java/lang/String.java::String.isEmpty');
      assert.equal(edgeFrom(ix.store, 'src/com/p/Params.java::CertParams.clone', 'clone', 'calls')?.to, 'src/java/lang/Object.java::Object.clone', 'super is the superclass, not the interface');
      assert.ok(!got.some((g) => g.includes('org/decoy')), got.join('\n'));
      // the wildcard import reaches the package's files, and the file depends on them
      const deps = edges(ix.store, 'imports').filter((e) => e.from === 'src/com/p/Wrap.java').map((e) => e.to).sort();
      assert.deepEqual(deps, ['src/com/p/Util.java', 'src/com/q/Single.java', 'src/java/security/Digest.java', 'src/java/security/Key.java']);
    }));
});

describe('index: overloads chosen by argument count and type (Java, C#, C++)', function () {
  this.timeout(30000);
  /** The calls from `from`, as `line target -> file:line of the declaration`. */
  const calls = (ix: { store: import('../../src/server/store/store').Store }, from: string) => ix.store.prepare(`SELECT e.line, e.target, f.path, d.start_line AS at FROM edges e
      JOIN nodes s ON s.id = e.src JOIN nodes d ON d.id = e.dst JOIN files f ON f.id = d.file_id WHERE s.uid = ? AND e.kind = 'calls' ORDER BY e.line, e.target`)
    .all<{ line: number; target: string; path: string; at: number }>(from).map((r) => `${r.line} ${r.target} -> ${r.path}:${r.at}`);

  it('Java: an overload that takes the arguments, in the type or above it, before one that does not (and never a field of the name)', () =>
    withIndexedProject({
      'src/com/o/Buffer.java': 'package com.o;\npublic abstract class Buffer {\n  private int position;\n  public final int position() { return 0; }\n  public Buffer position(int p) { return this; }\n}\n',
      'src/com/o/ByteBuffer.java': 'package com.o;\npublic abstract class ByteBuffer extends Buffer {\n  @Override\n  public ByteBuffer position(int p) { return this; }\n  void put(int a) {}\n  void put(int a, int b) {}\n  void put(byte[] a, int off, int len) {}\n  String format(String f, Object... args) { return f; }\n  int rel() { return position() + this.position(); }\n}\n',
      'src/com/o/User.java': 'package com.o;\nclass User {\n  void use(ByteBuffer b) {\n    b.position();\n    b.position(3);\n    b.put(1);\n    b.put(1, 2);\n    b.put(null, 0, 1);\n    b.format("x", 1, 2, 3);\n  }\n}\n',
    }, async (ix) => {
      assert.deepEqual(calls(ix, 'src/com/o/User.java::User.use'), [
        '4 position -> src/com/o/Buffer.java:4', '5 position -> src/com/o/ByteBuffer.java:3', // (from its @Override)
        '6 put -> src/com/o/ByteBuffer.java:5', '7 put -> src/com/o/ByteBuffer.java:6', '8 put -> src/com/o/ByteBuffer.java:7',
        '9 format -> src/com/o/ByteBuffer.java:8',
      ]);
      // bare and this. calls in the subclass reach the superclass's no-argument overload
      assert.deepEqual(calls(ix, 'src/com/o/ByteBuffer.java::ByteBuffer.rel'), ['9 position -> src/com/o/Buffer.java:4', '9 position -> src/com/o/Buffer.java:4']);
    }));

  it('Java: an overload whose parameter types take the arguments\' (a literal\'s, a local\'s, a field\'s, a call\'s return), above the type if need be', () =>
    withIndexedProject({
      'src/io/Out.java': 'package io;\npublic abstract class Out {\n  public abstract void write(int b);\n  public void write(byte[] b) {}\n  public void write(String s) {}\n  public void put(Integer n) {}\n}\n',
      'src/io/Bytes.java': 'package io;\npublic class Bytes extends Out {\n  public void write(int b) {}\n  public void write(byte[] b, int off, int len) {}\n  public void write(long n, boolean flag) {}\n  public void write(Integer n, Object o) {}\n  public void put(int n) {}\n}\n',
      'src/io/Use.java': [
        'package io;',
        'class Use {',
        '  byte[] buf;',
        '  String text() { return ""; }',
        '  void run(Bytes out, int n, byte[] data, Use other) {',
        '    byte legacy[] = data;',
        '    out.write(n);',
        '    out.write(data);',
        '    out.write(other.buf);',
        '    out.write(text());',
        '    out.write("x");',
        '    out.write(\'c\');',
        '    out.write(legacy);',
        '    out.write(1, true);',
        '    out.write(n, "s");',
        '    Integer boxed = n;',
        '    out.put(boxed);',
        '    out.put(n);',
        '  }',
        '}',
        '',
      ].join('\n'),
    }, async (ix) => {
      assert.deepEqual(calls(ix, 'src/io/Use.java::Use.run'), [
        '7 write -> src/io/Bytes.java:3', // an int: the type's own write(int)
        '8 write -> src/io/Out.java:4', '9 write -> src/io/Out.java:4', // a byte[]: only the superclass takes one
        '10 text -> src/io/Use.java:4', '10 write -> src/io/Out.java:5', '11 write -> src/io/Out.java:5', // a String
        '12 write -> src/io/Bytes.java:3', // a char widens to int
        // `byte legacy[]`: a byte[] too (the dimensions after the name)
        '13 write -> src/io/Out.java:4',
        '14 write -> src/io/Bytes.java:5', // int widens to long
        '15 write -> src/io/Bytes.java:6', // int boxes to Integer
        // what takes the argument as it is before what takes it boxed or unboxed
        '17 put -> src/io/Out.java:6', '18 put -> src/io/Bytes.java:7',
      ]);
    }));

  it('Java: a call in the receiver is chosen by its own arguments, not those of the call on its result', () =>
    withIndexedProject({
      'src/m/Big.java': [
        'package m;',
        'public class Big {',
        '  static int[] subtract(int[] a, int[] b) { return a; }',
        '  public Big subtract(Big o) { return this; }',
        '  public Big shiftRight(int n, int m) { return this; }',
        '  public StringBuilder format(Object o, StringBuilder to, int at) { return to; }',
        '  public String format(Object o) { return ""; }',
        '  static Big run(Big v1, Big vm1) {',
        '    v1.subtract(vm1).shiftRight(1, 2);',
        '    v1.format(vm1, new StringBuilder(), 0).reverse();',
        '    return v1;',
        '  }',
        '}',
        '',
      ].join('\n'),
      'src/m/StringBuilder.java': 'package m;\npublic class StringBuilder {\n  public StringBuilder reverse() { return this; }\n}\n',
    }, async (ix) => {
      // subtract(vm1) takes one argument: the Big it returns has shiftRight, which takes two
      // (read with shiftRight's two, subtract(int[], int[]) returned an int[]); format(o, sb, 0)
      // returns the StringBuilder (format(o), String's, was taken with reverse()'s none)
      assert.deepEqual(calls(ix, 'src/m/Big.java::Big.run'), [
        '9 shiftRight -> src/m/Big.java:5', '9 subtract -> src/m/Big.java:4',
        '10 format -> src/m/Big.java:6', '10 reverse -> src/m/StringBuilder.java:3',
      ]);
    }));

  it('Java: an argument that is an interface\'s constant or a class\'s static field is of its declared type', () =>
    withIndexedProject({
      'src/n/Options.java': 'package n;\npublic interface Options {\n  int TIMEOUT = 1;\n  Object get(int id);\n}\n',
      'src/n/Names.java': 'package n;\npublic class Names {\n  public static final byte[] RAW = null;\n}\n',
      'src/n/Impl.java': 'package n;\npublic abstract class Impl implements Options {\n  public <T> T get(Names key) { return null; }\n  public void put(byte[] b) {}\n}\n',
      'src/n/Sub.java': 'package n;\npublic abstract class Sub extends Impl {\n  public void put(int b) {}\n}\n',
      'src/n/Use.java': 'package n;\nclass Use {\n  void run(Sub s) {\n    s.get(Options.TIMEOUT);\n    s.put(Names.RAW);\n  }\n}\n',
    }, async (ix) => {
      assert.deepEqual(calls(ix, 'src/n/Use.java::Use.run'), ['4 get -> src/n/Options.java:4', '5 put -> src/n/Impl.java:4']);
    }));

  it('Java: methods of an anonymous class a field holds, or of an enum constant\'s body, before the enclosing type\'s; a class\'s superclass before its interfaces', () =>
    withIndexedProject({
      'src/t/Field.java': 'package t;\npublic interface Field {\n  boolean check();\n}\n',
      'src/t/Units.java': 'package t;\nenum Units implements Field {\n  DAYS {\n    public boolean check() { return true; }\n    boolean run() { return check(); }\n  };\n  public boolean check() { return false; }\n}\n',
      'src/t/Redirect.java': 'package t;\nabstract class Redirect {\n  abstract String type();\n  static final Redirect PIPE = new Redirect() {\n    String type() { return "pipe"; }\n    public String toString() { return type(); }\n  };\n}\n',
      'src/t/Coll.java': 'package t;\ninterface Coll {\n  boolean addAll(Coll c);\n}\n',
      'src/t/AbstractColl.java': 'package t;\nabstract class AbstractColl implements Coll {\n  public boolean addAll(Coll c) { return true; }\n}\n',
      'src/t/SetI.java': 'package t;\ninterface SetI extends Coll {\n  boolean addAll(Coll c);\n}\n',
      'src/t/AbstractSet.java': 'package t;\nabstract class AbstractSet extends AbstractColl implements SetI {\n}\n',
      'src/t/HashSet.java': 'package t;\nclass HashSet extends AbstractSet implements SetI {\n  void fill(HashSet other) { addAll(other); other.addAll(this); }\n}\n',
    }, async (ix) => {
      assert.deepEqual(calls(ix, 'src/t/Units.java::Units.DAYS.run'), ['5 check -> src/t/Units.java:4']);
      assert.deepEqual(calls(ix, 'src/t/Redirect.java::Redirect.PIPE.toString'), ['6 type -> src/t/Redirect.java:5']);
      assert.deepEqual(calls(ix, 'src/t/HashSet.java::HashSet.fill'), ['3 addAll -> src/t/AbstractColl.java:3', '3 addAll -> src/t/AbstractColl.java:3']);
    }));

  it('Java: a class of the file\'s own package before a same-named one a wildcard import brings, a single import before both', () =>
    withIndexedProject({
      'src/a/Cert.java': 'package a;\npublic interface Cert {\n  Object key();\n}\n',
      'src/a/b/Cert.java': 'package a.b;\npublic abstract class Cert {\n  public Object key() { return null; }\n}\n',
      'src/a/b/X509.java': 'package a.b;\nimport a.*;\npublic abstract class X509 extends Cert {\n}\n',
      'src/a/b/Use.java': 'package a.b;\nimport a.*;\nclass Use {\n  Object run(X509 c) { return c.key(); }\n}\n',
      'src/a/c/Use.java': 'package a.c;\nimport a.Cert;\nimport a.b.*;\nclass Use {\n  Object run(Cert c) { return c.key(); }\n}\n',
    }, async (ix) => {
      assert.deepEqual(calls(ix, 'src/a/b/Use.java::Use.run'), ['4 key -> src/a/b/Cert.java:3']);
      assert.deepEqual(calls(ix, 'src/a/c/Use.java::Use.run'), ['5 key -> src/a/Cert.java:3']);
    }));

  it('Java: a static method of a nested class named through its outer class (`Filter.Config.create()`)', () =>
    withIndexedProject({
      'src/f/Filter.java': 'package f;\npublic interface Filter {\n  final class Config {\n    static Filter create(String p) { return null; }\n  }\n}\n',
      'src/g/Use.java': 'package g;\nimport f.*;\nclass Use {\n  static final Filter OWN;\n  static {\n    String p = "x";\n    OWN = p == null ? null : Filter.Config.create(p);\n  }\n  Filter run() { return Filter.Config.create("x"); }\n}\n',
    }, async (ix) => {
      assert.deepEqual(calls(ix, 'src/g/Use.java::Use.run'), ['9 create -> src/f/Filter.java:4']);
      assert.deepEqual(calls(ix, 'src/g/Use.java::Use'), ['7 create -> src/f/Filter.java:4']);
    }));

  it('C# and C++: the same, with default parameter values', () =>
    withIndexedProject({
      'src/Repo.cs': 'class Repo {\n  public void Save(int a) {}\n  public void Save(int a, int b, int c = 0) {}\n}\nclass Use {\n  void Run(Repo r) {\n    r.Save(1, 2);\n    r.Save(1);\n  }\n}\n',
      'src/repo.cpp': 'class Repo {\npublic:\n  void save(int a) {}\n  void save(int a, int b, int c = 0) {}\n};\nvoid run(Repo &r) {\n  r.save(1, 2);\n  r.save(1);\n}\n',
    }, async (ix) => {
      assert.deepEqual(calls(ix, 'src/Repo.cs::Use.Run'), ['7 Save -> src/Repo.cs:3', '8 Save -> src/Repo.cs:2']);
      assert.deepEqual(calls(ix, 'src/repo.cpp::run'), ['7 save -> src/repo.cpp:4', '8 save -> src/repo.cpp:3']);
    }));

  it('C#: by the arguments\' types: the very type before one it converts to, an integer literal for any integral type, `ref`, a nullable, an array made there; a Stream is no string', () =>
    withIndexedProject({
      'src/Repo.cs': [
        'class Repo {',
        '  public void Save(object o) {}',
        '  public void Save(string s) {}',
        '  public void Save(int n) {}',
        '  public void Save(Repo r) {}',
        '  public void Load(string path, bool b) {}',
        '  public void Load(System.IO.Stream s, bool b) {}',
        '  public void Put(string s) {}',
        '  public void Put(uint n) {}',
        '  public void Get(string s) {}',
        '  public void Get(ref int x) {}',
        '  public void Opt(int n) {}',
        '  public void Opt(long? n) {}',
        '  public void Many(string s) {}',
        '  public void Many(string[] all) {}',
        '}',
        'class Use {',
        '  void Run(Repo r, System.IO.Stream st) {',
        '    r.Save(@"x");',
        '    r.Save(3);',
        '    r.Save(r);',
        '    r.Save(3.5);',
        '    r.Load(st, true);',
        '    r.Put(0);',
        '    int k = 1;',
        '    r.Get(ref k);',
        '    r.Opt(null);',
        '    r.Opt(k);',
        '    r.Many(new string[1] { "a" });',
        '  }',
        '}',
        '',
      ].join('\n'),
    }, async (ix) => {
      assert.deepEqual(calls(ix, 'src/Repo.cs::Use.Run'), [
        '19 Save -> src/Repo.cs:3', '20 Save -> src/Repo.cs:4', '21 Save -> src/Repo.cs:5', '22 Save -> src/Repo.cs:2', '23 Load -> src/Repo.cs:7',
        '24 Put -> src/Repo.cs:9', '26 Get -> src/Repo.cs:11', '27 Opt -> src/Repo.cs:13', '28 Opt -> src/Repo.cs:12', '29 Many -> src/Repo.cs:15',
      ]);
    }));
});

describe('index: type arguments (Java)', function () {
  this.timeout(30000);
  it('a method returning, or a field typed by, its type\'s parameter gives the receiver\'s type argument (`List<Repo>.get(0)` is a Repo)', () =>
    withIndexedProject({
      'src/a/List.java': 'package a;\npublic interface List<E> {\n  E get(int i);\n}\n',
      'src/a/Map.java': 'package a;\npublic interface Map<K, V> {\n  V get(Object k);\n  interface Entry<K, V> {\n    K getKey();\n    V getValue();\n  }\n}\n',
      'src/a/Box.java': 'package a;\nclass Box<T> {\n  T item;\n}\n',
      'src/a/Text.java': 'package a;\nclass Text {\n  String strip() { return null; }\n}\n',
      'src/a/Repo.java': 'package a;\nclass Repo {\n  void save() {}\n}\n',
      'src/a/User.java': 'package a;\nclass User {\n  void save() {}\n  String name() { return null; }\n}\n',
      'src/a/Use.java': [
        'package a;',
        'class Use {',
        '  List<Repo> repos;',
        '  void run(Map<String, User> users, Map.Entry<Repo, User> e, Box<User> b) {',
        '    repos.get(0).save();',
        '    users.get("x").save();',
        '    e.getKey().save();',
        '    e.getValue().save();',
        '    b.item.save();',
        '    names.get(0).strip();',
        '  }',
        '  List<String> names;',
        '}',
        '',
      ].join('\n'),
    }, async (ix) => {
      const got = edges(ix.store, 'calls').filter((e) => e.from === 'src/a/Use.java::Use.run' && e.target === 'save').map((e) => `${e.to} ${e.resolution}`);
      assert.deepEqual(got, ['src/a/Repo.java::Repo.save exact', 'src/a/User.java::User.save exact', 'src/a/Repo.java::Repo.save exact', 'src/a/User.java::User.save exact', 'src/a/User.java::User.save exact']);
      // a String from outside the project: its `strip()` is never guessed to be Text's, the one in the project
      assert.deepEqual(edges(ix.store, 'calls').filter((e) => e.target === 'strip').map((e) => `${e.to} ${e.resolution}`), ['null unresolved']);
    }));
});

describe('index: a type parameter has its first bound\'s members (Rust, Java, TypeScript)', function () {
  this.timeout(30000);
  it('`V: Visitor`, `where T: Interval`, `impl Visitor`, `&mut dyn Visitor`, `<T extends Shape>`', () =>
    withIndexedProject({
      'src/lib.rs': [
        'pub trait Visitor { fn start(&mut self); }',
        'pub trait Interval { fn lower(&self) -> u32; }',
        'pub struct Other;',
        'impl Other { pub fn start(&mut self) {} pub fn lower(&self) -> u32 { 0 } }',
        'pub fn visit<V: Visitor + Clone>(mut v: V) { v.start(); }',
        'pub fn low<T>(t: T) -> u32 where T: Interval { t.lower() }',
        'pub fn each(mut v: impl Visitor, d: &mut dyn Visitor) { v.start(); d.start(); }',
        'pub fn plain<U>(u: U) { u.start(); }',
      ].join('\n') + '\n',
      'src/Shape.java': 'class Shape {\n  int area() { return 0; }\n}\n',
      'src/Tile.java': 'class Tile {\n  int area() { return 1; }\n  static <T extends Shape> int total(T t) { return t.area(); }\n}\n',
      'src/shape.ts': 'export class Shape { area(): number { return 0; } }\nexport class Tile { area(): number { return 1; } }\n',
      'src/use.ts': "import { Shape } from './shape';\nexport function total<T extends Shape>(t: T): number { return t.area(); }\n",
    }, async (ix) => {
      const calls = (from: string, name: string) => callsTo(ix.store, from, name).map((e) => `${e.to} ${e.resolution}`);
      assert.deepEqual(calls('src/lib.rs::visit', 'start'), ['src/lib.rs::Visitor.start exact']);
      assert.deepEqual(calls('src/lib.rs::low', 'lower'), ['src/lib.rs::Interval.lower exact'], 'a `where` clause');
      assert.deepEqual(calls('src/lib.rs::each', 'start'), ['src/lib.rs::Visitor.start exact', 'src/lib.rs::Visitor.start exact']);
      assert.deepEqual(calls('src/lib.rs::plain', 'start').map((x) => x.split(' ')[0]).filter((x) => x !== 'null'), [], 'no bound: nothing known, no guess');
      assert.deepEqual(calls('src/Tile.java::Tile.total', 'area'), ['src/Shape.java::Shape.area exact'], 'not the enclosing class\'s own area()');
      assert.deepEqual(calls('src/use.ts::total', 'area'), ['src/shape.ts::Shape.area exact']);
    }));
});

describe('index: Lua modules and tables (and CommonJS objects given members)', function () {
  this.timeout(30000);
  it("an instance a table's constructor makes (`setmetatable({}, Point)`, `setmetatable(o, self)`) has the table's methods", () =>
    withIndexedProject({
      'geo/point.lua': [
        'local Point = {}',
        'Point.__index = Point',
        'function Point.new(x)',
        '  local self = setmetatable({}, Point)',
        '  self:move(0)',
        '  return self',
        'end',
        'function Point:move(dx) self.x = dx end',
        'local Stack = {}',
        'function Stack:new(o)',
        '  o = o or {}',
        '  setmetatable(o, self)',
        '  return o',
        'end',
        'function Stack:push(v) end',
        'function Stack:move() end',
        'local function main()',
        '  local p = Point.new(1)',
        '  p:move(3)',
        '  local s = Stack:new()',
        '  s:push(1)',
        'end',
        'return Point',
        ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'geo/point.lua::main', 'move'), ['geo/point.lua::Point.move', 'exact'], 'p = Point.new(): a Point (Stack has a move too)');
      assert.deepEqual(callTo(ix.store, 'geo/point.lua::main', 'push'), ['geo/point.lua::Stack.push', 'exact'], 's = Stack:new()');
      assert.deepEqual(callTo(ix.store, 'geo/point.lua::Point.new', 'move'), ['geo/point.lua::Point.move', 'exact'], 'local self = setmetatable({}, Point)');
    }));

  it('`require "a.b"` (a/b.lua, a/b/init.lua) and its table\'s functions, a table\'s own members, `self`, no guess at locals or the runtime', () =>
    withIndexedProject({
      'lua/app/core.lua': 'local core = {}\nfunction core.log(m) return m end\nreturn core\n',
      'lua/app/util.lua': [
        'local core = require("app.core")',
        'local util = {}',
        'util.log = core.log',
        'local other = {}',
        'other.sum = core.log',
        'local function helper(x) return x end',
        'function util.sum(a, b) return helper(a) + b end',
        'function util.twice(a) return util.sum(a, a) end',
        'return util',
      ].join('\n') + '\n',
      'lua/app/shapes/init.lua': [
        'local Shape = {}',
        'Shape.__index = Shape',
        'function Shape.new(w) return setmetatable({ w = w }, Shape) end',
        'function Shape:area() return self:side() * self:side() end',
        'function Shape:side() return self.w end',
        'function Shape:getline() return 0 end',
        'return Shape',
      ].join('\n') + '\n',
      'lua/app/main.lua': [
        'local util = require("app.util")',
        'local Shape = require "app.shapes"',
        'local List = other.List',
        'local sum = util.sum',
        'function List:push(x) self:append(x) end',
        'function List:append(x) end',
        'local function run()',
        '  local s = Shape.new(2)',
        '  print(string.format("%d", util.twice(3)))',
        '  vim.fn.getline(1)',
        '  sum(1, 2)',
        '  util.log("x")',
        '  return helper(1)',
        'end',
        'return { run = run }',
      ].join('\n') + '\n',
      'lib/api.js': 'const api = {};\napi.f = function () { return 1; };\napi.g = function () { return api.f(); };\nmodule.exports = api;\n',
      'lib/use.js': "const api = require('./api');\nfunction run() { return api.g(); }\nmodule.exports = { run };\n",
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'lua/app/main.lua::run', 'twice'), ['lua/app/util.lua::util.twice', 'import'], 'the table app/util.lua returns');
      assert.deepEqual(callTo(ix.store, 'lua/app/main.lua::run', 'new'), ['lua/app/shapes/init.lua::Shape.new', 'import'], 'a package\'s init.lua');
      assert.deepEqual(callTo(ix.store, 'lua/app/main.lua::run', 'sum'), ['lua/app/util.lua::util.sum', 'import'], '`local sum = util.sum`, not the other table\'s `other.sum = core.log`');
      assert.deepEqual(callTo(ix.store, 'lua/app/main.lua::run', 'log'), ['lua/app/core.lua::core.log', 'import'], '`util.log = core.log` in app/util.lua');
      assert.deepEqual(callTo(ix.store, 'lua/app/util.lua::util.twice', 'sum'), ['lua/app/util.lua::util.sum', 'exact'], 'a member of the file\'s own table');
      assert.deepEqual(callTo(ix.store, 'lua/app/util.lua::util.sum', 'helper'), ['lua/app/util.lua::helper', 'scope']);
      assert.deepEqual(callsTo(ix.store, 'lua/app/shapes/init.lua::Shape.area', 'side').map((e) => `${e.to} ${e.resolution}`),
        ['lua/app/shapes/init.lua::Shape.side exact', 'lua/app/shapes/init.lua::Shape.side exact'], '`self` in `function Shape:area()`');
      assert.deepEqual(callTo(ix.store, 'lua/app/main.lua::List.push', 'append'), ['lua/app/main.lua::List.append', 'exact'], 'an owner the project does not declare: its methods in the file');
      assert.deepEqual(callTo(ix.store, 'lua/app/main.lua::run', 'helper'), [null, 'unresolved'], 'another file\'s `local function` is no guess');
      assert.deepEqual(callTo(ix.store, 'lua/app/main.lua::run', 'format'), [null, 'unresolved'], 'the string library');
      assert.deepEqual(callTo(ix.store, 'lua/app/main.lua::run', 'getline'), [null, 'unresolved'], 'Neovim\'s vim.fn, not the one method of the name');
      assert.deepEqual(callTo(ix.store, 'lib/api.js::api.g', 'f'), ['lib/api.js::api.f', 'exact'], 'an object given members by assignment');
      assert.deepEqual(callTo(ix.store, 'lib/use.js::run', 'g'), ['lib/api.js::api.g', 'import'], 'module.exports = api');
    }));

  it('a call of a name destructured from what a function returns is that function\'s own function, not a property\'s value', () =>
    withIndexedProject({
      'src/wrap.js': 'export function wrap(signal) {\n  function cleanup() { return signal; }\n  return { signal, cleanup };\n}\n',
      'src/config.ts': 'export interface Config { onError: (e: Error) => void }\nexport const config: Config = { onError: () => undefined };\n',
      'src/use.ts': "import { wrap } from './wrap.js';\nimport { config } from './config';\nexport function send(s: unknown) {\n  const { cleanup } = wrap(s);\n  cleanup();\n  const { onError } = config;\n  onError(new Error('x'));\n}\n",
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/use.ts::send', 'cleanup'), ['src/wrap.js::wrap.cleanup', 'exact']);
      assert.deepEqual(callTo(ix.store, 'src/use.ts::send', 'onError'), [null, 'unresolved'], 'the local holds the property\'s value, as the compiler has it');
    }));
});

describe('index: what is awaited (TypeScript, C#, Python, Rust)', function () {
  this.timeout(30000);
  it('`await f()` is what f gives: a Promise<T> or Task<T> stands for T, a coroutine for its return annotation, Rust\'s `.await` for its result (`save` is declared twice, so no guess could)', () =>
    withIndexedProject({
      'src/repo.ts': 'export class User { save(): void {} }\nexport class Other { save(): void {} }\nexport class Repo {\n  async find(id: number): Promise<User> { return new User(); }\n}\nexport async function run(r: Repo) {\n  const u = await r.find(1);\n  u.save();\n  (await r.find(2)).save();\n}\n',
      'src/Repo.cs': 'using System.Threading.Tasks;\nclass User { public void Save() { } }\nclass Other { public void Save() { } }\nclass Repo { public async Task<User> FindAsync(int id) { return new User(); } }\nclass Use\n{\n  async Task Run(Repo r)\n  {\n    var u = await r.FindAsync(1);\n    u.Save();\n    (await r.FindAsync(2)).Save();\n  }\n}\n',
      'src/repo.py': 'class User:\n    def save(self): pass\nclass Other:\n    def save(self): pass\nclass Repo:\n    async def find(self, i) -> User:\n        return User()\nasync def run(r: Repo):\n    u = await r.find(1)\n    u.save()\n',
      'src/lib.rs': 'pub struct User;\nimpl User { pub fn save(&self) {} }\npub struct Other;\nimpl Other { pub fn save(&self) {} }\npub struct Repo;\nimpl Repo { pub async fn find(&self, i: u32) -> User { User } }\npub async fn run(r: &Repo) {\n    let u = r.find(1).await;\n    u.save();\n    r.find(2).await.save();\n}\n',
    }, async (ix) => {
      const saves = edges(ix.store, 'calls').filter((e) => e.target.toLowerCase() === 'save');
      assert.equal(saves.length, 7, JSON.stringify(saves));
      for (const e of saves) assert.deepEqual([e.to?.replace(/::.*/, ''), e.to?.split('::')[1], e.resolution], [e.from.replace(/::.*/, ''), e.target === 'Save' ? 'User.Save' : 'User.save', 'exact'], JSON.stringify(e));
    }));
});

describe('index: Kotlin extension functions', function () {
  this.timeout(30000);
  it('`w.shout()` calls `fun Widget.shout()` in sight (imported, or of the same folder), for a Widget or a subtype, and not `Other.shout`; in its body `this` and bare names are the Widget\'s; on a type from outside, a guess', () =>
    withIndexedProject({
      'src/acme/lib/Widget.kt': 'package acme.lib\n\nopen class Widget { fun show() {} }\nclass Fancy : Widget()\nclass Other { fun shout(n: Int) {} }\n\nfun Widget.shout(times: Int) { show(); this.show() }\nfun Throwable.describe(): String = "x"\n',
      'src/acme/app/Use.kt': 'package acme.app\n\nimport acme.lib.Widget\nimport acme.lib.Fancy\nimport acme.lib.shout\nimport acme.lib.describe\n\nclass User {\n    fun go(w: Widget, f: Fancy, e: Throwable) {\n        w.shout(2)\n        f.shout(3)\n        e.describe()\n    }\n}\n',
      'src/acme/other/Blind.kt': 'package acme.other\n\nimport acme.lib.Widget\n\nclass Blind { fun go(w: Widget) { w.shout(1) } }\n',
    }, async (ix) => {
      const go = 'src/acme/app/Use.kt::User.go';
      assert.deepEqual(callsTo(ix.store, go, 'shout').map((e) => [e.to, e.resolution]), [['src/acme/lib/Widget.kt::shout', 'import'], ['src/acme/lib/Widget.kt::shout', 'import']]);
      assert.deepEqual(callTo(ix.store, go, 'describe'), ['src/acme/lib/Widget.kt::describe', 'heuristic'], 'Throwable is from outside: a guess');
      assert.deepEqual(callsTo(ix.store, 'src/acme/lib/Widget.kt::shout', 'show').map((e) => [e.to, e.resolution]), [['src/acme/lib/Widget.kt::Widget.show', 'scope'], ['src/acme/lib/Widget.kt::Widget.show', 'exact']]);
      assert.deepEqual(callTo(ix.store, 'src/acme/other/Blind.kt::Blind.go', 'shout'), [null, 'unresolved'], 'not imported there');
    }));
});

describe('index: packages by their headers (Kotlin, Java)', function () {
  this.timeout(30000);
  it('a package is its header, wherever its folder is: `import a.b.C` and `a.b.*` bind there, the package is in sight unimported, and of an `expect` and its `actual` the one in the caller\'s source set is taken', () =>
    withIndexedProject({
      'common/src/Job.kt': 'package acme.core\n\nexpect class Lock() { fun lock() }\nopen class Job { fun cancel() {} }\nexpect fun platformName(): String\n',
      'common/src/Use.kt': 'package acme.core\n\nfun useCommon(j: Job) {\n    j.cancel()\n    platformName()\n    Lock().lock()\n}\n',
      'jvm/src/Lock.kt': 'package acme.core\n\nactual class Lock { actual fun lock() {} }\nactual fun platformName(): String = "jvm"\nclass JvmJob : Job() {\n    fun go() {\n        cancel()\n        platformName()\n        Lock().lock()\n    }\n}\n',
      // the folder leaves the common root out, as Kotlin's conventions ask
      'common/src/util/Text.kt': 'package acme.core.util\n\nfun shout(s: String) = s\nclass Box { fun open() {} }\ntypealias Crate = Box\nopen class Holder<T> { fun hold() {} }\ninterface Sink<T> { fun put() {} }\nclass IntHolder : Holder<Int>(), Sink<Int> { fun go() { hold(); put() } }\n',
      'app/Main.kt': 'package acme.app\n\nimport acme.core.util.shout\nimport acme.core.util.Box\nimport acme.core.util.Crate\nimport acme.core.*\n\nfun main(j: Job, c: Crate, x: Any) {\n    shout("x")\n    Box().open()\n    j.cancel()\n    c.open()\n    val b = x as? Box\n    b?.open()\n}\n',
      'java/Main.java': 'package acme.jv;\n\nimport acme.jv.model.Item;\n\nclass Main { void run(Item i) { i.touch(); new Helper().help(); } }\n',
      'java/Helper.java': 'package acme.jv;\n\nclass Helper { void help() {} }\n',
      'java/model/Item.java': 'package acme.jv.model;\n\npublic class Item { public void touch() {} }\n',
    }, async (ix) => {
      const use = 'common/src/Use.kt::useCommon';
      assert.deepEqual(callTo(ix.store, use, 'cancel'), ['common/src/Job.kt::Job.cancel', 'exact']);
      assert.deepEqual(callTo(ix.store, use, 'platformName'), ['common/src/Job.kt::platformName', 'scope'], 'common code: the expect');
      assert.deepEqual(callTo(ix.store, use, 'lock'), ['common/src/Job.kt::Lock.lock', 'exact']);
      const go = 'jvm/src/Lock.kt::JvmJob.go';
      assert.deepEqual(callTo(ix.store, go, 'cancel'), ['common/src/Job.kt::Job.cancel', 'scope'], 'inherited from a class of the package in another folder');
      assert.deepEqual(callTo(ix.store, go, 'platformName'), ['jvm/src/Lock.kt::platformName', 'scope'], 'platform code: the actual');
      assert.deepEqual(callTo(ix.store, go, 'lock'), ['jvm/src/Lock.kt::Lock.lock', 'exact']);
      const main = 'app/Main.kt::main';
      assert.deepEqual(callTo(ix.store, main, 'shout'), ['common/src/util/Text.kt::shout', 'import']);
      assert.deepEqual(callsTo(ix.store, main, 'open').map((e) => e.to), Array(3).fill('common/src/util/Text.kt::Box.open'), 'Box(), a Crate (its alias), and `x as? Box`');
      assert.deepEqual(callTo(ix.store, main, 'cancel'), ['common/src/Job.kt::Job.cancel', 'exact'], 'a type of a wildcard import');
      // the files they import, for codeindex_file_dependencies
      const deps = (from: string) => edges(ix.store, 'imports').filter((e) => e.from === from).map((e) => e.to).sort();
      assert.deepEqual(deps('app/Main.kt'), ['common/src/Job.kt', 'common/src/Use.kt', 'common/src/util/Text.kt', 'jvm/src/Lock.kt'], 'by name, and acme.core.* as its package\'s files');
      assert.deepEqual(deps('java/Main.java'), ['java/model/Item.java']);
      const ih = 'common/src/util/Text.kt::IntHolder.go';
      assert.deepEqual([callTo(ix.store, ih, 'hold'), callTo(ix.store, ih, 'put')], [['common/src/util/Text.kt::Holder.hold', 'scope'], ['common/src/util/Text.kt::Sink.put', 'scope']], 'generic supertypes');
      const run = 'java/Main.java::Main.run';
      assert.deepEqual(callTo(ix.store, run, 'touch'), ['java/model/Item.java::Item.touch', 'exact'], 'a Java import, by package');
      assert.deepEqual(callTo(ix.store, run, 'help'), ['java/Helper.java::Helper.help', 'exact']);
    }));
});

describe('index: Kotlin receivers typed by what the compiler infers', function () {
  this.timeout(30000);
  it('a lambda\'s `it` or named parameter (a collection\'s element, a scope function\'s receiver), a lambda\'s receiver (`with`, `apply`, `run`), a loop variable, `xs[i]`, `x ?: return`, `xs.first()`, `val x = x()`, and an `object` taking its type\'s extension functions', () =>
    withIndexedProject({
      'src/A.kt': 'package acme.k\n\ninterface Scope\nobject Global : Scope\nfun Scope.launchIt() {}\nclass Job { fun dispose() {} }\nclass Other { fun dispose() {} }\n'
        + 'interface It<E> { fun next(): E }\ninterface Chan<E> { fun iterator(): It<E> }\nclass Cursor { fun next() {} }\nfun Any.tag() {}\n',
      'src/Recv.kt': [
        'package acme.k', '',
        'fun <E> Chan<E>.drain() {',
        '    val iterator = iterator()',
        '    iterator.next()',
        '}',
        'class Producer<E> { fun send(e: E) {} }',
        'fun <T> suspendIt(a: Int, block: (Job) -> T): T = TODO()',
        'fun <E> produceIt(capacity: Int = 0, block: Producer<E>.() -> Unit) {}',
        'fun lambdas(name: String) {',
        '    suspendIt(1) { job -> job.dispose() }',
        '    produceIt<Int> { send(1); this.send(2) }',
        '    produceIt<Int>(3) { send(name.length) }',
        '}',
        'fun recv(j: Job) {',
        '    j.tag()',
        '    with(j) { dispose() }',
        '    j.apply { dispose(); this.dispose() }',
        '    j.run { dispose() }',
        '}', ''].join('\n'),
      'src/Use.kt': [
        'package acme.k', '',
        'fun use(j: Job?, xs: List<Job>, arr: Array<out Job>) {',
        '    Global.launchIt()',
        '    j?.let { it.dispose() }',
        '    j?.also { job -> job.dispose() }',
        '    xs.forEach { it.dispose() }',
        '    xs.map { x -> x.dispose() }',
        '    for (x in xs) x.dispose()',
        '    val a = arr[0]',
        '    a.dispose()',
        '    xs.first().dispose()',
        '    val b = j ?: return',
        '    b.dispose()',
        '}', ''].join('\n'),
    }, async (ix) => {
      const use = 'src/Use.kt::use';
      assert.deepEqual(callTo(ix.store, use, 'launchIt'), ['src/A.kt::launchIt', 'import']);
      const d = callsTo(ix.store, use, 'dispose');
      assert.equal(d.length, 8);
      assert.deepEqual(d.filter((e) => e.to !== 'src/A.kt::Job.dispose' || e.resolution !== 'exact'), [], 'every one a Job\'s, exactly (Other.dispose makes a guess impossible)');
      assert.deepEqual(callTo(ix.store, 'src/Recv.kt::drain', 'next'), ['src/A.kt::It.next', 'exact'], '`val iterator = iterator()` calls the receiver\'s iterator(), not itself');
      assert.deepEqual(callTo(ix.store, 'src/Recv.kt::recv', 'tag'), ['src/A.kt::tag', 'import'], 'a Job is an Any');
      const lam = 'src/Recv.kt::lambdas';
      assert.deepEqual(callTo(ix.store, lam, 'dispose'), ['src/A.kt::Job.dispose', 'exact'], 'a trailing lambda\'s parameter, as the callee\'s last parameter declares it');
      assert.deepEqual(callsTo(ix.store, lam, 'send').map((e) => [e.to, e.resolution]), [['src/Recv.kt::Producer.send', 'scope'], ['src/Recv.kt::Producer.send', 'exact'], ['src/Recv.kt::Producer.send', 'scope']], 'its receiver (`Producer<E>.() -> Unit`), bare and as this, after arguments too');
      const r = callsTo(ix.store, 'src/Recv.kt::recv', 'dispose');
      assert.deepEqual(r.map((e) => [e.to, e.resolution]), [...Array(2).fill(['src/A.kt::Job.dispose', 'scope']), ['src/A.kt::Job.dispose', 'exact'], ['src/A.kt::Job.dispose', 'scope']], 'the receiver of with(), apply and run, bare and as this');
    }));

  it('a member typed by a type parameter of a supertype is what the heritage clause gives it (`class Holder extends Base<Item>`), in Java, TypeScript and Kotlin', () =>
    withIndexedProject({
      'j/Use.java': 'class Base<T> { T value; T get() { return value; } }\nclass Item { void touch() {} }\nclass Other { void touch() {} }\nclass Holder extends Base<Item> {}\nclass Sub<E> extends Base<E> {}\nclass Deep extends Holder {}\n'
        + 'interface Supplier<S> {}\nclass Both extends Base<Item> implements Supplier<Base<Other>> {}\n'
        + 'class Use { void run(Holder h, Sub<Item> s, Deep d, Both b) { h.value.touch(); h.get().touch(); s.get().touch(); d.get().touch(); b.get().touch(); } }\n',
      't/use.ts': 'class Base<T> { value!: T; get(): T { return this.value; } }\nclass Item { touch() {} }\nclass Other { touch() {} }\nclass Holder extends Base<Item> {}\n'
        + 'export function run(h: Holder) { h.value.touch(); h.get().touch(); }\n',
      'k/Use.kt': 'package k\n\nopen class Desc<T>(n: Int) { val result: T get() = TODO() }\nclass Send { fun complete() {} }\nclass Other { fun complete() {} }\n'
        + 'class PollDesc<E>(q: Desc<Int>) : Desc<Send>(1)\nfun use(p: PollDesc<Int>) { p.result.complete() }\n',
    }, async (ix) => {
      const to = (from: string, name: string) => callsTo(ix.store, from, name).map((e) => [e.to, e.resolution]);
      assert.deepEqual(to('j/Use.java::Use.run', 'touch'), Array(5).fill(['j/Use.java::Item.touch', 'exact']), 'a field, a method, a parameter passed on, two levels up, and not the `Base<Other>` inside another clause');
      assert.deepEqual(to('t/use.ts::run', 'touch'), Array(2).fill(['t/use.ts::Item.touch', 'exact']));
      assert.deepEqual(to('k/Use.kt::use', 'complete'), [['k/Use.kt::Send.complete', 'exact']], 'the clause after the constructor, not its parameter\'s `Desc<Int>`');
    }));

  it('Kotlin: a `for` loop\'s variable holds in a brace-less body on the next lines (which the grammar leaves outside the loop)', () =>
    withIndexedProject({
      'A.kt': ['package v', 'class Chan { fun cancel() {} }', 'class Other { fun cancel() {} }', 'fun all(vararg chans: Chan) { for (c in chans) c.cancel() }',
        'fun all2(vararg chans: Chan) {', '    for (c in chans)', '        try {', '            c.cancel()', '        } catch (e: Throwable) {}', '}',
        'fun all3(chans: List<Chan>, c: Other) {', '    for (d in chans)', '        d.cancel()', '    c.cancel()', '}',
        'fun all4(chans: List<Chan>) {', '    for (c in chans)', '        // each', '        c.cancel()', '}', ''].join('\n'),
    }, async (ix) => {
      for (const f of ['all', 'all2', 'all4']) assert.deepEqual(callTo(ix.store, `A.kt::${f}`, 'cancel'), ['A.kt::Chan.cancel', 'exact'], f);
      assert.deepEqual(callsTo(ix.store, 'A.kt::all3', 'cancel').map((e) => e.to), ['A.kt::Chan.cancel', 'A.kt::Other.cancel'], 'the body only');
    }));

  it('Kotlin: `x as T` as a statement makes x a T below it (not above, nor where the cast is an argument)', () =>
    withIndexedProject({
      'A.kt': ['package v', 'class Recv<E> { fun go() {} }', 'class Other { fun go() {} }', 'fun f(p: Any, o: Other) {', '    p.go()', '    use(p as Other)',
        '    p as Recv<Int> // type assertion', '    p.go()', '}', 'fun use(x: Any) {}', 'fun g(p: Any) {', '    p as? Recv<Int>', '    p.go()', '}', ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 'A.kt::f', 'go').map((e) => e.to), [null, 'A.kt::Recv.go']);
      assert.deepEqual(callTo(ix.store, 'A.kt::g', 'go'), [null, 'unresolved'], '`as?` narrows nothing');
    }));

  it('an instance made with type arguments (Kotlin\'s `Heap<Task>()`, `new Box<Item>()`) has them: its members typed by a type parameter are those types', () =>
    withIndexedProject({
      'k/A.kt': 'package k\nclass Heap<T> { fun first(): T? = null\n  fun removeFirstIf(p: (T) -> Boolean): T? = null }\nclass Task { fun run() {} }\nclass Other { fun run() {} }\nclass Ctx {\n  private val queue = Heap<Task>()\n  fun go() { queue.first()?.run() }\n'
        + '  fun next() { val t = queue.removeFirstIf { true } ?: return\n    t.run() }\n}\n',
      'j/A.java': 'class Box<T> { T get() { return null; } }\nclass Item { void touch() {} }\nclass Other { void touch() {} }\nclass Use { void go() { var b = new Box<Item>(); b.get().touch(); } }\n',
      't/a.ts': 'class Box<T> { get(): T { return null!; } }\nclass Item { touch() {} }\nclass Other { touch() {} }\nexport function go() {\n  const b = new Box<Item>();\n  b.get().touch();\n  const xs = new Array<Item>();\n  for (const x of xs) x.touch();\n}\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'k/A.kt::Ctx.go', 'run'), ['k/A.kt::Task.run', 'exact']);
      assert.deepEqual(callTo(ix.store, 'k/A.kt::Ctx.next', 'run'), ['k/A.kt::Task.run', 'exact'], 'a call with a trailing lambda gives what the call returns');
      assert.deepEqual(callTo(ix.store, 'j/A.java::Use.go', 'touch'), ['j/A.java::Item.touch', 'exact']);
      assert.deepEqual(callsTo(ix.store, 't/a.ts::go', 'touch').map((e) => [e.to, e.resolution]), Array(2).fill(['t/a.ts::Item.touch', 'exact']), 'TypeScript: a Box of Items; an Array of them');
    }));

  it('Java: the JDK\'s collections, where the project declares none, hold their type argument (`items.get(0)`, a map\'s `get`, `Optional.orElseThrow()`, an iterator\'s `next()`)', () =>
    withIndexedProject({
      'A.java': ['import java.util.*;', 'class Item { void touch() {} }', 'class Other { void touch() {} }', 'class Use {',
        '  void go(List<Item> items, Map<String, Item> byName, Optional<Item> maybe, Deque<Item> queue) {',
        '    items.get(0).touch();', '    byName.get("a").touch();', '    maybe.orElseThrow().touch();', '    items.iterator().next().touch();', '    queue.peekFirst().touch();',
        '  }', '}', ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 'A.java::Use.go', 'touch').map((e) => [e.to, e.resolution]), Array(5).fill(['A.java::Item.touch', 'exact']));
    }));

  it('a call that gives a function its type argument (`registry.get<Logger>(\'log\')`, `make<Logger>()`) returns that type where the function returns the parameter', () =>
    withIndexedProject({
      't/a.ts': 'class Logger { info() {} }\nclass Other { info() {} }\nclass Registry { get<T>(key: string): T { return null!; } }\nfunction make<T>(): T { return null!; }\n'
        + 'function pair<K, V>(k: K): V { return null!; }\nexport function go(r: Registry) {\n  r.get<Logger>("log").info();\n  make<Logger>().info();\n  const l = r.get<Logger>("x");\n  l.info();\n  pair<string, Logger>("k").info();\n}\n',
      'k/A.kt': 'package k\nclass Logger { fun info() {} }\nclass Other { fun info() {} }\nfun <T> make(): T = TODO()\nfun go() { make<Logger>().info() }\n',
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 't/a.ts::go', 'info').map((e) => [e.to, e.resolution]), Array(4).fill(['t/a.ts::Logger.info', 'exact']), 'a method, a function, through a local, the second of two');
      assert.deepEqual(callTo(ix.store, 'k/A.kt::go', 'info'), ['k/A.kt::Logger.info', 'exact']);
    }));

  it('`val failure = failure(a, b)` in a method calls the class\'s function (a local is not its own initialiser), and `failure` after it is the local', () =>
    withIndexedProject({
      'src/D.kt': ['package acme.d', '', 'abstract class Desc {', '    open fun failure(a: Int, b: Int): Any? = null', '    fun prepare(a: Int, b: Int): Any? {',
        '        val failure = failure(a, b)', '        if (failure != null) return failure', '        return null', '    }', '}',
        'fun onClick(): () -> Unit = { }', 'fun bind() {', '    val onClick = onClick()', '    run { onClick() }', '}', ''].join('\n'),
      'src/g.go': 'package g\n\nfunc step(n int) int { return n }\n\nfunc run() int {\n\tstep := step(1)\n\treturn step\n}\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/D.kt::Desc.prepare', 'failure'), ['src/D.kt::Desc.failure', 'scope']);
      assert.deepEqual(callsTo(ix.store, 'src/D.kt::bind', 'onClick').map((e) => e.to), ['src/D.kt::onClick', null], 'below its line, `onClick()` calls the local');
      assert.deepEqual(edges(ix.store, 'references').filter((e) => e.target === 'failure' || e.target === 'step'), [], 'the local, not the function');
      assert.deepEqual(callTo(ix.store, 'src/g.go::run', 'step'), ['src/g.go::step', 'scope'], 'Go: `step := step(1)`');
    }));

  it('a vararg parameter is an array of its type, a class indexed by its name is a key to an instance of it (`context[Job]`) but not a value so named, a member extension\'s bare names are its receiver\'s first, `this@Outer` is the class, and an extension property types what it gives (`ctx.primary`)', () =>
    withIndexedProject({
      'src/A.kt': 'package k\n\ninterface Context\ninterface CoroutineContext\nclass Job { fun cancel() {}\n    companion object Key\n}\nclass Other { fun cancel() {} }\n',
      'src/B.kt': [
        'package k', '',
        'fun all(vararg jobs: Job) {',
        '    jobs.forEach { it.cancel() }',
        '    jobs[0].cancel()',
        '}',
        'fun CoroutineContext.stop(ctx: CoroutineContext) {',
        '    val job = ctx[Job]',
        '    job?.cancel()',
        '    this[Job]?.cancel()',
        '}',
        'fun Context.notKeyed(ctx: Context) {',
        '    ctx[Job]?.cancel()',
        '    this[Job]?.cancel()',
        '}',
        'fun shadowed(ctx: Context, Job: Other) {',
        '    ctx[Job].cancel()',
        '}',
        'val Context.primary: Job get() = Job()',
        'val Job.peer: Other get() = Other()',
        'fun ext(ctx: Context, j: Job, x: Any) {',
        '    ctx.primary.cancel()',
        '    j.peer.cancel()',
        '    x.peer.cancel()',
        '}',
        'class Builder {',
        '    fun cancel() {}',
        '    fun Job.within(o: Other) { cancel(); this@Builder.cancel(); o.mark() }',
        '    fun Other.mark() {}',
        '    inner class Step { fun go() { this@Builder.cancel() } }',
        '}', ''].join('\n'),
    }, async (ix) => {
      const exact = ['src/A.kt::Job.cancel', 'exact'];
      assert.deepEqual(callsTo(ix.store, 'src/B.kt::all', 'cancel').map((e) => [e.to, e.resolution]), [exact, exact], 'an element of `vararg jobs: Job`');
      assert.deepEqual(callsTo(ix.store, 'src/B.kt::stop', 'cancel').map((e) => [e.to, e.resolution]), [exact, exact], '`ctx[Job]` and `this[Job]` of a CoroutineContext');
      assert.deepEqual(callsTo(ix.store, 'src/B.kt::notKeyed', 'cancel').map((e) => e.to), [null, null], 'of another container, no Job');
      assert.deepEqual(callsTo(ix.store, 'src/B.kt::shadowed', 'cancel').map((e) => e.to), [null], 'a parameter named Job is no class');
      assert.deepEqual(callsTo(ix.store, 'src/B.kt::ext', 'cancel').map((e) => e.to), [exact[0], 'src/A.kt::Other.cancel', null], 'an extension property is of its declared type (`ctx.primary`), on its receiver\'s type only (`x.peer` of an Any is not Job.peer)');
      const builder = 'src/B.kt::Builder.cancel';
      assert.deepEqual(callsTo(ix.store, 'src/B.kt::Builder.within', 'cancel').map((e) => e.to), ['src/A.kt::Job.cancel', builder], 'a member extension\'s bare names are its receiver\'s first; `this@Builder` is the class');
      assert.deepEqual(callsTo(ix.store, 'src/B.kt::Builder.Step.go', 'cancel').map((e) => e.to), [builder], '`this@Builder` in an inner class');
      assert.deepEqual(callTo(ix.store, 'src/B.kt::Builder.within', 'mark'), ['src/B.kt::Builder.mark', 'import'], 'the class\'s member extensions are in sight in its member extension');
    }));

  it('a box holds what it is given (`atomic(Node())`, `atomic<Node?>(null)`, `MutableStateFlow(Node())`) or declared (`StateFlow<Node>`): its `.value` and the value its `loop { }` passes are that, its own members the library\'s', () =>
    withIndexedProject({
      'src/Q.kt': [
        'package k', '',
        'import kotlinx.atomicfu.atomic',
        'import kotlinx.coroutines.flow.MutableStateFlow', '',
        'class Node { fun close() {}\n    fun compareAndSet(a: Node?, b: Node?) {} }',
        'class Other { fun close() {} }',
        'open class Base { open fun both() {} }',
        'class A : Base()',
        'class B : Base() { override fun both() {} }',
        'fun pick(c: Boolean) {',
        '    val s = if (c) MutableStateFlow(A()) else MutableStateFlow(B())',
        '    s.value.both()',
        '}',
        'class AtomicRef<T> { fun value(): T = TODO() }',
        'class Screen(val state: StateFlow<Node>, val live: LiveData<Node?>, val ui: State<Node>, val mine: AtomicRef<Node>) {',
        '    fun show() {',
        '        state.value.close()',
        '        live.value?.close()',
        '        ui.value.close()',
        '    }',
        '    fun own() { mine.value() }',
        '}',
        'class Queue {',
        '    private val _cur = atomic(Node())',
        '    private val _maybe = atomic<Node?>(null)',
        '    private val flow = MutableStateFlow(Node())',
        '    fun go() {',
        '        _cur.value.close()',
        '        _maybe.value?.close()',
        '        flow.value.close()',
        '        _cur.loop { cur -> cur.close() }',
        '        _cur.compareAndSet(null, null)',
        '    }',
        '}', ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 'src/Q.kt::Queue.go', 'close').map((e) => [e.to, e.resolution]), Array(4).fill(['src/Q.kt::Node.close', 'exact']));
      assert.deepEqual(callTo(ix.store, 'src/Q.kt::Queue.go', 'compareAndSet'), [null, 'unresolved'], 'the box\'s own, not Node\'s');
      assert.deepEqual(callTo(ix.store, 'src/Q.kt::pick', 'both'), ['src/Q.kt::Base.both', 'exact'], 'two boxes hold what their contents share');
      assert.deepEqual(callsTo(ix.store, 'src/Q.kt::Screen.show', 'close').map((e) => [e.to, e.resolution]), Array(3).fill(['src/Q.kt::Node.close', 'exact']), 'a box declared (`StateFlow<Node>`, `LiveData<Node?>`, `State<Node>`)');
      assert.deepEqual(callTo(ix.store, 'src/Q.kt::Screen.own', 'value'), ['src/Q.kt::AtomicRef.value', 'exact'], 'a project type of a box\'s name (AtomicRef) is itself');
    }));

  it('and not beyond: `super` in a member extension is the class\'s, a box in `with()` is no receiver of its content, `x[Cls]` of another container is not a Cls, a defaulted middle parameter can be skipped', () =>
    withIndexedProject({
      'src/N.kt': [
        'package k', '',
        'import kotlinx.coroutines.flow.MutableStateFlow', '',
        'open class Msg { open fun log() {} }',
        'class Request : Msg()',
        'open class BaseRepo { open fun log() {} }',
        'class Repo : BaseRepo() { fun Request.send() { super.log() } }',
        'class Node { fun emit(x: Int) {}\n    fun start() {}\n    companion object }',
        'class Service { fun start() {} }',
        'class Registry { operator fun get(key: Any): Service = Service() }',
        'class Toast {',
        '    fun show(msg: String, duration: Int = 0, onDone: () -> Unit) {}',
        '    fun show(msg: String, duration: Int) {}',
        '}',
        'fun use(reg: Registry) {',
        '    val nodes = MutableStateFlow(Node())',
        '    with(nodes) { emit(3) }',
        '    reg[Node].start()',
        '    val c = HashMap<Any, Service>()',
        '    c[Node]?.start()',
        '}',
        'class Screen {',
        '    fun go(t: Toast) { t.show("x") { } }',
        '}', ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/N.kt::Repo.send', 'log'), ['src/N.kt::BaseRepo.log', 'exact'], 'Repo\'s supertype, not Request\'s');
      assert.notDeepEqual(callTo(ix.store, 'src/N.kt::use', 'emit')?.[1], 'scope', 'the box is no Node');
      assert.ok(callsTo(ix.store, 'src/N.kt::use', 'start').every((e) => e.to !== 'src/N.kt::Node.start'), 'a Registry or a HashMap indexed by Node gives no Node');
      assert.deepEqual(callTo(ix.store, 'src/N.kt::Screen.go', 'show'), ['src/N.kt::Toast.show', 'exact'], 'show(msg, duration = 0, onDone) takes ("x") { }, not show(msg, duration)');
    }));

  it('an instance of a capitalized type the project does not declare (`Random()`) has none of the project\'s members; a call with a trailing lambda in a receiver counts it; a line starting with `(` is no call\'s arguments', () =>
    withIndexedProject({
      'src/W.kt': [
        'package w', '',
        'import java.util.*', '',
        'class Worker {',
        '    private val random = Random()',
        '    private var rng = random.nextInt()',
        '    private val job = Job()',
        '    fun nextInt(): Int = 4',
        '    fun go() {',
        '        val r = Random()',
        '        r.nextInt()',
        '        job.start()',
        '    }',
        '}',
        'class Job { fun start() {} }',
        'class Widget { fun draw() {} }',
        'fun paint(Make: () -> Widget) { Make().draw() }', ''].join('\n'),
      'src/S.kt': [
        'package w', '',
        'class Task { fun run() {} }',
        'class Other { fun run() {} }',
        'class Sched {',
        '    fun start(n: Int): Other = Other()',
        '    fun start(n: Int, block: () -> Unit): Task = Task()',
        '}',
        'fun go(s: Sched) {',
        '    s.start(1) { }.run()',
        '    s.start(2).run()',
        '}',
        'open class Node { fun remove() {} }',
        'class Buffered : Node()',
        'fun drop(s: Sched, x: Any) {',
        '    s.start(3)',
        '    // the grammar reads the next line as arguments of the call above',
        '    (x as? Buffered)?.remove()',
        '}', ''].join('\n'),
    }, async (ix) => {
      // (the one project method named nextInt had been guessed for java.util.Random's)
      assert.deepEqual(callTo(ix.store, 'src/W.kt::Worker.rng', 'nextInt'), [null, 'unresolved']);
      assert.deepEqual(callTo(ix.store, 'src/W.kt::Worker.go', 'nextInt'), [null, 'unresolved']);
      assert.deepEqual(callTo(ix.store, 'src/W.kt::Worker.go', 'start'), ['src/W.kt::Job.start', 'exact'], 'a project type made the same way is typed');
      assert.equal(callTo(ix.store, 'src/W.kt::paint', 'draw')[0], 'src/W.kt::Widget.draw', 'a parameter holding a function is no type from outside');
      // a trailing lambda is one more argument of the call in the receiver
      assert.deepEqual(callsTo(ix.store, 'src/S.kt::go', 'run').map((e) => e.to), ['src/S.kt::Task.run', 'src/S.kt::Other.run']);
      // a line that starts with `(` is a statement of its own: its cast is the receiver
      assert.deepEqual(callTo(ix.store, 'src/S.kt::drop', 'remove'), ['src/S.kt::Node.remove', 'exact']);
    }));

  it('overloads by argument count, methods and top-level functions: a trailing lambda is one (`start(1) { }`), a vararg takes any number', () =>
    withIndexedProject({
      'src/other/Use.kt': 'package other\n\nimport k.card\n\nfun use() {\n    card("a", "b")\n    card("a")\n}\n',
      'src/A.kt': [
        'package k', '',
        'open class Base {',
        '    fun start(): Boolean = true',
        '    fun start(mode: Int) {}',
        '    fun put(vararg xs: Int) {}',
        '}',
        'open class Co : Base() {',
        '    fun start(mode: Int, block: () -> Unit) {}',
        '    fun put(a: Int) {}',
        '}',
        'fun card(a: String) {}',
        'fun card(a: String, b: String) {}',
        'class Actor : Co() {',
        '    fun go() {',
        '        card("a", "b")',
        '        card("a")',
        '        start()',
        '        start(1) { }',
        '        start(1, {})',
        '        start(2)',
        '        put(1, 2)',
        '        put(1)',
        '    }',
        '}', ''].join('\n'),
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 'src/A.kt::Actor.go', 'start').map((e) => e.to), ['src/A.kt::Base.start', 'src/A.kt::Co.start', 'src/A.kt::Co.start', 'src/A.kt::Base.start#2']);
      assert.deepEqual(callsTo(ix.store, 'src/A.kt::Actor.go', 'put').map((e) => e.to), ['src/A.kt::Base.put', 'src/A.kt::Co.put']);
      assert.deepEqual(callsTo(ix.store, 'src/A.kt::Actor.go', 'card').map((e) => e.to), ['src/A.kt::card#2', 'src/A.kt::card'], 'top-level overloads in the same file');
      assert.deepEqual(callsTo(ix.store, 'src/other/Use.kt::use', 'card').map((e) => [e.to, e.resolution]), [['src/A.kt::card#2', 'import'], ['src/A.kt::card', 'import']], 'and imported by name');
    }));

  it('a trailing lambda for a parameter with a default (`block: P.() -> Unit = {}`), a class\'s name is no receiver of its extensions (an `object`\'s is), a named import and a wildcard take the same of an `expect` and its `actual`, and another language\'s package is not a Kotlin or Java one', () =>
    withIndexedProject({
      'src/A.kt': 'package k\n\nclass Job { fun dispose() {} }\nclass Producer { fun send() {} }\nfun withDefault(a: Int, block: (Job) -> Unit = {}) {}\nfun recvDefault(block: Producer.() -> Unit = {}) {}\n'
        + 'class Widget { companion object {} }\nfun Widget.paint() {}\nobject Glob\nfun Glob.run2() {}\n',
      'src/B.kt': 'package k\n\nfun a() { withDefault(1) { j -> j.dispose() } }\nfun b() { recvDefault { send() } }\nfun d() { Widget.paint() }\nfun e() { Glob.run2() }\n',
      'common/src/Job.kt': 'package acme.core\n\nexpect fun platformName(): String\n',
      'jvm/src/Lock.kt': 'package acme.core\n\nactual fun platformName(): String = "jvm"\n',
      'jvm/src/app/Use.kt': 'package acme.app\n\nimport acme.core.platformName\n\nfun go() { platformName() }\n',
      'jvm/src/app2/Use2.kt': 'package acme.app2\n\nimport acme.core.*\n\nfun go2() { platformName() }\n',
      'tools/util/helper.go': 'package util\n\nfunc helper() {}\n',
      'app/src/Main.kt': 'package util\n\nfun go() { helper() }\n',
      'java/Main.java': 'package util;\n\nclass Main { void run() { helper(); } }\n',
    }, async (ix) => {
      assert.deepEqual(callTo(ix.store, 'src/B.kt::a', 'dispose'), ['src/A.kt::Job.dispose', 'exact']);
      assert.deepEqual(callTo(ix.store, 'src/B.kt::b', 'send'), ['src/A.kt::Producer.send', 'scope']);
      assert.deepEqual(callTo(ix.store, 'src/B.kt::d', 'paint'), [null, 'unresolved'], 'kotlinc wants `Widget.Companion.paint()`');
      assert.deepEqual(callTo(ix.store, 'src/B.kt::e', 'run2'), ['src/A.kt::run2', 'import']);
      assert.deepEqual(callTo(ix.store, 'jvm/src/app/Use.kt::go', 'platformName'), ['jvm/src/Lock.kt::platformName', 'import'], 'the actual of its source set');
      assert.deepEqual(callTo(ix.store, 'jvm/src/app2/Use2.kt::go2', 'platformName'), ['jvm/src/Lock.kt::platformName', 'import']);
      assert.notEqual(callTo(ix.store, 'app/src/Main.kt::go', 'helper')[1], 'scope', 'a Go package is no Kotlin package');
      assert.notEqual(callTo(ix.store, 'java/Main.java::Main.run', 'helper')[1], 'scope');
    }));
  it('TypeScript casts in parentheses type a receiver whatever the type\'s form (`(x as Foo | undefined)?.go()`, `(x as Foo[])[0].go()`)', () =>
    withIndexedProject({
      'a.ts': 'export class Foo { go() {} }\nexport class Other { go() {} }\n',
      'b.ts': 'import { Foo } from "./a";\nexport function f(x: unknown) {\n  (x as Foo | undefined)?.go();\n  (x as Foo[])[0].go();\n  (x as Foo).go();\n  const y = x as Foo;\n  y.go();\n}\n',
    }, async (ix) => {
      assert.deepEqual(callsTo(ix.store, 'b.ts::f', 'go').map((e) => [e.to, e.resolution]), Array(4).fill(['a.ts::Foo.go', 'exact']));
    }));
  it('smart casts (`is T ->`, `if (x is T)`), `val x = x as T`, type parameters\' bounds, `if` expressions, a lambda\'s `it` as its callee declares it, expression bodies, an extension\'s `this`, a function type\'s extension functions (`block.start()` of `(suspend () -> T).start()`), an outside type\'s by its declared name, and a class\'s own extension functions', () =>
    withIndexedProject({
      'src/A.kt': [
        'package acme.s', '',
        'class Op { fun perform() {} }',
        'class Node { fun addNext() {} }',
        'class Gone { fun perform() {} }',
        'fun <T> (suspend () -> T).start(c: Int) {}',
        'fun <R, T> (suspend R.() -> T).start(r: R, c: Int) {}',
        'fun Exception.wrap() {}',
        'fun Throwable.wrap() {}',
        'interface Sink { fun send() }',
        'class Other { fun send() {} }',
        'fun <C : Sink> fill(dest: C) { dest.send() }',
        'open class Base { fun start() {} }',
        'class Lazy : Base()',
        'class Eager : Base()',
        'class Elsewhere { fun start() {} }',
        'class Decoy { fun addNext() {} }',
        'fun withNode(a: Int, block: (Node) -> Unit) {}',
        'fun walk() { withNode(1) { it.addNext() } }',
        'class Scheduler { fun dispatch() {} }',
        'class Elsewhere2 { fun dispatch() {} }',
        'class Holder { private val s = make(); private fun make() = Scheduler(); fun go() { s.dispatch() } }',
        'fun w(x: Any) { when { x is Op -> x.perform() } }',
        'interface Chan { val kids: List<Node> }',
        'fun Chan.cancelKids() { kids.forEach { it.addNext() } }',
        'fun Chan.twice() { this.cancelKids() }',
        'class Chan2 { fun cancelKids() {} }',
        'open class Base2 { open fun go() {}; fun base() {} }',
        'interface Marker',
        'class A2 : Base2() { override fun go() {}; fun a() {} }',
        'class B2 : Base2() { override fun go() {} }',
        'class Decoy2 { fun a() {}; fun base() {} }',
        'fun oneLine(x: Base2) { when (x) { is A2 -> x.go(); is B2 -> x.go() } }',
        'fun marker(x: Base2) { if (x is Marker) x.base() }',
        'fun run2(block: () -> Unit) {}',
        'fun nested(xs: List<A2>) { xs.forEach { run2 { it.a() } } }',
        'fun early(x: Any) {',
        '    if (x !is Op) return',
        '    x.perform()',
        '}',
        'fun early2(x: Any) {',
        '    if (x !is Op) { return }',
        '    x.perform()',
        '}',
        'inline fun <reified T> firstOf(n: Node): T? {',
        '    val first: Node = n',
        '    if (first !is T) return null',
        '    first.addNext()',
        '    return first',
        '}',
        'fun make(lazy: Boolean) {',
        '    val c = if (lazy) Lazy() else Eager()',
        '    c.start()',
        '    val d = if (lazy) Lazy() else null',
        '    d?.start()',
        '}', ''].join('\n'),
      'src/Use.kt': [
        'package acme.s', '',
        'class User {',
        '    val prev: Any = Node()',
        '    fun help(state: Any) {',
        '        when (state) {',
        '            is Op -> state.perform()',
        '            is Node -> state.addNext()',
        '        }',
        '        if (state is Op) state.perform()',
        '        if (state != null && state is Node) state.addNext()',
        '        val prev = prev as Node',
        '        prev.addNext()',
        '    }',
        '    fun <T> go(block: suspend () -> T, withRecv: suspend User.() -> T, e: Throwable) {',
        '        block.start(1)',
        '        withRecv.start(this, 1)',
        '        e.wrap()',
        '        e.own()',
        '    }',
        '    private fun Throwable.own() {}',
        '}',
        'class Stranger { fun go(e: Throwable) { e.own() } }', ''].join('\n'),
    }, async (ix) => {
      const help = 'src/Use.kt::User.help';
      assert.deepEqual(callsTo(ix.store, help, 'perform').map((e) => [e.to, e.resolution]), [['src/A.kt::Op.perform', 'exact'], ['src/A.kt::Op.perform', 'exact']], 'Gone.perform makes a guess impossible');
      assert.deepEqual(callsTo(ix.store, help, 'addNext').map((e) => [e.to, e.resolution]), Array(3).fill(['src/A.kt::Node.addNext', 'exact']), 'the when entry\'s smart cast, a test in a conjunction, then the local cast');
      const go = 'src/Use.kt::User.go';
      assert.deepEqual(callsTo(ix.store, go, 'start').map((e) => [e.to, e.resolution]), [['src/A.kt::start', 'heuristic'], ['src/A.kt::start#2', 'heuristic']], 'a Function0\'s, then a Function1\'s');
      assert.deepEqual(callTo(ix.store, go, 'wrap'), ['src/A.kt::wrap#2', 'heuristic'], 'Throwable\'s, not Exception\'s');
      assert.deepEqual(callTo(ix.store, go, 'own'), ['src/Use.kt::User.own', 'heuristic'], 'the class\'s own extension');
      assert.deepEqual(callTo(ix.store, 'src/Use.kt::Stranger.go', 'own'), [null, 'unresolved'], 'another class\'s extension is not in sight');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::fill', 'send'), ['src/A.kt::Sink.send', 'exact'], 'a type parameter is its bound');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::walk', 'addNext'), ['src/A.kt::Node.addNext', 'exact'], 'a lambda\'s `it`, as its callee declares it');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::Holder.go', 'dispatch'), ['src/A.kt::Scheduler.dispatch', 'exact'], 'an expression body\'s type');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::w', 'perform'), ['src/A.kt::Op.perform', 'exact'], 'a smart cast in a when without a subject');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::early', 'perform'), ['src/A.kt::Op.perform', 'exact'], 'below `if (x !is T) return`');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::early2', 'perform'), ['src/A.kt::Op.perform', 'exact'], 'below `if (x !is T) { return }`');
      assert.deepEqual(callsTo(ix.store, 'src/A.kt::oneLine', 'go').map((e) => e.to), ['src/A.kt::Base2.go', 'src/A.kt::Base2.go'], 'one-line branches: neither is the other\'s cast');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::marker', 'base'), ['src/A.kt::Base2.base', 'exact'], 'a cast name keeps its declared type\'s members');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::nested', 'a'), ['src/A.kt::A2.a', 'exact'], 'an inner lambda whose callee declares no `it` leaves the outer one\'s');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::firstOf', 'addNext'), ['src/A.kt::Node.addNext', 'exact'], 'a type parameter\'s test leaves the type it had');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::cancelKids', 'addNext'), ['src/A.kt::Node.addNext', 'exact'], 'the extended type\'s property, bare');
      assert.deepEqual(callTo(ix.store, 'src/A.kt::twice', 'cancelKids'), ['src/A.kt::cancelKids', 'import'], '`this.` of an extension: the type\'s extension function');
      assert.deepEqual(callsTo(ix.store, 'src/A.kt::make', 'start').map((e) => [e.to, e.resolution]), [['src/A.kt::Base.start', 'exact'], ['src/A.kt::Base.start', 'exact']], 'an if expression is what its branches share');
    }));
});
