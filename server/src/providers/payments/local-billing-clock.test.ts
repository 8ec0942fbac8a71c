import { PRO_PLAN } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import {
  advanceSubscription,
  BILLING_PERIOD_SECONDS,
  DAY_SECONDS,
  type LocalSubscription,
} from './local-billing-clock';

const START = 1_790_000_000;
const TRIAL_END = START + 30 * DAY_SECONDS;

function trialing(overrides: Partial<LocalSubscription> = {}): LocalSubscription {
  return {
    id: 'sub_local_t',
    object: 'subscription',
    customer: 'cus_local_t',
    status: 'trialing',
    trial_end: TRIAL_END,
    cancel_at_period_end: false,
    metadata: { user_id: 'u1' },
    items: { data: [{ id: 'si_local_t', current_period_start: START, current_period_end: TRIAL_END }] },
    ...overrides,
  };
}

const types = (events: { type: string }[]) => events.map((e) => e.type);
const period = (s: LocalSubscription) => s.items.data[0];

describe('the local billing clock', () => {
  it('does nothing before a notice or a period end is due', () => {
    const start = trialing();
    const { subscription, events } = advanceSubscription(start, {
      now: TRIAL_END - 4 * DAY_SECONDS,
      chargesFail: false,
    });
    expect(subscription).toEqual(start);
    expect(events).toEqual([]);
  });

  it('gives notice three days before a trial ends, under the same event id however often it runs', () => {
    const early = advanceSubscription(trialing(), { now: TRIAL_END - 3 * DAY_SECONDS, chargesFail: false });
    const later = advanceSubscription(trialing(), { now: TRIAL_END - 1, chargesFail: false });
    expect(types(early.events)).toEqual(['customer.subscription.trial_will_end']);
    expect(later.events.map((e) => e.id)).toEqual(early.events.map((e) => e.id));
    expect(early.events[0]?.created).toBe(TRIAL_END - 3 * DAY_SECONDS);
    expect(later.subscription.status).toBe('trialing');
  });

  it('sends no notice for a trial that is cancelled at its end', () => {
    const { events } = advanceSubscription(trialing({ cancel_at_period_end: true }), {
      now: TRIAL_END - DAY_SECONDS,
      chargesFail: false,
    });
    expect(events).toEqual([]);
  });

  it('charges at the end of the trial and starts a paid period', () => {
    const { subscription, events } = advanceSubscription(trialing(), {
      now: TRIAL_END + 60,
      chargesFail: false,
    });
    expect(subscription.status).toBe('active');
    expect(period(subscription)).toMatchObject({
      id: 'si_local_t',
      current_period_start: TRIAL_END,
      current_period_end: TRIAL_END + BILLING_PERIOD_SECONDS,
    });
    expect(types(events)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(events[0]?.object).toMatchObject({
      status: 'paid',
      amount_paid: PRO_PLAN.amountMinor,
      period_start: TRIAL_END,
      parent: { subscription_details: { subscription: 'sub_local_t', metadata: { user_id: 'u1' } } },
    });
    expect(events[1]?.object).toMatchObject({ status: 'active' });
  });

  it('catches up every period missed while nothing ran, one charge each', () => {
    const now = TRIAL_END + 2 * BILLING_PERIOD_SECONDS + 5;
    const { subscription, events } = advanceSubscription(trialing(), { now, chargesFail: false });
    expect(types(events)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(period(subscription)?.current_period_end).toBe(TRIAL_END + 3 * BILLING_PERIOD_SECONDS);
    expect(period(subscription)?.current_period_start).toBeLessThanOrEqual(now);
  });

  it('ends a subscription cancelled at period end when the period ends, without a charge', () => {
    const { subscription, events } = advanceSubscription(
      trialing({ status: 'active', trial_end: null, cancel_at_period_end: true }),
      { now: TRIAL_END, chargesFail: false },
    );
    expect(subscription).toMatchObject({ status: 'canceled', ended_at: TRIAL_END });
    expect(types(events)).toEqual(['customer.subscription.deleted']);
  });

  it('leaves a renewal the card refuses past due, then ends it two weeks on', () => {
    const failed = advanceSubscription(trialing(), { now: TRIAL_END + 60, chargesFail: true });
    expect(failed.subscription.status).toBe('past_due');
    expect(types(failed.events)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(failed.events[0]?.object).toMatchObject({
      status: 'open',
      amount_due: PRO_PLAN.amountMinor,
      amount_paid: 0,
    });

    const stillDue = advanceSubscription(failed.subscription, {
      now: TRIAL_END + 13 * DAY_SECONDS,
      chargesFail: true,
    });
    expect(stillDue.events).toEqual([]);
    expect(stillDue.subscription.status).toBe('past_due');

    const ended = advanceSubscription(failed.subscription, {
      now: TRIAL_END + 14 * DAY_SECONDS,
      chargesFail: true,
    });
    expect(ended.subscription).toMatchObject({ status: 'canceled', ended_at: TRIAL_END + 14 * DAY_SECONDS });
    expect(types(ended.events)).toEqual(['customer.subscription.deleted']);
  });

  it('leaves an ended subscription alone', () => {
    const canceled = trialing({ status: 'canceled', trial_end: null });
    const { subscription, events } = advanceSubscription(canceled, {
      now: TRIAL_END + 10 * BILLING_PERIOD_SECONDS,
      chargesFail: false,
    });
    expect(subscription).toEqual(canceled);
    expect(events).toEqual([]);
  });
});
