import type { Db, Queryable } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';
import type { EmailProvider, SentEmail } from '../../providers/email/email';
import { EMAIL_DELIVER_JOB } from './email.jobs';
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

/** What a try left: sent, queued for a later try, given up, or not queued (sent or given up before). */
export type DeliveryOutcome = 'sent' | 'queued' | 'failed' | 'not-queued';

const MINUTE = 60_000;
/** The waits after the first, second, ... failed try; the last one repeats (decision 0248). */
export const RETRY_DELAYS_MS = [1, 5, 30, 120, 360].map((minutes) => minutes * MINUTE);
/** Retries go on for this long from the first try; the last try is at its end. */
export const RETRY_FOR_MS = 24 * 60 * MINUTE;
/** How long one try holds its message: longer than the SMTP provider's timeouts together. */
export const TRY_LEASE_MS = 2 * MINUTE;

/** When to try a message again after its `attempts`th failed try at `now`; undefined: give up. */
export function nextTry(firstTriedAt: Date, attempts: number, now: Date): Date | undefined {
  const deadline = firstTriedAt.getTime() + RETRY_FOR_MS;
  if (now.getTime() >= deadline) return undefined;
  const wait = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? MINUTE;
  return new Date(Math.min(now.getTime() + wait, deadline));
}

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
  db: Db;
  provider: EmailProvider;
  /** The From header of every message (EMAIL_FROM). */
  from: string;
  outboxDir: string;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}

/**
 * Sends email through the outbox: the row is written before delivery is tried, so a message is
 * never lost. The first try happens at once; a failed one is tried again by an `email.deliver`
 * job (the email lane) after 1, 5 and 30 minutes, 2 hours, then every 6 hours, until a day from
 * the first try has passed: then the row is `failed` with the reason (decision 0248). The row
 * holds the schedule (`next_try_at`); the jobs only wake it, and one written with the row wakes
 * it should the process die during the first try.
 */
export function createEmailService(deps: EmailServiceDeps) {
  const { provider } = deps;
  const repository = createEmailRepository(deps.db);
  const clock = deps.clock ?? (() => new Date());

  /** Queues the job that tries `id` at `at`; one per message and time, however many ask. */
  async function wakeAt(db: Queryable, id: string, at: Date) {
    await enqueueJob(
      db,
      EMAIL_DELIVER_JOB,
      { emailId: id },
      { runAt: at, dedupeKey: `${EMAIL_DELIVER_JOB}:${id}:${at.toISOString()}` },
    );
  }

  /**
   * Tries to deliver one queued message, if it is due: a message another try holds, or that is
   * due later, gets a job for when it is due instead. A failed try schedules the next, or gives
   * the message up when its day is over or the mail server refused it for good (a 5xx answer).
   */
  async function deliverQueued(id: string): Promise<DeliveryOutcome> {
    const now = clock();
    const email = await repository.claim(id, now, new Date(now.getTime() + TRY_LEASE_MS));
    if (!email) {
      const row = await repository.get(id);
      if (row?.status !== 'queued' || !row.nextTryAt) return 'not-queued';
      await wakeAt(deps.db, id, row.nextTryAt);
      return 'queued';
    }
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
      return failed(email, describe(error), isPermanent(error));
    }

    let emlPath: string | null = null;
    let note: string | null = null;
    try {
      emlPath = await writeEml(deps.outboxDir, id, sent.raw, clock());
    } catch (error) {
      // For the local provider the .eml is the delivery; an SMTP message has already left, and
      // sending it again would duplicate it.
      if (provider.name === 'local') return failed(email, describe(error), false);
      note = `delivered, but the .eml was not kept: ${describe(error)}`;
    }
    await repository.markSent(id, { messageId: sent.messageId, emlPath, note });
    return 'sent';
  }

  async function failed(email: OutboxEmail, error: string, permanent: boolean): Promise<DeliveryOutcome> {
    const at = permanent ? undefined : nextTry(email.firstTriedAt ?? clock(), email.attempts, clock());
    if (!at) {
      const reason = permanent
        ? `refused by the mail server: ${error}`
        : `not delivered within a day (${String(email.attempts)} tries): ${error}`;
      await repository.markFailed(email.id, reason);
      deps.log?.warn({ emailId: email.id, attempts: email.attempts, reason }, 'email given up');
      return 'failed';
    }
    await repository.recordFailure(email.id, error, at);
    await wakeAt(deps.db, email.id, at);
    deps.log?.warn(
      { emailId: email.id, attempts: email.attempts, nextTryAt: at, reason: error },
      'email delivery failed; it will be tried again',
    );
    return 'queued';
  }

  return {
    /**
     * Queues one message and tries it at once; resolves with its outbox id whatever the try gave
     * (a failed one is retried by the queue).
     */
    async send(input: SendEmailInput): Promise<{ emailId: string }> {
      const now = clock();
      const emailId = await deps.db.transaction(async (tx) => {
        const id = await createEmailRepository(tx).insert(
          {
            template: input.template,
            to: input.to,
            from: deps.from,
            subject: input.subject,
            text: input.text,
            html: input.html ?? null,
            provider: provider.name,
          },
          now,
        );
        // Wakes the message after the first try's lease, should this process die during the try.
        await wakeAt(tx, id, new Date(now.getTime() + TRY_LEASE_MS));
        return id;
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

/** A 5xx SMTP answer (no such mailbox, policy refusal): trying again would get the same. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500;
}
