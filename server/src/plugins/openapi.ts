import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@klang/domain';

/** The OpenAPI document, generated from the same zod schemas the routes validate with. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${PRODUCT_NAME} API`,
          description: "Resource endpoints under /api, the spec's named functions under /functions/v1.",
          version: '1.0.0',
        },
        // An operation whose entry needs a signed-in caller names this (decision 0310); its
        // description says which kind, its limit, its cache header and its error dialect.
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: 'klang_session',
              description: 'The session cookie (`__Host-klang_session` over HTTPS), set at login.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
