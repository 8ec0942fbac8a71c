import type { z } from 'zod';
import type { EndpointPolicy } from './policy';

/**
 * The endpoint contract (decision 0220): each endpoint's method, path, request and response
 * schemas, written once here. The server registers its route from the entry
 * (`server/src/lib/contract-route.ts`) and the web app calls through it
 * (`api.call` in `web/src/lib/api-client.ts`), so a path is spelled once and a body or a
 * response that drifts on one side is a type error on the other.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A binary success body (audio, a zip): what it may be declared by content type, no schema.
 * The web client hands it over as a `Blob`.
 */
export interface BinaryResponse {
  readonly kind: 'binary';
  readonly contentTypes: readonly [string, ...string[]];
}

/** A binary response of one of these content types (`binary('audio/mpeg', 'audio/wav')`). */
export function binary(...contentTypes: [string, ...string[]]): BinaryResponse {
  return { kind: 'binary', contentTypes };
}

/**
 * A request body of bytes (an audio file, a photo, a webhook's signed payload), declared by the
 * content types the route accepts, no schema: the server's module registers the parser that
 * reads it (a stream or a buffer) and checks it; the web client sends a `Blob`.
 */
export interface RawBody<
  ContentTypes extends readonly [string, ...string[]] = readonly [string, ...string[]],
> {
  readonly kind: 'raw';
  readonly contentTypes: ContentTypes;
}

/** A raw request body of one of these content types (`rawBody('image/jpeg', 'image/png')`). */
export function rawBody<const ContentTypes extends readonly [string, ...string[]]>(
  ...contentTypes: ContentTypes
): RawBody<ContentTypes> {
  return { kind: 'raw', contentTypes };
}

/** What an entry's `body` may be: a zod schema of its JSON, or raw bytes. */
export type EndpointRequestBody = z.ZodType | RawBody;

/**
 * JSON bodies by status code, as Fastify's `schema.response` takes them: `{ 200: schema }`,
 * `{ 204: z.null() }` for no content, further codes where the endpoint documents an error body
 * of its own (`{ 200: ready, 503: ready }`).
 */
export type JsonResponses = Readonly<Record<number, z.ZodType>>;

export type EndpointResponse = JsonResponses | BinaryResponse;

/** The names of a path's `:param` placeholders: `'/api/player/tracks/:trackId/like'` gives `'trackId'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with placeholders needs a params schema giving each of them as a string, and only then. */
type ParamsRule<Path extends string> = [PathParamNames<Path>] extends [never]
  ? { params?: undefined }
  : { params: z.ZodType<Record<PathParamNames<Path>, string>> };

export interface EndpointDefinition<
  Method extends HttpMethod,
  Path extends string,
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends EndpointRequestBody | undefined,
  Response extends EndpointResponse,
> {
  method: Method;
  /** Starts with `/`; `:name` segments are filled from `params`. */
  path: Path;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Who may call it, how often, what caches keep and how its errors read (decision 0310). */
  policy: EndpointPolicy;
  /** For the OpenAPI document. */
  tags?: readonly string[];
  summary?: string;
}

/** An entry before its table names it. */
export interface UnnamedEndpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends EndpointRequestBody | undefined = EndpointRequestBody | undefined,
  Response extends EndpointResponse = EndpointResponse,
> {
  readonly method: Method;
  readonly path: Path;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  readonly response: Response;
  readonly policy: EndpointPolicy;
  readonly tags: readonly string[] | undefined;
  readonly summary: string | undefined;
}

/** One entry of the contract, as the server and the client read it. */
export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends EndpointRequestBody | undefined = EndpointRequestBody | undefined,
  Response extends EndpointResponse = EndpointResponse,
  Name extends string = string,
> extends UnnamedEndpoint<Method, Path, Params, Query, Body, Response> {
  /** Its key in the contract table; the OpenAPI document's operationId. */
  readonly name: Name;
}

/**
 * Declares one endpoint; `defineEndpoints` names it. The result is `NoInfer` so that the
 * table's own type does not leak into an entry's: an entry without params infers `undefined`,
 * not "any schema or none".
 */
export function endpoint<
  const Method extends HttpMethod,
  const Path extends `/${string}`,
  Response extends EndpointResponse,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends EndpointRequestBody | undefined = undefined,
>(
  definition: EndpointDefinition<Method, Path, Params, Query, Body, Response> & ParamsRule<Path>,
): NoInfer<UnnamedEndpoint<Method, Path, Params, Query, Body, Response>> {
  return {
    method: definition.method,
    path: definition.path,
    params: definition.params as Params,
    query: definition.query as Query,
    body: definition.body as Body,
    response: definition.response,
    policy: definition.policy,
    tags: definition.tags,
    summary: definition.summary,
  };
}

type Named<Table extends Record<string, UnnamedEndpoint>> = {
  readonly [Name in keyof Table & string]: Table[Name] & { readonly name: Name };
};

/** An area's table: each entry named by its key. */
export function defineEndpoints<const Table extends Record<string, UnnamedEndpoint>>(
  table: Table,
): Named<Table> {
  return Object.fromEntries(
    Object.entries(table).map(([name, entry]) => [name, { name, ...entry }]),
  ) as Named<Table>;
}

/** Whether the entry takes bytes rather than JSON. */
export function isRawBody(body: EndpointRequestBody | undefined): body is RawBody {
  return body !== undefined && 'kind' in body;
}

/** Whether the entry answers with bytes rather than JSON. */
export function isBinaryResponse(response: EndpointResponse): response is BinaryResponse {
  return 'kind' in response;
}

/** The path with each `:name` replaced by its value, URI-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_placeholder, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** A value as `application/x-www-form-urlencoded` writes it (what `URLSearchParams` sends). */
function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** `?a=1&b=x` from the defined values (an array repeats its key), or nothing. */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
        pairs.push(`${formEncode(key)}=${formEncode(String(item))}`);
      }
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/**
 * An entry's same-origin URL: its path filled from `params`, then `query`. The one URL builder of
 * the web client, the journeys and the benchmarks.
 */
export function entryUrl(
  entry: Pick<Endpoint, 'path'>,
  options: {
    params?: Readonly<Record<string, unknown>> | undefined;
    query?: Readonly<Record<string, unknown>> | undefined;
  } = {},
): string {
  return fillPath(entry.path, options.params) + queryString(options.query);
}

type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** What a caller sends: `params`, `query` and `body` as their schemas accept them. */
export type EndpointParams<E extends Endpoint> = Input<E['params']>;
export type EndpointQuery<E extends Endpoint> = Input<E['query']>;
/**
 * The bytes a caller sends as a raw body, as `domain` can name them without the DOM: what a
 * `Blob` (or a `File`) is. The web client asks for a `Blob` itself.
 */
export interface RawBytes {
  readonly size: number;
  readonly type: string;
}

export type EndpointBody<E extends Endpoint> = E['body'] extends RawBody ? RawBytes : Input<E['body']>;

type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * The parsed success body of a JSON endpoint: the output of its 2xx schema, `undefined` for a
 * 204. Binary endpoints have none here; each side names its own byte type.
 */
export type EndpointJsonResult<E extends Endpoint> = E['response'] extends BinaryResponse
  ? never
  : {
      [Status in keyof E['response'] & SuccessStatus]: Status extends 204
        ? undefined
        : E['response'][Status] extends z.ZodType
          ? z.output<E['response'][Status]>
          : never;
    }[keyof E['response'] & SuccessStatus];
