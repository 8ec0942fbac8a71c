import { stringify } from 'csv-stringify/sync';
import {
  AB_TEST_MESSAGES,
  abVerdict,
  asSpreadsheetText,
  HOOKS,
  TIER_LIMITS,
  TRACK_MESSAGES,
  wilsonInterval,
  type AbTest,
  type AbVersionFigures,
  type StartAbTest,
  type SubscriptionTier,
  type TrackAbTest,
  type UserRole,
} from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import { aggregateHearings } from './hook-aggregates';
import type { AbTestRow, AbTestsRepository } from './ab-tests.repository';
import { dealsSince, type HooksRepository } from './hooks.repository';

export interface AbTestsServiceDeps {
  db: Db;
  repository: AbTestsRepository;
  hooks: HooksRepository;
  loadAccess(accountId: string): Promise<{ userType: UserRole; subscriptionTier: SubscriptionTier }>;
}

/**
 * Blind A/B tests (issue 31 item 1, decision 0304). Each version's figures are hook analytics
 * over that version's deals (the same trust, floor and steps of five); the test decides by the
 * sequential rule of decision 0303 at every look, the artist's or the periodic one.
 */
export function createAbTestsService(deps: AbTestsServiceDeps) {
  const { db, repository, hooks } = deps;
  const ENDINGS = { 'a-wins': 'a-won', 'b-wins': 'b-won', 'no-clear-winner': 'no-clear-winner' } as const;
  type Ending = (typeof ENDINGS)[keyof typeof ENDINGS];

  async function versionFigures(test: AbTestRow, version: 'a' | 'b'): Promise<AbVersionFigures | null> {
    const durationMs = version === 'a' ? test.duration_a_ms : test.duration_b_ms;
    const groups = await hooks.hearingGroups(test.track_id, {
      artistId: test.artist_id,
      floor: HOOKS.minListeners,
      durationMs,
      steps: HOOKS.curveSteps,
      since: dealsSince(new Date(test.started_at)),
      version: { testId: test.id, version, endedAt: test.ended_at },
    });
    const aggregates = aggregateHearings(groups, durationMs);
    if (!aggregates) return null;
    const rated = aggregates.likes + aggregates.skips;
    return {
      listeners: aggregates.listeners,
      likes: aggregates.likes,
      skips: aggregates.skips,
      likeRate: aggregates.likeRate,
      interval: rated > 0 ? wilsonInterval(aggregates.likes, rated) : null,
      skipCurve: aggregates.skipCurve.points,
      medianSecondsToLike: aggregates.secondsToLike.medianSeconds,
    };
  }

  /** A test's figures, and the ending the stopping rule reaches on them (null: it runs on). */
  async function look(test: AbTestRow): Promise<{ view: AbTest; ending: Ending | null }> {
    const [a, b] = await Promise.all([versionFigures(test, 'a'), versionFigures(test, 'b')]);
    const judged =
      a && b
        ? abVerdict(
            { likes: a.likes, rated: a.likes + a.skips },
            { likes: b.likes, rated: b.likes + b.skips },
            Math.min(a.listeners, b.listeners),
            test.cap,
          )
        : null;
    const view: AbTest = {
      id: test.id,
      status: test.status,
      versionA: { trackId: test.track_id, title: test.title_a, durationMs: test.duration_a_ms },
      versionB: { trackId: test.version_b_track_id, title: test.title_b, durationMs: test.duration_b_ms },
      cap: test.cap,
      startedAt: test.started_at.toISOString(),
      endedAt: test.ended_at?.toISOString() ?? null,
      a,
      b,
      probabilityBBeatsA: judged?.probabilityBBeatsA ?? null,
      threshold: judged?.threshold ?? null,
    };
    const ending =
      test.status === 'running' && judged && judged.verdict !== 'running' ? ENDINGS[judged.verdict] : null;
    return { view, ending };
  }

  /**
   * Looks at a test and, when the rule has decided, ends it (and swaps in a winning B); null when
   * it ended now, to be read again. Two looks at once end it once: the second finds it ended.
   */
  async function lookAndDecide(test: AbTestRow): Promise<AbTest | null> {
    const { view, ending } = await look(test);
    if (ending === null) return view;
    await db.transaction((tx) => repository.end(tx, test.id, ending));
    return null;
  }

  async function ownTrack(accountId: string, trackId: string) {
    const track = await repository.findOwnTrack(accountId, trackId);
    if (!track.is_artist) throw new AppError('FORBIDDEN', TRACK_MESSAGES.artistsOnly);
    if (track.id === null || track.title === null) throw new AppError('NOT_FOUND', TRACK_MESSAGES.notOwned);
    return { id: track.id, title: track.title, featured: track.featured === true };
  }

  async function page(accountId: string, trackId: string): Promise<TrackAbTest> {
    const track = await ownTrack(accountId, trackId);
    const [access, candidates] = await Promise.all([
      deps.loadAccess(accountId),
      repository.candidates(accountId, track.id),
    ]);
    // A look that ends the test reads it again, ended (and with a winning B's audio swapped in).
    let test: AbTest | null = null;
    for (let attempt = 0; attempt < 2 && test === null; attempt++) {
      const row = await repository.latestTest(track.id);
      if (!row) break;
      test = row.status === 'running' ? await lookAndDecide(row) : (await look(row)).view;
    }
    return {
      trackId: track.id,
      title: track.title,
      featured: track.featured,
      allowed: TIER_LIMITS[access.subscriptionTier].kit,
      candidates: candidates.map((c) => ({ trackId: c.id, title: c.title, durationMs: c.duration_ms })),
      test,
    };
  }

  return {
    /** The track's test page; 403 for a listener, 404 for a track that is not theirs. */
    page,

    async start(account: SessionAccount, trackId: string, body: StartAbTest): Promise<TrackAbTest> {
      const track = await ownTrack(account.id, trackId);
      if (!TIER_LIMITS[(await deps.loadAccess(account.id)).subscriptionTier].kit)
        throw new AppError('FORBIDDEN', AB_TEST_MESSAGES.proOnly);
      const started = await db.transaction(async (tx) => {
        await repository.lockArtist(tx, account.id);
        return repository.start(tx, account.id, track.id, body.versionBTrackId, body.cap);
      });
      if ('refused' in started) {
        if (started.refused === 'running') throw new AppError('CONFLICT', AB_TEST_MESSAGES.alreadyRunning);
        if (started.refused === 'not-featured') throw new AppError('CONFLICT', AB_TEST_MESSAGES.notFeatured);
        throw new AppError('VALIDATION_FAILED', AB_TEST_MESSAGES.versionNotEligible);
      }
      return page(account.id, track.id);
    },

    async stop(account: SessionAccount, trackId: string): Promise<TrackAbTest> {
      const track = await ownTrack(account.id, trackId);
      const stopped = await db.transaction((tx) => repository.stop(tx, account.id, track.id));
      if (!stopped) throw new AppError('CONFLICT', AB_TEST_MESSAGES.notRunning);
      return page(account.id, track.id);
    },

    /** The periodic look: every running test the rule has decided ends, unseen or not. */
    async lookAtRunningTests(): Promise<number> {
      let ended = 0;
      for (const row of await repository.runningTests()) {
        if ((await lookAndDecide(row)) === null) ended += 1;
      }
      return ended;
    },

    /** The latest test's figures as CSV rows: version, measure, value. */
    async csv(accountId: string, trackId: string): Promise<{ title: string; csv: string }> {
      const view = await page(accountId, trackId);
      return { title: view.title, csv: abTestCsv(view) };
    },
  };
}

const rate = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(4);

/** The CSV export of a track's latest test, one row per measure, RFC 4180 quoting. */
export function abTestCsv(view: TrackAbTest): string {
  const rows: (string | number)[][] = [
    ['version', 'measure', 'value'],
    ['track', 'title', asSpreadsheetText(view.title)],
  ];
  const test = view.test;
  rows.push(['test', 'status', test?.status ?? 'none']);
  if (test) {
    rows.push(
      ['test', 'started_at', test.startedAt],
      ['test', 'ended_at', test.endedAt ?? ''],
      ['test', 'cap_listeners_per_version', test.cap],
      ['test', 'probability_b_beats_a', rate(test.probabilityBBeatsA)],
      ['test', 'winning_threshold', rate(test.threshold)],
    );
    for (const [name, version, figures] of [
      ['a', test.versionA, test.a],
      ['b', test.versionB, test.b],
    ] as const) {
      rows.push(
        [name, 'title', asSpreadsheetText(version.title)],
        [name, 'duration_ms', version.durationMs ?? ''],
        [name, 'listeners', figures?.listeners ?? ''],
      );
      if (figures) {
        rows.push(
          [name, 'likes', figures.likes],
          [name, 'skips', figures.skips],
          [name, 'like_rate', rate(figures.likeRate)],
          [name, 'like_rate_95_low', rate(figures.interval?.low)],
          [name, 'like_rate_95_high', rate(figures.interval?.high)],
          [name, 'median_seconds_to_like', figures.medianSecondsToLike ?? ''],
          ...figures.skipCurve.map((p) => [
            name,
            `still_listening_at_${String(p.positionMs)}ms`,
            rate(p.share),
          ]),
        );
      }
    }
  }
  return stringify(rows, { record_delimiter: 'windows' });
}

export type AbTestsService = ReturnType<typeof createAbTestsService>;
