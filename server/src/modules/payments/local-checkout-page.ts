import { PRO_PLAN } from '@klang/domain';
import type { LocalCheckoutView } from '../../providers/payments/local-payments';
import { escapeHtml } from '../../lib/html';
import { LOCAL_PAGES } from '../../providers/payments/local-pages';
import { CARD_FIELDS_CSS, cardFields, localPage, PRIMARY_BUTTON_CSS } from './local-page';

/**
 * The local checkout page: Klang's stand-in for Stripe's hosted page. Plain HTML with a form, so
 * it works without the web app's script; it says plainly that no real payment is taken.
 */
export function renderLocalCheckout(
  session: LocalCheckoutView,
  options: { error?: string; values?: { number?: string; expiry?: string; name?: string } } = {},
): string {
  const trialEnd = new Date(Date.now() + session.trialDays * 24 * 60 * 60_000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const v = options.values ?? {};
  const body =
    session.status === 'open'
      ? `<form method="post" action="${LOCAL_PAGES.checkout}/${escapeHtml(session.id)}" novalidate>
      ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
      ${session.customerEmail ? `<p class="email">Paying as <strong>${escapeHtml(session.customerEmail)}</strong></p>` : ''}
      ${cardFields(v)}
      <label>Name on card<input name="name" autocomplete="cc-name" value="${escapeHtml(v.name ?? '')}"></label>
      <button type="submit">Start trial</button>
      <a class="cancel" href="${LOCAL_PAGES.checkout}/${escapeHtml(session.id)}/cancel">Cancel and return to Klang</a>
    </form>`
      : `<p class="error" role="alert">${session.status === 'expired' ? 'This checkout session has expired.' : 'This checkout is already complete.'}</p>
    <a class="cancel" href="${escapeHtml(session.status === 'complete' ? session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) : session.cancelUrl)}">Return to Klang</a>`;
  return localPage({
    title: 'Checkout · Klang',
    css: `
  main { display: grid; grid-template-columns: 1fr 1fr; min-height: 100vh; }
  .plan { padding: 14vh 8vw 8vh; background: var(--surface); border-right: 1px solid var(--line); }
  .plan h1 { font-size: 1rem; font-weight: 500; color: var(--muted); margin: 0 0 1rem; }
  .price { font-size: 2.25rem; font-weight: 700; margin: 0; }
  .price small { font-size: 1rem; font-weight: 400; color: var(--muted); }
  .trial { color: #7ee2b8; margin: .5rem 0 2rem; }
  .note { color: var(--muted); font-size: .875rem; line-height: 1.5; max-width: 28rem; }
  .card-number { white-space: nowrap; }
  .pay { padding: 14vh 8vw 8vh; }
  form { display: grid; gap: 1rem; max-width: 24rem; }
  .email { margin: 0; color: var(--muted); font-size: .875rem; }
${CARD_FIELDS_CSS}${PRIMARY_BUTTON_CSS}
  .error { background: #3a1620; color: #ffb4c0; padding: .75rem; border-radius: .5rem; margin: 0; }
  .cancel { color: var(--muted); font-size: .875rem; justify-self: center; }
  .badge { display: inline-block; font-size: .75rem; padding: .125rem .625rem; border-radius: 1rem; background: var(--line); color: var(--muted); margin-bottom: 2rem; }
  @media (max-width: 720px) { main { grid-template-columns: 1fr; grid-template-rows: auto 1fr; } .plan { padding: 5rem 1.25rem 2rem; border-right: 0; border-bottom: 1px solid var(--line); } .pay { padding: 2rem 1.25rem; } }
`,
    main: `
  <section class="plan" aria-labelledby="plan">
    <span class="badge">Klang local checkout · no real payment is taken</span>
    <h1 id="plan">Subscribe to ${escapeHtml(PRO_PLAN.name)} (Artist Pro)</h1>
    <p class="price">${session.trialDays > 0 ? `${String(session.trialDays)} days free` : `${PRO_PLAN.priceLabel}<small> per ${PRO_PLAN.interval}</small>`}</p>
    ${session.trialDays > 0 ? `<p class="trial">Then ${PRO_PLAN.priceLabel} per ${PRO_PLAN.interval} starting ${escapeHtml(trialEnd)}</p>` : ''}
    <p class="note">Cancel any time before the trial ends and you will not be charged. Test cards such as <span class="card-number">4242 4242 4242 4242</span> are accepted; <span class="card-number">4000 0000 0000 0002</span> is declined; <span class="card-number">4000 0000 0000 0341</span> is saved but its renewals fail.</p>
  </section>
  <section class="pay" aria-label="Payment">
    ${body}
  </section>
`,
  });
}
