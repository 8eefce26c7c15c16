// Incremental sync keeps the node ids of symbols whose identity held: other files' edges into
// them stay; what a change can rebind (removed symbols, names taken or given up, kinds,
// supertypes) is resolved again, so N edits give the graph a full index of the same files gives.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Indexer } from '../../src/server/index/sync';
import { makeProject, removeProject, graphRows } from './helpers/project';

/** Rewrites a file with a new mtime (some filesystems keep mtime within the same ms). */
function edit(root: string, p: string, text: string) {
  mkdirSync(dirname(join(root, p)), { recursive: true });
  writeFileSync(join(root, p), text);
  const t = new Date(Date.now() + 2000);
  utimesSync(join(root, p), t, t);
}

const idOf = (ix: Indexer, uid: string) => ix.store.prepare('SELECT id FROM nodes WHERE uid = ?').get<{ id: number }>(uid)?.id;

/** The edge from `from` written as `target`: its row id, the uid it points at, how. */
function edge(ix: Indexer, from: string, target: string) {
  return ix.store.prepare(`SELECT e.id, d.uid AS "to", e.kind, e.resolution FROM edges e JOIN nodes s ON s.id = e.src LEFT JOIN nodes d ON d.id = e.dst
    WHERE s.uid = ? AND e.target = ? AND e.kind != 'contains'`).get<{ id: number; to: string | null; kind: string; resolution: string }>(from, target);
}

/** A full index of a copy of the files, as graph rows. */
async function fresh(root: string) {
  const copy = makeProject({}, 'ci-fresh-');
  try {
    cpSync(root, copy, { recursive: true, filter: (src) => !src.includes('.codeindex') });
    const ix = await Indexer.open(copy);
    try { await ix.sync(); return graphRows(ix.store); } finally { ix.close(); }
  } finally { removeProject(copy); }
}

/** The incremental graph equals a fresh full index; on a mismatch, the rows that differ. */
async function assertAsFresh(ix: Indexer, root: string, step: string) {
  const got = graphRows(ix.store);
  const want = await fresh(root);
  for (const k of ['edges', 'nodes'] as const) {
    const g = new Set(got[k]), w = new Set(want[k]);
    const extra = got[k].filter((x) => !w.has(x)), missing = want[k].filter((x) => !g.has(x));
    assert.deepEqual({ extra, missing }, { extra: [], missing: [] }, `${step}: ${k} differ from a full index`);
    assert.deepEqual(got[k], want[k], `${step}: ${k} (multiplicity)`);
  }
}

describe('index: stable node ids', function () {
  this.timeout(60000);
  let root: string;
  let ix: Indexer;
  afterEach(() => { ix?.close(); removeProject(root); });

  const open = async (files: Record<string, string>) => {
    root = makeProject(files);
    ix = await Indexer.open(root);
    await ix.sync();
  };

  it('an edit that keeps a symbol keeps its id, its row updated, and the other file\'s edge to it', async () => {
    await open({
      'a.ts': `import { helper } from './b';\nexport function main() { return helper(); }\n`,
      'b.ts': `/** Adds one. */\nexport function helper() { return 1; }\n`,
    });
    const id = idOf(ix, 'b.ts::helper');
    const before = edge(ix, 'a.ts::main', 'helper')!;
    assert.equal(before.to, 'b.ts::helper');
    edit(root, 'b.ts', `// a line above\n\n/** Adds two, now. */\nexport function helper(x = 2) { return x; }\n`);
    const s = await ix.sync();
    assert.equal(s.parsed, 1);
    assert.equal(idOf(ix, 'b.ts::helper'), id, 'same row');
    assert.deepEqual(edge(ix, 'a.ts::main', 'helper'), before, 'the same edge row, untouched');
    const row = ix.store.prepare('SELECT start_line, signature, docstring FROM nodes WHERE id = ?').get<{ start_line: number; signature: string; docstring: string }>(id!)!;
    assert.equal(row.start_line, 4);
    assert.match(row.signature, /x = 2/);
    assert.match(row.docstring, /Adds two/);
    const fts = ix.store.prepare("SELECT docid FROM nodes_fts WHERE nodes_fts MATCH 'docstring:now'").all<{ docid: number }>().map((r) => Number(r.docid));
    assert.deepEqual(fts, [id], 'the text index has the new docstring on the same row');
    await assertAsFresh(ix, root, 'kept');
  });

  it('renaming or removing a symbol detaches and re-resolves (to nothing, then to the new target)', async () => {
    await open({
      'a.ts': `import { helper } from './b';\nexport function main() { return helper(); }\n`,
      'b.ts': `export function helper() { return 1; }\nexport function other() { return 2; }\n`,
    });
    const otherId = idOf(ix, 'b.ts::other');
    edit(root, 'b.ts', `export function helper2() { return 1; }\nexport function other() { return 2; }\n`);
    await ix.sync();
    assert.equal(edge(ix, 'a.ts::main', 'helper')!.to, null, 'renamed away: unresolved');
    assert.equal(idOf(ix, 'b.ts::other'), otherId);
    await assertAsFresh(ix, root, 'renamed');
    edit(root, 'b.ts', `export function other() { return 2; }\nexport function helper() { return 3; }\n`);
    await ix.sync();
    assert.deepEqual({ ...edge(ix, 'a.ts::main', 'helper'), id: 0 }, { id: 0, to: 'b.ts::helper', kind: 'calls', resolution: 'import' });
    await assertAsFresh(ix, root, 'renamed back');
  });

  it('a kind change (function -> const) is a new symbol: the edge re-resolves to it', async () => {
    await open({
      'a.ts': `import { helper } from './b';\nexport function main() { return helper(); }\n`,
      'b.ts': `export function helper() { return 1; }\n`,
    });
    edit(root, 'b.ts', `export const helper = (0 as any);\n`);
    await ix.sync();
    const now = ix.store.prepare("SELECT id, kind FROM nodes WHERE uid = 'b.ts::helper'").get<{ id: number; kind: string }>()!;
    assert.equal(now.kind, 'constant');
    assert.equal(edge(ix, 'a.ts::main', 'helper')!.to, 'b.ts::helper');
    const dst = ix.store.prepare("SELECT e.dst FROM edges e JOIN nodes s ON s.id = e.src WHERE s.uid = 'a.ts::main' AND e.target = 'helper'").get<{ dst: number }>()!.dst;
    assert.equal(dst, now.id);
    await assertAsFresh(ix, root, 'kind change');
  });

  it('a same-name symbol in another file breaks, and its removal restores, the unique-name heuristic', async () => {
    // C: calls bind across files by a unique project-wide name; TS: a method by a unique name
    await open({
      'main.c': `int main(void) { return util(); }\n`,
      'b.c': `int util(void) { return 1; }\n`,
      'c.c': `int other(void) { return 2; }\n`,
      'w.ts': `export function work(x) { return x.execute(); }\n`,
      'p.ts': `export class Proc { execute() { return 1; } }\n`,
      'q.ts': `export class Queue { push() { return 1; } }\n`,
    });
    assert.deepEqual({ ...edge(ix, 'main.c::main', 'util'), id: 0 }, { id: 0, to: 'b.c::util', kind: 'calls', resolution: 'heuristic' });
    assert.equal(edge(ix, 'w.ts::work', 'execute')!.to, 'p.ts::Proc.execute');
    edit(root, 'c.c', `int other(void) { return 2; }\nint util(void) { return 3; }\n`);
    edit(root, 'q.ts', `export class Queue { push() { return 1; } execute() { return 2; } }\n`);
    await ix.sync();
    assert.equal(edge(ix, 'main.c::main', 'util')!.to, null, 'two util: no guess');
    assert.equal(edge(ix, 'w.ts::work', 'execute')!.to, null, 'two execute methods: no guess');
    await assertAsFresh(ix, root, 'ambiguous');
    edit(root, 'c.c', `int other(void) { return 2; }\n`);
    edit(root, 'q.ts', `export class Queue { push() { return 1; } }\n`);
    await ix.sync();
    assert.equal(edge(ix, 'main.c::main', 'util')!.to, 'b.c::util', 'unique again');
    assert.equal(edge(ix, 'w.ts::work', 'execute')!.to, 'p.ts::Proc.execute');
    await assertAsFresh(ix, root, 'unique again');
  });

  it('a script that becomes a module takes its globals away, and gives them back when it is a script again', async () => {
    await open({
      'page.js': `function start() { return helper(); }\n`,
      'lib.js': `function helper() { return 1; }\n`,
    });
    assert.deepEqual({ ...edge(ix, 'page.js::start', 'helper'), id: 0 }, { id: 0, to: 'lib.js::helper', kind: 'calls', resolution: 'scope' });
    edit(root, 'lib.js', `function helper() { return 1; }\nexport const version = 2;\n`);
    await ix.sync();
    assert.equal(edge(ix, 'page.js::start', 'helper')!.to, null, "a module's name is its own");
    await assertAsFresh(ix, root, 'module');
    edit(root, 'lib.js', `function helper() { return 1; }\nvar version = 2;\n`);
    await ix.sync();
    assert.equal(edge(ix, 'page.js::start', 'helper')!.to, 'lib.js::helper');
    await assertAsFresh(ix, root, 'script again');
  });

  it('C#: a partial type\'s part, a second namespace\'s type and an extension method added and removed give what a full index gives', async () => {
    await open({
      'lib/Group.cs': 'namespace Acme.Lib\n{\n  public partial class Group { public void Add() { } }\n}\n',
      'app/Use.cs': 'using Acme.Lib;\nusing Acme.Other;\nnamespace Acme.App\n{\n  class User { void Go(Group g) { g.Add(); g.Find(); g.Shout(); Tools.Once(); } }\n}\n',
      'lib/Tools.cs': 'namespace Acme.Lib\n{\n  public static class Tools { public static void Once() { } }\n}\n',
    });
    const go = 'app/Use.cs::Acme.App.User.Go';
    assert.equal(edge(ix, go, 'Once')!.to, 'lib/Tools.cs::Acme.Lib.Tools.Once');
    assert.equal(edge(ix, go, 'Find')!.to, null);
    edit(root, 'lib/Group.Search.cs', 'namespace Acme.Lib\n{\n  public partial class Group { public void Find() { Add(); } }\n}\n');
    edit(root, 'other/Tools.cs', 'namespace Acme.Other\n{\n  public static class Tools { public static void Once() { } }\n}\n');
    edit(root, 'lib/Ext.cs', 'namespace Acme.Lib\n{\n  public static class GroupExt { public static void Shout(this Group g) { } }\n}\n');
    await ix.sync();
    assert.equal(edge(ix, go, 'Find')!.to, 'lib/Group.Search.cs::Acme.Lib.Group.Find', 'the new part\'s member');
    assert.equal(edge(ix, go, 'Shout')!.to, 'lib/Ext.cs::Acme.Lib.GroupExt.Shout');
    assert.equal(edge(ix, go, 'Once')!.to, null, 'two usings bring a Tools each now');
    await assertAsFresh(ix, root, 'added');
    unlinkSync(join(root, 'other/Tools.cs'));
    unlinkSync(join(root, 'lib/Group.Search.cs'));
    await ix.sync();
    assert.equal(edge(ix, go, 'Once')!.to, 'lib/Tools.cs::Acme.Lib.Tools.Once');
    assert.equal(edge(ix, go, 'Find')!.to, null);
    await assertAsFresh(ix, root, 'removed');
  });

  it('Kotlin: a file that moves to another package by its header, an `actual` added beside an `expect`, and a wildcard import\'s new file give what a full index gives', async () => {
    await open({
      'common/src/Job.kt': 'package acme.core\n\nexpect fun platformName(): String\nopen class Job { fun cancel() {} }\n',
      'common/src/util/Text.kt': 'package acme.core.util\n\nfun shout(s: String) = s\n',
      'jvm/src/Use.kt': 'package acme.core\n\nimport acme.core.util.*\n\nclass JvmJob : Job() {\n    fun go() {\n        platformName()\n        shout("x")\n        loud()\n    }\n}\n',
    });
    const go = 'jvm/src/Use.kt::JvmJob.go';
    assert.equal(edge(ix, go, 'platformName')!.to, 'common/src/Job.kt::platformName');
    assert.equal(edge(ix, go, 'loud')!.to, null);
    assert.equal(edge(ix, go, 'shout')!.resolution, 'import');
    edit(root, 'jvm/src/Platform.kt', 'package acme.core\n\nactual fun platformName(): String = "jvm"\n');
    edit(root, 'common/src/util/Loud.kt', 'package acme.core.util\n\nfun loud() {}\n');
    await ix.sync();
    assert.equal(edge(ix, go, 'platformName')!.to, 'jvm/src/Platform.kt::platformName', 'the actual beside the caller');
    assert.equal(edge(ix, go, 'loud')!.to, 'common/src/util/Loud.kt::loud', 'a new file of the imported package');
    await assertAsFresh(ix, root, 'added');
    edit(root, 'common/src/util/Text.kt', 'package acme.other\n\nfun shout(s: String) = s\n');
    await ix.sync();
    assert.equal(edge(ix, go, 'shout')!.resolution, 'heuristic', 'its package is another now: only the unique name is left');
    await assertAsFresh(ix, root, 'moved');
    edit(root, 'common/src/util/Text.kt', 'package acme.core.util\n\nfun shout(s: String) = s\n');
    unlinkSync(join(root, 'jvm/src/Platform.kt'));
    await ix.sync();
    assert.deepEqual([edge(ix, go, 'shout')!.to, edge(ix, go, 'shout')!.resolution], ['common/src/util/Text.kt::shout', 'import']);
    assert.equal(edge(ix, go, 'platformName')!.to, 'common/src/Job.kt::platformName');
    await assertAsFresh(ix, root, 'moved back, actual removed');
  });

  it('Kotlin: a named import follows its name by package (the file leaves the package, the name moves to another file of it, an `expect` comes after its `actual`), as a full index', async () => {
    await open({
      'common/src/util/Text.kt': 'package acme.core.util\n\nfun shout(s: String) = s\n',
      'common/src/util/Other.kt': 'package acme.core.util\n\nfun other() {}\n',
      'jvm/src/Lock.kt': 'package acme.core\n\nactual fun platformName(): String = "jvm"\n',
      'app/Use.kt': 'package acme.app\n\nimport acme.core.util.shout\nimport acme.core.platformName\n\nfun go() {\n    shout("x")\n    platformName()\n}\n',
    });
    const go = 'app/Use.kt::go';
    const deps = () => ix.store.prepare("SELECT d.uid AS t FROM edges e JOIN nodes s ON s.id = e.src JOIN nodes d ON d.id = e.dst WHERE e.kind = 'imports' AND s.uid = 'app/Use.kt' ORDER BY t").all<{ t: string }>().map((r) => r.t);
    assert.deepEqual(deps(), ['common/src/util/Text.kt', 'jvm/src/Lock.kt']);
    edit(root, 'common/src/util/Text.kt', 'package acme.core.util\n\nfun text() {}\n');
    edit(root, 'common/src/util/Other.kt', 'package acme.core.util\n\nfun other() {}\nfun shout(s: String) = s\n');
    await ix.sync();
    assert.deepEqual([edge(ix, go, 'shout')!.to, edge(ix, go, 'shout')!.resolution], ['common/src/util/Other.kt::shout', 'import']);
    assert.deepEqual(deps(), ['common/src/util/Other.kt', 'jvm/src/Lock.kt'], 'the import names the file the name moved to');
    await assertAsFresh(ix, root, 'name moved');
    edit(root, 'common/src/util/Other.kt', 'package acme.other\n\nfun other() {}\nfun shout(s: String) = s\n');
    await ix.sync();
    assert.deepEqual(deps(), ['jvm/src/Lock.kt'], 'no file of the package declares it now');
    await assertAsFresh(ix, root, 'left the package');
    edit(root, 'common/src/Job.kt', 'package acme.core\n\nexpect fun platformName(): String\n');
    await ix.sync();
    assert.equal(edge(ix, go, 'platformName')!.to, 'common/src/Job.kt::platformName', 'of an expect and its actual, the nearest by path (a tie: the first by path)');
    await assertAsFresh(ix, root, 'expect added after its actual');
  });

  it('Kotlin: a sync that died after writing a file\'s new package leaves the imports of the old one to be resolved again', async () => {
    await open({
      'src/util/Text.kt': 'package acme.util\n\nfun shout(s: String) = s\n',
      'src/util/Loud.kt': 'package acme.util\n\nfun loud() {}\n',
      'src/app/Use.kt': 'package acme.app\n\nimport acme.util.shout\n\nfun go() { shout("x") }\n',
      'src/app/All.kt': 'package acme.app\n\nimport acme.util.*\n\nfun all() { shout("x"); loud() }\n',
    });
    edit(root, 'src/util/Text.kt', 'package acme.other\n\nfun shout(s: String) = s\n');
    // what a sync killed between writing Text.kt and resolving leaves: its new package, no hash
    ix.store.transaction(() => ix.store.prepare("UPDATE files SET package = 'acme.other', hash = '' WHERE path = 'src/util/Text.kt'").run());
    ix.close();
    ix = await Indexer.open(root);
    await ix.sync();
    assert.equal(edge(ix, 'src/app/Use.kt::go', 'shout')!.resolution, 'heuristic', 'no file of acme.util declares it now');
    const rows = ix.store.prepare("SELECT i.resolved_file_id AS t FROM file_imports i JOIN files f ON f.id = i.file_id WHERE f.path = 'src/app/All.kt' AND i.imported = '*'").all<{ t: number }>();
    assert.equal(rows.length, 1, 'the wildcard\'s one row per file of the package, once each');
    await assertAsFresh(ix, root, 'recovered');
  });

  it('Kotlin: an import and its alias of one class stay two rows through edits and moves, and a sync killed after a file lost its package header is repaired, as a full index', async () => {
    await open({
      'src/util/Text.kt': 'package acme.util\n\nclass C { fun go() {} }\n',
      'src/util/Loud.kt': 'package acme.util\n\nfun loud() {}\n',
      'src/app/Use.kt': 'package acme.app\n\nimport acme.util.C\nimport acme.util.C as D\n\nfun use() { C().go(); D().go() }\n',
    });
    const rows = () => ix.store.prepare("SELECT i.local AS l FROM file_imports i JOIN files f ON f.id = i.file_id WHERE f.path = 'src/app/Use.kt' ORDER BY l").all<{ l: string }>().map((r) => r.l);
    assert.deepEqual(rows(), ['C', 'D']);
    edit(root, 'src/util/Text.kt', 'package acme.util\n\n// edited\nclass C { fun go() {} }\n');
    await ix.sync();
    assert.deepEqual(rows(), ['C', 'D'], 'the alias\'s row is no wildcard\'s second row');
    await assertAsFresh(ix, root, 'edited');
    edit(root, 'src/util/Text.kt', 'package acme.util\n');
    edit(root, 'src/util/Loud.kt', 'package acme.util\n\nfun loud() {}\nclass C { fun go() {} }\n');
    await ix.sync();
    await assertAsFresh(ix, root, 'moved');
    edit(root, 'src/util/Loud.kt', 'fun loud() {}\nclass C { fun go() {} }\n');
    ix.store.transaction(() => ix.store.prepare("UPDATE files SET package = '', hash = '' WHERE path = 'src/util/Loud.kt'").run());
    ix.close();
    ix = await Indexer.open(root);
    await ix.sync();
    await assertAsFresh(ix, root, 'package header gone, sync killed');
  });

  it('a re-indexed file gets a later indexed_at even within the same millisecond (the name table updates by it)', async () => {
    await open({ 'b.ts': `export function helper() { return 1; }\n` });
    const at = () => Number(ix.store.prepare("SELECT indexed_at AS t FROM files WHERE path = 'b.ts'").get<{ t: number }>()!.t);
    const t0 = at();
    ix.store.transaction(() => ix.store.prepare("UPDATE files SET indexed_at = ? WHERE path = 'b.ts'").run(Date.now() + 60_000)); // a clock step back
    edit(root, 'b.ts', `export function helper() { return 2; }\n`);
    await ix.sync();
    assert.ok(at() > t0 + 60_000);
  });

  it('a file a sync died after writing (hash \'\'): the edges it detached are resolved again', async () => {
    await open({
      'a.ts': `import { helper } from './b';\nexport function main() { return helper(); }\n`,
      'b.ts': `export function helper() { return 1; }\n`,
    });
    // what a sync killed between writing b.ts and resolving leaves: the edge into it detached
    ix.store.transaction(() => {
      ix.store.prepare("UPDATE edges SET dst = NULL, resolution = 'unresolved' WHERE target = 'helper' AND kind = 'calls'").run();
      ix.store.prepare("UPDATE files SET hash = '' WHERE path = 'b.ts'").run();
    });
    ix.close();
    ix = await Indexer.open(root);
    const s = await ix.sync();
    assert.equal(s.parsed, 1);
    assert.equal(edge(ix, 'a.ts::main', 'helper')!.to, 'b.ts::helper');
    await assertAsFresh(ix, root, 'recovered');
  });

  it('N edits of classes, heritage, re-exports and default imports give what a full index gives', async () => {
    const base = (extra = '', fn = `export function makeShape(): Shape { return new Shape(); }`) =>
      `export class Shape {\n  area(): number { return 0; }\n${extra}}\nexport interface Drawable { draw(): void; }\n${fn}\n`;
    await open({
      'shapes/base.ts': base(),
      'shapes/circle.ts': `import { Shape, Drawable } from './base';\nexport class Circle extends Shape implements Drawable {\n  area() { return 3; }\n  perimeter() { return 6; }\n  draw() {}\n}\n`,
      'shapes/square.ts': `import { Circle } from './circle';\nexport class Ring extends Circle { perimeter() { return 1; } }\n`,
      'shapes/index.ts': `export * from './base';\nexport * from './circle';\n`,
      'util.ts': `export default class Helper { run() { return 1; } }\nexport function fmt(x: number) { return String(x); }\n`,
      'app.ts': `import { makeShape, Circle } from './shapes';\nimport H, { fmt } from './util';\n` +
        `export function main() {\n  const s = makeShape();\n  const c = new Circle();\n  c.draw();\n  new H().run();\n  return fmt(s.area() + c.perimeter());\n}\n` +
        `export class Runner { go() { return this.tick(); } tick() { return 1; } }\n`,
      'w.ts': `export function work(x) { return x.execute(); }\n`,
      'p.ts': `export class Proc { execute() { return 1; } }\n`,
    });
    await assertAsFresh(ix, root, 'start');
    const ids = () => ['shapes/base.ts::Shape', 'shapes/base.ts::Shape.area', 'shapes/circle.ts::Circle', 'util.ts::Helper'].map((u) => idOf(ix, u));
    const start = ids();
    const steps: [string, () => void][] = [
      ['body edit, lines shift', () => edit(root, 'shapes/base.ts', `// moved\n${base().replace('return 0', 'return 0 + 0')}`)],
      ['a base method a subclass overrides', () => edit(root, 'shapes/base.ts', base('  perimeter(): number { return 0; }\n'))],
      ['a second execute method', () => edit(root, 'util.ts', `export default class Helper { run() { return 1; } execute() { return 2; } }\nexport function fmt(x: number) { return String(x); }\n`)],
      ['a second exported class beside the default one', () => edit(root, 'util.ts', `export default class Helper { run() { return 1; } }\nexport class Other { run() { return 2; } }\nexport function fmt(x: number) { return String(x); }\n`)],
      ['rename through a re-export', () => edit(root, 'shapes/base.ts', base('  perimeter(): number { return 0; }\n', `export function createShape(): Shape { return new Shape(); }`))],
      ['function -> const', () => edit(root, 'shapes/base.ts', base('  perimeter(): number { return 0; }\n', `export const makeShape = (): Shape => new Shape();`))],
      ['a class no longer extends', () => edit(root, 'shapes/circle.ts', `import { Drawable } from './base';\nexport class Circle implements Drawable {\n  area() { return 3; }\n  perimeter() { return 6; }\n  draw() {}\n}\n`)],
      ['the method a subclass overrode goes', () => edit(root, 'shapes/base.ts', base('', `export const makeShape = (): Shape => new Shape();`))],
      ['a file deleted', () => unlinkSync(join(root, 'p.ts'))],
      ['the caller edited', () => edit(root, 'app.ts', readFileSync(join(root, 'app.ts'), 'utf8').replace('this.tick()', 'this.tick() + 1'))],
    ];
    for (const [name, change] of steps) {
      change();
      await ix.sync();
      await assertAsFresh(ix, root, name);
    }
    const end = ids();
    assert.deepEqual([end[1], end[3]], [start[1], start[3]], 'Shape.area and Helper kept their ids through it all');
  });
});

/** A real corpus (zod's sources, a devDependency; CODEINDEX_STABLE_CORPUS names another, e.g.
 *  rxjs's src) through scripted edits of its most used files. */
describe('index: stable node ids on a real corpus', function () {
  this.timeout(600000);
  const src = process.env.CODEINDEX_STABLE_CORPUS || join(__dirname, '../../../node_modules/zod/src/v4');
  let root: string;
  let ix: Indexer;
  before(async () => {
    root = makeProject({});
    cpSync(src, root, { recursive: true, filter: (p) => !/[/\\](tests?|locales|benchmarks)$/.test(p) });
    ix = await Indexer.open(root);
    await ix.sync();
  });
  after(() => { ix.close(); removeProject(root); });

  it('edits (body, insert above, add a same-name function, rename, kind change, delete) equal a full index', async () => {
    // the three files most edges of other files point into
    const hot = ix.store.prepare(`SELECT f.path FROM edges e JOIN nodes n ON n.id = e.dst JOIN files f ON f.id = n.file_id
      WHERE e.file_id != n.file_id AND f.path LIKE '%.ts' GROUP BY f.id ORDER BY count(*) DESC, f.path LIMIT 3`).all<{ path: string }>().map((r) => r.path);
    assert.equal(hot.length, 3);
    const read = (p: string) => readFileSync(join(root, p), 'utf8');
    const exported = (p: string) => [...read(p).matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
    const [a, b, c] = hot;
    const fnA = exported(a)[0] ?? exported(b)[0];
    const fileA = exported(a).length ? a : b;
    const saved = new Map(hot.map((p) => [p, read(p)]));
    const steps: [string, () => void][] = [
      ['a comment line on top', () => edit(root, a, `// edited\n${read(a)}`)],
      ['a statement in the first function body', () => edit(root, b, read(b).replace(/(\bfunction \w+[^{]*\{\n)/, '$1  void 0;\n'))],
      [`a function named like ${fnA} in another file`, () => edit(root, c, `${read(c)}\nexport function ${fnA}() { return 1; }\n`)],
      [`${fnA} renamed`, () => edit(root, fileA, read(fileA).replace(new RegExp(`\\bfunction ${fnA}\\b`), `function ${fnA}Renamed`))],
      [`${fnA} back, as a const`, () => edit(root, fileA, read(fileA).replace(new RegExp(`\\bfunction ${fnA}Renamed\\b([^{]*)\\{`), `const ${fnA} = function$1{`))],
      ['a file deleted', () => rmSync(join(root, c))],
      ['all restored', () => { for (const [p, t] of saved) edit(root, p, t); }],
    ];
    for (const [name, change] of steps) {
      change();
      await ix.sync();
      await assertAsFresh(ix, root, name);
    }
  });
});
