// How the indexer cuts its parse tasks into chunks for the worker pool (pool.ts chunkEnd).
import assert from 'node:assert/strict';
import { chunkEnd, type ParseTask } from '../../src/server/index/pool';

const tasks = (sizes: number[]): ParseTask[] => sizes.map((size, i) => ({ path: `f${i}.ts`, language: 'typescript', size }));
function cut(sizes: number[], workers: number): number[][] {
  const t = tasks(sizes);
  let left = sizes.reduce((a, b) => a + b, 0);
  const out: number[][] = [];
  for (let i = 0; i < t.length;) {
    const end = chunkEnd(t, i, left, workers);
    assert.ok(end > i, 'every chunk takes at least one file');
    out.push(sizes.slice(i, end));
    for (let j = i; j < end; j++) left -= sizes[j];
    i = end;
  }
  return out;
}

describe('parse chunks', () => {
  it('shrink towards the end, so the workers finish together', () => {
    const chunks = cut(Array(400).fill(16_000), 2); // effect-like: 400 files of 16 KB
    const bytes = chunks.map((c) => c.reduce((a, b) => a + b, 0));
    assert.ok(bytes[0] > 4 * bytes[bytes.length - 1], `first ${bytes[0]} last ${bytes[bytes.length - 1]}`);
    assert.ok(bytes.every((b) => b <= 512 * 1024));
    assert.equal(chunks.flat().length, 400);
  });

  it('take a file larger than the target alone, and at most 64 small files', () => {
    const chunks = cut([900_000, 10, 10, ...Array(200).fill(100)], 2);
    assert.deepEqual(chunks[0], [900_000]);
    assert.ok(chunks.every((c) => c.length <= 64));
    assert.equal(chunks.flat().length, 203);
  });
});
