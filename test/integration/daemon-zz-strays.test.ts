// Runs after the other daemon-* files (mocha loads them sorted): nothing they started still runs.
import assert from 'node:assert/strict';
import { ALL_ROOTS, serverProcs } from './daemon-helpers';

describe('daemon: no strays', () => {
  it('no daemon or proxy of any test project is left running', async () => {
    assert.ok(ALL_ROOTS.size >= 5, `the daemon tests ran here (${ALL_ROOTS.size} projects)`);
    await new Promise((r) => setTimeout(r, 300));
    const left = [...ALL_ROOTS].flatMap((root) => serverProcs(root).map((p) => `${p.pid}${p.daemon ? ' (daemon)' : ''} ${root}`));
    assert.deepEqual(left, []);
  });
});
