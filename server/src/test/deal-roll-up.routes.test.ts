import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_RULES, HOOKS } from '@klang/domain';
import { createHooksRepository, dealsSince } from '../modules/analytics/hooks.repository';
import { refreshVerdicts } from '../modules/catalogue/catalogue.repository';
import { createFollowsRepository } from '../modules/follows/follows.repository';
import { createBlindSharesRepository } from '../modules/player/blind-shares.repository';
import { createFollowDeliveriesRepository } from '../modules/player/follow-deliveries.repository';
import { ROLL_UP_DEAL_MONTHS_JOB } from '../modules/player/player.jobs';
import { createPlayerRepository, NO_FILTER } from '../modules/player/player.repository';
import { createTracksRepository } from '../modules/tracks/tracks.repository';
import { createTestApp, type TestApp } from './app';
import { insertAccount, insertTrack } from './catalogue-fixtures';
import { runJobNow } from './run-jobs';

// Months of `deals` past the retention are rolled up and dropped (decision 0317). Whatever read
// them must read the same after: hook analytics, Blind Notes, the genre's median, the deck's and
// the verdict's exclusions, the follow digest.
let t: TestApp;
let at = new Date('2032-11-15T09:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ DEALS_RETENTION_MONTHS: '3' }, { listeningClock: () => at });
  await t.db.query(`select deals_prepare_months('2032-05-01', '2032-12-01')`);
});
afterAll(async () => {
  await t.close();
});

interface Deal {
  user: string;
  track: string;
  /** When it ended (or was dealt, unended); it was dealt two minutes before and served one. */
  at: string;
  endedAs?: 'like' | 'skip' | 'left';
  positionMs?: number;
  beforeLikeMs?: number;
  served?: boolean;
  origin?: 'discover' | 'charts' | 'follow';
  pack?: boolean;
}

async function deal(d: Deal): Promise<string> {
  const ended = new Date(d.at);
  const [row] = await t.db.query<{ id: string }>(
    `insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms,
       listened_before_like_ms, origin, pack_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      d.user,
      d.track,
      new Date(ended.getTime() - 120_000),
      (d.served ?? true) ? new Date(ended.getTime() - 60_000) : null,
      d.endedAs ?? null,
      d.endedAs ? ended : null,
      d.positionMs ?? null,
      d.beforeLikeMs ?? null,
      d.origin ?? 'discover',
      d.pack ? '00000000-0000-4000-8000-000000000001' : null,
    ],
  );
  if (!row) throw new Error('a deal');
  return row.id;
}

/** Listener accounts made long before any deal, so the verdict trusts them (decision 0196). */
async function listeners(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await insertAccount(t.db, 'listener'));
  await t.db.query(`update accounts set created_at = '2031-01-01' where id = any($1::uuid[])`, [ids]);
  return ids;
}

const rollUp = () => runJobNow(t, ROLL_UP_DEAL_MONTHS_JOB);

/** The deals dealt in the month starting at `month` (YYYY-MM-DD), wherever they are kept. */
const dealsIn = async (month: string) =>
  (
    await t.db.query<{ n: number }>(
      `select count(*)::int as n from deals where date_trunc('month', dealt_at at time zone 'UTC')::date = $1::date`,
      [month],
    )
  )[0]?.n;

const partitions = async () =>
  (
    await t.db.query<{ part: string }>(
      `select c.relname as part from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'deals'::regclass and c.relname <> 'deals_default' order by 1`,
    )
  ).map((r) => r.part);

describe('a roll-up', () => {
  let artist: string;
  let track: string;
  let other: string;
  /** When both tracks were uploaded: before any of their deals. */
  let uploadedAt: Date;
  const hooks = () => createHooksRepository(t.db);

  /** Everything hook analytics and the genre's median read of the two tracks. */
  async function figures() {
    const snapshot = {
      artistId: artist,
      floor: HOOKS.minListeners,
      durationMs: 60_000,
      steps: HOOKS.curveSteps,
      since: dealsSince(uploadedAt),
    };
    const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();
    return {
      hearings: sorted(await hooks().hearingGroups(track, snapshot)),
      otherHearings: sorted(await hooks().hearingGroups(other, snapshot)),
      notes: sorted(await hooks().noteGroups(track, snapshot)),
      genre: await hooks().genreLikeRate('Techno', 3),
    };
  }

  beforeAll(async () => {
    artist = await insertAccount(t.db, 'artist');
    track = await insertTrack(t.db, artist, { genre: 'Techno' });
    other = await insertTrack(t.db, artist, { genre: 'Techno' });
    const [uploaded] = await t.db.query<{ at: Date }>(
      'select min(uploaded_at) as at from tracks where id = any($1::uuid[])',
      [[track, other]],
    );
    uploadedAt = new Date(uploaded?.at ?? Number.NaN);
    const people = await listeners(24);
    const endings = ['like', 'skip', 'left'] as const;
    // June: twelve listeners hear the track, some twice, one of them noted; the artist hears it too.
    for (const [i, user] of people.slice(0, 12).entries()) {
      const endedAs = endings[i % 3] ?? 'skip';
      await deal({
        user,
        track,
        at: `2032-06-${String(10 + i)}T12:00:00Z`,
        endedAs,
        positionMs: i % 4 === 0 ? undefined : 2_000 + i * 4_000,
        beforeLikeMs: endedAs === 'like' && i % 2 === 0 ? 3_000 + i * 1_500 : undefined,
      });
      if (i % 5 === 1)
        await deal({
          user,
          track,
          at: `2032-06-${String(11 + i)}T13:00:00Z`,
          endedAs: 'skip',
          positionMs: 9_000,
        });
      await deal({
        user,
        track: other,
        at: `2032-06-${String(10 + i)}T15:00:00Z`,
        endedAs: endings[(i + 1) % 3],
      });
    }
    await deal({ user: artist, track, at: '2032-06-20T12:00:00Z', endedAs: 'like', positionMs: 40_000 });
    // Five note-givers: one on a hearing of its own, four on their first skips.
    const noted = [
      await deal({
        user: people[12] ?? '',
        track,
        at: '2032-06-25T12:00:00Z',
        endedAs: 'skip',
        positionMs: 7_000,
      }),
    ];
    const skips = await t.db.query<{ id: string }>(
      `select distinct on (user_id) id from deals
       where track_id = $1 and user_id = any($2::uuid[]) and ended_as = 'skip' and origin = 'discover'
       order by user_id, ended_at limit 4`,
      [track, people.slice(0, 12)],
    );
    noted.push(...skips.map((r) => r.id));
    for (const id of noted)
      await t.db.query(
        `insert into deal_notes (deal_id, deal_dealt_at, track_id, kind, reason, created_at)
         select id, dealt_at, track_id, 'reason', 'too-slow', ended_at + interval '1 minute' from deals where id = $1`,
        [id],
      );
    // Every served June hearing of the track had its stream grant.
    await t.db.query(
      `insert into stream_grants (id, user_id, track_id, deal_id, deal_dealt_at, issued_at, expires_at, served_at, duration_ms)
       select gen_random_uuid(), user_id, track_id, id, dealt_at, first_served_at,
         first_served_at + interval '10 minutes', first_served_at, 60000
       from deals where track_id = $1 and first_served_at is not null
         and dealt_at >= '2032-06-01' and dealt_at < '2032-07-01'`,
      [track],
    );
    await deal({ user: people[13] ?? '', track, at: '2032-06-26T12:00:00Z', served: false });
    await deal({
      user: people[14] ?? '',
      track,
      at: '2032-06-27T12:00:00Z',
      endedAs: 'like',
      origin: 'charts',
    });
    // July: five more (the 14th to the 18th listener). With one more in October, 19 in all, the
    // published figures end at the 15th, in July: the last three July hearings wait for the next step.
    for (const [i, user] of people.slice(15, 20).entries())
      await deal({
        user,
        track,
        at: `2032-07-0${String(2 + i)}T12:00:00Z`,
        endedAs: endings[i % 3],
        positionMs: 20_000,
      });
    // October, kept whole: one more, and June listeners again.
    await deal({
      user: people[20] ?? '',
      track,
      at: '2032-10-02T12:00:00Z',
      endedAs: 'like',
      positionMs: 30_000,
      beforeLikeMs: 14_000,
    });
    await deal({
      user: people[0] ?? '',
      track,
      at: '2032-10-09T12:00:00Z',
      endedAs: 'like',
      positionMs: 31_000,
      beforeLikeMs: 20_000,
    });
    await deal({
      user: people[4] ?? '',
      track,
      at: '2032-10-10T12:00:00Z',
      endedAs: 'skip',
      positionMs: 1_000,
    });
  });

  it('keeps hook analytics, Blind Notes and the genre median as they were, and drops what it rolled up', async () => {
    const before = await figures();
    expect(before.hearings.length).toBeGreaterThan(0);
    expect(before.notes.length).toBeGreaterThan(0);
    const [june, july] = [await dealsIn('2032-06-01'), await dealsIn('2032-07-01')];
    const grants = async () =>
      (
        await t.db.query<{ pointing: number; all: number }>(
          `select (count(*) filter (where deal_id is not null))::int as pointing, count(*)::int as all
           from stream_grants`,
        )
      )[0];
    const granted = await grants();
    await rollUp();
    // Every grant stays; those of the five kept (noted) deals still name them.
    expect(await grants()).toEqual({ pointing: 5, all: granted?.all });
    expect(await figures()).toEqual(before);
    const rolled = await t.db.query<{ month: string; dropped: number; kept: number }>(
      `select to_char(month, 'YYYY-MM') as month, dropped, kept from deal_months_rolled
       where month >= '2032-01-01' order by month`,
    );
    expect(rolled.map((r) => r.month)).toEqual(['2032-05', '2032-06', '2032-07', '2032-08']);
    // June keeps its five noted deals, and the other track's two hearings past its figures (ten
    // of its twelve listeners); July its three hearings past the published figures.
    expect(await dealsIn('2032-06-01')).toBe(7);
    expect(await dealsIn('2032-07-01')).toBe(3);
    expect(rolled.find((r) => r.month === '2032-06')).toMatchObject({ dropped: (june ?? 0) - 7, kept: 7 });
    expect(rolled.find((r) => r.month === '2032-07')).toMatchObject({ dropped: (july ?? 0) - 3, kept: 3 });
    // The months rolled up are one partition, beside the three kept and the one ahead.
    expect(await partitions()).toEqual([
      'deals_rolled',
      'deals_y2032m09',
      'deals_y2032m10',
      'deals_y2032m11',
      'deals_y2032m12',
    ]);
    // A second run finds nothing left to do.
    await rollUp();
    expect(await figures()).toEqual(before);
  });
});

describe('after a roll-up, a listener who held a track in a dropped month', () => {
  it('is never dealt it by the deck, and their later verdict on it does not count', async () => {
    const artist = await insertAccount(t.db, 'artist');
    const held = await insertTrack(t.db, artist, { genre: 'Drum n Bass' });
    const free = await insertTrack(t.db, artist, { genre: 'Drum n Bass' });
    const [holder, rater] = await listeners(2);
    if (!holder || !rater) throw new Error('two listeners');
    // The holder played it from a chart in September; in December both hear it blind and like it.
    await deal({ user: holder, track: held, at: '2032-09-03T12:00:00Z', endedAs: 'like', origin: 'charts' });
    await t.db.query(`delete from track_interactions where user_id = $1`, [holder]);
    await deal({
      user: holder,
      track: held,
      at: '2032-12-02T12:00:00Z',
      endedAs: 'like',
      positionMs: 20_000,
      beforeLikeMs: 20_000,
    });
    await deal({
      user: rater,
      track: held,
      at: '2032-12-02T13:00:00Z',
      endedAs: 'like',
      positionMs: 20_000,
      beforeLikeMs: 20_000,
    });
    const verdict = async () => {
      await refreshVerdicts(t.db, new Date('2032-12-10T00:00:00Z'), 30);
      return (
        await t.db.query<{ n: number }>('select verdict_listeners as n from tracks where id = $1', [held])
      )[0]?.n;
    };
    expect(await verdict()).toBe(1);
    // A pack's deal of September holds the track from another listener's deck.
    const [packed] = await listeners(1);
    if (!packed) throw new Error('a listener');
    await deal({ user: packed, track: held, at: '2032-09-04T12:00:00Z', pack: true });
    // December: September is past the retention now. The months rolled up before are rolled into
    // one partition again, with their notes and grants.
    at = new Date('2032-12-15T09:00:00Z');
    const pointers = async () =>
      (
        await t.db.query<{ notes: number; grants: number }>(
          `select (select count(*)::int from deal_notes) as notes,
             (select count(*)::int from stream_grants where deal_id is not null) as grants`,
        )
      )[0];
    const pointing = await pointers();
    expect(pointing).toEqual({ notes: 5, grants: 5 });
    await rollUp();
    expect(await pointers()).toEqual(pointing);
    expect(await dealsIn('2032-09-01')).toBe(0);
    expect(
      (
        await t.db.query(`select 1 from deals where user_id = any($1::uuid[]) and dealt_at < '2032-10-01'`, [
          [holder, packed],
        ])
      ).length,
    ).toBe(0);
    expect(await verdict()).toBe(1);
    const repo = createPlayerRepository(t.db);
    for (const r of [0, 0.2, 0.4, 0.6, 0.8, 0.99])
      for (const user of [holder, packed]) {
        const dealt = await repo.dealCandidate({
          userId: user,
          currentAlias: null,
          r,
          dealtAt: at,
          firstListens: 0,
          filter: { ...NO_FILTER, genre: 'Drum n Bass' },
        });
        const [row] = await t.db.query<{ track_id: string }>('select track_id from deals where id = $1', [
          dealt?.alias,
        ]);
        expect(row?.track_id).toBe(free);
      }
  });
});

describe('the roll-up job', () => {
  it('is asked for once a day beside the months job, and rolls up nothing when no retention is set', async () => {
    const request = t.app.periodicJobs['deal months'];
    if (!request) throw new Error('the periodic request is registered');
    await request(t.db, new Date('2032-12-01T10:00:00Z'));
    await request(t.db, new Date('2032-12-01T10:10:00Z'));
    const rows = await t.db.query<{ dedupe_key: string }>(
      `select dedupe_key from jobs where kind = $1 order by dedupe_key`,
      [ROLL_UP_DEAL_MONTHS_JOB],
    );
    expect(rows.map((r) => r.dedupe_key)).toEqual([`${ROLL_UP_DEAL_MONTHS_JOB}:2032-12-01`]);

    const keeping = await createTestApp({}, { listeningClock: () => at });
    try {
      await keeping.db.query(`select deals_prepare_months('2032-05-01', '2032-12-01')`);
      await runJobNow(keeping, ROLL_UP_DEAL_MONTHS_JOB);
      expect(await keeping.db.query('select month from deal_months_rolled')).toEqual([]);
    } finally {
      await keeping.close();
    }
  });
});

describe('after a roll-up, a follower dealt a new track in a dropped month', () => {
  it('still counts among its first-day listeners, and is neither dealt it again nor told it waits', async () => {
    await t.db.query(`select deals_prepare_months('2033-01-01', '2033-05-01')`);
    const artist = await insertAccount(t.db, 'artist');
    const track = await insertTrack(t.db, artist, { genre: 'House / Tech House' });
    const followers = await listeners(FOLLOW_RULES.firstDayFloor);
    await t.db.query('update artist_profiles set followers = $2 where id = $1', [artist, followers.length]);
    await t.db.query(
      `insert into follow_releases (track_id, artist_id, entered_at, announced_at)
       values ($1, $2, '2033-01-03T08:00:00Z', '2033-01-03T09:00:00Z')
       on conflict (track_id) do update set entered_at = excluded.entered_at, announced_at = excluded.announced_at`,
      [track, artist],
    );
    for (const [i, user] of followers.entries()) {
      await t.db.query(
        `insert into follows (follower_id, artist_id, artist_name, followed_at) values ($1, $2, 'Them', '2032-12-01')`,
        [user, artist],
      );
      await deal({ user, track, at: `2033-01-03T1${String(i)}:00:00Z`, endedAs: 'skip', origin: 'follow' });
    }
    // A delivery of the same track waits again, as after it re-entered the deck.
    const [again] = followers;
    if (!again) throw new Error('a follower');
    await t.db.query(
      `insert into follow_deliveries (user_id, track_id, released_at) values ($1, $2, '2033-05-02T08:00:00Z')`,
      [again, track],
    );
    const firstDay = async () =>
      (await createTracksRepository(t.db).listTracks(artist)).find((row) => row.id === track)
        ?.followers_first_day;
    const waiting = async () =>
      (await createFollowsRepository(t.db).claimDueDigests(new Date('2033-05-04T08:00:00Z'), 100)).filter(
        (digest) => digest.user_id === again,
      );
    expect(await firstDay()).toBe(FOLLOW_RULES.firstDayFloor);
    expect(await waiting()).toEqual([]);
    await t.db.query('delete from follow_digests where user_id = $1', [again]);

    at = new Date('2033-05-03T09:00:00Z');
    await rollUp();
    expect(await dealsIn('2033-01-01')).toBe(0);
    expect(await firstDay()).toBe(FOLLOW_RULES.firstDayFloor);
    expect(await waiting()).toEqual([]);
    expect(await createFollowDeliveriesRepository(t.db).dealDelivery(again, at)).toBeUndefined();
    // Nor is a shared track their first deal ever (the share funnel's signal, decision 0309).
    const [other] = followers.slice(1);
    if (!other) throw new Error('a second follower');
    const shared = await createBlindSharesRepository(t.db).deal(other, track, at);
    expect(shared?.isFirstDeal).toBe(false);
  });
});
