import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerJobs } from '../../jobs/registry';
import type { EmailProvider } from '../../providers/email/email';
import { createEmailJobKinds } from './email.jobs';
import { createEmailService, createOutboxReader } from './email.service';
import { mailboxRoutes } from './mailbox.routes';

export interface EmailModuleDeps {
  db: Db;
  provider: EmailProvider;
  /** The From header of every message (EMAIL_FROM). */
  from: string;
  outboxDir: string;
  /** Serve the development mailbox (`/dev/mailbox`): the local provider with DEV_MAILBOX on. */
  mailbox: boolean;
}

/**
 * Email through the outbox, retried by the job queue, and the local provider's development
 * mailbox. Returns its service, which accounts, forms and billing send through.
 */
export async function registerEmail(app: FastifyInstance, deps: EmailModuleDeps) {
  const service = createEmailService({
    db: deps.db,
    provider: deps.provider,
    from: deps.from,
    outboxDir: deps.outboxDir,
    log: app.log,
  });
  registerJobs(app, { kinds: createEmailJobKinds(service) });
  if (deps.mailbox) {
    await app.register(mailboxRoutes, {
      outbox: createOutboxReader({ db: deps.db, outboxDir: deps.outboxDir }),
    });
  }
  return { service };
}
