import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artistTracksResponseSchema,
  chartMethodSchema,
  chartResponseSchema,
  DEAL_RULES,
  DEMO_ACCOUNT,
  likeEverythingWeight,
  quickLikeWeight,
  VERDICT,
  wilsonLowerBound,
} from '@klang/domain';
import { createJobRunner } from '../../jobs/runner';
import type { Queryable } from '../../db/client';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { CHART_VERDICT_JOB, createChartVerdictHandler, requestChartVerdict } from './catalogue.jobs';
import { refreshVerdicts } from './catalogue.repository';

const DEEP = 'Minimal / Deep Tech';
const HOUSE = 'House / Tech House';
const DAY_MS = 86_400_000;

interface Rating {
  kind: 'like' | 'skip';
  /** How long before now the deal ended. */
  daysAgo?: number;
  /** What the server saw heard before a like (null: nothing). */
  heardMs?: number | null;
  /** How long before it was served the deal was dealt (a minute unless said). */
  dealtDaysEarlier?: number;
}

/** A listener account of a given age, as the chart job sees it (created_at). */
async function listener(db: Queryable, ageDays: number): Promise<string> {
  const id = await insertAccount(db, 'listener');
  await db.query(`update accounts set created_at = now() - make_interval(secs => $2) where id = $1`, [
    id,
    ageDays * 86_400,
  ]);
  return id;
}

/** `count` listeners of a given age at once. */
async function listeners(db: Queryable, count: number, ageDays = 30): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await listener(db, ageDays));
  return ids;
}

/**
 * A served deal that ended as `kind` (decision 0130's row, as the player writes it): served a
 * minute before it ended (and dealt then, or `dealtDaysEarlier`), a like with what was heard
 * before it, a skip at 20 s.
 */
async function rate(db: Queryable, userId: string, trackId: string, rating: Rating): Promise<void> {
  const heard = rating.kind === 'like' ? (rating.heardMs === undefined ? 30_000 : rating.heardMs) : null;
  await db.query(
    `insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
     select $1, $2, e - interval '1 minute' - make_interval(secs => $6), e - interval '1 minute', $3, e,
            coalesce($5, 20000), $5
     from (select now() - make_interval(secs => $4) as e) x`,
    [
      userId,
      trackId,
      rating.kind,
      (rating.daysAgo ?? 1) * 86_400,
      heard,
      (rating.dealtDaysEarlier ?? 0) * 86_400,
    ],
  );
}

/** `likes` likes and `skips` skips spread over `raters` (no one of them near the like-everything rule). */
async function verdictOf(db: Queryable, trackId: string, raters: string[], likes: number, skips: number) {
  await db.query(
    `insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
     select ($3::uuid[])[1 + i % cardinality($3::uuid[])], $1, e - interval '2 minutes', e - interval '2 minutes',
            case when i < $2::int then 'like' else 'skip' end, e, 40000,
            case when i < $2::int then 40000 end
     from generate_series(0, $2::int + $4::int - 1) i, (select now() - interval '2 days' as e) x`,
    [trackId, likes, raters, skips],
  );
}

async function scoreOf(db: Queryable, trackId: string): Promise<number> {
  const [row] = await db.query<{ verdict_score: number }>('select verdict_score from tracks where id = $1', [
    trackId,
  ]);
  return row?.verdict_score ?? Number.NaN;
}

describe('blind-verdict charts (decisions 0195, 0196)', () => {
  let t: TestApp;
  let owner: Client;
  let artist: string;

  beforeAll(async () => {
    t = await createTestApp({ CHART_CACHE_MS: '0' });
    owner = await signUp(t.app, 'artist');
    artist = owner.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('ranks five likes from five blind listeners above 500 likes from 5000 deals, each row showing its figures', async () => {
    const five = await insertTrack(t.db, artist, { genre: HOUSE, title: 'Five Of Five' });
    const many = await insertTrack(t.db, artist, { genre: HOUSE, title: 'Five Hundred' });
    // The like counters as the likes made them; the chart shows them, it does not rank by them.
    await t.db.query('update tracks set likes = 5 where id = $1', [five]);
    await t.db.query('update tracks set likes = 500 where id = $1', [many]);
    const crowd = await listeners(t.db, 120);
    await verdictOf(t.db, five, crowd.slice(0, 5), 5, 0);
    await verdictOf(t.db, many, crowd, 500, 4500);
    await refreshVerdicts(t.db, new Date(), 30);

    expect(await scoreOf(t.db, five)).toBeCloseTo(wilsonLowerBound(5, 5), 9);
    expect(await scoreOf(t.db, many)).toBeCloseTo(wilsonLowerBound(500, 5000), 9);
    expect(wilsonLowerBound(5, 5)).toBeGreaterThan(0.5);
    expect(wilsonLowerBound(500, 5000)).toBeLessThan(0.1);

    // The artist sees their own tracks revealed, with the figures each row shows.
    const chart = chartResponseSchema.parse(
      (await owner.get(`/api/catalogue/charts?genre=${encodeURIComponent(HOUSE)}`)).json(),
    );
    expect(chart.entries.slice(0, 2).map((e) => [e.position, e.figures])).toEqual([
      [1, { share: 1, listeners: 5, cautiousShare: wilsonLowerBound(5, 5), likes: 5 }],
      [2, { share: 0.1, listeners: 120, cautiousShare: wilsonLowerBound(500, 5000), likes: 500 }],
    ]);
  });

  it('is never computed by a read: a like moves the count at once and the place at the next run', async () => {
    const [early, late] = [
      await insertTrack(t.db, artist, { genre: DEEP }),
      await insertTrack(t.db, artist, { genre: DEEP }),
    ];
    const raters = await listeners(t.db, 4);
    await verdictOf(t.db, early, raters, 3, 1);
    await refreshVerdicts(t.db, new Date(), 30);
    const before = await scoreOf(t.db, late);
    await verdictOf(t.db, late, raters, 4, 0);
    expect(await scoreOf(t.db, late)).toBe(before);
    await refreshVerdicts(t.db, new Date(), 30);
    expect(await scoreOf(t.db, late)).toBeCloseTo(wilsonLowerBound(4, 4), 9);
    expect(await scoreOf(t.db, late)).toBeGreaterThan(await scoreOf(t.db, early));
    // Running again at the same moment changes nothing.
    expect((await refreshVerdicts(t.db, new Date(), 30)).changed).toBe(0);
  });

  it('counts a like from an account younger than a day, a temporary or the demo account as nothing', async () => {
    const cases: [string, (id: string) => Promise<void>][] = [
      ['new', async () => undefined],
      [
        'temporary',
        async (id) => {
          await t.db.query(
            'update accounts set is_temporary = true, created_for_checkout = true where id = $1',
            [id],
          );
        },
      ],
      [
        'demo',
        async (id) => {
          await t.db.query('update accounts set email = $2 where id = $1', [id, DEMO_ACCOUNT.email]);
        },
      ],
    ];
    for (const [kind, make] of cases) {
      const track = await insertTrack(t.db, artist, { genre: DEEP, title: `Trusted ${kind}` });
      const account = await listener(t.db, kind === 'new' ? 0.5 : 30);
      await make(account);
      await rate(t.db, account, track, { kind: 'like', daysAgo: 0.01 });
      await refreshVerdicts(t.db, new Date(), 30);
      expect(await scoreOf(t.db, track), kind).toBe(0);
      if (kind === 'demo') await t.db.query('delete from accounts where id = $1', [account]);
    }
    // What counts is the age when the listener rated: a like given on the first day stays out
    // once the account is older; one given on the second day counts in full.
    const track = await insertTrack(t.db, artist, { genre: DEEP });
    const grown = await listener(t.db, 3);
    await rate(t.db, grown, track, { kind: 'like', daysAgo: 2.5 });
    await refreshVerdicts(t.db, new Date(), 30);
    expect(await scoreOf(t.db, track)).toBe(0);
    await rate(t.db, grown, track, { kind: 'like', daysAgo: 1 });
    await refreshVerdicts(t.db, new Date(), 30);
    expect(await scoreOf(t.db, track)).toBeCloseTo(wilsonLowerBound(1, 1), 9);
  });

  it('waits the trusted age the operator sets (VERDICT_ACCOUNT_MIN_AGE_HOURS), and 0 waits for none', async () => {
    const track = await insertTrack(t.db, artist, { genre: DEEP, title: 'Trusted at once' });
    const fresh = await listener(t.db, 0.01);
    await rate(t.db, fresh, track, { kind: 'like', daysAgo: 0.001 });
    await refreshVerdicts(t.db, new Date(), 30);
    expect(await scoreOf(t.db, track)).toBe(0);
    await refreshVerdicts(t.db, new Date(), 30, 0);
    expect(await scoreOf(t.db, track)).toBeCloseTo(wilsonLowerBound(1, 1), 9);
    // The job passes the configured age on; the default day discounts the like again.
    await t.db.query(`delete from jobs where kind = $1`, [CHART_VERDICT_JOB]);
    const runner = createJobRunner({
      db: t.db,
      log: t.app.log,
      kinds: {
        [CHART_VERDICT_JOB]: {
          lane: 'short',
          run: createChartVerdictHandler({ windowDays: 30, accountMinAgeMs: VERDICT.accountMinAgeMs }),
        },
      },
    });
    await requestChartVerdict(t.db, new Date());
    expect(await runner.runOnce()).toBe(true);
    expect(await scoreOf(t.db, track)).toBe(0);
  });

  it('counts the verdicts of an account that has not verified its email as nothing, until it does', async () => {
    const track = await insertTrack(t.db, artist, { genre: DEEP, title: 'Unverified' });
    const [unverified, verified] = await listeners(t.db, 2);
    await t.db.query('update accounts set email_verified_at = null where id = $1', [unverified]);
    await rate(t.db, unverified ?? '', track, { kind: 'like' });
    await rate(t.db, verified ?? '', track, { kind: 'skip' });
    await refreshVerdicts(t.db, new Date(), 30);
    // Only the verified skip counts: no like at all.
    expect(await scoreOf(t.db, track)).toBe(0);
    // Verified later, the same like counts at the next run (decision 0196: judged at the run).
    await t.db.query('update accounts set email_verified_at = now() where id = $1', [unverified]);
    await refreshVerdicts(t.db, new Date(), 30);
    expect(await scoreOf(t.db, track)).toBeCloseTo(wilsonLowerBound(1, 2), 9);
  });

  it('counts a like heard under 10 s in proportion to what was heard, and one never heard as nothing', async () => {
    const quick = await insertTrack(t.db, artist, { genre: DEEP });
    const unheard = await insertTrack(t.db, artist, { genre: DEEP });
    const full = await insertTrack(t.db, artist, { genre: DEEP });
    const [a, b, c] = await listeners(t.db, 3);
    for (const [track, heardMs] of [
      [quick, 4_000],
      [unheard, null],
      [full, 10_000],
    ] as const) {
      await rate(t.db, a ?? '', track, { kind: 'like', heardMs });
      await rate(t.db, b ?? '', track, { kind: 'skip' });
      await rate(t.db, c ?? '', track, { kind: 'like', heardMs: 60_000 });
    }
    await refreshVerdicts(t.db, new Date(), 30);
    expect(quickLikeWeight(4_000)).toBe(0.4);
    expect(await scoreOf(t.db, quick)).toBeCloseTo(wilsonLowerBound(1.4, 2.4), 9);
    expect(await scoreOf(t.db, unheard)).toBeCloseTo(wilsonLowerBound(1, 2), 9);
    expect(await scoreOf(t.db, full)).toBeCloseTo(wilsonLowerBound(2, 3), 9);
  });

  it('weighs a listener who likes over 95 % of 50+ rated deals down, to nothing at 100 %', async () => {
    const filler = await insertTrack(t.db, artist, { genre: HOUSE, featured: false });
    const judged: Record<string, string> = {};
    const fair = await listener(t.db, 30);
    // [likes, rated] of each listener's window, the judged track's like included.
    for (const [name, likes, rated] of [
      ['all', 60, 60],
      ['most', 59, 60],
      ['threshold', 57, 60],
      ['few', 49, 49],
    ] as const) {
      const track = await insertTrack(t.db, artist, { genre: HOUSE, featured: false });
      judged[name] = track;
      const who = await listener(t.db, 30);
      await rate(t.db, who, track, { kind: 'like' });
      for (let i = 1; i < rated; i++) await rate(t.db, who, filler, { kind: i < likes ? 'like' : 'skip' });
      await rate(t.db, fair, track, { kind: 'skip' });
    }
    await refreshVerdicts(t.db, new Date(), 30);
    const expected = (likes: number, rated: number) => {
      const w = likeEverythingWeight(likes, rated);
      return wilsonLowerBound(w, w + 1);
    };
    expect(likeEverythingWeight(60, 60)).toBe(0);
    expect(likeEverythingWeight(59, 60)).toBeCloseTo(1 / 3, 9);
    expect(await scoreOf(t.db, judged.all ?? '')).toBe(0);
    expect(await scoreOf(t.db, judged.most ?? '')).toBeCloseTo(expected(59, 60), 9);
    expect(await scoreOf(t.db, judged.threshold ?? '')).toBeCloseTo(wilsonLowerBound(1, 2), 9);
    expect(await scoreOf(t.db, judged.few ?? '')).toBeCloseTo(wilsonLowerBound(1, 2), 9);
  });

  it('judges only the window: older ratings age out, and CHART_WINDOW_DAYS sets its length', async () => {
    const track = await insertTrack(t.db, artist, { genre: DEEP });
    const [a, b] = await listeners(t.db, 2, 90);
    await rate(t.db, a ?? '', track, { kind: 'like', daysAgo: 20 });
    await rate(t.db, b ?? '', track, { kind: 'like', daysAgo: 40 });
    await refreshVerdicts(t.db, new Date(), 30);
    expect(await scoreOf(t.db, track)).toBeCloseTo(wilsonLowerBound(1, 1), 9);
    await refreshVerdicts(t.db, new Date(), 60);
    expect(await scoreOf(t.db, track)).toBeCloseTo(wilsonLowerBound(2, 2), 9);
    // Three weeks on, both have aged out of a 30-day window: back to no verdict.
    await refreshVerdicts(t.db, new Date(Date.now() + 21 * DAY_MS), 30);
    expect(await scoreOf(t.db, track)).toBe(0);
    // The job reads its window from the configuration.
    await t.db.query(`delete from jobs where kind = $1`, [CHART_VERDICT_JOB]);
    const runner = createJobRunner({
      db: t.db,
      log: t.app.log,
      kinds: { [CHART_VERDICT_JOB]: { lane: 'short', run: createChartVerdictHandler({ windowDays: 45 }) } },
    });
    await requestChartVerdict(t.db, new Date());
    await requestChartVerdict(t.db, new Date());
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(false);
    expect(await scoreOf(t.db, track)).toBeCloseTo(wilsonLowerBound(2, 2), 9);
  });

  it('reaches the deals dealt up to a deal’s open days before the window, rated in it (decision 0314)', async () => {
    const track = await insertTrack(t.db, artist, { genre: DEEP });
    const [a, b] = await listeners(t.db, 2, 90);
    // Rated an hour inside a 30-day window, dealt almost as long before as a deal stays open.
    const early = DEAL_RULES.openDays - 1 / 24;
    await rate(t.db, a ?? '', track, { kind: 'like', daysAgo: 30 - 1 / 24, dealtDaysEarlier: early });
    await rate(t.db, b ?? '', track, { kind: 'skip', daysAgo: 30 - 1 / 24, dealtDaysEarlier: early });
    await refreshVerdicts(t.db, new Date(), 30);
    expect(await scoreOf(t.db, track)).toBeCloseTo(wilsonLowerBound(1, 2), 9);
  });

  it('orders equal verdicts and an empty window the same way every time: newest, then by id', async () => {
    await t.db.query(`delete from deals`);
    await refreshVerdicts(t.db, new Date(), 30);
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from tracks where verdict_score <> 0',
    );
    expect(row?.n).toBe(0);
    // Newer than every other track of the genre, so they lead it.
    const same = new Date(Date.now() + 30_000);
    const twins = [
      await insertTrack(t.db, artist, { genre: DEEP }),
      await insertTrack(t.db, artist, { genre: DEEP }),
    ];
    await t.db.query('update tracks set uploaded_at = $2 where id = any($1::uuid[])', [twins, same]);
    const newest = await insertTrack(t.db, artist, { genre: DEEP });
    await t.db.query(`update tracks set uploaded_at = now() + interval '1 minute' where id = $1`, [newest]);
    const ordered = await t.db.query<{ id: string }>(
      `select id from tracks t where genre = $1 and not is_deleted and status = 'ready'
       order by t.verdict_score desc, t.uploaded_at desc, t.id limit 3`,
      [DEEP],
    );
    expect(ordered.map((r) => r.id)).toEqual([newest, ...[...twins].sort()]);
    // The chart reads the same order: the artist sees their own tracks revealed.
    const chart = await owner.get(`/api/catalogue/charts?genre=${encodeURIComponent(DEEP)}`);
    const ids = chartResponseSchema
      .parse(chart.json())
      .entries.slice(0, 3)
      .map((e) => (e.track.isRevealed ? e.track.id : null));
    expect(ids).toEqual(ordered.map((r) => r.id));
    // The artist's own chart place agrees with the chart, ties included.
    const own = artistTracksResponseSchema.parse((await owner.get('/api/tracks')).json());
    const place = Object.fromEntries(own.tracks.map((track) => [track.id, track.chart?.position]));
    expect(ordered.map((r) => place[r.id])).toEqual([1, 2, 3]);
  });
});

describe('the published method: GET /api/catalogue/charts/method', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("publishes the deck's first listens and the trusted age as the server is configured", async () => {
    const configured = await createTestApp({
      FIRST_LISTENS: '20',
      VERDICT_ACCOUNT_MIN_AGE_HOURS: '6',
      RADAR_EXPLORE: '0.25',
    });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/catalogue/charts/method' });
      expect(chartMethodSchema.parse(res.json()).rules).toMatchObject({
        firstListens: 20,
        radar: { enabled: true, band: 10, explorePercent: 25 },
        accountMinAgeHours: 6,
      });
    } finally {
      await configured.close();
    }
  });

  it('answers everyone with the rules and zero figures before the job has run', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalogue/charts/method' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(chartMethodSchema.parse(res.json())).toEqual({
      windowDays: 30,
      computedAt: null,
      rules: {
        firstListens: 50,
        radar: { enabled: true, band: 25, explorePercent: 10 },
        accountMinAgeHours: 24,
        fullLikeAfterSeconds: 10,
        likeEverythingMinRated: 50,
        likeEverythingPercent: 95,
        confidencePercent: 95,
      },
      figures: {
        deals: 0,
        rated: 0,
        likes: 0,
        likesDiscounted: 0,
        discountedBecause: { tooQuick: 0, newAccount: 0, likeEverything: 0 },
        accountsExcluded: 0,
        listeners: 0,
      },
    });
  });

  it('counts the window’s deals, likes, discounted likes by reason and excluded accounts, and nothing else', async () => {
    const artist = await insertAccount(t.db, 'artist');
    const track = await insertTrack(t.db, artist);
    const other = await insertTrack(t.db, artist, { genre: HOUSE });
    const [steady, quick] = await listeners(t.db, 2, 60);
    const fresh = await listener(t.db, 0.2);
    const eager = await listener(t.db, 30);
    // Served and rated as the window opens, dealt almost as long before as a deal stays open.
    await rate(t.db, steady ?? '', track, {
      kind: 'like',
      daysAgo: 29.9,
      dealtDaysEarlier: DEAL_RULES.openDays - 0.05,
    });
    await rate(t.db, steady ?? '', other, { kind: 'skip' });
    await rate(t.db, quick ?? '', track, { kind: 'like', heardMs: 3_000 });
    await rate(t.db, fresh, track, { kind: 'like', daysAgo: 0.1 });
    await rate(t.db, fresh, other, { kind: 'skip', daysAgo: 0.1 });
    // 51 likes and one skip: a like-everything listener (98 %).
    for (let i = 0; i < 52; i++) await rate(t.db, eager, other, { kind: i === 0 ? 'skip' : 'like' });
    // Outside the window: not counted.
    await rate(t.db, steady ?? '', other, { kind: 'like', daysAgo: 45 });
    // Dealt and never shown (the preload of a next track), and shown but left unrated.
    await t.db.query('insert into deals (user_id, track_id) values ($1, $2)', [steady, track]);
    await t.db.query(
      `insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms)
       values ($1, $2, now() - interval '1 hour', now() - interval '1 hour', 'left', now() - interval '59 minutes', 30000)`,
      [quick, other],
    );
    await refreshVerdicts(t.db, new Date(), 30);

    const res = await t.app.inject({ method: 'GET', url: '/api/catalogue/charts/method' });
    const method = chartMethodSchema.parse(res.json());
    expect(method.computedAt).not.toBeNull();
    expect(method.figures).toEqual({
      // Served in the window: 5 + 52 rated, and the one left.
      deals: 58,
      rated: 57,
      likes: 54,
      likesDiscounted: 53,
      discountedBecause: { tooQuick: 1, newAccount: 1, likeEverything: 51 },
      accountsExcluded: 1,
      listeners: 3,
    });
    for (const id of [artist, track, other, steady, quick, fresh, eager])
      expect(res.body).not.toContain(id ?? 'none');
  });
});

describe('the figures a chart row shows (decision 0257)', () => {
  let t: TestApp;
  let owner: Client;
  beforeAll(async () => {
    t = await createTestApp({ CHART_CACHE_MS: '0' });
    owner = await signUp(t.app, 'artist');
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts only what the verdict trusts, and the rows read in order of their cautious share', async () => {
    const track = (title: string) => insertTrack(t.db, owner.id, { genre: DEEP, title });
    const crowd = await listeners(t.db, 40);
    const fresh = await listeners(t.db, 4, 0.5);
    const [demo] = await listeners(t.db, 1);
    await t.db.query('update accounts set email = $2 where id = $1', [demo, DEMO_ACCOUNT.email]);

    // Five trusted likes, and four from accounts a few hours old that the verdict discounts.
    const padded = await track('Padded');
    await verdictOf(t.db, padded, crowd.slice(0, 5), 5, 0);
    for (const id of fresh) await rate(t.db, id, padded, { kind: 'like', daysAgo: 0.1 });
    const wide = await track('Wide');
    await verdictOf(t.db, wide, crowd.slice(0, 30), 20, 10);
    const small = await track('Small');
    await verdictOf(t.db, small, crowd.slice(10, 14), 3, 1);
    const unanimousFew = await track('Unanimous Few');
    await verdictOf(t.db, unanimousFew, crowd.slice(20, 22), 2, 0);
    const demoOnly = await track('Demo Only');
    await rate(t.db, demo ?? '', demoOnly, { kind: 'like' });
    // The like counters as the likes made them, discounted ones included.
    for (const [id, likes] of [
      [padded, 9],
      [wide, 20],
      [small, 3],
      [unanimousFew, 2],
      [demoOnly, 1],
    ] as const)
      await t.db.query('update tracks set likes = $2 where id = $1', [id, likes]);
    await refreshVerdicts(t.db, new Date(), 30);

    const chart = chartResponseSchema.parse(
      (await owner.get(`/api/catalogue/charts?genre=${encodeURIComponent(DEEP)}`)).json(),
    );
    const rows = chart.entries.map((e) => ({
      title: e.track.isRevealed ? e.track.title : '',
      figures: e.figures ?? { share: -1, listeners: -1, cautiousShare: -1, likes: -1 },
    }));
    expect(rows.find((r) => r.title === 'Padded')?.figures).toEqual({
      share: 1,
      listeners: 5,
      cautiousShare: wilsonLowerBound(5, 5),
      likes: 9,
    });
    expect(rows.find((r) => r.title === 'Demo Only')?.figures).toMatchObject({ share: 0, listeners: 0 });
    // Every row's cautious share is what its shown share and listeners make, and no row ranks
    // above one with a higher cautious share.
    for (const { figures } of rows) {
      expect(figures.cautiousShare).toBeCloseTo(
        wilsonLowerBound(figures.share * figures.listeners, figures.listeners),
        9,
      );
    }
    for (const [i, row] of rows.slice(1).entries()) {
      const above = rows[i]?.figures;
      expect(above?.cautiousShare).toBeGreaterThanOrEqual(row.figures.cautiousShare);
      // A row with a lower share sits above another only when more listeners heard it.
      if ((above?.share ?? 0) < row.figures.share)
        expect(above?.listeners).toBeGreaterThan(row.figures.listeners);
    }
    expect(rows.map((r) => r.title)).toEqual(['Padded', 'Wide', 'Unanimous Few', 'Small', 'Demo Only']);
  });
});
