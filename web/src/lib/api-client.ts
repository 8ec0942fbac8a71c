import {
  ERROR_CODES,
  MESSAGES,
  PRODUCT_NAME,
  errorBodySchema,
  entryUrl,
  isBinaryResponse,
  isRawBody,
  type BinaryResponse,
  type Endpoint,
  type EndpointBody,
  type EndpointJsonResult,
  type EndpointParams,
  type EndpointQuery,
  type ErrorCode,
  type HttpMethod,
  type RawBody,
} from '@klang/domain';
import { ApiError } from './api-error';

/**
 * What the client needs of a schema: zod schemas from @klang/domain fit as they are. Typed
 * structurally so the web app does not depend on zod's own types.
 */
type ResponseSchema<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
};

/** Said when the request never reached the server (offline, DNS, connection reset). */
export const NETWORK_ERROR_MESSAGE = `Could not reach ${PRODUCT_NAME}. Check your connection and try again.`;

type RequestOptions = {
  method?: HttpMethod;
  /** Sent as JSON, or as is when it is a Blob (a raw body). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Lets the request outlive the page (a report sent as it hides); bodies up to 64 KiB. */
  keepalive?: boolean;
  /**
   * Hears the fraction of the body sent, 0 to 1, for an upload (fetch reports none, so the
   * request goes through XMLHttpRequest).
   */
  onProgress?: (fraction: number) => void;
};

export type Refusal = { path: string; error: ApiError };
const refusalListeners = new Set<(refusal: Refusal) => void>();

/**
 * Hears every 403 the server answers, beside the caller that gets it as an ApiError: for the
 * shell to answer refusals that the asking screen has no place for (the demo popup, spec 001 §6).
 * Returns the unsubscribe.
 */
export function onRefusal(listener: (refusal: Refusal) => void): () => void {
  refusalListeners.add(listener);
  return () => {
    refusalListeners.delete(listener);
  };
}

/** What a call to an entry of the contract sends: params, query and body as its schemas take them. */
export type CallOptions<E extends Endpoint> = Omit<RequestOptions, 'method' | 'body'> &
  (EndpointParams<E> extends undefined ? { params?: undefined } : { params: EndpointParams<E> }) &
  (EndpointQuery<E> extends undefined
    ? { query?: undefined }
    : object extends EndpointQuery<E>
      ? { query?: EndpointQuery<E> }
      : { query: EndpointQuery<E> }) &
  (E['body'] extends RawBody
    ? {
        /** The bytes, sent as they are. */
        body: Blob;
        /** One of the entry's content types; by default the Blob's own type when declared, else the first. */
        contentType?: E['body']['contentTypes'][number];
      }
    : undefined extends EndpointBody<E>
      ? { body?: EndpointBody<E> }
      : { body: EndpointBody<E> });

/** What a call resolves to: the parsed JSON body, `undefined` for a 204, a `Blob` for bytes. */
export type CallResult<E extends Endpoint> = E['response'] extends BinaryResponse
  ? Blob
  : EndpointJsonResult<E>;

/** The options may be left out when nothing in them is required. */
type CallArguments<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * Calls one entry of the endpoint contract (decision 0220): its method and path, the path's
 * placeholders filled from `params`, `query` as the query string, `body` as JSON. The answer is
 * parsed by the entry's schema for the status the server sent; a binary entry's comes back as a
 * `Blob` of one of its declared content types. Failures are the same ApiError as every call.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[options]: CallArguments<E>
): Promise<CallResult<E>> {
  const { params, query, body, contentType, ...rest } = (options ?? {}) as Omit<
    RequestOptions,
    'method' | 'body'
  > & {
    params?: Readonly<Record<string, unknown>>;
    query?: Readonly<Record<string, unknown>>;
    body?: unknown;
    contentType?: string;
  };
  const path = endpointUrl(endpoint, { params, query } as Pick<CallOptions<E>, 'params' | 'query'>);
  const request: RequestOptions = { ...rest, method: endpoint.method };
  if (body !== undefined) request.body = body;
  if (isRawBody(endpoint.body) && body instanceof Blob) {
    const declared: readonly string[] = endpoint.body.contentTypes;
    const type = contentType ?? (declared.includes(body.type) ? body.type : endpoint.body.contentTypes[0]);
    request.headers = { ...request.headers, 'Content-Type': type };
  }
  const what = `${endpoint.method} ${path}`;

  if (isBinaryResponse(endpoint.response)) {
    const { contentTypes } = endpoint.response;
    const response = await send(path, request, contentTypes.join(', '));
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!contentTypes.includes(type)) throw unexpectedAnswer('content type', response.status, what);
    return (await response.blob()) as CallResult<E>;
  }

  const response = await send(path, request, 'application/json');
  const payload = await readJson(response);
  const responses = endpoint.response as Readonly<Record<number, ResponseSchema<unknown> | undefined>>;
  const schema = responses[response.status];
  if (!schema) throw unexpectedAnswer(`status ${response.status}`, response.status, what);
  // A declared 204 has no body to parse.
  if (response.status === 204) return undefined as CallResult<E>;
  return parsedOrThrow(schema, payload, response.status, what) as CallResult<E>;
}

/**
 * The same-origin URL of an entry, for what the browser fetches by itself: a download link, a
 * media element's source. Typed from the entry like `api.call`.
 */
export function endpointUrl<E extends Endpoint>(
  endpoint: E,
  options: Pick<CallOptions<E>, 'params' | 'query'>,
): string {
  const { params, query } = options as {
    params?: Readonly<Record<string, unknown>>;
    query?: Readonly<Record<string, unknown>>;
  };
  return entryUrl(endpoint, { params, query });
}

/**
 * Sends the request and returns the response when it is a success; a network failure or an
 * error status becomes an ApiError (and a 403 is told to the refusal listeners).
 */
async function send(
  path: string,
  { method = 'GET', body, signal, headers, keepalive, onProgress }: RequestOptions,
  accept: string,
): Promise<Response> {
  // A raw body (a cropped photo, an audio file) goes as it is; everything else as JSON.
  const isRaw = body instanceof Blob;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: accept,
      ...(body === undefined || isRaw ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = isRaw ? body : JSON.stringify(body);
  if (signal) init.signal = signal;
  if (keepalive) init.keepalive = true;

  let response: Response;
  try {
    response = onProgress ? await fetchWithProgress(path, init, onProgress) : await fetch(path, init);
  } catch (error) {
    // An abort is the caller's own doing (TanStack Query cancelling): let it through untouched.
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE });
  }

  if (!response.ok) {
    const error = toApiError(response.status, response.statusText, await readJson(response));
    if (error.status === 403) for (const listener of refusalListeners) listener({ path, error });
    throw error;
  }
  return response;
}

function parsedOrThrow<T>(schema: ResponseSchema<T>, payload: unknown, status: number, what: string): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw unexpectedAnswer('response shape', status, what);
  return parsed.data;
}

/** A success the contract does not describe: logged for the developer, a plain sentence for the screen. */
function unexpectedAnswer(what: string, status: number, from: string): ApiError {
  console.error(`Unexpected ${what} from ${from}`);
  return new ApiError({ status, code: 'INTERNAL', message: MESSAGES.unexpectedError });
}

/** The one way the web app calls the server (decision 0220): an entry of the contract. */
export const api = {
  call: callEndpoint,
  url: endpointUrl,
};

/**
 * `fetch` for an upload whose progress the screen shows: the same request through
 * XMLHttpRequest, whose upload reports the bytes sent, answered as a `Response` so that the
 * caller reads it like any other. Rejects like `fetch` when the network fails or the signal aborts.
 */
function fetchWithProgress(path: string, init: RequestInit, onProgress: (fraction: number) => void) {
  return new Promise<Response>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method ?? 'GET', path);
    request.withCredentials = true;
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => {
      reject(new TypeError('Network request failed'));
    };
    request.onabort = () => {
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    init.signal?.addEventListener('abort', () => {
      request.abort();
    });
    request.onload = () => {
      const headers = new Headers();
      for (const line of request
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      // A 204 or 205 Response may not carry a body, even an empty one.
      const text = request.status === 204 || request.status === 205 ? null : request.responseText;
      resolve(new Response(text, { status: request.status, statusText: request.statusText, headers }));
    };
    request.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The code and message a bare status implies, for error bodies that are not ours (a proxy's 502). */
function fallbackFor(status: number): { code: ErrorCode; message: string } {
  switch (status) {
    case 401:
      return { code: 'UNAUTHENTICATED', message: MESSAGES.userNotAuthenticated };
    case 403:
      return { code: 'FORBIDDEN', message: MESSAGES.accessDenied };
    case 404:
      return { code: 'NOT_FOUND', message: MESSAGES.notFound };
    case 413:
      return { code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.invalidRequest };
    case 429:
      return { code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests };
    default:
      if (status >= 500)
        return { code: status === 503 ? 'UNAVAILABLE' : 'INTERNAL', message: MESSAGES.internalError };
      return { code: 'VALIDATION_FAILED', message: MESSAGES.invalidRequest };
  }
}

function toApiError(status: number, statusText: string, payload: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(payload);
  if (parsed.success) {
    const { code, message, fields, requestId } = parsed.data.error;
    const serverMessage = message.trim() || undefined;
    return new ApiError({
      status,
      statusText,
      code,
      bodyCode: code,
      message: serverMessage ?? fallbackFor(status).message,
      serverMessage,
      fields,
      requestId,
    });
  }
  // The spec's /functions/v1 and /rest/v1 endpoints answer { error } or { message }, and a
  // PostgREST-style `code` such as 23505 (spec 000 §8, spec 002 §7); keep their text and code.
  const fallback = fallbackFor(status);
  const code = readProperty(payload, 'code');
  const serverMessage = readableText(payload);
  return new ApiError({
    status,
    statusText,
    code: isErrorCode(code) ? code : fallback.code,
    bodyCode: typeof code === 'string' ? code : undefined,
    message: serverMessage ?? fallback.message,
    serverMessage,
  });
}

function readProperty(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function readableText(payload: unknown): string | undefined {
  for (const key of ['error', 'message', 'details']) {
    const value = readProperty(payload, key);
    if (typeof value === 'string' && value.trim() && value !== 'undefined') return value.trim();
  }
  return undefined;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
