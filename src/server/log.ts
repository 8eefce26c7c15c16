// Logging goes to stderr only: stdout belongs to MCP. `DEBUG=codeindex:*` (or a comma list of
// namespaces such as `codeindex:store,codeindex:index`) turns on verbose lines.

function enabled(ns: string): boolean {
  const spec = process.env.DEBUG || '';
  return spec.split(/[\s,]+/).some((p) => {
    if (!p) return false;
    if (p === '*' || p === ns) return true;
    return p.endsWith('*') && ns.startsWith(p.slice(0, -1));
  });
}

export interface Logger {
  (msg: string, ...rest: unknown[]): void;
  readonly enabled: boolean;
}

export function debug(name: string): Logger {
  const ns = `codeindex:${name}`;
  const on = enabled(ns);
  const fn = ((msg: string, ...rest: unknown[]) => {
    if (!on) return;
    const extra = rest.map((r) => (r instanceof Error ? r.stack || r.message : typeof r === 'string' ? r : JSON.stringify(r)));
    process.stderr.write(`${new Date().toISOString()} ${ns} ${[msg, ...extra].join(' ')}\n`);
  }) as Logger;
  Object.defineProperty(fn, 'enabled', { value: on });
  return fn;
}

/** A line the user should see whatever DEBUG says (errors, summaries). */
export function warn(msg: string): void {
  process.stderr.write(`codeindex: ${msg}\n`);
}
