// find_dead_code: symbols nothing in the project calls, instantiates, references, extends,
// implements or overrides, that are not entry points, public API, tests or framework hooks.
// The rules (docs/tools.md lists them for agents):
//  1. kinds considered: function, method, class, struct, interface, trait, enum, type;
//  2. alive if any edge other than `contains` points at it (or, for a type, at one of its members),
//     or an unresolved call/reference has the same name (it may be a dynamic call);
//  3. alive if exported, or a non-private member of an exported type (public API);
//  4. alive if it overrides or implements a method (it runs through dispatch), or declares one in
//     an interface or trait;
//  5. alive if it is an entry point or framework hook by name (main, constructors, dunder methods,
//     lifecycle hooks such as activate / ngOnInit / componentDidMount / setUp ...);
//  6. alive if it is test code (a file under test/, tests/, spec/, __tests__/, or named *.test.*,
//     *.spec.*, *_test.*, test_*.py; or a symbol named test*).
import type { Graph } from './graph';
import { NODE_COLS, NODE_FROM, NodeRow } from './rows';
import { Collector, overrideChain, Traversal } from './traverse';

export const DEAD_CODE_MAX = 200;

const KINDS = ['function', 'method', 'class', 'struct', 'interface', 'trait', 'enum', 'type'];
const HOOKS = new Set([
  'main', 'init', 'activate', 'deactivate', 'constructor', 'setup', 'setUp', 'tearDown', 'setUpClass', 'tearDownClass',
  'render', 'componentDidMount', 'componentDidUpdate', 'componentWillUnmount', 'shouldComponentUpdate', 'getDerivedStateFromProps',
  'ngOnInit', 'ngOnDestroy', 'ngOnChanges', 'ngAfterViewInit', 'connectedCallback', 'disconnectedCallback', 'attributeChangedCallback',
  'toString', 'toJSON', 'valueOf', 'equals', 'hashCode', 'compareTo', 'finalize', 'close', 'dispose', 'Dispose', 'run', 'call',
  'String', 'Error', 'ServeHTTP', 'handle', 'handler', 'default', 'new', 'drop', 'fmt', 'from', 'into', 'clone', 'Main',
]);
const TEST_PATH = /(^|\/)(tests?|spec|specs|__tests__|testing)\/|\.(test|spec)\.[^/]+$|_test\.[^/]+$|(^|\/)test_[^/]*\.py$|Tests?\.[^/]+$/;

export function isTestPath(path: string): boolean { return TEST_PATH.test(path); }

export function findDeadCode(g: Graph): Traversal {
  const s = g.store;
  const kindList = KINDS.map((k) => `'${k}'`).join(',');
  // Candidates: nothing but `contains` points at them, and no unresolved edge names them.
  const rows = s.prepare(`SELECT ${NODE_COLS}, p.kind AS parent_kind, p.is_exported AS parent_exported FROM ${NODE_FROM}
      LEFT JOIN nodes p ON p.id = n.parent_id
    WHERE n.kind IN (${kindList})
      AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.dst = n.id AND e.kind <> 'contains' AND e.src <> n.id)
      AND NOT EXISTS (SELECT 1 FROM edges u WHERE u.dst IS NULL AND u.target = n.name)
    ORDER BY f.path, n.start_line`).all<NodeRow & { parent_kind: string | null; parent_exported: number | null }>();
  const c = new Collector(DEAD_CODE_MAX);
  for (const r of rows) {
    if (Number(r.is_exported)) continue;
    if (r.parent_kind && ['interface', 'trait'].includes(r.parent_kind)) continue;
    if (Number(r.parent_exported) && r.visibility !== 'private') continue;
    if (HOOKS.has(r.name) || /^__\w+__$/.test(r.name) || /^test/i.test(r.name) || isTestPath(r.path)) continue;
    if (['method', 'function'].includes(r.kind) && overrideChain(g, r, 'up').size > 0) continue;
    if (['class', 'struct', 'interface', 'trait', 'enum'].includes(r.kind) && membersUsed(g, Number(r.id))) continue;
    if (!c.addNode(Number(r.id), 0, 'dead')) break;
  }
  return c.finish(g);
}

function membersUsed(g: Graph, id: number): boolean {
  return !!g.store.prepare(`SELECT 1 AS x FROM nodes m JOIN edges e ON e.dst = m.id AND e.kind <> 'contains'
    JOIN nodes src ON src.id = e.src WHERE m.parent_id = ? AND (src.parent_id IS NULL OR src.parent_id <> ?) AND src.id <> ? LIMIT 1`).get(id, id, id);
}
