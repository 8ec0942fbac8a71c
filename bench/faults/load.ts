// Items 5 and 6: mixed load against Klang. `scale-out` runs two instances and two workers on one
// PostgreSQL behind a round-robin proxy on loopback; `soak` runs one instance for SOAK_SECONDS on
// PostgreSQL and then on PGlite, sampling RSS and event-loop delay inside the server.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import {
  catalogueEndpoints,
  forumEndpoints,
  paymentsEndpoints,
  playerEndpoints,
  entryUrl,
} from '@klang/domain';
import { openDatabase, type Db } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';

import { generateDataset } from '../lib/dataset';
import { localWebhookSecret } from '../../server/src/providers/payments';
import { signPayload, type SubscriptionStatus } from '../../server/src/providers/payments/payment-provider';
import { tierFor } from '../../server/src/modules/payments/payments.service';
import {
  accountId,
  buyProLocally,
  check,
  ledgerDrift,
  likeLedger,
  listenersWithGrants,
  percentile,
  PORTS,
  processJobs,
  SESSION_SECRET,
  signUpArtist,
  sleep,
  upload,
  waitFor,
  wav,
  type Battery,
} from './harness';

const DATASET = { tracks: 5000, users: 1000, interactionsPerUser: 10, heavyLikes: 10 };

/**
 * The address a listener's requests come from, as the proxy tells the instances (X-Forwarded-For,
 * trusted with TRUST_PROXY): rate limits count per address, and every request of the battery
 * leaves from 127.0.0.1, which would make all listeners one client.
 */
function clientAddress(cookie: string): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(cookie).digest();
  return `10.${String(a)}.${String(b)}.${String(c)}`;
}

/** A round-robin HTTP proxy on loopback: request n goes to upstream n mod k. */
function roundRobinProxy(port: number, upstreams: number[]): Promise<Server> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const target = upstreams[next++ % upstreams.length] ?? 0;
    const forward = request(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      resolve(server);
    }),
  );
}

interface Sample {
  route: string;
  at: number;
  ms: number;
  status: number;
}

/**
 * Listeners liking served tracks, asking for the next one and for a playback URL, and reading
 * the chart, CONCURRENCY at a time, until `until`. Returns every answer.
 */
async function listenerLoad(
  base: string,
  listeners: Awaited<ReturnType<typeof listenersWithGrants>>,
  until: number,
  concurrency = 8,
) {
  const samples: Sample[] = [];
  let nextPair = 0;
  const started = performance.now();
  const routes = ['like', 'next', 'secure', 'chart'] as const;
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    for (let n = i; performance.now() < until; n++) {
      const route = routes[n % routes.length] ?? 'next';
      const pair = listeners.pairs[(route === 'like' ? nextPair++ : n) % listeners.pairs.length];
      if (!pair) break;
      const entry =
        route === 'like'
          ? playerEndpoints.likeTrack
          : route === 'secure'
            ? playerEndpoints.secureTrackAccess
            : route === 'chart'
              ? catalogueEndpoints.chart
              : playerEndpoints.nextTrack;
      const init: RequestInit =
        route === 'like'
          ? { method: entry.method, body: '{"addToLibrary":false}' }
          : route === 'secure'
            ? { method: entry.method, body: JSON.stringify({ trackId: pair.alias }) }
            : { method: entry.method };
      const url = entryUrl(entry, {
        params: { trackId: pair.alias },
        ...(route === 'chart' && { query: { genre: 'Techno' } }),
      });
      const at = performance.now();
      const res = await fetch(`${base}${url}`, {
        ...init,
        headers: {
          cookie: pair.cookie,
          'x-forwarded-for': clientAddress(pair.cookie),
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
        },
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      await res?.arrayBuffer().catch(() => undefined);
      samples.push({ route, at: at - started, ms: performance.now() - at, status: res?.status ?? 0 });
      await sleep(5);
    }
  });
  await Promise.all(loops);
  return samples;
}

function errorRate(samples: Sample[]) {
  const errors = samples.filter((s) => s.status === 0 || s.status >= 500).length;
  return { requests: samples.length, errors, rate: samples.length ? errors / samples.length : 0 };
}

/** Forum posts for the load to vote on, written straight to the database (the votes go through the API). */
async function forumPosts(db: Db, authorId: string, count: number): Promise<string[]> {
  const [category] = await db.query<{ id: string }>(
    `insert into forum_categories (name, color, icon) values ('Scale-out', '#ff3b3b', 'TrendingUp') returning id`,
  );
  const rows = await db.query<{ id: string }>(
    `insert into forum_posts (title, content, author_id, category_id)
     select 'Vote ' || n, 'Up or down?', $1, $2 from generate_series(1, $3::int) as n returning id`,
    [authorId, category?.id, count],
  );
  return rows.map((r) => r.id);
}

/**
 * Listeners voting on a few posts until `until`, up or down at random, so a vote is often cast
 * twice (which takes it back) or changed, and one listener's votes land on both instances.
 */
async function votingLoad(base: string, cookies: string[], posts: string[], until: number, concurrency = 2) {
  const statuses: number[] = [];
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    for (let n = i; performance.now() < until; n += concurrency) {
      const cookie = cookies[(n * 7) % cookies.length] ?? '';
      const post = posts[n % posts.length] ?? '';
      const res = await fetch(base + entryUrl(forumEndpoints.voteOnForumPost, { params: { postId: post } }), {
        method: forumEndpoints.voteOnForumPost.method,
        headers: { cookie, 'x-forwarded-for': clientAddress(cookie), 'content-type': 'application/json' },
        body: JSON.stringify({ vote: (n * 2654435761) % 3 === 0 ? 'down' : 'up' }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      await res?.arrayBuffer().catch(() => undefined);
      statuses.push(res?.status ?? 0);
      await sleep(20);
    }
  });
  await Promise.all(loops);
  return statuses;
}

/**
 * Stripe delivers at least once and in no set order. Each event the local provider queued for
 * these checkouts is posted again twice, newest first, alternating between the instances, on top
 * of the provider's own delivery.
 */
async function replayWebhooks(base: string, db: Db, checkoutSessionIds: string[]) {
  const events = await db.query<{ event_id: string; payload: string }>(
    `select event_id, payload from local_payment_deliveries where checkout_session_id = any($1::text[])
     order by created_at desc, event_id desc`,
    [checkoutSessionIds],
  );
  const secret = localWebhookSecret(SESSION_SECRET);
  const answers = await Promise.all(
    [...events, ...events].map(async (event) => {
      const res = await fetch(`${base}${paymentsEndpoints.stripeWebhook.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(event.payload, secret),
        },
        body: event.payload,
      });
      return { eventId: event.event_id, status: res.status };
    }),
  );
  return { eventIds: events.map((e) => e.event_id), answers };
}

export async function scaleOut(battery: Battery) {
  const seconds = Number(process.env.SCALE_SECONDS ?? 600);
  const cluster = await battery.postgres();
  const db = await battery.database(cluster.url);
  await migrate(db);
  await generateDataset(db, DATASET);
  const listeners = await listenersWithGrants(db, 300, 30);
  const before = await likeLedger(
    db,
    [...new Set(listeners.pairs.map((p) => p.trackId))],
    [...new Set(listeners.pairs.map((p) => p.userId))],
  );
  const env = {
    DATABASE_URL: cluster.url,
    DATA_DIR: path.join(battery.work, 'shared-data'),
    JOB_LEASE_MS: '60000',
    // Both instances answer for the proxy's address, as behind a real load balancer: checkout
    // return URLs are checked against it.
    PUBLIC_URL: `http://127.0.0.1:${String(PORTS.proxy)}`,
    TRUST_PROXY: 'true',
  };
  await battery.klang('a', { port: PORTS.a, env });
  await battery.klang('b', { port: PORTS.b, env });
  await battery.klang('w1', { role: 'worker', env });
  await battery.klang('w2', { role: 'worker', env });
  const proxy = await roundRobinProxy(PORTS.proxy, [PORTS.a, PORTS.b]);
  battery.onClose(
    () =>
      new Promise<void>((resolve) =>
        proxy.close(() => {
          resolve();
        }),
      ),
  );
  const base = `http://127.0.0.1:${String(PORTS.proxy)}`;

  const until = performance.now() + seconds * 1000;
  const artists = [
    await signUpArtist(base, `scale${String(Date.now())}a`),
    await signUpArtist(base, `scale${String(Date.now())}b`),
  ];
  const posts = await forumPosts(db, await accountId(base, artists[0] ?? ''), 5);
  // Four more artists buy Pro on the local checkout: their events are the webhooks replayed.
  const buyers = await Promise.all(
    ['c', 'd', 'e', 'f'].map((suffix) => signUpArtist(base, `scale${String(Date.now())}${suffix}`)),
  );
  const checkouts = await Promise.all(buyers.map((cookie) => buyProLocally(base, cookie)));
  const buyerIds = await Promise.all(buyers.map((cookie) => accountId(base, cookie)));
  const uploads = (async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10 && performance.now() < until; i++) {
      const result = await upload(base, artists[i % 2] ?? '', wav(2, i + 40), `Scale ${String(i)}`);
      if (result.trackId) ids.push(result.trackId);
      await sleep((seconds * 1000) / 12);
    }
    return ids;
  })();
  const [samples, uploaded, votes, webhooks] = await Promise.all([
    listenerLoad(base, listeners, until),
    uploads,
    votingLoad(base, listeners.cookies, posts, until),
    sleep(Math.min(30_000, seconds * 100)).then(() => replayWebhooks(base, db, checkouts)),
  ]);

  // Rate limits across instances: one listener's likes alternate between the two instances;
  // the like allows 120 a minute per client address, wherever they land.
  const burst = listeners.pairs.filter((p) => p.userId === listeners.pairs.at(-1)?.userId);
  const burstStatuses: number[] = [];
  for (let i = 0; i < 130; i++) {
    const pair = burst[i % burst.length];
    const res = await fetch(
      base + entryUrl(playerEndpoints.likeTrack, { params: { trackId: pair?.alias ?? '' } }),
      {
        method: playerEndpoints.likeTrack.method,
        headers: {
          cookie: pair?.cookie ?? '',
          'x-forwarded-for': clientAddress(pair?.cookie ?? ''),
          'content-type': 'application/json',
        },
        body: '{"addToLibrary":false}',
      },
    );
    burstStatuses.push(res.status);
  }
  const states = await waitFor(
    'the uploads to be processed',
    async () => {
      const jobs = await processJobs(db);
      return jobs.length >= uploaded.length && jobs.every((j) => j.status === 'succeeded') ? jobs : undefined;
    },
    120_000,
  ).catch(() => processJobs(db));
  const after = await likeLedger(
    db,
    [...before.keys()].filter((id) => listeners.pairs.some((p) => p.trackId === id)),
    [...new Set(listeners.pairs.map((p) => p.userId))],
  );
  const drift = ledgerDrift(before, after);
  const accepted = burstStatuses.filter((s) => s === 200).length;

  const voteLedger = await db.query<{
    id: string;
    upvotes: number;
    downvotes: number;
    up: number;
    down: number;
  }>(
    `select p.id, p.upvotes, p.downvotes,
       (select count(*)::int from forum_post_votes v where v.post_id = p.id and v.vote = 'up') as up,
       (select count(*)::int from forum_post_votes v where v.post_id = p.id and v.vote = 'down') as down
     from forum_posts p where p.id = any($1::uuid[])`,
    [posts],
  );
  const voteDrift = voteLedger.filter((p) => p.upvotes !== p.up || p.downvotes !== p.down);
  const webhookState = await waitFor(
    'the replayed payment events to be applied',
    async () => {
      const rows = await db.query<{ id: string; processed: boolean; jobs: number; attempts: number }>(
        `select e.id, e.processed_at is not null as processed,
           (select count(*)::int from jobs j where j.kind = 'payments.apply-event' and j.payload->>'eventId' = e.id) as jobs,
           (select coalesce(max(j.attempts), 0)::int from jobs j where j.kind = 'payments.apply-event' and j.payload->>'eventId' = e.id) as attempts
         from payment_events e where e.id = any($1::text[])`,
        [webhooks.eventIds],
      );
      return rows.length === webhooks.eventIds.length && rows.every((r) => r.processed) ? rows : undefined;
    },
    60_000,
  ).catch(() => []);
  const subscriptions = await db.query<{
    account_id: string;
    status: string;
    provider_status: string;
    tier: string;
  }>(
    `select p.account_id, p.subscription_status as status, l.object->>'status' as provider_status,
       a.subscription_tier as tier
     from payment_subscriptions p
     join local_subscriptions l on l.id = p.subscription_id
     join artist_profiles a on a.id = p.account_id
     where p.account_id = any($1::uuid[])`,
    [buyerIds],
  );

  const likedOk = samples.filter((s) => s.route === 'like' && s.status === 200).length;
  const checks = [
    check('error rate under load < 0.1 %', errorRate(samples).rate < 0.001, errorRate(samples)),
    check(
      'every like counter equals the count of its rows (and likes were accepted)',
      drift.length === 0 && likedOk > 0,
      {
        likesAnswered200: likedOk,
        counters: after.size,
        drift: drift.length,
        examples: drift.slice(0, 3),
      },
    ),
    check(
      'every post vote counter equals the count of its rows (and votes were accepted)',
      voteDrift.length === 0 && votes.filter((status) => status === 200).length > 0,
      {
        votes: votes.length,
        answered200: votes.filter((status) => status === 200).length,
        errors: votes.filter((status) => status === 0 || status >= 500).length,
        drift: voteDrift,
      },
    ),
    check(
      'every webhook, delivered three times and out of order, is recorded and applied once',
      webhookState.length === webhooks.eventIds.length &&
        webhookState.every((e) => e.jobs === 1 && e.attempts === 1) &&
        webhooks.answers.every((a) => a.status === 200),
      {
        events: webhooks.eventIds.length,
        deliveries: webhooks.answers.length,
        statuses: [...new Set(webhooks.answers.map((a) => a.status))],
        jobsPerEvent: [...new Set(webhookState.map((e) => e.jobs))],
      },
    ),
    check(
      "every buyer's subscription is the provider's, Pro",
      subscriptions.length === buyerIds.length &&
        subscriptions.every(
          (s) => s.status === s.provider_status && s.tier === tierFor(s.status as SubscriptionStatus),
        ),
      subscriptions.map((s) => ({ status: s.status, provider: s.provider_status, tier: s.tier })),
    ),
    check(
      'no job ran twice',
      states.every((j) => j.status === 'succeeded' && j.attempts === 1),
      {
        jobs: states.length,
        attempts: states.map((j) => j.attempts),
      },
    ),
    check(
      'the like limit holds across instances (≤ 120 a minute per client)',
      accepted > 0 && accepted <= 120 && burstStatuses.includes(429),
      {
        accepted,
        limited: burstStatuses.filter((s) => s === 429).length,
      },
    ),
  ];
  return {
    seconds,
    shortened: seconds < 600,
    checks,
  };
}

/** The soak on one database kind: load for `seconds`, with the server's own RSS and loop delay. */
async function soakOn(battery: Battery, kind: 'postgres' | 'pglite', seconds: number) {
  const dataDir = path.join(battery.work, `soak-${kind}`);
  let url = '';
  let db: Db;
  if (kind === 'postgres') {
    const cluster = await battery.postgres();
    url = cluster.url;
    db = await openDatabase({ kind: 'postgres', url });
  } else {
    db = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  }
  await migrate(db);
  await generateDataset(db, DATASET);
  const listeners = await listenersWithGrants(db, 300, 40);
  await db.close();

  const probe = path.join(battery.work, `loop-delay-${kind}.jsonl`);
  const server = await battery.klang(`soak-${kind}`, {
    env: { ...(url && { DATABASE_URL: url }), DATA_DIR: dataDir, RATE_LIMITS: 'off', LOOP_DELAY_FILE: probe },
    nodeArgs: ['--import', path.join(import.meta.dirname, 'loop-delay.mjs')],
  });
  await sleep(3000);
  const idle =
    readFileSync(probe, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { rssMiB: number })
      .at(-1)?.rssMiB ?? 0;
  const startedAt = Date.now();
  const samples = await listenerLoad(server.base, listeners, performance.now() + seconds * 1000);
  await server.stop();

  const probes = readFileSync(probe, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { at: number; p99Ms: number; maxMs: number; rssMiB: number })
    .filter((p) => p.at >= startedAt);
  const warm = seconds * 1000 * 0.2;
  const afterWarm = probes.filter((p) => p.at - startedAt >= warm);
  const rssAfterWarm = afterWarm[0]?.rssMiB ?? 0;
  const rssEnd = afterWarm.at(-1)?.rssMiB ?? 0;
  const listenerRoutes = samples.filter((s) => s.at >= warm);
  const third = (seconds * 1000 - warm) / 3;
  const p99Of = (from: number, to: number) =>
    Math.round(
      percentile(
        listenerRoutes.filter((s) => s.at >= from && s.at < to).map((s) => s.ms),
        99,
      ),
    );
  const p99First = p99Of(warm, warm + third);
  const p99Last = p99Of(warm + 2 * third, seconds * 1000 + 1);
  const loopP99 = percentile(
    afterWarm.map((p) => p.p99Ms),
    99,
  );
  return {
    seconds,
    errors: errorRate(samples),
    idleRssMiB: idle,
    peakRssMiB: Math.max(...probes.map((p) => p.rssMiB)),
    rssAfterWarmMiB: rssAfterWarm,
    rssEndMiB: rssEnd,
    loopDelayP99Ms: +loopP99.toFixed(1),
    listenerP99Ms: { firstThird: p99First, lastThird: p99Last },
    pass: {
      errorRate: errorRate(samples).rate < 0.001,
      rssGrowth: rssEnd <= rssAfterWarm * 1.1,
      loopDelay: loopP99 <= 50,
      p99NotDrifting: p99Last <= p99First * 1.25 + 2,
    },
  };
}

export async function soak(battery: Battery) {
  const pgSeconds = Number(process.env.SOAK_SECONDS ?? 1800);
  const pgliteSeconds = Number(process.env.SOAK_PGLITE_SECONDS ?? 600);
  const postgres = await soakOn(battery, 'postgres', pgSeconds);
  const pglite = await soakOn(battery, 'pglite', pgliteSeconds);
  const checks = (['postgres', 'pglite'] as const).flatMap((kind) => {
    const r = kind === 'postgres' ? postgres : pglite;
    return [
      check(`${kind}: error rate < 0.1 %`, r.pass.errorRate, r.errors),
      check(`${kind}: RSS growth ≤ 10 % after warm-up`, r.pass.rssGrowth, {
        from: r.rssAfterWarmMiB,
        to: r.rssEndMiB,
      }),
      check(`${kind}: event-loop delay p99 ≤ 50 ms`, r.pass.loopDelay, { p99Ms: r.loopDelayP99Ms }),
      check(`${kind}: listener p99 not drifting up`, r.pass.p99NotDrifting, r.listenerP99Ms),
    ];
  });
  return {
    postgres,
    pglite,
    shortened: pgSeconds < 1800 || pgliteSeconds < 600,
    checks,
  };
}
