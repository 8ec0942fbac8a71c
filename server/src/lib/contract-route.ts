import { errorCodes } from 'fastify';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEMO_ACCOUNT,
  KIT_MESSAGES,
  LIMIT_WINDOWS,
  MESSAGES,
  TRACK_MESSAGES,
  callerMayAccess,
  describeLimit,
  isBinaryResponse,
  isRawBody,
  type BinaryResponse,
  type CallerKind,
  type Endpoint,
  type EndpointAccess,
  type EndpointPolicy,
  type ErrorDialect,
  type RawBody,
} from '@klang/domain';
import { AppError } from '../errors';
import { signedIn } from '../plugins/session';
import { isLoopbackAddress } from './loopback';

/** The Fastify instance a route plugin gets from `FastifyPluginAsyncZod`. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The Fastify schema an entry stands for. A binary response has no schema: its bytes are sent
 * as they are, with the content type the handler sets; the OpenAPI document names its types. A
 * raw request body has none either: the module's content-type parser reads it (a stream or a
 * buffer), the handler checks it, and the document names the types it consumes.
 */
export type ContractSchema<E extends Endpoint> = FastifySchema & {
  params: E['params'];
  querystring: E['query'];
  body: E['body'] extends RawBody ? undefined : E['body'];
  response: E['response'] extends BinaryResponse ? undefined : E['response'];
};

/**
 * What a route adds to its entry: a `bodyLimit`, an `errorHandler` of its own, a hook that is
 * not a policy (a webhook answered only once configured). Who may call it, how often, its cache
 * header and its error dialect are the entry's policy, applied here.
 */
export type ContractRouteOptions<E extends Endpoint> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    ContractSchema<E>,
    ZodTypeProvider
  >,
  'schema'
>;

/** The handler, its request and reply typed from the entry by the zod type provider. */
export type ContractHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractSchema<E>,
  ZodTypeProvider
>;

/** What a signed-in caller of the wrong kind is told, unless the entry says otherwise. */
const REFUSALS: Record<Exclude<EndpointAccess, 'public' | 'session' | 'loopback'>, string> = {
  artist: TRACK_MESSAGES.artistsOnly,
  pro: KIT_MESSAGES.kitBlocked,
  admin: MESSAGES.accessDenied,
};

/**
 * Registers the route of one contract entry (decision 0220): its method and path, and its zod
 * schemas for params, query, body and response, so `fastify-type-provider-zod` validates and
 * serialises as a hand-written route does. The entry's name becomes the OpenAPI operationId,
 * which is how `test/endpoint-contract.routes.test.ts` knows a route came from the contract.
 *
 * The entry's policy (decision 0310) is applied here, for every route alike:
 * - its `Cache-Control` is set as the request arrives, so a refusal carries it too;
 * - a per-address limit counts as the request arrives; a per-account one after the caller is
 *   known (preValidation), and gives back what a 5xx cost;
 * - the caller is checked before the body is looked at: 401 without a session (a temporary
 *   checkout account is nobody unless the entry allows it), 403 with the entry's message for the
 *   demo account or a caller of the wrong kind, 404 for a loopback route asked from elsewhere;
 * - an error reads in the entry's dialect (`plugins/errors.ts`).
 */
export function contractRoute<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  handler: ContractHandler<E>,
  options: ContractRouteOptions<E> = {},
): void {
  const policy = endpoint.policy;
  const schema = {
    operationId: endpoint.name,
    ...(endpoint.tags && { tags: [...endpoint.tags] }),
    ...(endpoint.summary !== undefined && { summary: endpoint.summary }),
    description: describePolicy(policy),
    ...(policy.access !== 'public' && policy.access !== 'loopback' && { security: [{ session: [] }] }),
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(isRawBody(endpoint.body)
      ? { consumes: [...endpoint.body.contentTypes] }
      : endpoint.body && { body: endpoint.body }),
    ...(isBinaryResponse(endpoint.response)
      ? { produces: [...endpoint.response.contentTypes] }
      : { response: endpoint.response }),
  } as ContractSchema<E>;
  const body = endpoint.body;
  // A raw body of a type the entry does not declare is refused before any parser reads it (415),
  // whatever parsers the app has for that type: the route's own error handler words it.
  const refuseUndeclared = isRawBody(body)
    ? async (request: { headers: Record<string, string | string[] | undefined> }) => {
        const header = request.headers['content-type'];
        const type = (typeof header === 'string' ? header : '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (!(body.contentTypes as readonly string[]).includes(type)) {
          throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(type || 'none');
        }
      }
    : undefined;
  const preParsing = [options.preParsing ?? []].flat();
  const cache = policy.cache;
  const setCache = cache
    ? async (_request: FastifyRequest, reply: FastifyReply) => {
        void reply.header('cache-control', cache);
      }
    : undefined;
  const guard = policy.access === 'public' ? undefined : callerGuard(app, policy.access, policy);
  const limit = policy.limit;
  const perAccount = limit?.per === 'account';
  const refund = perAccount
    ? async (request: FastifyRequest, reply: FastifyReply) => {
        if (reply.statusCode >= 500) await app.refundRateLimit?.(accountKey(request));
      }
    : undefined;
  app.route<RouteGenericInterface, ContextConfigDefault, ContractSchema<E>>({
    ...options,
    ...(refuseUndeclared && { preParsing: [refuseUndeclared, ...preParsing] as typeof options.preParsing }),
    ...(setCache && {
      onRequest: [setCache, ...[options.onRequest ?? []].flat()] as typeof options.onRequest,
    }),
    // A public route has no caller check; its own preValidation, if any, stays as it is.
    ...(guard && {
      preValidation: [guard, ...[options.preValidation ?? []].flat()] as typeof options.preValidation,
    }),
    ...(refund && {
      onResponse: [refund, ...[options.onResponse ?? []].flat()] as typeof options.onResponse,
    }),
    config: {
      ...options.config,
      errorDialect: policy.dialect ?? 'api',
      allowTemporaryAccount: policy.temporaryAccount === 'allowed',
      ...(limit && {
        rateLimit: {
          max: limit.max,
          timeWindow: LIMIT_WINDOWS[limit.window],
          ...(perAccount && { hook: 'preValidation' as const, keyGenerator: accountKey }),
        },
      }),
    },
    method: endpoint.method,
    url: endpoint.path,
    schema,
    handler,
  });
}

/** The route's caller check (not public): the first preValidation hook after the session is read. */
function callerGuard(app: ZodApp, access: Exclude<EndpointAccess, 'public'>, policy: EndpointPolicy) {
  return async (request: FastifyRequest) => {
    if (access === 'loopback') {
      // The socket's peer, never request.ip, which a proxy header can set.
      if (!isLoopbackAddress(request.socket.remoteAddress))
        throw new AppError('NOT_FOUND', MESSAGES.notFound);
      return;
    }
    const account = signedIn(request.account);
    if (policy.demoAccount && account.email === DEMO_ACCOUNT.email) {
      throw new AppError('FORBIDDEN', policy.demoAccount.refused);
    }
    if (access === 'session') return;
    if (!app.callerKind) throw new Error('contractRoute: no callerKind is decorated for a role check');
    if (!callerMayAccess(access, await app.callerKind(account.id))) {
      throw new AppError('FORBIDDEN', policy.refusal ?? REFUSALS[access]);
    }
  };
}

/** A per-account limit's key: the route and the account (its address when signed out). */
function accountKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url} ${request.account?.id ?? request.ip}`;
}

/** The policy in one line of the operation's OpenAPI description. */
export function describePolicy(policy: EndpointPolicy): string {
  return [
    `Access: ${policy.access}`,
    ...(policy.temporaryAccount ? ['a temporary checkout account allowed'] : []),
    ...(policy.demoAccount ? ['the demo account refused'] : []),
    `rate limit: ${describeLimit(policy.limit)}`,
    ...(policy.cache ? [`Cache-Control: ${policy.cache}`] : []),
    `errors: ${policy.dialect ?? 'api'}`,
  ].join('; ');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body of this route's errors, from its entry's policy (`plugins/errors.ts`). */
    errorDialect?: ErrorDialect;
  }
  interface FastifyInstance {
    /** The signed-in caller's kind for a role check (accounts' session view), set by app.ts. */
    callerKind?: (accountId: string) => Promise<CallerKind>;
  }
}
