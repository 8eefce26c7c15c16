// Every language of the table: its grammar loads in this runtime, its query compiles and uses
// only known captures, it has a fixture that parses cleanly into symbols; and paths map to languages.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser, Query } from 'web-tree-sitter';
import { captureRole } from '../../src/server/index/extract';
import { LANGUAGES, languageById, languageForPath } from '../../src/server/index/languages/table';
import { initParser, loadLanguage, parseFile, querySource } from '../../src/server/index/parse';
import { LANGS_DIR } from './extract-helpers';

describe('extract: language table', () => {
  before(async () => { await initParser(); });

  it('has at least 30 languages with unique ids and extensions', () => {
    const indexed = LANGUAGES.filter((l) => !l.optIn);
    assert.ok(indexed.length >= 30, `only ${indexed.length} languages indexed by default`);
    const ids = new Set<string>();
    const exts = new Map<string, string>();
    for (const l of LANGUAGES) {
      assert.ok(!ids.has(l.id), `duplicate id ${l.id}`);
      ids.add(l.id);
      for (const e of l.extensions) {
        assert.match(e, /^\.[a-z0-9+_.-]+$/, `${l.id}: extension ${e} must be lower-case with a dot`);
        assert.ok(!exts.has(e), `${e} claimed by ${exts.get(e)} and ${l.id}`);
        exts.set(e, l.id);
      }
    }
    for (const must of ['typescript', 'tsx', 'javascript', 'python', 'go', 'rust', 'java', 'csharp', 'c', 'cpp', 'ruby', 'php',
      'kotlin', 'swift', 'scala', 'dart', 'elixir', 'lua', 'bash', 'zig', 'ocaml', 'solidity', 'objc', 'vue']) {
      assert.ok(languageById(must), `missing language ${must}`);
    }
  });

  for (const spec of LANGUAGES) {
    it(`${spec.id}: grammar ${spec.grammar} loads and its query compiles with known captures`, async () => {
      // One load per grammar in this process (loadLanguage caches): big wasm modules compiled
      // twice have run V8 out of zone memory on Node 24.
      const language = (await loadLanguage(spec.id)).language;
      const text = querySource(spec);
      let query: Query;
      try {
        query = new Query(language, text);
      } catch (e) {
        assert.fail(`${spec.queries.join('+')} does not compile against ${spec.grammar}: ${(e as Error).message}`);
      }
      try {
        assert.ok(query.patternCount() > 0);
        for (const name of query.captureNames) assert.doesNotThrow(() => captureRole(name), `@${name}`);
        // Every definition pattern names its symbol.
        assert.ok(query.captureNames.some((n) => n.startsWith('definition.') || (spec.injection && n === 'injection.content')), 'no @definition.* capture');
        // Node types the table names exist in the grammar.
        for (const t of [...spec.comments, ...(spec.docSkip ?? []).flatMap((t) => t.split('>')), ...(spec.bodyTypes ?? [])]) {
          assert.ok(language.idForNodeType(t, true) !== null || language.idForNodeType(t, false) !== null, `${spec.id}: no node type ${t}`);
        }
      } finally {
        query.delete();
      }
    });

    it(`${spec.id}: its fixture parses without errors into symbols`, async () => {
      const dir = join(LANGS_DIR, spec.id);
      assert.ok(existsSync(dir), `no fixture directory test/fixtures/langs/${spec.id}`);
      const files = readdirSync(dir).filter((f) => spec.extensions.some((e) => f.toLowerCase().endsWith(e)) || spec.fileNames?.includes(f));
      assert.ok(files.length > 0, `no ${spec.id} file in ${dir}`);
      await loadLanguage(spec.id);
      for (const f of files) {
        const text = readFileSync(join(dir, f), 'utf8');
        const x = await parseFile(`${spec.id}/${f}`, text);
        assert.ok(x);
        assert.equal(x.language, spec.id);
        assert.equal(x.errorCount, 0, `${f} has parse errors`);
        assert.ok(x.symbols.length > 0, `${f}: no symbols`);
        for (const s of x.symbols) {
          assert.ok(s.name.length > 0 && s.startLine >= 1 && s.endLine >= s.startLine, `${f}: bad symbol ${JSON.stringify(s)}`);
          assert.ok(s.parent < x.symbols.length && s.parent >= -1, `${f}: bad parent of ${s.qualifiedName}`);
          assert.ok(s.signature.length <= 200, `${f}: signature too long for ${s.qualifiedName}`);
        }
        for (const r of x.refs) assert.ok(r.from >= -1 && r.from < x.symbols.length && r.line >= 1, `${f}: bad ref ${JSON.stringify(r)}`);
      }
    });
  }

  it('maps paths to languages by extension and file name', () => {
    const cases: [string, string | undefined][] = [
      ['src/a.ts', 'typescript'], ['a.d.ts', 'typescript'], ['x/App.tsx', 'tsx'], ['b.jsx', 'javascript'],
      ['c.MJS', 'javascript'], ['lib/m.py', 'python'], ['main.go', 'go'], ['lib.rs', 'rust'], ['A.java', 'java'],
      ['P.cs', 'csharp'], ['x.c', 'c'], ['x.h', 'cpp'], ['x.hpp', 'cpp'], ['Rakefile', 'ruby'], ['a.rb', 'ruby'],
      ['C:\\src\\x.kt', 'kotlin'], ['App.vue', 'vue'], ['README.md', undefined], ['Makefile.bak', undefined],
      ['noext', undefined], ['.gitignore', undefined], ['init.lua', 'lua'], ['image.png', undefined],
    ];
    for (const [p, id] of cases) assert.equal(languageForPath(p)?.id, id, p);
  });

  it('returns null for files in no indexed language', async () => {
    assert.equal(await parseFile('notes.txt', 'hello'), null);
  });

  it('swift: a class body with `#if` branches, `#selector` and Swift 6 modifiers parses cleanly, both branches\' members found', async () => {
    const x = await parseFile('A.swift', 'class A {\n  #if os(iOS)\n  func f() { _ = x.responds(to: #selector(B.application(_:open:))) }\n  #else\n  func g() { if #available(iOS 17, *) { h() } }\n  #endif\n  func k(_ c: sending @escaping () -> Void) {}\n}\n');
    assert.ok(x);
    assert.equal(x.errorCount, 0);
    assert.deepEqual(x.symbols.map((s) => s.qualifiedName), ['A', 'A.f', 'A.g', 'A.k']);
  });

  it('rejects captures outside the scheme', () => {
    assert.throws(() => captureRole('definition.widget'), /unknown capture/);
    assert.throws(() => captureRole('reference.calls'), /unknown capture/);
    assert.deepEqual(captureRole('_anything').role, captureRole('_x').role);
  });

  it('a query that fails to compile is reported with the language', async () => {
    const language = (await loadLanguage('go')).language;
    assert.throws(() => new Query(language, '(no_such_node) @name'), /no_such_node|Bad node name/);
    assert.ok(Parser);
  });
});
