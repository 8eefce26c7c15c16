import assert from 'node:assert/strict';
import { search, SEARCH_MAX_LIMIT, clampLimit } from '../../src/server/graph/search';
import { splitWords, splitWordsUnicode, editDistance, queryTerms } from '../../src/server/graph/words';
import { shopIndex, TestIndex } from './graph-fixture';
import { NameTable } from '../../src/server/graph/names';
import { Graph } from '../../src/server/graph/graph';

describe('graph: words', () => {
  it('splits camelCase, PascalCase, acronyms, snake_case and digits', () => {
    assert.deepEqual(splitWords('parseHTTPResponse_v2'), ['parse', 'http', 'response', 'v2']);
    assert.deepEqual(splitWords('compute_total_price'), ['compute', 'total', 'price']);
    assert.deepEqual(splitWords('XMLHttpRequest'), ['xml', 'http', 'request']);
    assert.deepEqual(splitWords('utf8Decoder'), ['utf8', 'decoder']);
  });
  it('splits ASCII in one pass exactly as the Unicode rules do, and non-ASCII by those rules', () => {
    const cases = ['parseHTTPResponse_v2', 'v2Parser', 'HTTP2Server', 'IOError', 'getURLs', '__init__', 'a__b', 'ABCDef',
      'aBcD', 'X', '', '  ', 'snake_case-and.kebab', 'URLParser2D', 'x86_64Target', 'lowerUPPER', 'UPPERlower', '$scope', 'A1b2C3'];
    for (const c of cases) assert.deepEqual(splitWords(c), splitWordsUnicode(c), c);
    assert.deepEqual(splitWords('ÄrgerHTTPFehler'), ['ärger', 'http', 'fehler']);
    assert.deepEqual(splitWords('données_brutes'), ['données', 'brutes']);
  });
  it('bounds edit distance, equal to the full Levenshtein table within the bound', () => {
    assert.equal(editDistance('repository', 'repositroy', 2), 2);
    assert.equal(editDistance('abc', 'xyzw', 1), 2);
    assert.equal(editDistance('save', 'save', 1), 0);
    const full = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
      for (let j = 0; j <= b.length; j++) d[0][j] = j;
      for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      return d[a.length][b.length];
    };
    let seed = 7;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const word = () => Array.from({ length: rnd(9) }, () => 'abcd'[rnd(4)]).join('');
    for (let k = 0; k < 3000; k++) {
      const a = word(), b = word(), max = rnd(4);
      const d = full(a, b);
      assert.equal(editDistance(a, b, max), d <= max ? d : max + 1, `${a} ${b} ${max}`);
    }
  });
  it('keeps identifiers of a question whole and drops stop words', () => {
    const t = queryTerms('how does saveAll store items in the Repository?');
    assert.deepEqual(t.identifiers, ['saveAll']);
    assert.deepEqual(t.words, ['save', 'store', 'items', 'repository']);
  });
});

describe('graph: search ranking', () => {
  let t: TestIndex;
  before(async () => { t = await shopIndex(); t.graph.refresh(); });
  after(() => t.dispose());

  const ids = (q: string, limit?: number) => search(t.graph, q, limit).results.map((r) => r.id);

  it('puts the exact name first, with the symbol record fields of the spec', () => {
    const r = search(t.graph, 'saveAll').results;
    assert.equal(r[0].id, 'src/serialize.ts::saveAll');
    assert.deepEqual(Object.keys(r[0]).sort(), ['docstring', 'endLine', 'filePath', 'id', 'kind', 'name', 'qualifiedName', 'score', 'signature', 'startLine'].sort());
    assert.equal(r[0].kind, 'function');
    assert.equal(r[0].filePath, 'src/serialize.ts');
    assert.equal(r[0].startLine, 10);
    assert.equal(r[0].endLine, 12);
    assert.equal(r[0].docstring, 'Saves every item through the repository it is given.');
  });

  it('ranks exact > prefix > camelCase word > typo > text', () => {
    // 'save': exact names (the four save methods) first, then the prefix saveAll, then words.
    const r = search(t.graph, 'save').results;
    const firstNonExact = r.findIndex((x) => x.name !== 'save');
    assert.ok(firstNonExact >= 4, `four exact 'save' first: ${r.map((x) => x.id)}`);
    assert.equal(r[firstNonExact].name, 'saveAll');
    // word match: 'repository' is a word of MemoryRepository etc., 'Repository' is exact.
    const repo = ids('repository');
    assert.equal(repo[0], 'src/repository.ts::Repository');
    assert.ok(repo.indexOf('src/repository.ts::MemoryRepository') > 0);
    // typo: 'serializeItme' -> serializeItem
    assert.equal(ids('serializeItme')[0], 'src/serialize.ts::serializeItem');
    // text only: 'dollars' appears in formatPrice's docstring
    assert.deepEqual(ids('dollars'), ['src/model.ts::formatPrice']);
    const scores = search(t.graph, 'price').results.map((x) => x.score!);
    assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
  });

  it('matches snake_case and multi-word queries by words of the name', () => {
    assert.equal(ids('total price')[0], 'tools/report.py::compute_total_price');
    assert.equal(ids('compute_total_price')[0], 'tools/report.py::compute_total_price');
    assert.equal(ids('print report')[0], 'tools/report.py::ReportPrinter.print_report');
  });

  /** Runs `check` with extra symbols of src/model.ts in the index (kind, qualified name, doc,
   *  and optionally its signature's text and a rank), removed after. */
  const withSymbols = (symbols: { kind?: string; qname: string; doc: string; signature?: string; rank?: number }[], check: () => void) => {
    const s = t.graph.store;
    const file = Number(s.prepare(`SELECT id FROM files WHERE path = 'src/model.ts'`).get<{ id: number }>()!.id);
    const added = symbols.map(({ kind = 'function', qname, doc, signature = '', rank = 0 }) => {
      const name = qname.split('.').pop()!;
      const n = s.prepare(`INSERT INTO nodes(uid, file_id, parent_id, name, name_lower, kind, qualified_name, start_line, end_line, start_col, signature, docstring, visibility, is_async, is_exported, rank)
        VALUES (?, ?, NULL, ?, ?, ?, ?, 1, 1, 0, ?, ?, '', 0, 0, ?)`).run(`src/model.ts::${qname}`, file, name, name.toLowerCase(), kind, qname, signature, doc, rank);
      s.prepare('INSERT INTO nodes_fts(docid, words, signature, docstring, path) VALUES (?,?,?,?,?)').run(n.lastInsertRowid, splitWords(qname).join(' '), signature, doc, 'src/model.ts');
      return n.lastInsertRowid;
    });
    t.graph.refresh();
    try {
      check();
    } finally {
      for (const id of added) {
        s.prepare('DELETE FROM nodes_fts WHERE docid = ?').run(id);
        s.prepare('DELETE FROM nodes WHERE id = ?').run(id);
      }
      t.graph.refresh();
    }
  };

  it('finds a symbol by a sentence of its docstring, as the text index tokenizes it', () => {
    assert.equal(ids('Formats the price of an item in dollars')[0], 'src/model.ts::formatPrice');
    assert.equal(search(t.graph, 'writes the items as JSON lines').results[0].docstring, 'Writes items to standard output as JSON lines.');
    // a CamelCase word of a docstring is one word of the text index; the decoy has more of the
    // sentence's words, but only the common ones
    withSymbols([{ qname: 'isFatal', doc: 'Returns true if the given ConfigError is fatal, false otherwise.' },
      { qname: 'isSame', doc: 'Returns true if the specified value is the same as the other one, false otherwise.' }], () => {
      assert.equal(ids('Returns true if the specified ConfigError is fatal')[0], 'src/model.ts::isFatal');
    });
  });

  it('ranks the text matches whose doc comment says the phrase above those that hold its words elsewhere', () => {
    // Every word of the query is in each one's text; the fields' short names are all said by it.
    withSymbols([{ kind: 'field', qname: 'coff_type.size', doc: '' }, { kind: 'field', qname: 'stab_type_stack.size', doc: 'The size of the type.' },
      { qname: 'debug_get_type_size', doc: 'Get the size of a type.' }, { qname: 'debug_get_type_name', doc: 'Get the name of a type, and its size when known.' },
      // every word of the query in a longer first sentence: less than the exact one, more than fewer words
      { kind: 'field', qname: 'type_table.size', doc: 'Get the size of a type table, or of the type it holds when the table is empty.' }], () => {
      const q = 'Get the size of a type';
      const r = ids(q, 100);
      assert.deepEqual(r.slice(0, 4), ['src/model.ts::debug_get_type_size', 'src/model.ts::type_table.size',
        'src/model.ts::stab_type_stack.size', 'src/model.ts::debug_get_type_name']);
      assert.ok(r.indexOf('src/model.ts::coff_type.size') > 3, r.join(' '));
      for (const n of [1, 2, 3, 4]) assert.deepEqual(ids(q, n), r.slice(0, n));
      // a name query is not a phrase: the exact name first, the doc comment has no say
      assert.equal(ids('size')[0], 'src/model.ts::coff_type.size');
    });
    // A lower text tier is computed while its doc points could place it: `readSettings` says the
    // phrase in other forms (tier 19) and passes `loadConfigFile`, whose signature holds its very
    // words (tier 20, without a doc), at every limit.
    withSymbols([{ qname: 'loadConfigFile', doc: '', signature: 'loadConfigFile(parse, config, file)', rank: 1000 },
      { qname: 'readSettings', doc: 'Parses configs and files.', rank: 1000 }], () => {
      const r = ids('parse config file', 20);
      assert.deepEqual(r.slice(0, 2), ['src/model.ts::readSettings', 'src/model.ts::loadConfigFile']);
      assert.deepEqual(ids('parse config file', 1), r.slice(0, 1));
    });
  });

  it('boosts central symbols within a tier and breaks ties deterministically', () => {
    // MemoryRepository.save has two callers, Repository.save one, the others none.
    const r = search(t.graph, 'save').results.filter((x) => x.name === 'save');
    assert.deepEqual(r.map((x) => x.id), ['src/repository.ts::MemoryRepository.save', 'src/repository.ts::Repository.save',
      'src/repository.ts::DiskRepository.save', 'test/checkout.test.ts::RecordingRepository.save']);
    assert.ok(r[0].score! > r[1].score! && r[1].score! > r[2].score! && r[2].score === r[3].score);
    const again = search(t.graph, 'save').results.map((x) => x.id);
    assert.deepEqual(again, search(t.graph, 'save').results.map((x) => x.id));
  });

  it('answers a small limit with the head of the long answer (lower tiers are skipped only when they cannot place)', () => {
    for (const q of ['save', 'repository', 'price', 'item', 'serializeItme', 'total price', 'Repo']) {
      for (const n of [1, 2, 3, 5]) assert.deepEqual(ids(q, n), ids(q, 100).slice(0, n), `${q} limit ${n}`);
    }
  });

  it('keeps a name table in name order with word lists and rank order, rebuilt when the index changes', () => {
    const nt = NameTable.of(t.graph);
    const count = Number(t.graph.store.prepare('SELECT count(*) AS c FROM nodes').get<{ c: number }>()!.c);
    assert.equal(nt.size, count);
    for (let i = 1; i < nt.size; i++) assert.ok(nt.lower[i - 1] <= nt.lower[i], `sorted at ${i}`);
    const byWords = nt.withWords(['total', 'price'], false).map((p) => nt.names[p]);
    assert.deepEqual(byWords, ['compute_total_price']);
    assert.ok(nt.withWords(['tot', 'pri'], true).map((p) => nt.names[p]).includes('compute_total_price'));
    const central = nt.mostCentral([...nt.ids.keys()], 3);
    assert.ok(nt.rank[central[0]] >= nt.rank[central[1]] && nt.rank[central[1]] >= nt.rank[central[2]]);
    assert.equal(nt.ids[nt.pos(nt.ids[5])], nt.ids[5]);
    // a new symbol (and a name with the column separator in it) is there after the next refresh
    const fileId = Number(t.graph.store.prepare('SELECT id FROM files LIMIT 1').get<{ id: number }>()!.id);
    t.graph.store.prepare(`INSERT INTO nodes(uid, name, name_lower, kind, qualified_name, file_id, start_line, end_line, signature, docstring, visibility, is_async, is_exported, rank)
      VALUES (?, ?, ?, 'function', ?, ?, 1, 1, '', '', 'public', 0, 0, 0)`).run('x::odd\x1fname', 'odd\x1fname', 'odd\x1fname', 'odd\x1fname', fileId);
    t.graph.refresh();
    const after = NameTable.of(t.graph);
    assert.notEqual(after, nt);
    assert.equal(after.size, count + 1);
    assert.ok(after.names.includes('odd\x1fname'));
    t.graph.store.prepare('DELETE FROM nodes WHERE uid = ?').run('x::odd\x1fname');
    t.graph.refresh();
  });

  it('updates the name table from the last one after a file is re-indexed, equal to a fresh build', () => {
    const g = t.graph;
    const before = NameTable.of(g);
    const file = g.store.prepare(`SELECT id, path FROM files WHERE path = 'src/model.ts'`).get<{ id: number; path: string }>()!;
    const gone = g.store.prepare(`SELECT id FROM nodes WHERE file_id = ? AND kind <> 'file' ORDER BY id LIMIT 1`).get<{ id: number }>(Number(file.id))!;
    // what a sync of one file does: its nodes replaced, its stamp renewed, ranks elsewhere changed
    g.store.transaction(() => {
      g.store.prepare('DELETE FROM nodes WHERE id = ?').run(Number(gone.id));
      g.store.prepare(`INSERT INTO nodes(uid, name, name_lower, kind, qualified_name, file_id, start_line, end_line, signature, docstring, visibility, is_async, is_exported, rank)
        VALUES ('src/model.ts::brandNewHelper', 'brandNewHelper', 'brandnewhelper', 'function', 'brandNewHelper', ?, 1, 1, '', '', 'public', 0, 0, 0)`).run(Number(file.id));
      g.store.prepare('UPDATE files SET indexed_at = indexed_at + 1000 WHERE id = ?').run(Number(file.id));
      g.store.prepare(`UPDATE nodes SET rank = rank + 7 WHERE uid = 'src/repository.ts::Repository'`).run();
    });
    g.refresh();
    const updated = NameTable.of(g);
    assert.notEqual(updated, before);
    assert.ok(updated.updated, 'made from the previous table, not rebuilt');
    assert.equal(updated.pos(Number(gone.id)), -1);
    assert.ok(updated.names.includes('brandNewHelper'));
    const fresh = NameTable.of(new Graph(g.store, g.root));
    assert.ok(!fresh.updated);
    assert.deepEqual([...updated.ids], [...fresh.ids]);
    assert.deepEqual(updated.names, fresh.names);
    assert.deepEqual([...updated.rank], [...fresh.rank]);
    assert.deepEqual([...updated.byRank], [...fresh.byRank]);
    assert.deepEqual(updated.distinct, fresh.distinct);
    for (const w of fresh.words) assert.deepEqual(updated.withWords([w], false).sort((a, b) => a - b), fresh.withWords([w], false).sort((a, b) => a - b), w);
    assert.equal(search(g, 'brandNewHelper').results[0].id, 'src/model.ts::brandNewHelper');
  });

  it('applies the limit (default 20, clamped to the max) and explains empty results', () => {
    assert.equal(search(t.graph, 'repository', 3).results.length, 3);
    assert.ok(search(t.graph, 'repository').results.length > 3);
    assert.equal(clampLimit(undefined), 20);
    assert.equal(clampLimit(5000), SEARCH_MAX_LIMIT);
    assert.equal(SEARCH_MAX_LIMIT, 100);
    assert.equal(clampLimit(2.7), 2);
    const none = search(t.graph, 'zzqqxx');
    assert.deepEqual(none.results, []);
    assert.match(none.hint!, /Nothing matches 'zzqqxx' among \d+ symbols in 6 files/);
    const pasted = search(t.graph, 'q'.repeat(20_000)).hint!;
    assert.ok(pasted.length < 400, `a pasted query is not echoed whole: ${pasted.length} characters`);
    assert.match(pasted, /Nothing matches 'q{77}\.\.\.' \(20000 characters\) among/);
  });
});
