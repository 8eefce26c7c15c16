// Scoring shared by the call-graph truth builders (calls.mjs for TypeScript, go-calls.mjs,
// py-calls.mjs): our nodes read once, a declaration mapped to our node by file + name + line
// range, and our `calls`/`instantiates` edges matched to the truth's call sites by file + line +
// callee name, then scored (precision, recall, pairs, per resolution, grouped errors).
//
// A site is { key: 'file:line:name', file, line, name, code, isNew, receiver, rtype,
//   truth: [{ uid, kind, caller }]  (targets inside the corpus that map to our nodes),
//   external, externalWhat          (resolved outside the corpus or to something with no node),
//   unknown }                       (the truth could not resolve it either: left out).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { openDb } from '../lib/db.mjs';

/** Runs a truth program (go-truth/main.go, py-truth.py, java-truth/Truth.java) and reads the
 *  JSON object it prints per line. */
export function runTruth(cmd, args, opts = {}) {
  const out = execFileSync(cmd, args, { maxBuffer: 1 << 30, encoding: 'utf8', ...opts });
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

export const canon = (uid) => uid.replace(/#\d+$/, '');
/** A target's identity: overloads (`#2`) are one, but a method and a field or constant of the
 *  same name (Java's `int position` beside `position()`) are two. */
const VALUE_KINDS = new Set(['field', 'property', 'constant', 'variable', 'enum_member']);
export const canonNode = (n) => canon(n.uid) + (VALUE_KINDS.has(n.kind) ? ':value' : '');

/** Opens a corpus's index and maps declarations to our nodes. */
export async function loadGraph(root) {
  const db = await openDb(join(root, '.codeindex/codeindex.db'));
  const nodesByFile = new Map();
  const nodeById = new Map();
  for (const n of db.all('SELECT n.id, n.uid, n.name, n.qualified_name q, n.kind, n.start_line s, n.end_line e, f.path FROM nodes n JOIN files f ON f.id = n.file_id')) {
    nodeById.set(n.id, n);
    if (!nodesByFile.has(n.path)) nodesByFile.set(n.path, []);
    nodesByFile.get(n.path).push(n);
  }
  /** The innermost node of that name whose lines hold `line`. */
  const mapDecl = (file, name, line) => {
    let best;
    for (const n of nodesByFile.get(file) ?? []) {
      if (n.name === name && n.s <= line && line <= n.e && n.kind !== 'file' && (!best || n.e - n.s < best.e - best.s)) best = n;
    }
    return best;
  };
  return { db, nodesByFile, nodeById, mapDecl };
}

/** Sites from a truth program's records (go-truth/main.go, py-truth.py), one per call:
 *  { file, line, name, code, recv, caller, cline, what, tfile?, tline?, tname?, tqual? }. `what`
 *  is 'unknown' where the truth could not resolve the call; a target in the corpus (`tfile`) maps
 *  to our node by file + name + line, else by qualified name or name; anything else is external. */
export function sitesFrom({ mapDecl, nodesByFile }, records) {
  const sites = new Map();
  const counts = {};
  const count = (k) => { counts[k] = (counts[k] ?? 0) + 1; };
  for (const s of records) {
    const key = `${s.file}:${s.line}:${s.name}`;
    let site = sites.get(key);
    if (!site) sites.set(key, site = { key, file: s.file, line: s.line, name: s.name, truth: [], external: 0, unknown: 0, isNew: false, receiver: s.recv, rtype: '', code: s.code });
    if (s.what === 'unknown') { site.unknown++; count('unknown'); continue; }
    const n = !s.tfile ? undefined : s.tline ? mapDecl(s.tfile, s.tname, s.tline)
      : nodesByFile.get(s.tfile)?.find((x) => (s.tqual ? x.q === s.tqual : x.name === s.tname));
    if (n) {
      const c = s.caller ? mapDecl(s.file, s.caller, s.cline) : undefined;
      site.truth.push({ uid: canonNode(n), kind: n.kind, caller: c ? canon(c.uid) : s.file });
      count(`${s.what} in corpus`);
    } else {
      site.external++;
      site.externalWhat = s.tfile ? `a ${s.what} with no node (${s.tfile}:${s.tline})` : `a ${s.what} outside the corpus`;
      count(`${s.what} external`);
    }
  }
  return { sites, counts };
}

/** Examples kept per pattern of misses: QUALITY_EXAMPLES=n for more (reading every miss). */
export const EXAMPLES = Number(process.env.QUALITY_EXAMPLES) || 4;

/** Scores an indexed corpus against a truth program's records (sitesFrom's), or a function of
 *  the graph that gives them, closing its db. */
export async function scoreRecords(work, records, { truthName, top = 12, examples = EXAMPLES }) {
  const graph = await loadGraph(work);
  // (records may need the graph: the truth maps through it, or tells config-dependent sites by it)
  const { sites, counts } = sitesFrom(graph, typeof records === 'function' ? await records(graph) : records);
  const scores = scoreSites(graph, sites, { truthName, top, examples });
  graph.db.close();
  return { sites: counts, ...scores };
}

/** Scores our edges against `sites` (a Map key -> site). `truthName` names the ground truth in the grouped errors. */
export function scoreSites({ db, nodeById }, sites, { truthName = 'compiler', top = 12, examples = EXAMPLES } = {}) {
  // Our edges, matched to sites.
  const edges = db.all(`SELECT e.src, e.dst, e.kind, e.resolution, e.line, e.target, e.receiver, f.path FROM edges e JOIN files f ON f.id = e.file_id
    WHERE e.kind IN ('calls', 'instantiates')`);
  const ours = new Map();
  let unmatched = 0, unmatchedResolved = 0;
  const unmatchedExamples = [];
  for (const e of edges) {
    const name = String(e.target ?? '').split('.').pop();
    const key = `${e.path}:${e.line}:${name}`;
    if (!sites.has(key)) {
      if (e.dst != null) { unmatchedResolved++; if (unmatchedExamples.length < 5) unmatchedExamples.push(`${key} -> ${nodeById.get(e.dst)?.uid}`); }
      unmatched++;
      continue;
    }
    if (!ours.has(key)) ours.set(key, []);
    ours.get(key).push({ ...e, dstUid: e.dst != null ? canonNode(nodeById.get(e.dst)) : null, srcUid: canon(nodeById.get(e.src)?.uid ?? '') });
  }

  const byRes = {};
  const bump = (res, f) => { byRes[res] ??= { edges: 0, correct: 0 }; byRes[res].edges++; if (f) byRes[res].correct++; };
  let tp = 0, fp = 0, fn = 0, unknownEdges = 0, callerAgree = 0;
  const callerOther = [];
  const fpGroups = new Map(), fnGroups = new Map();
  const group = (map, label, ex) => { let g = map.get(label); if (!g) map.set(label, g = { count: 0, examples: [] }); g.count++; if (g.examples.length < examples) g.examples.push(ex); };
  const truthPairs = new Set(), ourPairs = new Set();
  for (const site of sites.values()) {
    const o = (ours.get(site.key) ?? []).filter((e) => e.dstUid);
    const unresolvedHere = (ours.get(site.key) ?? []).some((e) => !e.dstUid);
    const known = site.truth.length + site.external;
    for (const t of site.truth) truthPairs.add(`${t.caller} -> ${t.uid}`);
    if (!known) { unknownEdges += o.length; continue; }
    const need = new Map();
    for (const t of site.truth) need.set(t.uid, (need.get(t.uid) ?? 0) + 1);
    const shape = `${site.isNew ? 'new' : 'call'} on ${site.receiver}${site.rtype ? ` (${site.rtype})` : ''}`;
    for (const e of o) {
      ourPairs.add(`${e.srcUid} -> ${e.dstUid}`);
      const left = need.get(e.dstUid) ?? 0;
      if (left > 0) {
        need.set(e.dstUid, left - 1); tp++; bump(e.resolution, true);
        const t = site.truth.find((x) => x.uid === e.dstUid);
        if (t && t.caller === e.srcUid) callerAgree++;
        else if (t && callerOther.length < examples) callerOther.push(`${site.file}:${site.line} ${site.code}  => ours from ${e.srcUid}, ${truthName} from ${t.caller}`);
      } else {
        fp++; bump(e.resolution, false);
        const why = site.truth.length ? `${truthName} target is ${site.truth[0].kind} ${site.truth[0].uid.split('::')[1] === e.dstUid.split('::')[1] ? '(same qualified name, other file)' : '(other symbol)'}`
          : `${truthName} target is ${site.externalWhat === 'lib' ? 'a TS lib (built-in) symbol' : site.externalWhat === 'outside' ? 'outside the corpus' : site.externalWhat}`;
        group(fpGroups, `[${e.resolution}] ${shape}; ${why}`, `${site.file}:${site.line} ${site.code}  => ours ${e.dstUid}${site.truth[0] ? `, ${truthName} ${site.truth[0].uid}` : ''}`);
      }
    }
    for (const [uid, left] of need) {
      for (let i = 0; i < left; i++) {
        fn++;
        const t = site.truth.find((x) => x.uid === uid);
        const ourHere = o.length ? 'we bound another symbol' : unresolvedHere ? 'we left it unresolved' : 'no edge recorded at all';
        group(fnGroups, `${shape} -> ${t.kind}; ${ourHere}`, `${site.file}:${site.line} ${site.code}  => ${truthName} ${uid}`);
      }
    }
  }
  const pairTp = [...ourPairs].filter((p) => truthPairs.has(p)).length;
  const r3 = (x) => +x.toFixed(3);
  const precision = tp / Math.max(1, tp + fp), recall = tp / Math.max(1, tp + fn);
  const sortG = (m) => [...m.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, top).map(([pattern, g]) => ({ pattern, count: g.count, examples: g.examples }));
  return {
    truthSites: tp + fn,
    edges: { matched: tp + fp, correct: tp, wrong: fp, atUnknownSites: unknownEdges, unmatchedToAnySite: unmatched, unmatchedResolved, unmatchedExamples },
    precision: r3(precision), recall: r3(recall), f1: r3((2 * precision * recall) / Math.max(1e-9, precision + recall)),
    callerAgreement: r3(callerAgree / Math.max(1, tp)),
    callerDisagreements: callerOther,
    pairs: { truth: truthPairs.size, ours: ourPairs.size, common: pairTp, precision: r3(pairTp / Math.max(1, ourPairs.size)), recall: r3(pairTp / Math.max(1, truthPairs.size)) },
    byResolution: Object.fromEntries(Object.entries(byRes).map(([k, v]) => [k, { ...v, precision: r3(v.correct / Math.max(1, v.edges)), shareOfRecall: r3(v.correct / Math.max(1, tp + fn)) }])),
    falsePositives: sortG(fpGroups),
    falseNegatives: sortG(fnGroups),
  };
}
