// Ranking on real indexes: explore puts the symbols the question names before the hubs they lead
// to (PageRank alone ranked a logger every seed calls above the documented function); search, for
// a phrase, prefers the name the phrase says all of.
import assert from 'node:assert/strict';
import { explore } from '../../src/server/graph/explore';
import { search } from '../../src/server/graph/search';
import { Graph } from '../../src/server/graph/graph';
import { withIndexedProject } from './helpers/project';

describe('explore: what the question names comes first', function () {
  this.timeout(30000);
  it('the documented function ranks above the logger that it and its neighbours call', async () => {
    const callers = Object.fromEntries(['cart', 'order', 'invoice', 'receipt', 'refund'].map((w) => [`src/${w}.ts`,
      `import { log } from './log';\n/** Shows the ${w} price to the user. */\nexport function show${w[0].toUpperCase() + w.slice(1)}Price(p: number) { log('${w}'); log(String(p)); return p; }\n`]));
    await withIndexedProject({
      'src/log.ts': `/** Writes a line to the console. */\nexport function log(msg: string) { console.log(msg); }\n`,
      'src/round.ts': `import { log } from './log';\n/** Rounds a price to whole cents for display. */\nexport function roundPrice(p: number) { log('round'); return Math.round(p * 100) / 100; }\n`,
      ...callers,
    }, async (ix, root) => {
      const r = explore(new Graph(ix.store, root), 'Rounds a price to whole cents for display');
      const order = r.nodes.map((n) => n.name);
      assert.equal(order[0], 'roundPrice', order.join(', '));
      assert.ok(order.includes('log') && order.includes('showCartPrice'), `its neighbourhood still follows: ${order.join(', ')}`);
      assert.equal(r.nodes[0].score, 1);
    });
  });

  it('a hub type the sentence names does not come before the function search answers first', async () => {
    // the sentence names `AsyncInputConsumer`, which every step takes: the hub
    await withIndexedProject({
      'src/input.ts': [
        '/** Consumes the input of a channel, asynchronously. */',
        'export interface AsyncInputConsumer { readonly id: number }',
        ...Array.from({ length: 30 }, (_, i) => `/** Step ${i}. */\nexport function step${i}(c: AsyncInputConsumer): AsyncInputConsumer { return c; }`),
        '',
      ].join('\n'),
      'src/channel.ts': [
        "import { AsyncInputConsumer } from './input';",
        '/** A channel of values. */',
        'export interface Channel { readonly id: number }',
        '/** Construct a Channel from an AsyncInputConsumer. */',
        'export function fromInput(input: AsyncInputConsumer): Channel { return { id: input.id }; }',
        '',
      ].join('\n'),
    }, async (ix, root) => {
      const g = new Graph(ix.store, root);
      const q = 'Construct a Channel from an AsyncInputConsumer';
      assert.equal(search(g, q).results[0].name, 'fromInput');
      const order = explore(g, q).nodes.map((n) => n.name);
      assert.equal(order[0], 'fromInput', order.join(', '));
      assert.ok(order.includes('AsyncInputConsumer'), order.join(', '));
    });
  });

  it("search's first three answers lead explore's ranking, in search's order", async () => {
    // On Go's tree a doc sentence's symbol that search ranked 2nd to 5th fell out of explore's first
    // ten in 7 of 150 questions (twins such as Int32.Add and Int64.Add, and the helpers they call).
    const users = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`src/user${i}.ts`,
      `import { record, addDelta, newCounterValue } from './record';\n/** Handles request ${i}. */\nexport function handle${i}() { record(addDelta(newCounterValue(${i}))); }\n`]));
    await withIndexedProject({
      'src/record.ts': [
        '/** Records a number in the journal. */',
        'export function record(v: number) { return v; }',
        'export function addDelta(v: number) { return v; }',
        'export function newCounterValue(v: number) { return v; }',
        '',
      ].join('\n'),
      'src/counter.ts': [
        "import { record } from './record';",
        ...['addCounter32', 'addCounter64', 'bump'].flatMap((f) => ['/** Atomically adds delta to the counter and returns the new value. */', `export function ${f}(delta: number) { return addInt(delta); }`]),
        '/** Atomically adds delta to a number and returns the new value. */',
        'export function addInt(delta: number) { return record(delta); }',
        '',
      ].join('\n'),
      ...users,
    }, async (ix, root) => {
      const g = new Graph(ix.store, root);
      const q = 'atomically adds delta to the counter and returns the new value';
      const answers = search(g, q).results.slice(0, 3).map((r) => r.name);
      const nodes = explore(g, q).nodes;
      assert.deepEqual(nodes.slice(0, 3).map((n) => n.name), answers, nodes.map((n) => n.name).join(', '));
      // they lead as search's answers, not by how central their callees make them
      assert.ok(nodes.slice(1, 3).every((n) => (n.score ?? 0) > 0.99), nodes.slice(0, 4).map((n) => `${n.name} ${n.score}`).join(', '));
    });
  });

  it('search: of two names a phrase matches in their docs, the one whose words it says', async () => {
    await withIndexedProject({
      'src/str.ts': [
        '/** Test whether a string is empty. */',
        'export function isEmpty(s: string): boolean { return s.length === 0; }',
        '/** Test whether a string is not empty. */',
        'export function isNonEmpty(s: string): boolean { return s.length > 0; }',
        '/** Returns true if the error is an And, false otherwise. */',
        'export function isAnd(e: { _tag: string }): boolean { return e._tag === "And"; }',
        '/** Returns true if the error is an Or, false otherwise. */',
        'export function isOr(e: { _tag: string }): boolean { return e._tag === "Or"; }',
        // the more central of each pair, so centrality alone would put it first (a helper used
        // everywhere is the most central symbol, as in a real project)
        'export function helper(): number { return 1; }',
        ...Array.from({ length: 3 }, (_, i) => `export const use${i} = isNonEmpty('x') || isOr({ _tag: 'x' });`),
        ...Array.from({ length: 40 }, (_, i) => `export const h${i} = helper();`),
        '',
      ].join('\n'),
    }, async (ix, root) => {
      const g = new Graph(ix.store, root);
      assert.equal(search(g, 'Test whether a string is empty').results[0].name, 'isEmpty');
      assert.equal(search(g, 'Returns true if the error is an And').results[0].name, 'isAnd');
    });
  });
});
