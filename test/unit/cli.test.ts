import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, UsageError } from '../../src/server/cli';

describe('cli parseArgs', () => {
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'ci-cli-')); writeFileSync(join(dir, 'f.txt'), 'x'); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('serves by default, with --mcp accepted', () => {
    assert.deepEqual(parseArgs(['--path', dir, '--mcp']), { kind: 'serve', path: dir });
    assert.deepEqual(parseArgs([], dir), { kind: 'serve', path: dir });
  });
  it('--init, index [--force], query', () => {
    assert.deepEqual(parseArgs(['--init', '--path', dir]), { kind: 'init', path: dir });
    assert.deepEqual(parseArgs(['index', `--path=${dir}`, '--force']), { kind: 'index', path: dir, force: true });
    assert.deepEqual(parseArgs(['query', 'codeindex_search', '{"query":"x"}', '--path', dir]), { kind: 'query', path: dir, tool: 'codeindex_search', args: '{"query":"x"}' });
  });
  it('--help and --version win over everything else', () => {
    assert.deepEqual(parseArgs(['--path', '/nope', '--help']), { kind: 'help' });
    assert.deepEqual(parseArgs(['--version']), { kind: 'version' });
  });
  it('rejects a missing path, a file, a dangling --path and unknown options with one clear line', () => {
    assert.throws(() => parseArgs(['--path', join(dir, 'missing')]), (e: Error) => e instanceof UsageError && /does not exist/.test(e.message));
    assert.throws(() => parseArgs(['--path', join(dir, 'f.txt')]), /is not a directory/);
    assert.throws(() => parseArgs(['--path']), /--path needs a directory/);
    assert.throws(() => parseArgs(['--frobnicate']), /unknown option --frobnicate/);
    assert.throws(() => parseArgs(['frob', '--path', dir]), /unknown command 'frob'/);
  });
});
