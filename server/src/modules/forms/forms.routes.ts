import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, formsEndpoints } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import type { CaptchaProvider } from '../../providers/captcha/captcha';
import type { createFormsService } from './forms.service';

export const formsRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createFormsService>;
  captcha: CaptchaProvider;
}> = async (app, { service, captcha }) => {
  contractRoute(app, formsEndpoints.captchaConfig, async () => captcha.browserConfig());

  contractRoute(app, formsEndpoints.captchaChallenge, async () => {
    if (!captcha.createChallenge) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    return captcha.createChallenge();
  });

  contractRoute(app, formsEndpoints.submitContact, async (request, reply) => {
    await service.submitContact(request.body, request.ip);
    return reply.status(201).send({ success: true });
  });

  contractRoute(app, formsEndpoints.submitBugReport, async (request, reply) => {
    await service.submitBugReport(request.body, request.ip);
    return reply.status(201).send({ success: true });
  });
};
