import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import type { OutboxReader } from './email.service';
import { isLoopbackAddress } from './loopback';
import { renderMailboxPage } from './mailbox-page';

const mailboxEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  createdAt: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});

/**
 * The development mailbox of the local email provider: a JSON list, each raw message and a
 * page at /dev/mailbox. Registered only while the local provider is active, and answered only
 * to this machine; anyone else sees the same 404 as for a path that does not exist.
 */
export const mailboxRoutes: FastifyPluginCallbackZod<{ outbox: OutboxReader }> = (app, { outbox }, done) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    void reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Emails the local provider sent, newest first (loopback only)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(mailboxEmailSchema) },
      },
    },
    async (request) => {
      const emails = await outbox.list(request.query.limit);
      return emails.map((email) => ({
        id: email.id,
        to: email.to,
        from: email.from,
        subject: email.subject,
        template: email.template,
        status: email.status,
        createdAt: email.createdAt.toISOString(),
        text: email.text,
        html: email.html,
      }));
    },
  );

  app.get(
    '/api/dev/mailbox/:id/raw',
    {
      schema: {
        tags: ['dev'],
        summary: 'One email as RFC 822 (loopback only)',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      const raw = await outbox.readRaw(request.params.id);
      if (!raw) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      return reply
        .type('message/rfc822')
        .header('content-disposition', `inline; filename="${request.params.id}.eml"`)
        .send(raw);
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const emails = await outbox.list(100);
    return reply.type('text/html; charset=utf-8').send(renderMailboxPage(emails));
  });
  done();
};
