import { PRO_PLAN } from '@klang/domain';
import type { BillingEmailKind } from './payments.service';

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
