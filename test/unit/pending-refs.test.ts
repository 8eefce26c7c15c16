// The parsed references a full sync holds until its resolve, in columns: what goes in comes out.
import assert from 'node:assert/strict';
import { PendingRefs } from '../../src/server/index/pending-refs';
import { ExtractedRef, RefKind } from '../../src/server/index/types';

describe('PendingRefs', () => {
  it('gives back each file\'s references with their enclosing node, kind, name, receiver, line and argument count', () => {
    const p = new PendingRefs();
    const a: ExtractedRef[] = [
      { name: 'push', kind: 'call', line: 3, col: 0, from: 1, receiver: 'this.items', args: 2, argv: 'a\u001fb' },
      { name: 'Base', kind: 'extends', line: 1, col: 0, from: -1 },
      { name: 'push', kind: 'value', line: 9, col: 4, from: 0, receiver: 'this.items' },
    ];
    p.add(7, 100, [101, 102], a, 'h-a');
    p.add(8, 200, [], [], 'h-b');
    p.add(9, 300, [301], [{ name: 'Foo', kind: 'new', line: 2, col: 0, from: 0, args: 300 }], 'h-c');
    assert.deepEqual(p.files, [
      { fileId: 7, fileNodeId: 100, hash: 'h-a', first: 0, end: 3 },
      { fileId: 8, fileNodeId: 200, hash: 'h-b', first: 3, end: 3 },
      { fileId: 9, fileNodeId: 300, hash: 'h-c', first: 3, end: 4 },
    ]);
    assert.equal(p.refCount, 4);
    assert.deepEqual([0, 1, 2, 3].map((i) => p.ref(i)), [
      { src: 102, name: 'push', kind: 'call', receiver: 'this.items', line: 3, args: 2, argv: 'a\u001fb' },
      { src: 100, name: 'Base', kind: 'extends', receiver: undefined, line: 1, args: undefined, argv: undefined },
      { src: 101, name: 'push', kind: 'value', receiver: 'this.items', line: 9, args: undefined, argv: undefined },
      { src: 301, name: 'Foo', kind: 'new', receiver: undefined, line: 2, args: 254, argv: undefined }, // (a byte: 254 is "many")
    ]);
    assert.equal(p.kindOf(1), 'extends');
  });

  it('holds references across many chunks', () => {
    const p = new PendingRefs();
    const kinds: RefKind[] = ['call', 'new', 'type', 'value', 'extends', 'implements'];
    const n = 200_000;
    const refs: ExtractedRef[] = Array.from({ length: n }, (_, i) => ({ name: `n${i % 997}`, kind: kinds[i % 6], line: i, col: 0, from: i % 3 === 0 ? -1 : 0, receiver: i % 5 ? undefined : `r${i % 7}` }));
    p.add(1, 10, [11], refs, 'h');
    assert.equal(p.refCount, n);
    for (const i of [0, 65535, 65536, 131071, 131072, 150001, n - 1]) {
      assert.deepEqual(p.ref(i), { src: i % 3 === 0 ? 10 : 11, name: `n${i % 997}`, kind: kinds[i % 6], receiver: i % 5 ? undefined : `r${i % 7}`, line: i, args: undefined, argv: undefined });
    }
  });
});
