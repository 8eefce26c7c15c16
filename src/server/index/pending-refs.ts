// The references of the files a sync parsed, held until the one resolve at its end (resolution
// needs every file's symbols written first). Kept in columns instead of one object per reference:
// the Linux kernel has millions of references, and as ExtractedRef objects (each with its own
// copies of the name strings, as a worker's message delivers them) they were most of the heap.
// Names and receivers are interned, so a reference costs 18 bytes.
import { ExtractedRef, RefKind } from './types';

const KINDS: RefKind[] = ['call', 'new', 'type', 'value', 'extends', 'implements'];
const KIND_CODE = new Map(KINDS.map((k, i) => [k, i]));

/** One parsed file: its ids, the hash to write once its references are resolved, its
 *  references' range in the columns, and whether it is new to the index. */
export interface PendingFile { fileId: number; fileNodeId: number; hash: string; first: number; end: number; added?: boolean }

/** One reference, as the resolver takes it. */
export interface PendingRef { src: number; name: string; kind: RefKind; receiver: string | undefined; line: number; args: number | undefined; argv: string | undefined }

/** No argument count (kept as a byte: counts past it are 254, "many"). */
const NO_ARGS = 255;

const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;

/** A growable typed array in fixed chunks: growing never copies, and at most one chunk is unused
 *  (doubling one array left the kernel's ~10M references with up to twice the room, copied). */
class Column<T extends Int32Array | Uint8Array> {
  private readonly chunks: T[] = [];
  length = 0;
  constructor(private readonly make: (n: number) => T) {}
  push(v: number): void {
    const i = this.length & (CHUNK - 1);
    if (i === 0) this.chunks.push(this.make(CHUNK));
    this.chunks[this.chunks.length - 1][i] = v;
    this.length++;
  }
  get(i: number): number { return this.chunks[i >>> CHUNK_BITS][i & (CHUNK - 1)]; }
}
const ints = () => new Column((n) => new Int32Array(n));

export class PendingRefs {
  readonly files: PendingFile[] = [];
  private readonly src = ints(); // node id of the enclosing symbol or the file
  private readonly line = ints();
  private readonly kind = new Column((n) => new Uint8Array(n)); // index in KINDS
  private readonly name = ints(); // index in strings
  private readonly receiver = ints(); // index in strings, -1: none
  private readonly args = new Column((n) => new Uint8Array(n)); // argument count, NO_ARGS: none
  /** ExtractedRef.argv by reference index: few references have one (Java's calls). */
  private readonly argv = new Map<number, string>();
  private readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();

  get refCount(): number { return this.src.length; }

  private intern(s: string): number {
    let id = this.stringIds.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(s);
      this.stringIds.set(s, id);
    }
    return id;
  }

  /** Records a written file and its references; `nodeIds` maps the extraction's symbol indexes to node ids. */
  add(fileId: number, fileNodeId: number, nodeIds: number[], refs: ExtractedRef[], hash: string, added = false): void {
    const first = this.src.length;
    for (const r of refs) {
      this.src.push(r.from >= 0 ? nodeIds[r.from] : fileNodeId);
      this.line.push(r.line);
      this.kind.push(KIND_CODE.get(r.kind)!);
      this.name.push(this.intern(r.name));
      this.receiver.push(r.receiver === undefined ? -1 : this.intern(r.receiver));
      this.args.push(r.args === undefined ? NO_ARGS : Math.min(r.args, NO_ARGS - 1));
      if (r.argv !== undefined) this.argv.set(this.src.length - 1, r.argv);
    }
    this.files.push({ fileId, fileNodeId, hash, first, end: this.src.length, ...(added ? { added } : {}) });
  }

  kindOf(i: number): RefKind {
    return KINDS[this.kind.get(i)];
  }

  ref(i: number): PendingRef {
    const rc = this.receiver.get(i);
    const args = this.args.get(i);
    return { src: this.src.get(i), name: this.strings[this.name.get(i)], kind: this.kindOf(i), receiver: rc < 0 ? undefined : this.strings[rc], line: this.line.get(i), args: args === NO_ARGS ? undefined : args, argv: this.argv.get(i) };
  }
}
