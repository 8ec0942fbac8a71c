import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, formsEndpoints } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import type { CaptchaProvider } from '../../providers/captcha/captcha';
import type { createFormsService } from './forms.service';

const SUBMIT_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

export const formsRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createFormsService>;
  captcha: CaptchaProvider;
}> = async (app, { service, captcha }) => {
  contractRoute(app, formsEndpoints.captchaConfig, {}, async () => captcha.browserConfig());

  contractRoute(
    app,
    formsEndpoints.captchaChallenge,
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (_request, reply) => {
      if (!captcha.createChallenge) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      // A challenge is single-use and signed with an expiry: never let a cache hand it out twice.
      void reply.header('Cache-Control', 'no-store');
      return captcha.createChallenge();
    },
  );

  contractRoute(
    app,
    formsEndpoints.submitContact,
    { config: { rateLimit: SUBMIT_LIMIT } },
    async (request, reply) => {
      await service.submitContact(request.body, request.ip);
      return reply.status(201).send({ success: true });
    },
  );

  contractRoute(
    app,
    formsEndpoints.submitBugReport,
    { config: { rateLimit: SUBMIT_LIMIT } },
    async (request, reply) => {
      await service.submitBugReport(request.body, request.ip);
      return reply.status(201).send({ success: true });
    },
  );
};
