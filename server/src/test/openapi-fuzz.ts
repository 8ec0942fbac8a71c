import type { FastifyInstance } from 'fastify';

/**
 * A schema fuzzer over the OpenAPI document (issue 18): for every operation it builds a request
 * the schema would accept, then breaks it one part at a time (each body field, query and path
 * parameter: wrong type, missing, NUL, 100 KB, negative, huge, unknown enum value, null) and as a
 * whole (malformed JSON, wrong shapes), and sends each as every given client. A 5xx is a finding:
 * bad input must get a clear 4xx and change nothing.
 */

interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface FuzzClient {
  name: string;
  cookie?: string;
}

export interface FuzzFinding {
  client: string;
  method: string;
  url: string;
  mutation: string;
  status: number;
  body: string;
}

export interface FuzzReport {
  routes: number;
  operations: number;
  requests: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  /** Requests by mutation kind. */
  mutations: Record<string, number>;
  serverErrors: FuzzFinding[];
}

const FUZZ_UUID = '00000000-0000-4000-8000-00000000f022';
const HUGE_TEXT = 'x'.repeat(100 * 1024);

/** A value the schema accepts, as far as a sample can tell. */
export function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'fuzz';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice && choice.length > 0)
    return sample(choice.find((s) => s.type !== 'null') ?? choice[0], depth + 1);
  if (schema.allOf && schema.allOf.length > 0) return sample(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, depth + 1));
    case undefined:
    case 'object':
    default: {
      if (!schema.properties) return type === 'object' ? {} : 'fuzz';
      return Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, sample(value, depth + 1)]),
      );
    }
  }
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'uuid':
      return FUZZ_UUID;
    case 'email':
      return 'fuzz@example.com';
    case 'uri':
    case 'url':
      return 'https://fuzz.example/';
    case 'date-time':
      return '2026-11-24T10:00:00.000Z';
    case 'date':
      return '2026-11-24';
    case undefined:
    default: {
      const length = Math.max(schema.minLength ?? 4, 4);
      return 'fuzz'.repeat(Math.ceil(length / 4)).slice(0, Math.min(length, schema.maxLength ?? length));
    }
  }
}

/** The ways one value is broken; each is one request. */
function brokenValues(schema: Schema | undefined): [string, unknown][] {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  return [
    ['wrong-type', type === 'string' ? 12345 : 'not-the-right-type'],
    ['nul', 'fu\u0000zz'],
    ['100kb', HUGE_TEXT],
    ['negative', -1],
    ['huge-number', 1e308],
    ['unsafe-integer', 2 ** 63],
    ['unknown-enum', '__not_an_option__'],
    ['null', null],
    ['object', { nested: 'value' }],
    ['array', ['a', 1]],
  ];
}

/** The same in a URL, where every value is text. */
function brokenTexts(): [string, string][] {
  return [
    ['nul', 'fu\u0000zz'],
    ['long', 'x'.repeat(4000)],
    ['negative', '-1'],
    ['huge-number', '1e308'],
    ['unsafe-integer', '9223372036854775808'],
    ['not-a-uuid', 'not-a-uuid'],
    ['unknown-enum', '__not_an_option__'],
    ['empty', ''],
    ['traversal', '../../etc/passwd'],
  ];
}

interface Case {
  mutation: string;
  path: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** A raw payload instead of JSON (malformed JSON, uploads). */
  raw?: string | Buffer;
  contentType?: string;
}

function casesFor(operation: Operation): Case[] {
  const params = operation.parameters ?? [];
  const path = Object.fromEntries(
    params.filter((p) => p.in === 'path').map((p) => [p.name, String(sample(p.schema))]),
  );
  const query = Object.fromEntries(
    params.filter((p) => p.in === 'query').map((p) => [p.name, String(sample(p.schema))]),
  );
  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const otherType = Object.keys(content).find((type) => type !== 'application/json');
  const body = jsonSchema ? sample(jsonSchema) : undefined;
  const base: Case = { mutation: 'baseline', path, query, body };
  const cases: Case[] = [base];

  for (const p of params.filter((param) => param.in === 'path' || param.in === 'query')) {
    const where = p.in === 'path' ? 'path' : 'query';
    for (const [kind, text] of brokenTexts()) {
      cases.push({ ...base, mutation: `${where}:${kind}`, [where]: { ...base[where], [p.name]: text } });
    }
    if (where === 'query') {
      const { [p.name]: _dropped, ...rest } = base.query;
      cases.push({ ...base, mutation: 'query:missing', query: rest });
    }
  }

  if (jsonSchema) {
    const fields = jsonSchema.properties ?? {};
    for (const [name, fieldSchema] of Object.entries(fields)) {
      const object = body as Record<string, unknown>;
      const { [name]: _dropped, ...without } = object;
      cases.push({ ...base, mutation: 'body:missing', body: without });
      for (const [kind, value] of brokenValues(fieldSchema)) {
        cases.push({ ...base, mutation: `body:${kind}`, body: { ...object, [name]: value } });
      }
    }
    cases.push({
      ...base,
      mutation: 'body:malformed-json',
      raw: '{"fuzz": ',
      contentType: 'application/json',
    });
    cases.push({ ...base, mutation: 'body:array', body: [] });
    cases.push({ ...base, mutation: 'body:text', body: 'fuzz' });
    cases.push({ ...base, mutation: 'body:null', raw: 'null', contentType: 'application/json' });
    cases.push({ ...base, mutation: 'body:extra-100kb', body: { ...(body as object), extra: HUGE_TEXT } });
  } else if (otherType) {
    cases.push({
      ...base,
      mutation: 'body:bytes',
      raw: Buffer.from('not really a file'),
      contentType: otherType,
    });
    cases.push({ ...base, mutation: 'body:empty', raw: Buffer.alloc(0), contentType: otherType });
  }
  return cases;
}

function urlOf(route: string, c: Case): string {
  const pathname = route.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(c.path[name] ?? FUZZ_UUID),
  );
  const query = new URLSearchParams(c.query).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Fuzzes every operation of the app's OpenAPI document. `skip` names operations (`METHOD /path`)
 * a signed-in client must not send because they end its own session.
 */
export async function fuzzOpenApi(
  app: FastifyInstance,
  clients: readonly FuzzClient[],
  options: { skipSignedIn?: readonly string[]; onProgress?: (done: number) => void } = {},
): Promise<FuzzReport> {
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const report: FuzzReport = {
    routes: Object.keys(document.paths).length,
    operations: 0,
    requests: 0,
    statuses: {},
    mutations: {},
    serverErrors: [],
  };
  let address = 0;
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const verb = method.toUpperCase();
      report.operations += 1;
      const cases = casesFor(operation);
      for (const client of clients) {
        if (client.cookie && options.skipSignedIn?.includes(`${verb} ${route}`)) continue;
        for (const c of cases) {
          address += 1;
          const url = urlOf(route, c);
          const hasBody = verb !== 'GET' && verb !== 'HEAD' && verb !== 'DELETE';
          const payload = c.raw ?? (hasBody && c.body !== undefined ? JSON.stringify(c.body) : undefined);
          const response = await app.inject({
            method: verb as 'GET',
            url,
            headers: {
              ...(client.cookie && { cookie: client.cookie }),
              ...(payload !== undefined && { 'content-type': c.contentType ?? 'application/json' }),
            },
            ...(payload !== undefined && { payload }),
            remoteAddress: `10.250.${(address >> 8) & 255}.${address & 255}`,
          });
          report.requests += 1;
          const status = String(response.statusCode);
          report.statuses[status] = (report.statuses[status] ?? 0) + 1;
          const kind = c.mutation.split(':').at(-1) ?? c.mutation;
          report.mutations[kind] = (report.mutations[kind] ?? 0) + 1;
          if (response.statusCode >= 500) {
            report.serverErrors.push({
              client: client.name,
              method: verb,
              url: url.slice(0, 300),
              mutation: c.mutation,
              status: response.statusCode,
              body: response.body.slice(0, 300),
            });
          }
          options.onProgress?.(report.requests);
        }
      }
    }
  }
  return report;
}
