import { strict as assert } from 'node:assert';
import { indexArgs, parseProgressLine } from '../../src/extension/index-process';

describe('agents: indexer child process', () => {
  it('reads files done / total from the CLI progress lines', () => {
    assert.deepEqual(parseProgressLine('codeindex: parsed 12/48 files (25%)'), { done: 12, total: 48 });
    assert.equal(parseProgressLine('codeindex: indexed 6 files (6 parsed, 0 removed), 33 symbols'), undefined);
  });
  it('builds --init, index and index --force command lines', () => {
    assert.deepEqual(indexArgs('/s.js', '/p', 'init'), ['/s.js', '--init', '--path', '/p']);
    assert.deepEqual(indexArgs('/s.js', '/p', 'index'), ['/s.js', 'index', '--path', '/p']);
    assert.deepEqual(indexArgs('/s.js', '/p', 'force'), ['/s.js', 'index', '--force', '--path', '/p']);
  });
});
