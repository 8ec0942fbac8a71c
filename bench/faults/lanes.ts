// Issue 27 item 3: one account's long transcodes must not hold anyone else's work. While a Pro
// artist has ten 15-minute uploads to transcode, another artist's 20 s upload is ready within
// 15 s and that artist's Pro checkout (local payments) applies within 5 s. On PostgreSQL, one
// server with the media lane at its default size (decision 0247).
import { migrate } from '../../server/src/db/migrate';
import { makeWav } from '../../server/src/test/test-audio';
import {
  accountId,
  buyProLocally,
  check,
  processJobs,
  signUpArtist,
  trackStates,
  upload,
  waitFor,
  type Battery,
} from './harness';

const LONG_UPLOADS = 10;
const LONG_SECONDS = 15 * 60;
const READY_WITHIN_MS = 15_000;
const PRO_WITHIN_MS = 5_000;

/** Whether the account's Pro subscription has been applied (active, or in its paid trial). */
async function subscribed(db: Awaited<ReturnType<Battery['database']>>, userId: string) {
  const rows = await db.query(
    `select 1 from payment_subscriptions where account_id = $1 and subscription_status in ('active', 'trialing')`,
    [userId],
  );
  return rows.length > 0;
}

export async function fairLanes(battery: Battery) {
  const cluster = await battery.postgres();
  const db = await battery.database(cluster.url);
  await migrate(db);
  const server = await battery.klang('a', { env: { DATABASE_URL: cluster.url, RATE_LIMITS: 'off' } });
  const base = server.base;
  const stamp = String(Date.now());

  // The busy artist goes Pro (a free account holds five tracks), then queues ten long uploads.
  const busy = await signUpArtist(base, `busy${stamp}`);
  const busyId = await accountId(base, busy);
  await buyProLocally(base, busy);
  await waitFor(
    'the busy artist to be Pro',
    async () => ((await subscribed(db, busyId)) ? true : undefined),
    60_000,
  );
  // 8 kHz keeps the ten uploads at 29 MB each; the transcode still decodes and encodes 15 minutes.
  const long = makeWav(LONG_SECONDS, 220, 8000);
  const longIds: string[] = [];
  for (let i = 0; i < LONG_UPLOADS; i++) {
    const result = await upload(base, busy, long, `Long ${String(i)}`);
    if (!result.trackId) throw new Error(`upload refused: ${JSON.stringify(result)}`);
    longIds.push(result.trackId);
  }
  const queuedBehind = (await processJobs(db)).filter((j) => j.status === 'queued').length;

  // Another artist, free, uploads a short track and buys Pro while the busy artist's queue is full.
  const other = await signUpArtist(base, `other${stamp}`);
  const otherId = await accountId(base, other);
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const short = await upload(base, other, makeWav(20, 440), 'Short');
  if (!short.trackId) throw new Error(`upload refused: ${JSON.stringify(short)}`);
  const shortId = short.trackId;
  const checkoutStarted = performance.now();
  await buyProLocally(base, other);
  const [readyAfterMs, proAfterMs] = await Promise.all([
    waitFor(
      'the short upload to be ready',
      async () => ((await trackStates(db, [shortId]))[0]?.status === 'ready' ? since() : undefined),
      120_000,
    ),
    waitFor(
      'the Pro checkout to apply',
      async () =>
        (await subscribed(db, otherId)) ? Math.round(performance.now() - checkoutStarted) : undefined,
      120_000,
    ),
  ]);
  const longStates = await trackStates(db, longIds);
  const stillWaiting = longStates.filter((s) => s.status === 'processing').length;
  await server.stop();

  return {
    longUploads: { count: LONG_UPLOADS, seconds: LONG_SECONDS, bytes: long.length },
    queuedBehindAtShortUpload: queuedBehind,
    shortReadyAfterMs: readyAfterMs,
    proAppliedAfterMs: proAfterMs,
    longStillProcessingWhenDone: stillWaiting,
    checks: [
      check('the busy artist still had transcodes waiting', queuedBehind > 0 && stillWaiting > 0, {
        queuedBehind,
        stillWaiting,
      }),
      check(
        `another artist's 20 s upload is ready within ${String(READY_WITHIN_MS / 1000)} s`,
        readyAfterMs <= READY_WITHIN_MS,
        {
          readyAfterMs,
        },
      ),
      check(`a Pro checkout applies within ${String(PRO_WITHIN_MS / 1000)} s`, proAfterMs <= PRO_WITHIN_MS, {
        proAfterMs,
      }),
    ],
  };
}
