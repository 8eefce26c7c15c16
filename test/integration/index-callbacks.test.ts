// Receiver types the source does not write where the call is: a callback's parameters take the
// types the callee declares for them (resolved in the callee's file), locals take their
// initialiser's type, `ns.T` goes through the namespace, aliases through the aliased type; and a
// parameter or local shadows a file-level function of the same name.
import assert from 'node:assert/strict';
import { Indexer } from '../../src/server/index/sync';
import { makeProject, removeProject, edges } from './helpers/project';

describe('index: callback parameters, initialisers and shadowing', function () {
  this.timeout(30000);
  let root: string;
  let ix: Indexer;
  /** calls from `from`, in source order, as `receiver.target -> uid|null` */
  const callsFrom = (from: string) => ix.store.prepare(`SELECT e.receiver, e.target, d.uid AS "to" FROM edges e JOIN nodes s ON s.id = e.src
      LEFT JOIN nodes d ON d.id = e.dst WHERE s.uid = ? AND e.kind IN ('calls', 'instantiates') ORDER BY e.line, e.id`)
    .all<{ receiver: string | null; target: string; to: string | null }>(from).map((r) => `${r.receiver ? r.receiver + '.' : ''}${r.target} -> ${r.to}`);

  before(async () => {
    root = makeProject({
      // the types live here; the caller below never imports them
      'src/types.ts': [
        `export class Sink<T> { next(v: T) {} done() {} }`,
        `export class Stream<T> {`,
        `  constructor(subscribe?: (this: Stream<T>, /* the sink */ sink: Sink<T>) => void) {}`,
        `  listen(sink: Sink<T>) {}`,
        `  pipe(): Stream<T> { return this; }`,
        `}`,
        `export interface Repo { save(): void; }`,
        `export type AnyRepo = Repo;`,
        `export class Other { next() {} done() {} listen() {} save() {} pipe() {} make() {} }`,
        `export interface Config { sink: Sink<number>; make(): Stream<number>; }`,
        ``,
      ].join('\n'),
      'src/ops.ts': [
        `import { Sink, Stream } from './types';`,
        `export function operate<T>(init: (source: Stream<T>, sink: Sink<T>) => void): void {}`,
        `export function wrap<T>(x: T): Stream<T> { return new Stream<T>(); }`,
        `export const fork = <T>(s: Stream<T>): Sink<T> => new Sink<T>();`,
        ``,
      ].join('\n'),
      'src/use.ts': [
        `import { operate, wrap, fork } from './ops';`,
        `import * as types from './types';`,
        `export function map() {`,
        `  operate((source, sink) => {`,
        `    source.listen(sink);`,
        `    sink.next(1);`,
        `  });`,
        `}`,
        `export function chain(x: number) {`,
        `  const s = fork(wrap(x));`,
        `  s.done();`,
        `  wrap(x).pipe().listen(s);`,
        `}`,
        `export function qualified(r: types.Repo, a: types.AnyRepo) { r.save(); a.save(); }`,
        ``,
      ].join('\n'),
      // `this` typed by a `this:` parameter, or by what the callee declares for a function expression
      'src/sched.ts': [
        `import { Sink } from './types';`,
        `export class Action { schedule() {} }`,
        `export function every(work: (this: Action, n: number) => void) {}`,
        `export class Runner {`,
        `  run() {`,
        `    every(function (n) { this.schedule(); });`,
        `    every((n) => this.stop());`,
        `    return function (this: Sink<number>) { this.done(); };`,
        `  }`,
        `  stop() {}`,
        `}`,
        // exported under another name (effect's \`export { delete_ as delete }\`)
        `const delete_ = (): void => {};`,
        `export { delete_ as remove };`,
        ``,
      ].join('\n'),
      'src/alias.ts': [
        `import * as sched from './sched';`,
        `import { remove } from './sched';`,
        `export function clean() {`,
        `  const longInitialiser = sched.every(function (n) {`,
        `    this.schedule();`,
        `  });`,
        `  sched.remove();`,
        `  remove();`,
        `}`,
        ``,
      ].join('\n'),
      'src/destructure.ts': [
        `import type { Config } from './types';`,
        `export class Holder {`,
        `  constructor(private config: Config) {}`,
        `  run({ sink: out }: Config) {`,
        `    const { sink } = this.config;`,
        `    sink.done();`,
        `    out.next(1);`,
        `    this.config.make().listen(sink);`,
        `  }`,
        `}`,
        ``,
      ].join('\n'),
      'src/arrays.ts': [
        `import { Sink } from './types';`,
        `export class Hub {`,
        `  sinks: Sink<number>[] = [];`,
        `  flush() {`,
        `    for (const sink of this.sinks) sink.done();`,
        `    this.sinks.shift()!.next(1);`,
        `    const copy = this.sinks.slice();`,
        `    copy[0].done();`,
        `    this.sinks.map((s) => s);`,
        `  }`,
        `}`,
        ``,
      ].join('\n'),
      'src/make.ts': [
        `import { Stream } from './types';`,
        `export function make() {`,
        `  return new Stream<number>(function (sink) { sink.done(); });`,
        `}`,
        ``,
      ].join('\n'),
      // effect's shape: functions defined and called inside a constant's initialiser
      'src/dual.ts': [
        `import { operate } from './ops';`,
        `export function helper() {}`,
        `export const zip = operate((source, helper) => {`,
        `  const go = (n: number): void => go(n - 1);`,
        `  go(1);`,
        `  helper();`,
        `});`,
        `export const provider = {`,
        `  helper(/** a comment where a type may stand */ h: number) { return helper(); },`,
        `};`,
        ``,
      ].join('\n'),
      'src/shadow.ts': [
        `import * as types from './types';`,
        `export function helper() {}`,
        `export function take(helper: () => void) { helper(); }`,
        `export const typed = (f: (helper: number) => void) => helper();`,
        `export function inner(run: (cb: (types: number) => void) => void) {`,
        `  helper();`,
        `  run((helper) => {`,
        `    helper();`,
        `  });`,
        `}`,
        ``,
      ].join('\n'),
    });
    ix = await Indexer.open(root);
    await ix.sync();
  });
  after(() => { ix.close(); removeProject(root); });

  it('an untyped callback parameter takes the type the callee declares, resolved in the callee\'s file', () => {
    assert.deepEqual(callsFrom('src/use.ts::map'), [
      'operate -> src/ops.ts::operate',
      'source.listen -> src/types.ts::Stream.listen',
      'sink.next -> src/types.ts::Sink.next',
    ]);
  });

  it('a constructor\'s callback parameter, its `this:` parameter and comments not counted', () => {
    assert.deepEqual(callsFrom('src/make.ts::make'), ['Stream -> src/types.ts::Stream', 'sink.done -> src/types.ts::Sink.done']);
  });

  it('a local typed by its initialiser, and calls on call results through declared return types', () => {
    assert.deepEqual(callsFrom('src/use.ts::chain'), [
      'fork -> src/ops.ts::fork',
      'wrap -> src/ops.ts::wrap',
      's.done -> src/types.ts::Sink.done',
      'wrap -> src/ops.ts::wrap',
      'wrap(x).pipe -> src/types.ts::Stream.pipe',
      'wrap(x).pipe().listen -> src/types.ts::Stream.listen',
    ]);
  });

  it('a type written through a namespace import, and a type alias, resolve to the type itself', () => {
    assert.deepEqual(callsFrom('src/use.ts::qualified'), ['r.save -> src/types.ts::Repo.save', 'a.save -> src/types.ts::Repo.save']);
  });

  it('a parameter shadows a file-level function; a function type\'s parameter does not', () => {
    assert.deepEqual(callsFrom('src/shadow.ts::take'), ['helper -> null']);
    assert.deepEqual(callsFrom('src/shadow.ts::typed'), ['helper -> src/shadow.ts::helper']);
  });

  it('a constant\'s initialiser is a scope: its local functions and callback parameters; an object literal\'s members are not', () => {
    assert.deepEqual(callsFrom('src/dual.ts::zip'), ['operate -> src/ops.ts::operate', 'go -> src/dual.ts::zip.go', 'helper -> null']);
    assert.deepEqual(callsFrom('src/dual.ts::zip.go'), ['go -> src/dual.ts::zip.go']);
    assert.deepEqual(edges(ix.store, 'calls').filter((e) => e.target === 'go').map((e) => e.to), ['src/dual.ts::zip.go', 'src/dual.ts::zip.go']);
    assert.deepEqual(callsFrom('src/dual.ts::provider.helper'), ['helper -> src/dual.ts::helper']);
  });

  it('`this` in a function expression: its `this:` parameter, else its callee\'s declared `this`; an arrow keeps the class', () => {
    assert.deepEqual(callsFrom('src/sched.ts::Runner.run'), [
      'every -> src/sched.ts::every',
      'this.schedule -> src/sched.ts::Action.schedule',
      'every -> src/sched.ts::every',
      'this.stop -> src/sched.ts::Runner.stop',
      'this.done -> src/types.ts::Sink.done',
    ]);
  });

  it('a name exported under another one (`export { a as b }`), through a namespace and a named import', () => {
    assert.deepEqual(callsFrom('src/alias.ts::clean'), [
      'sched.every -> src/sched.ts::every',
      'this.schedule -> src/sched.ts::Action.schedule',
      'sched.remove -> src/sched.ts::delete_',
      'remove -> src/sched.ts::delete_',
    ]);
  });

  it('destructured names take their member\'s type; interface members type what they hold and return', () => {
    assert.deepEqual(callsFrom('src/destructure.ts::Holder.run'), [
      'sink.done -> src/types.ts::Sink.done',
      'out.next -> src/types.ts::Sink.next',
      'this.config.make -> src/types.ts::Config.make',
      'this.config.make().listen -> src/types.ts::Stream.listen',
    ]);
  });

  it('an array\'s elements: for-of, element access, `shift()`; its own members stay unresolved', () => {
    assert.deepEqual(callsFrom('src/arrays.ts::Hub.flush'), [
      'sink.done -> src/types.ts::Sink.done',
      'this.sinks.shift -> null',
      'this.sinks.shift()!.next -> src/types.ts::Sink.next',
      'this.sinks.slice -> null',
      'copy[0].done -> src/types.ts::Sink.done',
      'this.sinks.map -> null',
    ]);
  });

  it('a callback parameter shadows only inside the callback', () => {
    assert.deepEqual(callsFrom('src/shadow.ts::inner'), ['helper -> src/shadow.ts::helper', 'run -> null', 'helper -> null']);
    // nothing in the project binds to a parameter's name by accident
    assert.equal(edges(ix.store, 'calls').filter((e) => e.from === 'src/shadow.ts::inner' && e.to === 'src/shadow.ts::helper').length, 1);
  });
});
