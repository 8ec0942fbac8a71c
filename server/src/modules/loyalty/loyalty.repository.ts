import { LOYALTY_TIERS } from '@klang/domain';
import type { Queryable } from '../../db/client';
import type { Span } from './listening-spans';

export type AwardReason = 'swipe' | 'like' | 'library' | 'listening' | 'daily_login' | 'blind_note';

/** What one award adds to the user's counters besides its points. */
export interface XpDelta {
  points: number;
  swipes?: number;
  likes?: number;
  dislikes?: number;
  addedToLibrary?: number;
  listeningSeconds?: number;
  dailyLogins?: number;
  lastLoginDate?: string;
}

// The tier is recomputed in the same statement as the total, from the domain thresholds, so a
// concurrent award can never leave a total and a tier that disagree.
const THRESHOLD_PARAMS = [...LOYALTY_TIERS].reverse();
function tierCase(total: string, firstParam: number): string {
  const whens = THRESHOLD_PARAMS.map((t, i) => `when ${total} >= $${firstParam + i} then '${t.tier}'`).join(
    ' ',
  );
  return `case ${whens} else 'Red' end`;
}

/**
 * The user_xp upsert: adds one row of deltas from `source` (a select of user_id, points, swipes,
 * likes, dislikes, added_to_library, listening minutes, daily logins, last login date) to the
 * user's counters, creating the row when missing, with the tier thresholds from `$firstParam`.
 * Listening is counted in seconds; `listening_time`, the spec's minutes, follows from them.
 */
function upsertXp(source: string, firstParam: number): string {
  return `insert into user_xp as x (user_id, total_points, swipes, likes, dislikes, added_to_library,
                                   listening_seconds, daily_logins, last_login_date, tier, listening_time)
         select d.*, case when d.points = 0 then 'Bronze' else ${tierCase('d.points', firstParam)} end,
                d.listening_seconds / 60
         from (${source}) as d (user_id, points, swipes, likes, dislikes, added_to_library,
                                listening_seconds, daily_logins, last_login_date)
         on conflict (user_id) do update set
           total_points = x.total_points + excluded.total_points,
           swipes = x.swipes + excluded.swipes,
           likes = x.likes + excluded.likes,
           dislikes = x.dislikes + excluded.dislikes,
           added_to_library = x.added_to_library + excluded.added_to_library,
           listening_seconds = x.listening_seconds + excluded.listening_seconds,
           listening_time = (x.listening_seconds + excluded.listening_seconds) / 60,
           daily_logins = x.daily_logins + excluded.daily_logins,
           last_login_date = coalesce(excluded.last_login_date, x.last_login_date),
           tier = case when excluded.total_points = 0 then x.tier
                       else ${tierCase('x.total_points + excluded.total_points', firstParam)} end,
           last_updated = now()`;
}

/** The award of a track's actions, as common table expressions for a statement (see below). */
export interface AwardStatementPart {
  /** `earned as (…), applied as (…)`: `earned` returns the reasons this statement awarded. */
  ctes: string;
  /** The part's own values, to be appended to the statement's at `firstParam`. */
  params: unknown[];
}

/**
 * Records several awards of one track once each and adds the new ones to the user's counters.
 * `user` and `track` are the statement's placeholders for them; `when` a condition the award
 * waits on (`true`, or that a caller's own CTE wrote something); the part's values start at
 * `$firstParam`. The ledger's unique index decides "once", even under concurrent requests.
 */
export function trackAwardStatementPart(options: {
  user: string;
  track: string;
  when: string;
  firstParam: number;
  awards: readonly { reason: AwardReason; points: number }[];
}): AwardStatementPart {
  const { user, track, when, firstParam: n } = options;
  return {
    ctes: `earned as (
           insert into point_awards (user_id, reason, points, award_key, track_id)
           select ${user}::uuid, reason, points, ${track}::text, ${track}::uuid
           from unnest($${String(n)}::text[], $${String(n + 1)}::int[]) as a(reason, points)
           where ${when}
           on conflict (user_id, reason, award_key) where award_key is not null do nothing
           returning reason, points),
         applied as (
           ${upsertXp(
             `select ${user}::uuid, sum(points)::int,
                     count(*) filter (where reason = 'swipe')::int, count(*) filter (where reason = 'like')::int, 0,
                     count(*) filter (where reason = 'library')::int, 0, 0, null::date
              from earned having count(*) > 0`,
             n + 2,
           )})`,
    params: [
      options.awards.map((a) => a.reason),
      options.awards.map((a) => a.points),
      ...THRESHOLD_PARAMS.map((t) => t.from),
    ],
  };
}

export function createLoyaltyRepository(db: Queryable) {
  return {
    /**
     * Records an award once: false when the same (user, reason, key) was awarded before, which
     * the partial unique index decides even under concurrent requests.
     */
    async insertAward(
      userId: string,
      reason: AwardReason,
      points: number,
      options: { awardKey?: string; trackId?: string } = {},
    ): Promise<boolean> {
      const rows = await db.query(
        `insert into point_awards (user_id, reason, points, award_key, track_id)
         values ($1, $2, $3, $4, $5)
         on conflict (user_id, reason, award_key) where award_key is not null do nothing
         returning id`,
        [userId, reason, points, options.awardKey ?? null, options.trackId ?? null],
      );
      return rows.length === 1;
    },

    /** How many of the user's awards of `reason` have a key starting with `keyPrefix`. */
    async countAwards(userId: string, reason: AwardReason, keyPrefix: string): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `select count(*)::int as n from point_awards
         where user_id = $1 and reason = $2 and starts_with(award_key, $3)`,
        [userId, reason, keyPrefix],
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * Adds a delta to the user's row in one statement, creating the row if the account has none
     * yet (a new row with no points keeps the initial tier, Bronze), and recomputes the tier.
     */
    async applyDelta(userId: string, delta: XpDelta): Promise<{ totalPoints: number; tier: string }> {
      const rows = await db.query<{ total_points: number; tier: string }>(
        `${upsertXp(`select $1::uuid, $2::int, $3::int, $4::int, $5::int, $6::int, $7::int, $8::int, $9::date`, 10)}
         returning total_points, tier`,
        [
          userId,
          delta.points,
          delta.swipes ?? 0,
          delta.likes ?? 0,
          delta.dislikes ?? 0,
          delta.addedToLibrary ?? 0,
          delta.listeningSeconds ?? 0,
          delta.dailyLogins ?? 0,
          delta.lastLoginDate ?? null,
          ...THRESHOLD_PARAMS.map((t) => t.from),
        ],
        { prepare: true },
      );
      const row = rows[0];
      if (!row) throw new Error('user_xp upsert returned nothing');
      return { totalPoints: row.total_points, tier: row.tier };
    },

    /**
     * Records several awards of one track at once and adds the new ones to the user's counters,
     * in one statement; returns the reasons that were new.
     */
    async insertTrackAwards(
      userId: string,
      trackId: string,
      awards: readonly { reason: AwardReason; points: number }[],
    ): Promise<AwardReason[]> {
      const part = trackAwardStatementPart({ user: '$1', track: '$2', when: 'true', firstParam: 3, awards });
      const rows = await db.query<{ reason: AwardReason }>(
        `with ${part.ctes} select reason from earned`,
        [userId, trackId, ...part.params],
        { prepare: true },
      );
      return rows.map((r) => r.reason);
    },

    /** What the loyalty card shows; nulls where the account has no profile or points row yet. */
    async findCard(userId: string) {
      const rows = await db.query<{
        username: string | null;
        tier: string | null;
        total_points: number | null;
        swipes: number | null;
        likes: number | null;
        added_to_library: number | null;
        listening_time: number | null;
      }>(
        `select p.username, x.tier, x.total_points, x.swipes, x.likes, x.added_to_library, x.listening_time
         from accounts a
         left join profiles p on p.id = a.id
         left join user_xp x on x.user_id = a.id
         where a.id = $1`,
        [userId],
      );
      return rows[0];
    },

    /**
     * Locks the user's row for a listening credit (one credit at a time per user) and reads the
     * spans already credited, in order.
     */
    async lockListening(userId: string): Promise<Span[]> {
      await db.query('insert into user_xp (user_id) values ($1) on conflict (user_id) do nothing', [userId]);
      const rows = await db.query<{ start: Date; end: Date }>(
        `select lower(r) as start, upper(r) as end
         from (select listening_credited from user_xp where user_id = $1 for update) x,
              unnest(x.listening_credited) r
         order by 1`,
        [userId],
      );
      return rows.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }));
    },

    /**
     * Adds newly credited spans to the user's, keeping only what ends after `keepFrom`: nothing
     * older can be part of a credit again.
     */
    async addCredited(userId: string, spans: readonly Span[], keepFrom: Date): Promise<void> {
      await db.query(
        `update user_xp set listening_credited =
           (listening_credited + coalesce((select range_agg(tstzrange(s, e))
                                           from unnest($2::timestamptz[], $3::timestamptz[]) as n (s, e)),
                                          '{}'))
           * tstzmultirange(tstzrange($4, null))
         where user_id = $1`,
        [
          userId,
          spans.map((span) => new Date(span.start).toISOString()),
          spans.map((span) => new Date(span.end).toISOString()),
          keepFrom,
        ],
      );
    },
  };
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>;
