// The parse plan of a full sync: big files alone in their chunk, spread among the small ones,
// never two in flight at once, results in chunk order.
import assert from 'node:assert/strict';
import { chunkEnd, feedChunks, planChunks, planParse, ParseChunk, RARE_LANGUAGE_FILES } from '../../src/server/index/parse-plan';
import { ParseTask } from '../../src/server/index/pool';

const task = (path: string, size = 100): ParseTask => ({ path, language: 'c', size });
const KB = 1024;

describe('parse plan', () => {
  it('gives each rare language one chunk, ahead of the rest, so one worker compiles its query', () => {
    const go = Array.from({ length: 200 }, (_, i) => ({ ...task(`pkg/f${i}.go`, 4 * KB), language: 'go' }));
    const rare = [{ ...task('tools/a.m'), language: 'objc' }, { ...task('web/x.js'), language: 'javascript' }, { ...task('tools/b.m'), language: 'objc' }];
    const tasks = [...go.slice(0, 50), rare[0], ...go.slice(50, 120), rare[1], rare[2], ...go.slice(120)];
    const chunks = planParse(tasks, 2);
    assert.deepEqual(chunks.slice(0, 2).map((c) => c.tasks.map((t) => t.path)), [['tools/a.m', 'tools/b.m'], ['web/x.js']]);
    assert.deepEqual(chunks.slice(2).flatMap((c) => c.tasks), go);
    assert.ok(chunks.length > 4, 'the common language is still spread over chunks');
    // as many files as RARE_LANGUAGE_FILES, or more bytes than a chunk, are no longer rare
    const many = [...go, ...Array.from({ length: RARE_LANGUAGE_FILES }, (_, i) => ({ ...task(`m${i}.m`), language: 'objc' }))];
    assert.deepEqual(planParse(many, 2), planChunks(many, 2));
    const heavy = [...go, { ...task('big.m', 600 * KB), language: 'objc' }];
    assert.deepEqual(planParse(heavy, 2), planChunks(heavy, 2));
    // a project of one language, or of rare ones only, is planned as it was
    assert.deepEqual(planParse(go.slice(0, 10), 2), planChunks(go.slice(0, 10), 2));
    assert.deepEqual(planParse(rare, 2), planChunks(rare, 2));
  });

  it('cuts small files by size in walk order and spreads each big file alone among them', () => {
    const tasks: ParseTask[] = [];
    for (let i = 0; i < 400; i++) tasks.push(task(`s${i}.c`, 10 * KB));
    // the big ones side by side, as the kernel's register headers are
    const bigs = Array.from({ length: 20 }, (_, i) => task(`b${String(i).padStart(2, '0')}.h`, 300 * KB));
    tasks.splice(100, 0, ...bigs);
    const chunks = planChunks(tasks, 2);
    const paths = chunks.map((c) => c.tasks.map((t) => t.path));
    // every file once; small ones in walk order
    assert.deepEqual(paths.flat().filter((p) => p.startsWith('s')), tasks.filter((t) => t.path.startsWith('s')).map((t) => t.path));
    assert.equal(paths.flat().length, 420);
    // big files alone, in walk order, spread from the start to the end
    const bigAt = chunks.flatMap((c, i) => (c.big ? [i] : []));
    assert.deepEqual(bigAt.map((i) => paths[i][0]), bigs.map((t) => t.path));
    assert.ok(bigAt.every((i) => chunks[i].tasks.length === 1));
    assert.equal(bigAt[0], 0);
    for (let k = 1; k < bigAt.length; k++) assert.ok(bigAt[k] - bigAt[k - 1] >= 2, `big chunks at ${bigAt.join(',')}`);
    for (const c of chunks) if (!c.big) assert.ok(c.tasks.every((t) => t.size <= 256 * KB));
  });

  it('leaves a few big files in their place in the walk, each alone', () => {
    const tasks = [task('a.c'), task('b.c'), task('big1.h', 300 * KB), task('big2.h', 900 * KB), task('c.c')];
    const chunks = planChunks(tasks, 2);
    assert.deepEqual(chunks.flatMap((c) => c.tasks.map((t) => t.path)), tasks.map((t) => t.path));
    assert.deepEqual(chunks.map((c) => [c.big, c.tasks.length]), [[false, 2], [true, 1], [true, 1], [false, 1]]);
    // only big files, or none
    assert.deepEqual(planChunks([task('a', 300 * KB), task('b', 300 * KB)], 2).map((c) => [c.big, c.tasks.length]), [[true, 1], [true, 1]]);
    assert.deepEqual(planChunks([task('a'), task('b')], 2).map((c) => [c.big, c.tasks.length]), [[false, 2]]);
  });

  it('keeps at most one big chunk in flight and yields results in chunk order', async () => {
    const chunks: ParseChunk[] = [];
    for (let i = 0; i < 12; i++) chunks.push({ tasks: [task(`${i % 3 === 0 ? 'big' : 'small'}${i}`)], big: i % 3 === 0 });
    let bigNow = 0;
    let bigMax = 0;
    let inflight = 0;
    let inflightMax = 0;
    const parse = async (tasks: ParseTask[]) => {
      const big = tasks[0].path.startsWith('big');
      inflight++;
      inflightMax = Math.max(inflightMax, inflight);
      if (big) bigMax = Math.max(bigMax, ++bigNow);
      // big chunks take longer than the small ones behind them
      await new Promise((r) => setTimeout(r, big ? 15 : 2));
      if (big) bigNow--;
      inflight--;
      return tasks[0].path;
    };
    const out: string[] = [];
    for await (const r of feedChunks(chunks, 4, parse)) out.push(r);
    assert.deepEqual(out, chunks.map((c) => c.tasks[0].path));
    assert.equal(bigMax, 1);
    assert.ok(inflightMax <= 4 && inflightMax >= 2, `in flight at most ${inflightMax}`);
  });

  it('yields every chunk when big chunks come side by side', async () => {
    // java.base's sun/nio/cs: EUC_TWMapping.java then GB18030.java, both big; the second waited
    // for the first's gate, which cleared only after the loop had taken the first's answer and
    // found nothing in flight, so the index ended there without the 780 files after them
    for (const delay of [0, 1]) {
      const chunks: ParseChunk[] = ['s0', 'big1', 'big2', 'big3', 's4', 's5'].map((p) => ({ tasks: [task(p)], big: p.startsWith('big') }));
      const parse = async (tasks: ParseTask[]) => {
        if (delay) await new Promise((r) => setTimeout(r, delay));
        return tasks[0].path;
      };
      const out: string[] = [];
      for await (const r of feedChunks(chunks, 4, parse)) out.push(r);
      assert.deepEqual(out, chunks.map((c) => c.tasks[0].path), `parse answering after ${delay} ms`);
    }
  });
});

// How a run of small files is cut: chunkEnd, asked chunk after chunk.
const sized = (sizes: number[]): ParseTask[] => sizes.map((size, i) => ({ path: `f${i}.ts`, language: 'typescript', size }));
function cut(sizes: number[], workers: number): number[][] {
  const t = sized(sizes);
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
