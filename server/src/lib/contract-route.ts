import { errorCodes } from 'fastify';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isBinaryResponse, isRawBody, type BinaryResponse, type Endpoint, type RawBody } from '@klang/domain';

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
 * What a route adds to its entry: hooks (`preValidation: app.requireSession`), `config` (rate
 * limits, `allowTemporaryAccount`), `bodyLimit`.
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

/**
 * Registers the route of one contract entry (decision 0220): its method and path, and its zod
 * schemas for params, query, body and response, so `fastify-type-provider-zod` validates and
 * serialises as a hand-written route does. The entry's name becomes the OpenAPI operationId,
 * which is how `test/endpoint-contract.routes.test.ts` knows a route came from the contract.
 */
export function contractRoute<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  options: ContractRouteOptions<E>,
  handler: ContractHandler<E>,
): void {
  const schema = {
    operationId: endpoint.name,
    ...(endpoint.tags && { tags: [...endpoint.tags] }),
    ...(endpoint.summary !== undefined && { summary: endpoint.summary }),
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
  app.route<RouteGenericInterface, ContextConfigDefault, ContractSchema<E>>({
    ...options,
    ...(refuseUndeclared && { preParsing: [refuseUndeclared, ...preParsing] as typeof options.preParsing }),
    method: endpoint.method,
    url: endpoint.path,
    schema,
    handler,
  });
}
