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
 * A local HTTP server answering as Stripe's API does for what Klang asks: Checkout Sessions and
 * subscriptions. Tests change its subscriptions to play what happened at Stripe, then deliver
 * events in whatever order they like.
 */
export async function startFakeStripe() {
  const subscriptions = new Map<string, FakeSubscription>();
  const checkoutRequests: URLSearchParams[] = [];
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
        checkoutRequests.push(new URLSearchParams(text));
        const id = `cs_test_${String(checkoutRequests.length)}`;
        send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/${id}` });
        return;
      }
      const match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url);
      const subscription = match?.[1] ? subscriptions.get(match[1]) : undefined;
      if (req.method === 'GET' && subscription) {
        send(200, {
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
        });
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
    checkoutRequests,
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
