import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kitEndpoints, SOUNDLAB } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import type { KitService } from './kit.service';

/** The Kit's HTTP surface, from its contract table: the spec's named functions keep their names and bodies. */
export const kitRoutes: FastifyPluginAsyncZod<{ service: KitService }> = async (app, { service }) => {
  contractRoute(app, kitEndpoints.generateSoundFx, async (request, reply) => {
    const sound = await service.generateSoundFx(request.account, request.body.prompt);
    return reply.type(sound.contentType).send(sound.audio);
  });

  contractRoute(app, kitEndpoints.getVoices, async (request) => ({
    voices: await service.listVoices(request.account),
  }));

  contractRoute(app, kitEndpoints.generateVocals, async (request, reply) => {
    const vocal = await service.generateVocals(request.account, request.body);
    return reply.type(vocal.contentType).send(vocal.audio);
  });

  contractRoute(app, kitEndpoints.soundlabPresets, async (request) => ({
    presets: await service.listPresets(request.account, request.sessionTokenHash),
  }));

  contractRoute(
    app,
    kitEndpoints.saveSoundlabPreset,
    async (request, reply) => {
      await service.savePreset(
        request.account,
        request.sessionTokenHash,
        Number(request.params.preset),
        request.body,
      );
      return reply.status(204).send(null);
    },
    {
      // Every sound pad may carry a new sound, base64 in JSON.
      bodyLimit: Math.ceil((SOUNDLAB.soundPads.length * SOUNDLAB.maxSoundBytes * 4) / 3) + 64 * 1024,
    },
  );
};
