import { parseSync } from 'vite';

/**
 * The keys of a contract entry only the server reads: who may call it (decision 0310) and its
 * OpenAPI summary. The web client never looks at them (the server enforces the policy), so the
 * web build drops them from every `endpoint({...})` call of the domain: the first route's
 * JavaScript budget (170 KiB gzip) pays for the screens, not for the server's rules.
 */
export const SERVER_ONLY_KEYS: ReadonlySet<string> = new Set(['policy', 'summary']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* nodes(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* nodes(child);
  }
}

/**
 * JavaScript (after the TypeScript is stripped) without the server-only properties of each
 * `endpoint({...})` argument, or null when the module calls no `endpoint`.
 */
export function stripServerOnly(code: string): string | null {
  if (!code.includes('endpoint(')) return null;
  const ranges: [number, number][] = [];
  for (const node of nodes(parseSync('entry.js', code).program as unknown as Node)) {
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee as Node & { name?: string };
    const [argument] = node.arguments as Node[];
    if (callee.type !== 'Identifier' || callee.name !== 'endpoint' || argument?.type !== 'ObjectExpression')
      continue;
    for (const property of argument.properties as (Node & { key?: Node & { name?: string } })[]) {
      if (property.type !== 'Property' || property.computed === true) continue;
      const key = property.key;
      if (key?.type !== 'Identifier' || !SERVER_ONLY_KEYS.has(key.name ?? '')) continue;
      // The property and the comma after it, or for the last one the comma before it.
      const after = /^\s*,\s*/.exec(code.slice(property.end));
      const before = after ? null : /,\s*$/.exec(code.slice(0, property.start));
      ranges.push([property.start - (before?.[0].length ?? 0), property.end + (after?.[0].length ?? 0)]);
    }
  }
  if (ranges.length === 0) return null;
  let out = code;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}
