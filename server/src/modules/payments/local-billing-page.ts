import { PRO_PLAN, subscriptionStatusLabel, type SubscriptionState } from '@klang/domain';
import { escapeHtml } from '../../lib/html';
import { localPage } from './local-page';

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
      : state.status === 'trialing'
        ? `<p class="when">Trial ends on ${escapeHtml(ends)}, then ${PRO_PLAN.priceLabel} per ${PRO_PLAN.interval}.</p>`
        : `<p class="when">Renews on ${escapeHtml(ends)} at ${PRO_PLAN.priceLabel}.</p>`;
  const action = !state.canManage
    ? ''
    : state.cancelAtPeriodEnd
      ? `<form method="post" action="/billing/local"><input type="hidden" name="action" value="resume"><input type="hidden" name="return_url" value="${escapeHtml(options.returnUrl)}"><button type="submit">Resume subscription</button></form>`
      : `<form method="post" action="/billing/local"><input type="hidden" name="action" value="cancel"><input type="hidden" name="return_url" value="${escapeHtml(options.returnUrl)}"><button type="submit" class="danger">Cancel subscription</button></form>`;
  return localPage({
    title: 'Billing · Klang',
    css: `
  main { max-width: 34rem; margin: 0 auto; padding: 10vh 1.25rem; display: grid; gap: 1.25rem; }
  .badge { justify-self: start; font-size: .75rem; padding: .125rem .5rem; border-radius: 1rem; background: #2a2a3a; color: #c9c9d6; }
  h1 { font-size: 1.5rem; margin: 0; }
  .card { background: #14141c; border: 1px solid #2a2a3a; border-radius: 1rem; padding: 1.25rem; display: grid; gap: .5rem; }
  .plan { font-weight: 600; margin: 0; }
  .status { color: #7ee2b8; margin: 0; }
  .when { color: #c9c9d6; margin: 0; }
  button { font: inherit; font-weight: 600; padding: .75rem 1rem; border: 0; border-radius: .5rem; background: #8b7cff; color: #0b0b10; cursor: pointer; }
  button.danger { background: #ff383a; color: #fff; }
  .notice { background: #123024; color: #b8f0d6; padding: .75rem; border-radius: .5rem; margin: 0; }
  .error { background: #3a1620; color: #ffb4c0; padding: .75rem; border-radius: .5rem; margin: 0; }
  a { color: #a9a9b8; }
`,
    main: `
  <span class="badge">Klang local billing · no real payment is taken</span>
  <h1>Manage billing</h1>
  ${options.notice ? `<p class="notice" role="status">${escapeHtml(options.notice)}</p>` : ''}
  ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
  <section class="card" aria-label="Your subscription">
    <p class="plan">${escapeHtml(PRO_PLAN.name)} (Artist Pro) · ${PRO_PLAN.priceLabel} per ${PRO_PLAN.interval}</p>
    <p class="status">${escapeHtml(subscriptionStatusLabel(state.status))}</p>
    ${when}
  </section>
  ${action}
  <a href="${escapeHtml(options.returnUrl)}">Return to Klang</a>
`,
  });
}
