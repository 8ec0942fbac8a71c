import {
  PRODUCT_NAME,
  CATALOGUE_MESSAGES,
  DEFAULT_CHART_GENRE,
  isActiveChartGenre,
  LIMITS,
  MASK,
  DEAL_RULES,
  VERDICT,
  type ArtistPage,
  type ChartMethod,
  type ChartResponse,
  type FollowedArtists,
  type ListedTrack,
  type Movement,
  type RevealedListedTrack,
} from '@klang/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { ShareCard } from '../../plugins/web-app';
import { toRevealedSound } from '../../lib/sound/stored-sound';
import type { Bucket, StorageProvider } from '../../providers/storage/storage';
import { utcDay } from './chart-day';
import {
  createCatalogueRepository,
  type ArtistRow,
  type RankedRow,
  type TrackRow,
} from './catalogue.repository';

const nonEmpty = (text: string | null) => (text?.trim() ? text.trim() : null);

const ARTIST_PATH = /^\/artist\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
/** The shape artist_profiles_url_format allows, as a single path segment. */
const CUSTOM_URL_PATH = /^\/([a-z0-9][a-z0-9-]{1,38}[a-z0-9])\/?$/i;
/** A shared link is read by crawlers long after it is posted: its image URL lives a week. */
const SHARE_IMAGE_SECONDS = 7 * 24 * 3600;

/** How many places a chart shows (performance-and-security A6: the top 50). */
export const CHART_LENGTH = 50;

const MASKED = { isRevealed: false, title: MASK, artist: MASK, genre: MASK, label: MASK } as const;

/** Spec 001 §4 Track chart movement: lower number is up; no row yesterday is new. */
export function movementOf(position: number, yesterday: number | null): Movement {
  if (yesterday === null) return { type: 'new', amount: 0 };
  if (position < yesterday) return { type: 'up', amount: yesterday - position };
  if (position > yesterday) return { type: 'down', amount: position - yesterday };
  return { type: 'same', amount: 0 };
}

/**
 * Charts, the library, public artist pages and the artists a listener follows (spec 001 §2, §4).
 * WARNING: every list goes through `toListed`, the one place that decides what a listener may
 * see of a track; a track not liked (and not their own) leaves as '****' with no id.
 */
export function createCatalogueService(deps: {
  db: Queryable;
  storage: StorageProvider;
  clock?: () => Date;
  /** How long a genre's ranking is reused by this process (0: read it every time). */
  chartCacheMs?: number;
  /** The verdict's window (CHART_WINDOW_DAYS), stated by the method page until the job has run. */
  chartWindowDays?: number;
  /** How old a trusted account is (VERDICT_ACCOUNT_MIN_AGE_HOURS), stated by the method page. */
  accountMinAgeMs?: number;
  /** The deck's first listens (FIRST_LISTENS), published with the chart's own rules. */
  firstListens?: number;
  /** Blind Radar's settings (RADAR, RADAR_BAND, RADAR_EXPLORE), published with the deal's rules. */
  radar?: { enabled: boolean; band: number; explore: number };
}) {
  const { storage } = deps;
  const repo = createCatalogueRepository(deps.db);
  const now = deps.clock ?? (() => new Date());
  const chartCacheMs = deps.chartCacheMs ?? 0;
  // The ranking is the same for every listener, so concurrent readers share one query; what each
  // may see is decided per request below. A rejected read is not kept.
  const rankings = new Map<string, { at: number; rows: Promise<RankedRow[]> }>();
  function ranking(genre: string, yesterday: string): Promise<RankedRow[]> {
    const key = `${genre}|${yesterday}`;
    const at = now().getTime();
    const cached = rankings.get(key);
    if (cached && at - cached.at < chartCacheMs) return cached.rows;
    const rows = repo.ranking(genre, yesterday, CHART_LENGTH);
    if (chartCacheMs > 0) {
      rankings.set(key, { at, rows });
      rows.catch(() => rankings.delete(key));
    }
    return rows;
  }

  const sign = (bucket: Bucket | null, key: string | null) =>
    bucket && key
      ? storage.signedUrl(bucket, key, { expiresInSeconds: LIMITS.secureUrlMaxSeconds })
      : Promise.resolve(null);

  async function reveal(row: TrackRow): Promise<RevealedListedTrack> {
    return {
      isRevealed: true,
      id: row.id,
      title: row.title,
      artist: row.artist_name ?? CATALOGUE_MESSAGES.unknownArtist,
      artistId: row.artist_id,
      genre: row.genre,
      label: row.label,
      coverUrl: await sign(row.cover_bucket, row.cover_key),
      durationMs: row.duration_ms,
      sound: toRevealedSound(row),
    };
  }

  const toListed = (row: TrackRow): Promise<ListedTrack> =>
    row.is_revealed ? reveal(row) : Promise.resolve(MASKED);

  async function toArtistPage(userId: string | null, artist: ArtistRow): Promise<ArtistPage> {
    const tracks = await repo.artistTracks(userId, artist.id);
    return {
      artist: {
        id: artist.id,
        name: artist.artist_name ?? CATALOGUE_MESSAGES.unknownArtist,
        username: artist.username,
        bio: artist.bio,
        imageUrl: await sign(artist.avatar_bucket, artist.avatar_key),
        goldBadge: artist.gold_badge_applied,
        followers: artist.followers,
        isFollowing: artist.is_following,
        // The custom URL is the pro artists' privilege (spec 001 §5 Public artist lookup).
        artistUrl: artist.subscription_tier === 'pro' ? artist.artist_url : null,
        instagram: artist.instagram,
        website: artist.website,
      },
      tracks: await Promise.all(tracks.map(toListed)),
    };
  }

  return {
    /**
     * A genre's chart: the active genres are ranked, an inactive one has no chart (spec 001 §4
     * Charts: filtered by genre only when the genre is active).
     */
    async chart(userId: string, genre: string = DEFAULT_CHART_GENRE): Promise<ChartResponse> {
      if (!isActiveChartGenre(genre)) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.genreNotCharted);
      const rows = await ranking(genre, utcDay(now(), -1));
      const liked = await repo.likedAmong(
        userId,
        rows.map((row) => row.id),
      );
      return {
        genre,
        entries: await Promise.all(
          rows.map(async (row) => {
            const isRevealed = row.artist_id === userId || liked.has(row.id);
            return {
              position: row.position,
              figures: isRevealed
                ? {
                    share: row.verdict_share,
                    listeners: row.verdict_listeners,
                    cautiousShare: row.verdict_score,
                    likes: row.likes,
                  }
                : null,
              movement: isRevealed ? movementOf(row.position, row.yesterday_position) : null,
              track: await toListed({ ...row, is_revealed: isRevealed }),
            };
          }),
        ),
      };
    },

    /**
     * The track at `position` of a genre's chart as this listener sees it, when that row is
     * masked to them, for a blind play from the chart (decision 0288); undefined past the chart's
     * end or for their own track. Whether they liked it is the deal's to check, in its insert.
     */
    async chartTrackAt(
      userId: string,
      genre: string = DEFAULT_CHART_GENRE,
      position: number,
    ): Promise<string | undefined> {
      if (!isActiveChartGenre(genre)) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.genreNotCharted);
      const row = (await ranking(genre, utcDay(now(), -1))).find((r) => r.position === position);
      return row && row.artist_id !== userId ? row.id : undefined;
    },

    /**
     * The published method (issue 19 item 4): the rules the verdict job (`catalogue.refresh-verdicts`) applies, from the
     * same constants, and the aggregates of its last run. Counts over the window only: nothing
     * names, links or counts one listener or one track.
     */
    async method(): Promise<ChartMethod> {
      const row = await repo.methodFigures();
      return {
        windowDays: row?.window_days ?? deps.chartWindowDays ?? VERDICT.windowDays,
        computedAt: row?.computed_at.toISOString() ?? null,
        rules: {
          firstListens: deps.firstListens ?? DEAL_RULES.firstListensDefault,
          radar: {
            enabled: deps.radar?.enabled ?? false,
            band: deps.radar?.band ?? deps.firstListens ?? DEAL_RULES.firstListensDefault,
            explorePercent: Math.round((deps.radar?.explore ?? 1) * 100),
          },
          accountMinAgeHours: (deps.accountMinAgeMs ?? VERDICT.accountMinAgeMs) / 3_600_000,
          fullLikeAfterSeconds: VERDICT.fullLikeAfterMs / 1000,
          likeEverythingMinRated: VERDICT.likeEverythingMinRated,
          likeEverythingPercent: VERDICT.likeEverythingShare * 100,
          confidencePercent: VERDICT.confidencePercent,
        },
        figures: {
          deals: row?.deals ?? 0,
          rated: row?.rated ?? 0,
          likes: row?.likes ?? 0,
          likesDiscounted: row?.likes_discounted ?? 0,
          discountedBecause: {
            tooQuick: row?.discounted_too_quick ?? 0,
            newAccount: row?.discounted_new_account ?? 0,
            likeEverything: row?.discounted_like_everything ?? 0,
          },
          accountsExcluded: row?.accounts_excluded ?? 0,
          listeners: row?.listeners ?? 0,
        },
      };
    },

    async library(userId: string): Promise<{ tracks: RevealedListedTrack[] }> {
      const rows = await repo.library(userId);
      return { tracks: await Promise.all(rows.map(reveal)) };
    },

    /** Any artist by id (spec 001 §5); a signed-out visitor (null) sees every track masked. */
    async artistById(userId: string | null, artistId: string): Promise<ArtistPage> {
      const artist = await repo.findArtistById(userId, artistId);
      if (!artist) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.profileNotAvailable);
      return toArtistPage(userId, artist);
    },

    /** A custom URL works only for a pro artist; otherwise 'Profile not available'. */
    async artistByUrl(userId: string | null, artistUrl: string): Promise<ArtistPage> {
      const artist = await repo.findArtistByUrl(userId, artistUrl);
      if (artist?.subscription_tier !== 'pro')
        throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.profileNotAvailable);
      return toArtistPage(userId, artist);
    },

    /**
     * The share card of an artist page (`/artist/{id}` or a pro artist's `/{artistUrl}`) for the
     * server to render into the page's head; null for any other path or an unavailable profile.
     */
    async shareCard(pathname: string, publicUrl: string): Promise<ShareCard | null> {
      const byId = ARTIST_PATH.exec(pathname)?.[1];
      const byUrl = byId ? undefined : CUSTOM_URL_PATH.exec(pathname)?.[1];
      if (!byId && !byUrl) return null;
      const artist = byId
        ? await repo.findArtistById(null, byId)
        : await repo.findArtistByUrl(null, byUrl ?? '');
      if (!artist || (byUrl && artist.subscription_tier !== 'pro')) return null;
      const name = artist.artist_name ?? CATALOGUE_MESSAGES.unknownArtist;
      return {
        title: `${name} | ${PRODUCT_NAME}`,
        description: nonEmpty(artist.bio) ?? `Discover music by ${name} on ${PRODUCT_NAME}.`,
        url: new URL(pathname, publicUrl).toString(),
        imageUrl:
          artist.avatar_bucket && artist.avatar_key
            ? new URL(
                await storage.signedUrl(artist.avatar_bucket, artist.avatar_key, {
                  expiresInSeconds: SHARE_IMAGE_SECONDS,
                }),
                publicUrl,
              ).toString()
            : null,
      };
    },

    async followedArtists(userId: string): Promise<{ artists: FollowedArtists }> {
      const rows = await repo.followedArtists(userId);
      return {
        artists: await Promise.all(
          rows.map(async (row) => ({
            id: row.id,
            name: row.artist_name ?? CATALOGUE_MESSAGES.unknownArtist,
            imageUrl: await sign(row.avatar_bucket, row.avatar_key),
            goldBadge: row.gold_badge_applied,
            followedAt: row.followed_at.toISOString(),
          })),
        ),
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/**
 * The catalogue's rows that go when another area removes what they hang on (decision 0240): a
 * deleted track's chart positions, in the deletion's transaction.
 */
export const catalogueRecords = {
  forgetTrack: (tx: Queryable, trackId: string) => createCatalogueRepository(tx).forgetTrack(trackId),
};
