import { PRO_PLAN } from '@klang/domain';
import { z } from 'zod';
import type { JobHandler } from '../../jobs/runner';
import type { PaymentsRepository } from './payments.repository';
import type { BillingEmailKind } from './payments.service';

export interface BillingEmailSender {
  send(input: { template: string; to: string; subject: string; text: string }): Promise<{ emailId: string }>;
}

const payloadSchema = z.object({
  eventId: z.string().min(1),
  accountId: z.uuid(),
  kind: z.enum(['customer.subscription.trial_will_end', 'invoice.payment_failed']),
});

const longDate = (value: Date | string | null) =>
  value
    ? new Date(value).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : null;

/** The two billing emails, plain text like the other account emails (accounts.service.ts). */
export function composeBillingEmail(
  kind: BillingEmailKind,
  input: { name: string; trialEnd: Date | string | null; settingsUrl: string },
): { template: string; subject: string; text: string } {
  if (kind === 'customer.subscription.trial_will_end') {
    const ends = longDate(input.trialEnd) ?? 'in a few days';
    return {
      template: 'trial-will-end',
      subject: `Your Artist Pro trial ends on ${ends}`,
      text: [
        `Hi ${input.name},`,
        '',
        `Your free Artist Pro trial ends on ${ends}. After that, Artist Pro is ${PRO_PLAN.priceLabel} a month, charged to the card you gave at checkout, and you keep unlimited uploads, 3 tracks in the player and the Klang Kit.`,
        '',
        'To cancel before you are charged, or to change your card, open Settings, then Subscription:',
        input.settingsUrl,
      ].join('\n'),
    };
  }
  return {
    template: 'payment-failed',
    subject: 'Your Artist Pro payment failed',
    text: [
      `Hi ${input.name},`,
      '',
      `We could not take your Artist Pro payment of ${PRO_PLAN.priceLabel}. Your tracks and profile are safe, but Pro features are paused until a payment goes through.`,
      '',
      'Update your card under Settings, then Subscription, Manage billing:',
      input.settingsUrl,
    ].join('\n'),
  };
}

/** Sends the email a trial_will_end or payment_failed event owes; a temporary user has no address to write to. */
export function createBillingEmailHandler(deps: {
  repository: PaymentsRepository;
  email: BillingEmailSender;
  publicUrl: string;
}): JobHandler {
  return async function sendBillingEmail(job) {
    const { accountId, kind } = payloadSchema.parse(job.payload);
    const recipient = await deps.repository.recipientOf(accountId);
    if (!recipient || recipient.is_temporary) return;
    const subscription = await deps.repository.subscriptionOf(accountId);
    const message = composeBillingEmail(kind, {
      name: recipient.name ?? 'there',
      trialEnd: subscription?.trial_end ?? null,
      settingsUrl: new URL('/profile', deps.publicUrl).toString(),
    });
    await deps.email.send({ ...message, to: recipient.email });
  };
}
