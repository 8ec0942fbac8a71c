import { z } from 'zod';
import { binary, defineEndpoints, endpoint } from '../contract/endpoint';

/** One email of the local provider's outbox, as the development mailbox lists it. */
export const mailboxEmailSchema = z.object({
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
export type MailboxEmail = z.infer<typeof mailboxEmailSchema>;

const tags = ['email'];

/**
 * The local email provider's development mailbox (decision 0133): registered only while that
 * provider is active with `DEV_MAILBOX` on, and answered only to this machine. What the E2E
 * suite reads a sent link from; its HTML page at `/dev/mailbox` is a page, not an endpoint.
 */
export const emailEndpoints = defineEndpoints({
  mailboxEmails: endpoint({
    method: 'GET',
    path: '/api/email/mailbox',
    policy: { access: 'loopback', limit: null, cache: 'no-store' },
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: { 200: z.array(mailboxEmailSchema) },
    tags,
    summary: 'Emails the local provider sent, newest first (loopback only)',
  }),
  mailboxRawEmail: endpoint({
    method: 'GET',
    path: '/api/email/mailbox/:id/raw',
    policy: { access: 'loopback', limit: null, cache: 'no-store' },
    params: z.object({ id: z.uuid() }),
    response: binary('message/rfc822'),
    tags,
    summary: 'One email as RFC 822 (loopback only)',
  }),
});
