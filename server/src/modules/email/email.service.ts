import type { Queryable } from '../../db/client';
import type { EmailProvider, SentEmail } from '../../providers/email/email';
import { createEmailRepository, type OutboxEmail } from './email.repository';
import { readEml, writeEml } from './outbox-files';

export interface SendEmailInput {
  /** Which message this is (welcome, unsubscribe, ...), kept for the mailbox and for support. */
  template: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

export type DeliveryOutcome = 'sent' | 'queued' | 'not-queued';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the outbox: what the mailbox page shows and what support looks up. */
export function createOutboxReader(deps: { db: Queryable; outboxDir: string }) {
  const repository = createEmailRepository(deps.db);
  return {
    /** Newest first, at most `limit` (1 to 200). */
    list(limit: number): Promise<OutboxEmail[]> {
      return repository.list(Math.min(Math.max(Math.floor(limit), 1), 200));
    },
    async get(id: string): Promise<OutboxEmail | undefined> {
      return UUID.test(id) ? repository.get(id) : undefined;
    },
    /** The message as RFC 822 bytes, once it has been rendered and kept. */
    async readRaw(id: string): Promise<Buffer | undefined> {
      const email = UUID.test(id) ? await repository.get(id) : undefined;
      return email?.emlPath ? readEml(deps.outboxDir, email.emlPath) : undefined;
    },
  };
}

export type OutboxReader = ReturnType<typeof createOutboxReader>;

export interface EmailServiceDeps {
  db: Queryable;
  provider: EmailProvider;
  /** The From header of every message (EMAIL_FROM). */
  from: string;
  outboxDir: string;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}

/**
 * Sends email through the outbox: the row is written before delivery is tried, so a message
 * is never lost. Delivery happens right away; when it fails the row stays `queued` with the
 * attempt counted and the error kept, for a retry job to call deliverQueued again.
 */
export function createEmailService(deps: EmailServiceDeps) {
  const { provider } = deps;
  const repository = createEmailRepository(deps.db);
  const clock = deps.clock ?? (() => new Date());

  /**
   * Tries to deliver one queued message. Not safe to run twice at once for the same id: the
   * provider would send it twice. The retry job must take each id from one worker only.
   */
  async function deliverQueued(id: string): Promise<DeliveryOutcome> {
    const email = await repository.claim(id);
    if (!email) return 'not-queued';
    let sent: SentEmail;
    try {
      sent = await provider.send({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html !== null && { html: email.html }),
      });
    } catch (error) {
      await repository.recordFailure(id, describe(error));
      deps.log?.warn(
        { emailId: id, attempts: email.attempts, err: error },
        'email delivery failed; it stays queued',
      );
      return 'queued';
    }

    let emlPath: string | null = null;
    let note: string | null = null;
    try {
      emlPath = await writeEml(deps.outboxDir, id, sent.raw, clock());
    } catch (error) {
      // For the local provider the .eml is the delivery; an SMTP message has already left, and
      // sending it again would duplicate it.
      if (provider.name === 'local') {
        await repository.recordFailure(id, describe(error));
        return 'queued';
      }
      note = `delivered, but the .eml was not kept: ${describe(error)}`;
    }
    await repository.markSent(id, { messageId: sent.messageId, emlPath, note });
    return 'sent';
  }

  return {
    /** Queues and delivers one message; resolves with its outbox id even when delivery failed. */
    async send(input: SendEmailInput): Promise<{ emailId: string }> {
      const emailId = await repository.insert({
        template: input.template,
        to: input.to,
        from: deps.from,
        subject: input.subject,
        text: input.text,
        html: input.html ?? null,
        provider: provider.name,
      });
      await deliverQueued(emailId);
      return { emailId };
    },
    deliverQueued,
    ...createOutboxReader({ db: deps.db, outboxDir: deps.outboxDir }),
  };
}

export type EmailService = ReturnType<typeof createEmailService>;

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}
