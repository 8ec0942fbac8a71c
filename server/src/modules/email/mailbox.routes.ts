import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { MESSAGES, emailEndpoints } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import type { OutboxReader } from './email.service';
import { isLoopbackAddress } from '../../lib/loopback';
import { renderMailboxPage } from './mailbox-page';

/**
 * The development mailbox of the local email provider: a JSON list, each raw message and a
 * page at /dev/mailbox (a page, so no contract entry). Registered only while the local provider is
 * active, and answered only to this machine (the entries' `loopback` access); anyone else sees the
 * same 404 as for a path that does not exist.
 */
export const mailboxRoutes: FastifyPluginCallbackZod<{ outbox: OutboxReader }> = (app, { outbox }, done) => {
  contractRoute(app, emailEndpoints.mailboxEmails, async (request) => {
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
  });

  contractRoute(app, emailEndpoints.mailboxRawEmail, async (request, reply) => {
    const raw = await outbox.readRaw(request.params.id);
    if (!raw) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    return reply
      .type('message/rfc822')
      .header('content-disposition', `inline; filename="${request.params.id}.eml"`)
      .send(raw);
  });

  // The page is outside the contract, so it applies the entries' policy (`loopback`, no cache) itself.
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    const emails = await outbox.list(100);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailboxPage(emails));
  });
  done();
};
