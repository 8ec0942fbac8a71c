import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { REPLICATE_WEBHOOK_PATH } from '../../providers/packs/replicate-pack-engine';
import { verifyReplicateWebhook } from '../../providers/packs/replicate-webhook';
import { checkPackSoon } from './klang-packs.jobs';
import type { KlangPacksRepository } from './klang-packs.repository';

const INVALID_SIGNATURE = 'Webhook signature verification failed';
const bodySchema = z.object({ id: z.string().min(1).max(100) });
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Replicate's "training completed" webhook. The signature covers the exact bytes sent, so this
 * plugin, and only it, keeps JSON bodies raw. The body is only a hint: the check job reads the
 * training from Replicate itself, so a replayed or reordered delivery changes nothing.
 */
export const replicateWebhookRoutes: FastifyPluginAsyncZod<{
  secret: string;
  repository: KlangPacksRepository;
}> = async (app, { secret, repository }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post(
    REPLICATE_WEBHOOK_PATH,
    { schema: { hide: true, response: { 200: z.object({ received: z.literal(true) }) } } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signed = verifyReplicateWebhook(
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
  );
};
