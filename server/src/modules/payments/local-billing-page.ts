import { PRO_PLAN, subscriptionStatusLabel, type SubscriptionState } from '@klang/domain';
import { escapeHtml } from '../../lib/html';
import { LOCAL_PAGES } from '../../providers/payments/local-pages';
import { CARD_FIELDS_CSS, cardFields, localPage, PRIMARY_BUTTON_CSS } from './local-page';

const longDate = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : null;

/**
 * Klang's local billing page, the stand-in for Stripe's customer portal when no Stripe key is set:
 * the subscription, cancel at period end or resume, and the way back. Plain HTML and a form, like
 * the local checkout page.
 */
export function renderLocalBilling(
  state: SubscriptionState,
  options: { returnUrl: string; notice?: string; error?: string },
): string {
  const ends = longDate(state.status === 'trialing' ? state.trialEnd : state.currentPeriodEnd);
  const when = !ends
    ? ''
    : state.cancelAtPeriodEnd
      ? `<p class="when">Ends on ${escapeHtml(ends)}. You will not be charged again.</p>`
      : state.status === 'past_due'
        ? `<p class="when">The payment for the period to ${escapeHtml(ends)} is overdue.</p>`
        : state.status === 'trialing'
          ? `<p class="when">Trial ends on ${escapeHtml(ends)}, then ${PRO_PLAN.priceLabel} per ${PRO_PLAN.interval}.</p>`
          : `<p class="when">Renews on ${escapeHtml(ends)} at ${PRO_PLAN.priceLabel}.</p>`;
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const overdue = state.status === 'past_due';
  // Stripe's portal changes the card; on a past-due subscription the new card pays what is owed.
  const card = !state.canManage
    ? ''
    : `<form method="post" action="${LOCAL_PAGES.billing}" class="card-form" novalidate aria-label="${overdue ? 'Pay with a new card' : 'Change card'}">
    <h2>${overdue ? 'Your last payment failed' : 'Change card'}</h2>
    ${overdue ? `<p class="when">Pay the ${PRO_PLAN.priceLabel} now with another card and Artist Pro is active again.</p>` : ''}
    ${hidden('action', 'update_card')}${hidden('return_url', options.returnUrl)}
    ${cardFields()}
    <button type="submit">${overdue ? `Pay ${PRO_PLAN.priceLabel}` : 'Update card'}</button>
  </form>`;
  const action = !state.canManage
    ? ''
    : state.cancelAtPeriodEnd
      ? `<form method="post" action="${LOCAL_PAGES.billing}">${hidden('action', 'resume')}${hidden('return_url', options.returnUrl)}<button type="submit">Resume subscription</button></form>`
      : `<form method="post" action="${LOCAL_PAGES.billing}">${hidden('action', 'cancel')}${hidden('return_url', options.returnUrl)}<button type="submit" class="danger">Cancel subscription</button></form>`;
  return localPage({
    title: 'Billing · Klang',
    css: `
  main { max-width: 34rem; margin: 0 auto; padding: 10vh 1.25rem; display: grid; gap: 1.25rem; }
  .badge { justify-self: start; font-size: .75rem; padding: .125rem .625rem; border-radius: 1rem; background: var(--line); color: var(--muted); }
  h1 { font-size: 1.5rem; margin: 0; }
  .card { background: var(--surface); border: 1px solid var(--line); border-radius: 1.25rem; padding: 1.25rem; display: grid; gap: .5rem; }
  .plan { font-weight: 600; margin: 0; }
  .status { color: #7ee2b8; margin: 0; }
  .status.overdue { color: #ffb4c0; }
  .when { color: var(--muted); margin: 0; }
${PRIMARY_BUTTON_CSS}  button.danger { background: transparent; color: var(--primary); border: 1px solid rgb(255 56 58 / .6); box-shadow: none; }
  h2 { font-size: 1rem; margin: 0; }
  .card-form { display: grid; gap: 1rem; }
${CARD_FIELDS_CSS}  .notice { background: #123024; color: #b8f0d6; padding: .75rem; border-radius: .5rem; margin: 0; }
  .error { background: #3a1620; color: #ffb4c0; padding: .75rem; border-radius: .5rem; margin: 0; }
  a { color: var(--muted); }
`,
    main: `
  <span class="badge">Klang local billing · no real payment is taken</span>
  <h1>Manage billing</h1>
  ${options.notice ? `<p class="notice" role="status">${escapeHtml(options.notice)}</p>` : ''}
  ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
  <section class="card" aria-label="Your subscription">
    <p class="plan">${escapeHtml(PRO_PLAN.name)} (Artist Pro) · ${PRO_PLAN.priceLabel} per ${PRO_PLAN.interval}</p>
    <p class="status${state.status === 'past_due' ? ' overdue' : ''}">${escapeHtml(subscriptionStatusLabel(state.status))}</p>
    ${when}
  </section>
  ${card}
  ${action}
  <a href="${escapeHtml(options.returnUrl)}">Return to Klang</a>
`,
  });
}
