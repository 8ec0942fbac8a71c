import type { Queryable } from '../../db/client';

export type OutboxStatus = 'queued' | 'sent' | 'failed';

export interface OutboxEmail {
  id: string;
  template: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  status: OutboxStatus;
  provider: 'local' | 'smtp';
  messageId: string | null;
  /** Relative to the outbox directory: `<yyyy-mm-dd>/<id>.eml`. */
  emlPath: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** When the first delivery was tried: retries go on for a day from it. */
  firstTriedAt: Date | null;
  /** When the message may be tried next; null once it is sent or given up. */
  nextTryAt: Date | null;
}

const COLUMNS = `id, template, to_address as "to", from_address as "from", subject, text_body as "text",
  html_body as html, status, provider, message_id as "messageId", eml_path as "emlPath", attempts,
  last_error as "lastError", created_at as "createdAt", sent_at as "sentAt", first_tried_at as "firstTriedAt",
  next_try_at as "nextTryAt"`;

/** SQL of the email outbox (table email_outbox). */
export function createEmailRepository(db: Queryable) {
  return {
    /** Adds a message, due at `dueAt`. */
    async insert(
      email: Pick<OutboxEmail, 'template' | 'to' | 'from' | 'subject' | 'text' | 'html' | 'provider'>,
      dueAt: Date,
    ) {
      const rows = await db.query<{ id: string }>(
        `insert into email_outbox (template, to_address, from_address, subject, text_body, html_body, provider, next_try_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [email.template, email.to, email.from, email.subject, email.text, email.html, email.provider, dueAt],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('the outbox insert returned no id');
      return id;
    },

    /**
     * Counts an attempt on a queued message that is due at `now`, and holds it until `until`: a
     * second try meanwhile finds it not due, so one message is never sent by two tries at once.
     * Undefined when it is not queued (sent, given up, unknown) or not due.
     */
    async claim(id: string, now: Date, until: Date): Promise<OutboxEmail | undefined> {
      const rows = await db.query<OutboxEmail>(
        `update email_outbox set attempts = attempts + 1, first_tried_at = coalesce(first_tried_at, $2), next_try_at = $3
         where id = $1 and status = 'queued' and next_try_at <= $2 returning ${COLUMNS}`,
        [id, now, until],
      );
      return rows[0];
    },

    async markSent(id: string, sent: { messageId: string; emlPath: string | null; note: string | null }) {
      await db.query(
        `update email_outbox set status = 'sent', message_id = $2, eml_path = $3, last_error = $4, sent_at = now(),
           next_try_at = null
         where id = $1`,
        [id, sent.messageId, sent.emlPath, sent.note],
      );
    },

    /** Keeps a failed try's error, and when to try next. */
    async recordFailure(id: string, error: string, nextTryAt: Date) {
      await db.query(`update email_outbox set last_error = $2, next_try_at = $3 where id = $1`, [
        id,
        error,
        nextTryAt,
      ]);
    },

    /** Gives a message up, with the reason. */
    async markFailed(id: string, reason: string) {
      await db.query(
        `update email_outbox set status = 'failed', last_error = $2, next_try_at = null where id = $1`,
        [id, reason],
      );
    },

    async list(limit: number): Promise<OutboxEmail[]> {
      return db.query<OutboxEmail>(
        `select ${COLUMNS} from email_outbox order by created_at desc, id desc limit $1`,
        [limit],
      );
    },

    async get(id: string): Promise<OutboxEmail | undefined> {
      const rows = await db.query<OutboxEmail>(`select ${COLUMNS} from email_outbox where id = $1`, [id]);
      return rows[0];
    },
  };
}

export type EmailRepository = ReturnType<typeof createEmailRepository>;
