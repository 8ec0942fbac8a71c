import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The subscriptions a fake Stripe holds, in the API's shape (the period end on the items). */
export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  current_period_end: number;
  price?: string;
}

/**
 * A local HTTP server answering as Stripe's API does for what Klang asks: Checkout Sessions,
 * subscriptions (read and cancel at period end) and customer portal sessions. Tests change its subscriptions to play what happened at Stripe, then deliver
 * events in whatever order they like.
 */
/** A Checkout Session as the fake holds it: open until a test says the customer paid. */
export interface FakeCheckoutSession {
  id: string;
  client_reference_id: string | null;
  status: 'open' | 'complete';
  subscription: string | null;
}

function subscriptionJson(subscription: FakeSubscription) {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    trial_end: subscription.trial_end,
    cancel_at_period_end: subscription.cancel_at_period_end,
    metadata: subscription.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscription.id}`,
          object: 'subscription_item',
          price: { id: subscription.price ?? 'price_pro', object: 'price' },
          current_period_end: subscription.current_period_end,
        },
      ],
    },
  };
}

export async function startFakeStripe() {
  const subscriptions = new Map<string, FakeSubscription>();
  const checkoutSessions = new Map<string, FakeCheckoutSession>();
  const checkoutRequests: URLSearchParams[] = [];
  const portalRequests: URLSearchParams[] = [];
  let failNext = 0;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (failNext > 0) {
        failNext -= 1;
        send(500, { error: { type: 'api_error', message: 'Something went wrong on our end' } });
        return;
      }
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/v1/checkout/sessions') {
        const params = new URLSearchParams(text);
        checkoutRequests.push(params);
        const id = `cs_test_${String(checkoutRequests.length)}`;
        checkoutSessions.set(id, {
          id,
          client_reference_id: params.get('client_reference_id'),
          status: 'open',
          subscription: null,
        });
        send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/${id}` });
        return;
      }
      const session = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url)?.[1];
      const checkoutSession = session ? checkoutSessions.get(session) : undefined;
      if (req.method === 'GET' && checkoutSession) {
        send(200, { ...checkoutSession, object: 'checkout.session' });
        return;
      }
      if (req.method === 'POST' && url === '/v1/billing_portal/sessions') {
        portalRequests.push(new URLSearchParams(text));
        const id = `bps_test_${String(portalRequests.length)}`;
        send(200, { id, object: 'billing_portal.session', url: `https://billing.stripe.test/p/${id}` });
        return;
      }
      const match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url);
      const subscription = match?.[1] ? subscriptions.get(match[1]) : undefined;
      if (req.method === 'GET' && subscription) {
        send(200, subscriptionJson(subscription));
        return;
      }
      if (req.method === 'POST' && subscription) {
        const cancel = new URLSearchParams(text).get('cancel_at_period_end');
        if (cancel !== null) subscription.cancel_at_period_end = cancel === 'true';
        send(200, subscriptionJson(subscription));
        return;
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such resource: ${url}`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    subscriptions,
    checkoutSessions,
    checkoutRequests,
    portalRequests,
    /** The next n requests answer 500, as during an outage. */
    failRequests(n: number) {
      failNext = n;
    },
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
