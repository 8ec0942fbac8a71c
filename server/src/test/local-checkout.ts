import { PRO_PLAN } from '@klang/domain';
import { expect } from 'vitest';
import { clientFor, cookieOf, nextAddress, type Client } from './accounts-helpers';
import type { TestApp } from './app';

/** A visitor's temporary checkout user (spec 001 §4), signed in as the browser would be. */
export async function checkoutUser(t: TestApp): Promise<Client> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/functions/v1/create-checkout-user',
    remoteAddress: nextAddress(),
  });
  return clientFor(t.app, cookieOf(answer), answer.json<{ user_id: string }>().user_id);
}

export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** Submits the local checkout page's card form at `path` (/payments/local/checkout/{id}). */
export function payLocalCheckout(t: TestApp, path: string, card: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(card).toString(),
    remoteAddress: nextAddress(),
  });
}

/**
 * Starts a Pro checkout for the client and, unless `pay` is false, pays it on the local page
 * (with a good test card unless another is given). Answers the checkout session's id.
 */
export async function checkoutLocally(
  t: TestApp,
  client: Client,
  options: { origin: string; pay?: boolean; success?: string; card?: Record<string, string> },
): Promise<string> {
  const started = await client.post('/functions/v1/create-checkout', {
    price_id: PRO_PLAN.priceId,
    success_url: options.success ?? `${options.origin}/signup/artist?checkout=success`,
    cancel_url: `${options.origin}/artist-subscription?checkout=cancelled`,
    mode: 'subscription',
    metadata: { product_id: PRO_PLAN.productId, user_id: client.id },
  });
  expect(started.statusCode).toBe(200);
  const { url, sessionId } = started.json<{ url: string; sessionId: string }>();
  if (options.pay !== false) {
    const paid = await payLocalCheckout(t, new URL(url).pathname, options.card ?? GOOD_CARD);
    expect(paid.statusCode).toBe(303);
  }
  return sessionId;
}
