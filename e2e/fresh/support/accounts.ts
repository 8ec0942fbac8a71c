import { setTimeout as delay } from 'node:timers/promises';
import {
  accountsEndpoints,
  kitEndpoints,
  paymentsEndpoints,
  PRO_PLAN,
  type Session,
  type Voice,
} from '@klang/domain';
import { HttpSession } from './http-session';

/** Polls `read` every half second until it answers something, or fails after `seconds`. */
export async function eventually<T>(
  what: string,
  seconds: number,
  read: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${String(seconds)} s`);
    await delay(500);
  }
}

/**
 * A new artist who pays for Pro on the local checkout page, as a visitor of the app would: signs
 * up, starts the checkout, submits a test card on the page it was sent to, and waits until the
 * payment's event has upgraded the account.
 */
export async function proArtist(origin: string): Promise<{ http: HttpSession; session: Session }> {
  const http = new HttpSession(origin);
  const name = `fresh${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await http.json(
    accountsEndpoints.signupArtist,
    {
      json: {
        username: name,
        email: `${name}@example.com`,
        password: 'fresh-machine-pass',
        artistName: `Fresh ${name}`,
        bio: 'Made on a fresh machine.',
      },
    },
    201,
  );
  const checkout = await http.json<{ url: string }>(paymentsEndpoints.createCheckout, {
    json: {
      price_id: PRO_PLAN.priceId,
      success_url: `${origin}/profile?upgrade=success`,
      cancel_url: `${origin}/profile?upgrade=cancelled`,
      mode: PRO_PLAN.mode,
    },
  });
  const paid = await http.fetch(new URL(checkout.url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString(),
  });
  if (paid.status !== 303)
    throw new Error(`the checkout page answered ${String(paid.status)}: ${await paid.text()}`);
  const session = await eventually('the Pro upgrade', 30, async () => {
    const state = await http.json<{ session: Session | null }>(accountsEndpoints.accountSession);
    return state.session && state.session.subscriptionTier !== 'free' ? state.session : undefined;
  });
  return { http, session };
}

/** VocalLab's request (spec 002 §7 generate-vocals) with the first local voice. */
export async function generateVocals(http: HttpSession, mode: 'speak' | 'sing'): Promise<Response> {
  const { voices } = await http.json<{ voices: Voice[] }>(kitEndpoints.getVoices);
  return http.call(kitEndpoints.generateVocals, {
    json: {
      prompt: 'Hello from a fresh machine, sing it loud',
      voice_id: voices[0]?.voice_id,
      voice_settings: { stability: 0.6, similarity_boost: 0.7, style: 0.5 },
      mode,
    },
  });
}
