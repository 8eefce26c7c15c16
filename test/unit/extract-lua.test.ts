import assert from 'node:assert/strict';
import { parseFixture, parseText, sym, parentOf, refStrings } from './extract-helpers';

describe('extract: lua', () => {
  it('finds local and global functions, table functions and methods, module tables, docs and requires', async () => {
    const x = await parseFixture('lua/point.lua');
    assert.equal(x.errorCount, 0);
    const mk = sym(x, 'make_point');
    assert.deepEqual([mk.kind, mk.startLine, mk.endLine, mk.visibility, mk.isExported, mk.signature, mk.docstring],
      ['function', 7, 9, 'private', false, 'local function make_point(x, y)', 'Makes a point.']);
    // the table the module returns is what it exports, with its functions
    const m = sym(x, 'M');
    assert.deepEqual([m.kind, m.startLine, m.isExported], ['variable', 4, true]);
    const add = sym(x, 'M.add');
    assert.deepEqual([add.kind, add.startLine, add.endLine, add.isExported, add.docstring, parentOf(x, add)], ['method', 12, 14, true, 'Adds two points.', 'M']);
    const scale = sym(x, 'M.scale');
    assert.deepEqual([scale.startLine, scale.docstring, parentOf(x, scale)], [25, 'Scales a point.', 'M']);
    // a local table is its file's own, and so are its methods
    const deposit = sym(x, 'Account.deposit');
    assert.deepEqual([deposit.kind, deposit.signature, deposit.isExported, parentOf(x, deposit)], ['method', 'function Account:deposit(v)', false, 'Account']);
    assert.equal(sym(x, 'Account').visibility, 'private');
    // a function written in a table constructor, once (not `shapes.shapes.square`)
    const square = sym(x, 'shapes.square');
    assert.deepEqual([square.startLine, square.docstring, parentOf(x, square)], [29, 'Area of a square.', 'shapes']);
    assert.deepEqual([sym(x, 'encode').kind, sym(x, 'encode').visibility], ['function', 'private']);
    assert.deepEqual([sym(x, 'global_fn').isExported, sym(x, 'global_fn').visibility], [true, '']);
    assert.deepEqual(x.imports.map((i) => [i.source, i.names.map((n) => `${n.imported}:${n.local}`).join()]), [['json', '*:json'], ['lib.util', '*:util']]);
    assert.deepEqual(x.exportAliases, [{ local: 'json.encode', exported: 'M.encode' }, { local: 'M', exported: 'default' }]);
    const calls = refStrings(x, (r) => r.kind === 'call');
    for (const c of ['call make_point <- M.add', 'call sum <- M.add [util]', 'call notify <- Account.deposit [self]', 'call encode <- encode [json]']) {
      assert.ok(calls.includes(c), `${c} in:\n${calls.join('\n')}`);
    }
  });

  it('imports a member of a module required whole (`local a, b = utils.a, utils.b`), not of a table it did not require', async () => {
    const x = await parseText('m.lua', 'local utils = require "pl.utils"\nlocal insert = table.insert\nlocal assert_arg, raise, fail = utils.assert_arg, utils.raise, utils.fail\n');
    assert.deepEqual(x.imports.map((i) => `${i.source} ${i.names.map((n) => `${n.imported}:${n.local}`).join()}`),
      ['pl.utils *:utils', 'pl.utils assert_arg:assert_arg', 'pl.utils raise:raise', 'pl.utils fail:fail']);
  });

  it('makes no symbol of an alias or a require, and parses file after file cleanly in one thread', async () => {
    // (the tree-sitter-wasms Lua build kept its scanner's state: every parse after the first failed)
    const text = 'local insert = table.insert\nlocal log = require("log")\nlocal s = [==[\n]]\n]==]\n--[[ long\ncomment ]]\nlocal function f() return s end\n';
    for (let i = 0; i < 3; i++) {
      const x = await parseText(`m${i}.lua`, text);
      assert.equal(x.errorCount, 0, `parse ${i + 1}`);
      assert.deepEqual(x.symbols.map((s) => s.qualifiedName), ['f']);
    }
  });
});
