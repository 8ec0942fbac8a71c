import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generateSoundFxRequestSchema,
  generateVocalsRequestSchema,
  voicesResponseSchema,
  KIT_LIMITS,
  presetParamsSchema,
  presetsResponseSchema,
  savePresetRequestSchema,
  SOUNDLAB,
} from '@klang/domain';
import type { FastifyRequest } from 'fastify';
import type { KitService } from './kit.service';

/**
 * Generation is limited per account, not per address: one artist behind a shared address must
 * not starve another. The limit runs after the session is read (preHandler), so the id is known;
 * a request without one is refused by the service anyway and counts against its address.
 */
function perAccount(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) =>
        `${request.method} ${request.routeOptions.url ?? request.url} ${request.account?.id ?? request.ip}`,
    },
  };
}

/** The Kit's HTTP surface: the spec's named functions keep their names and bodies. */
export const kitRoutes: FastifyPluginAsyncZod<{ service: KitService }> = async (app, { service }) => {
  app.post(
    '/functions/v1/generate-soundfx',
    {
      schema: { tags: ['kit'], body: generateSoundFxRequestSchema },
      config: perAccount(KIT_LIMITS.soundFxPerMinute),
    },
    async (request, reply) => {
      const sound = await service.generateSoundFx(request.account, request.body.prompt);
      return reply.type(sound.contentType).header('Cache-Control', 'no-store').send(sound.audio);
    },
  );

  app.get(
    '/functions/v1/get-voices',
    { schema: { tags: ['kit'], response: { 200: voicesResponseSchema } }, config: perAccount(60) },
    async (request) => ({ voices: await service.listVoices(request.account) }),
  );

  app.post(
    '/functions/v1/generate-vocals',
    {
      schema: { tags: ['kit'], body: generateVocalsRequestSchema },
      config: perAccount(KIT_LIMITS.vocalsPerMinute),
    },
    async (request, reply) => {
      const vocal = await service.generateVocals(request.account, request.body);
      return reply.type(vocal.contentType).header('Cache-Control', 'no-store').send(vocal.audio);
    },
  );

  app.get(
    '/api/kit/soundlab/presets',
    { schema: { tags: ['kit'], response: { 200: presetsResponseSchema } } },
    async (request) => ({ presets: await service.listPresets(request.account) }),
  );

  app.put(
    '/api/kit/soundlab/presets/:preset',
    {
      schema: {
        tags: ['kit'],
        params: presetParamsSchema,
        body: savePresetRequestSchema,
        response: { 204: z.null() },
      },
      // Every sound pad may carry a new sound, base64 in JSON.
      bodyLimit: Math.ceil((SOUNDLAB.soundPads.length * SOUNDLAB.maxSoundBytes * 4) / 3) + 64 * 1024,
      config: perAccount(20),
    },
    async (request, reply) => {
      await service.savePreset(request.account, request.params.preset, request.body);
      return reply.status(204).send(null);
    },
  );
};
