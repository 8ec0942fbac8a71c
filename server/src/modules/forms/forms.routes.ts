import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  bugReportSchema,
  captchaConfigSchema,
  contactSubmissionSchema,
  formSubmittedSchema,
} from '@klang/domain';
import { AppError } from '../../errors';
import type { CaptchaProvider } from '../../providers/captcha/captcha';
import type { createFormsService } from './forms.service';

const SUBMIT_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

export const formsRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createFormsService>;
  captcha: CaptchaProvider;
}> = async (app, { service, captcha }) => {
  app.get(
    '/api/captcha/config',
    {
      schema: {
        tags: ['forms'],
        summary: 'Which captcha the forms show',
        response: { 200: captchaConfigSchema },
      },
    },
    async () => captcha.browserConfig(),
  );

  app.get(
    '/api/captcha/challenge',
    {
      schema: {
        tags: ['forms'],
        summary: 'A fresh ALTCHA proof-of-work challenge',
        response: { 200: z.unknown() },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      if (!captcha.createChallenge) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      // A challenge is single-use and signed with an expiry: never let a cache hand it out twice.
      void reply.header('Cache-Control', 'no-store');
      return captcha.createChallenge();
    },
  );

  app.post(
    '/rest/v1/contact_submissions',
    {
      schema: {
        tags: ['forms'],
        summary: 'Send the contact form (spec 000 §7, Insert contact_submissions)',
        body: contactSubmissionSchema,
        response: { 201: formSubmittedSchema },
      },
      config: { rateLimit: SUBMIT_LIMIT },
    },
    async (request, reply) => {
      await service.submitContact(request.body, request.ip);
      return reply.status(201).send({ success: true });
    },
  );

  app.post(
    '/rest/v1/bug_reports',
    {
      schema: {
        tags: ['forms'],
        summary: 'Send a bug report (spec 000 §7, Insert bug_reports)',
        body: bugReportSchema,
        response: { 201: formSubmittedSchema },
      },
      config: { rateLimit: SUBMIT_LIMIT },
    },
    async (request, reply) => {
      await service.submitBugReport(request.body, request.ip);
      return reply.status(201).send({ success: true });
    },
  );
};
