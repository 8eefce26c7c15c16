import assert from 'node:assert/strict';
import { blankStrings, matchingClose } from '../../src/server/index/brackets';

describe('brackets: string literals', () => {
  it('blanks the contents of string and character literals, keeping every offset', () => {
    for (const [text, blanked] of [
      ['parser("]").parse()', 'parser("_").parse()'],
      ["f('(').g()", "f('_').g()"],
      ['g(`a\\`)`).h()', 'g(`____`).h()'],
      ['"a\\"(".len()', '"____".len()'],
      ['r"a{]}".len()', 'r"____".len()'],
      ["x.get::<'a>()", "x.get::<'a>()"], // a lifetime is no literal
    ]) assert.equal(blankStrings(text), blanked, text);
  });

  it("so a bracket inside a string no longer closes the call's", () => {
    const recv = 'parser("(").parse()';
    assert.equal(matchingClose(recv, 6), -1, 'as written, the string\'s `(` leaves the call open');
    assert.equal(matchingClose(blankStrings(recv), 6), 10);
  });
});
