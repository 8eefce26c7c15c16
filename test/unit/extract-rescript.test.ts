import assert from 'node:assert/strict';
import { parseFixture, sym, parentOf, refStrings } from './extract-helpers';

describe('extract: rescript', () => {
  it('finds let functions, types, modules, externals, opens and calls with module receivers', async () => {
    const x = await parseFixture('rescript/Util.res');
    assert.equal(x.errorCount, 0);
    const add = sym(x, 'add');
    assert.equal(add.kind, 'function');
    assert.equal(add.startLine, 2);
    assert.equal(add.docstring, 'Adds two numbers.');
    assert.equal(sym(x, 'user').kind, 'type');
    assert.equal(sym(x, 'Strings').kind, 'module');
    assert.equal(parentOf(x, sym(x, 'Strings.twice')), 'Strings');
    assert.equal(sym(x, 'log').kind, 'function');
    assert.deepEqual(x.imports.map((i) => i.source), ['Belt']);
    const calls = refStrings(x, (r) => r.kind === 'call');
    assert.ok(calls.includes('call add <- Strings.twice'), calls.join('\n'));
    assert.ok(calls.includes('call twice <- main [Strings]'), calls.join('\n'));
  });
});
