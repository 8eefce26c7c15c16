// Shared by the extract-*.test.ts files: parse a fixture of test/fixtures/langs and look things up.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseFile } from '../../src/server/index/parse';
import type { ExtractedRef, ExtractedSymbol, FileExtraction } from '../../src/server/index/types';

export const LANGS_DIR = resolve(__dirname, '../../../test/fixtures/langs');

export async function parseFixture(rel: string): Promise<FileExtraction> {
  const r = await parseFile(rel, readFileSync(join(LANGS_DIR, rel), 'utf8'));
  assert.ok(r, `${rel} is in no indexed language`);
  return r;
}

export async function parseText(path: string, text: string): Promise<FileExtraction> {
  const r = await parseFile(path, text);
  assert.ok(r, `${path} is in no indexed language`);
  return r;
}

/** The one symbol with that qualified name (fails if none or several). */
export function sym(x: FileExtraction, qualifiedName: string): ExtractedSymbol {
  const found = x.symbols.filter((s) => s.qualifiedName === qualifiedName);
  assert.equal(found.length, 1, `expected one symbol ${qualifiedName}, found ${found.length}: ${x.symbols.map((s) => s.qualifiedName).join(', ')}`);
  return found[0];
}

export function parentOf(x: FileExtraction, s: ExtractedSymbol): string | undefined {
  return s.parent >= 0 ? x.symbols[s.parent].qualifiedName : undefined;
}

/** Refs as compact strings `kind name <- from [receiver]` for deep-equal checks. */
export function refStrings(x: FileExtraction, filter?: (r: ExtractedRef) => boolean): string[] {
  return x.refs.filter(filter ?? (() => true)).map((r) =>
    `${r.kind} ${r.name} <- ${r.from >= 0 ? x.symbols[r.from].qualifiedName : '(file)'}${r.receiver !== undefined ? ` [${r.receiver}]` : ''}`);
}

export function hasRef(x: FileExtraction, s: string): void {
  const all = refStrings(x);
  assert.ok(all.includes(s), `missing ref "${s}" in:\n  ${all.join('\n  ')}`);
}

export function noRef(x: FileExtraction, pred: (r: ExtractedRef) => boolean, why: string): void {
  const bad = x.refs.filter(pred);
  assert.equal(bad.length, 0, `${why}: ${JSON.stringify(bad)}`);
}

export function importOf(x: FileExtraction, source: string) {
  const found = x.imports.filter((i) => i.source === source);
  assert.equal(found.length, 1, `expected one import of ${source}, found ${found.length}: ${x.imports.map((i) => i.source).join(', ')}`);
  return found[0];
}
