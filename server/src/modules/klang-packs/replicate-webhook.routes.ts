import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { klangPacksEndpoints, MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import { verifyReplicateWebhook } from '../../providers/klang-packs/replicate-webhook';
import { checkPackSoon } from './klang-packs.jobs';
import type { KlangPacksRepository } from './klang-packs.repository';

const INVALID_SIGNATURE = 'Webhook signature verification failed';
const bodySchema = z.object({ id: z.string().min(1).max(100) });
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Replicate's "training completed" webhook. The signature covers the exact bytes sent, so this
 * plugin, and only it, keeps JSON bodies raw (the entry's `rawBody('application/json')`). The body
 * is only a hint: the check job reads the training from Replicate itself, so a replayed or
 * reordered delivery changes nothing. Without a secret nothing could be verified: the route is
 * not found, before its body is read.
 */
export const replicateWebhookRoutes: FastifyPluginAsyncZod<{
  secret: string | undefined;
  repository: KlangPacksRepository;
}> = async (app, { secret, repository }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  contractRoute(
    app,
    klangPacksEndpoints.replicateWebhook,
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signed =
        secret !== undefined &&
        verifyReplicateWebhook(
          secret,
          {
            id: header(request.headers['webhook-id']),
            timestamp: header(request.headers['webhook-timestamp']),
            signature: header(request.headers['webhook-signature']),
          },
          raw,
        );
      if (!signed) throw new AppError('UNAUTHENTICATED', INVALID_SIGNATURE);
      const parsed = bodySchema.safeParse(JSON.parse(raw.toString('utf8')));
      // A training Klang does not know (another app on the same account) is acknowledged and ignored.
      if (parsed.success) await checkPackSoon(repository, 'replicate', parsed.data.id);
      return { received: true as const };
    },
    {
      onRequest: async () => {
        if (!secret) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      },
    },
  );
};
