import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { binary, defineEndpoints, endpoint, rawBody } from '@klang/domain';
import { contractRoute } from './contract-route';

const open = { access: 'public', limit: null } as const;

const table = defineEndpoints({
  renameThing: endpoint({
    method: 'PATCH',
    path: '/api/things/:thingId',
    policy: open,
    params: z.object({ thingId: z.uuid() }),
    query: z.object({ dryRun: z.enum(['yes', 'no']).optional() }),
    body: z.object({ name: z.string().min(1) }),
    response: { 200: z.object({ id: z.uuid(), name: z.string() }) },
    tags: ['things'],
    summary: 'Renames a thing',
  }),
  checkoutThing: endpoint({
    method: 'PATCH',
    path: '/api/checkout-things/:thingId',
    policy: {
      access: 'public',
      temporaryAccount: 'allowed',
      limit: null,
      cache: 'no-store',
      dialect: 'function',
    },
    params: z.object({ thingId: z.uuid() }),
    body: z.object({ name: z.string().min(1) }),
    response: { 200: z.object({ id: z.uuid(), name: z.string() }) },
  }),
  thingSound: endpoint({
    method: 'GET',
    path: '/api/things/:thingId/sound',
    policy: open,
    params: z.object({ thingId: z.uuid() }),
    response: binary('audio/mpeg'),
  }),
  thingPhoto: endpoint({
    method: 'PUT',
    path: '/api/things/:thingId/photo',
    policy: open,
    params: z.object({ thingId: z.uuid() }),
    body: rawBody('image/jpeg'),
    response: { 200: z.object({ bytes: z.number() }) },
  }),
});

const id = '0b9a3f0e-49b2-4c3e-9a55-5f0c1d2e3f40';

async function appWith(register: (app: ReturnType<typeof bareApp>) => void) {
  const app = bareApp();
  register(app);
  await app.ready();
  return app;
}

function bareApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('contractRoute', () => {
  it("registers the entry's method and path, validating params, query and body with its schemas", async () => {
    const app = await appWith((app) => {
      contractRoute(app, table.renameThing, async (request) => ({
        id: request.params.thingId,
        name: `${request.body.name}${request.query.dryRun === 'yes' ? ' (dry run)' : ''}`,
      }));
    });

    const ok = await app.inject({
      method: 'PATCH',
      url: `/api/things/${id}?dryRun=yes`,
      payload: { name: 'Bell' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id, name: 'Bell (dry run)' });

    const badParam = await app.inject({
      method: 'PATCH',
      url: '/api/things/nope',
      payload: { name: 'Bell' },
    });
    const badQuery = await app.inject({
      method: 'PATCH',
      url: `/api/things/${id}?dryRun=maybe`,
      payload: { name: 'Bell' },
    });
    const badBody = await app.inject({ method: 'PATCH', url: `/api/things/${id}`, payload: { name: '' } });
    const wrongMethod = await app.inject({
      method: 'POST',
      url: `/api/things/${id}`,
      payload: { name: 'B' },
    });
    expect([badParam, badQuery, badBody].map((response) => response.statusCode)).toEqual([400, 400, 400]);
    expect(wrongMethod.statusCode).toBe(404);
    await app.close();
  });

  it('serialises the answer through the response schema: nothing outside it leaves', async () => {
    const app = await appWith((app) => {
      contractRoute(app, table.renameThing, async (request) => {
        const row = { id: request.params.thingId, name: request.body.name, ownerEmail: 'a@b.c' };
        return row;
      });
    });

    const response = await app.inject({ method: 'PATCH', url: `/api/things/${id}`, payload: { name: 'B' } });
    expect(response.json()).toEqual({ id, name: 'B' });
    await app.close();
  });

  it("keeps the route's own hooks, and puts the entry's policy in its config", async () => {
    const seen: unknown[] = [];
    const app = await appWith((app) => {
      contractRoute(
        app,
        table.checkoutThing,
        async (request) => {
          const { allowTemporaryAccount, errorDialect } = request.routeOptions.config;
          seen.push({ allowTemporaryAccount, errorDialect });
          return { id, name: request.body.name };
        },
        {
          preValidation: async (request) => {
            if (request.headers['x-key'] !== 'k')
              throw Object.assign(new Error('refused'), { statusCode: 401 });
          },
        },
      );
    });

    // preValidation runs before the body is judged: a stranger's bad body is a 401, not a 400.
    const stranger = await app.inject({
      method: 'PATCH',
      url: `/api/checkout-things/${id}`,
      payload: { name: '' },
    });
    const member = await app.inject({
      method: 'PATCH',
      url: `/api/checkout-things/${id}`,
      headers: { 'x-key': 'k' },
      payload: { name: 'B' },
    });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['cache-control']).toBe('no-store');
    expect(member.statusCode).toBe(200);
    expect(seen).toEqual([{ allowTemporaryAccount: true, errorDialect: 'function' }]);
    await app.close();
  });

  it('sends a binary answer as it is, with the type the handler sets', async () => {
    const app = await appWith((app) => {
      contractRoute(app, table.thingSound, async (_request, reply) =>
        reply.type('audio/mpeg').send(Buffer.from('ID3 bytes')),
      );
    });

    const response = await app.inject({ method: 'GET', url: `/api/things/${id}/sound` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.body).toBe('ID3 bytes');
    await app.close();
  });

  it("takes a raw body through the module's own parser, with no JSON schema in its way", async () => {
    const app = await appWith((app) => {
      app.addContentTypeParser('image/jpeg', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      contractRoute(app, table.thingPhoto, async (request) => {
        const body: unknown = request.body;
        return { bytes: Buffer.isBuffer(body) ? body.length : -1 };
      });
    });

    const photo = await app.inject({
      method: 'PUT',
      url: `/api/things/${id}/photo`,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.json()).toEqual({ bytes: 4 });

    const undeclared = await app.inject({
      method: 'PUT',
      url: `/api/things/${id}/photo`,
      headers: { 'content-type': 'text/plain' },
      payload: 'not a photo',
    });
    expect(undeclared.statusCode).toBe(415);
    await app.close();
  });
});
