// explore's node order on a real index: the symbols the question names come before the hubs
// they lead to (PageRank alone ranked a logger every seed calls above the documented function).
import assert from 'node:assert/strict';
import { explore } from '../../src/server/graph/explore';
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
});
