import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signPayload, WebhookSignatureError } from './payment-provider';
import { createStripePayments } from './stripe-payments';

/** A local server answering as Stripe's API does: what it was asked, and what it answers. */
interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: URLSearchParams;
}
let server: Server;
let apiUrl = '';
let seen: Seen[] = [];
let answer: (req: Seen, res: ServerResponse) => void = () => undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: new URLSearchParams(text),
      };
      seen.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

function json(res: ServerResponse, status: number, body: unknown) {
  res
    .writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' })
    .end(JSON.stringify(body));
}

const provider = () =>
  createStripePayments({
    secretKey: 'sk_test_local',
    webhookSecret: 'whsec_test',
    priceId: 'price_pro',
    apiUrl,
  });

describe('Stripe payments', () => {
  it('creates a subscription Checkout Session with the trial, metadata, reference and return URLs', async () => {
    answer = (_req, res) => {
      json(res, 200, {
        id: 'cs_test_1',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/cs_test_1',
      });
    };
    const session = await provider().createCheckoutSession({
      accountId: 'user-1',
      email: 'artist@example.com',
      successUrl: 'http://app/signup/artist?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app/artist-subscription?checkout=cancelled',
      metadata: { product_id: 'artist_subscription', user_id: 'user-1' },
      trialDays: 30,
      idempotencyKey: 'checkout:user-1:abc',
    });
    expect(session).toEqual({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/cs_test_1' });
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request?.headers.authorization).toBe('Bearer sk_test_local');
    expect(request?.headers['idempotency-key']).toBe('checkout:user-1:abc');
    expect(request?.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}\.\w+$/);
    expect(Object.fromEntries(request?.body ?? [])).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      success_url: 'http://app/signup/artist?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app/artist-subscription?checkout=cancelled',
      client_reference_id: 'user-1',
      customer_email: 'artist@example.com',
      'metadata[product_id]': 'artist_subscription',
      'metadata[user_id]': 'user-1',
      'subscription_data[trial_period_days]': '30',
      'subscription_data[metadata][product_id]': 'artist_subscription',
      'subscription_data[metadata][user_id]': 'user-1',
    });
  });

  it('turns a Stripe error into a thrown error', async () => {
    answer = (_req, res) => {
      json(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such price',
          param: 'price',
        },
      });
    };
    await expect(
      provider().createCheckoutSession({
        accountId: 'user-1',
        email: null,
        successUrl: 'http://app/s',
        cancelUrl: 'http://app/c',
        metadata: {},
        trialDays: 30,
        idempotencyKey: 'k',
      }),
    ).rejects.toThrow('No such price');
  });

  it('reads the period end from the subscription items (API versions since basil)', async () => {
    answer = (_req, res) => {
      json(res, 200, {
        id: 'sub_1',
        object: 'subscription',
        customer: 'cus_1',
        status: 'trialing',
        trial_end: 1_900_000_000,
        cancel_at_period_end: false,
        metadata: { user_id: 'user-1' },
        items: {
          object: 'list',
          data: [{ id: 'si_1', price: { id: 'price_pro' }, current_period_end: 1_900_000_500 }],
        },
      });
    };
    const snapshot = await provider().retrieveSubscription('sub_1');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_1' });
    expect(snapshot).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'trialing',
      priceId: 'price_pro',
      userId: 'user-1',
      trialEnd: new Date(1_900_000_000_000),
      currentPeriodEnd: new Date(1_900_000_500_000),
      cancelAtPeriodEnd: false,
    });
  });

  it('answers null for a subscription Stripe does not know', async () => {
    answer = (_req, res) => {
      json(res, 404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' },
      });
    };
    expect(await provider().retrieveSubscription('sub_gone')).toBeNull();
  });

  it('reads who a checkout session was for and whether it completed', async () => {
    answer = (_req, res) => {
      json(res, 200, {
        id: 'cs_1',
        object: 'checkout.session',
        status: 'complete',
        client_reference_id: 'user-1',
        subscription: 'sub_1',
      });
    };
    expect(await provider().retrieveCheckoutSession('cs_1')).toEqual({
      accountId: 'user-1',
      complete: true,
      subscriptionId: 'sub_1',
    });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/checkout/sessions/cs_1' });
  });

  it('sets cancel_at_period_end and answers the subscription as Stripe now holds it', async () => {
    answer = (_req, res) => {
      json(res, 200, {
        id: 'sub_1',
        object: 'subscription',
        customer: 'cus_1',
        status: 'active',
        trial_end: null,
        cancel_at_period_end: true,
        metadata: {},
        items: {
          object: 'list',
          data: [{ id: 'si_1', price: { id: 'price_pro' }, current_period_end: 1_900_000_500 }],
        },
      });
    };
    const snapshot = await provider().setCancelAtPeriodEnd('sub_1', true);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_1' });
    expect(seen[0]?.body.get('cancel_at_period_end')).toBe('true');
    expect(snapshot.cancelAtPeriodEnd).toBe(true);
  });

  it("opens Stripe's customer portal for the customer, returning to Klang", async () => {
    answer = (_req, res) => {
      json(res, 200, {
        id: 'bps_1',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.test/p/1',
      });
    };
    const portal = await provider().createBillingPortalSession('cus_1', 'http://localhost:3000/profile');
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
    expect(seen[0]?.body.get('customer')).toBe('cus_1');
    expect(seen[0]?.body.get('return_url')).toBe('http://localhost:3000/profile');
    expect(portal.url).toBe('https://billing.stripe.test/p/1');
  });

  describe('webhook signatures', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      created: 1_800_000_000,
      data: { object: { id: 'in_1' } },
    });

    it('accepts an event signed with the webhook secret over the raw body', () => {
      const event = provider().verifyWebhook(Buffer.from(payload), signPayload(payload, 'whsec_test'));
      expect(event).toEqual({
        id: 'evt_1',
        type: 'invoice.paid',
        created: 1_800_000_000,
        object: { id: 'in_1' },
      });
    });

    it('refuses another secret, a changed body, a stale timestamp and no header', () => {
      const stripe = provider();
      const good = signPayload(payload, 'whsec_test');
      expect(() => stripe.verifyWebhook(Buffer.from(payload), signPayload(payload, 'whsec_other'))).toThrow(
        WebhookSignatureError,
      );
      expect(() => stripe.verifyWebhook(Buffer.from(payload.replace('in_1', 'in_2')), good)).toThrow(
        WebhookSignatureError,
      );
      const stale = signPayload(payload, 'whsec_test', Math.floor(Date.now() / 1000) - 301);
      expect(() => stripe.verifyWebhook(Buffer.from(payload), stale)).toThrow(/tolerance/);
      expect(() => stripe.verifyWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
    });
  });
});
