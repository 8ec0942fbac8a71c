import type { FastifyBaseLogger } from 'fastify';
import { DEMO_ACCOUNT, VERDICT } from '@klang/domain';
import { hashPassword } from '../../modules/accounts/password';
import type { StorageProvider } from '../../providers/storage/storage';
import type { Db, Queryable } from '../client';
import { renderAvatar } from '../../lib/art/avatar';
import { renderCover } from '../../lib/art/cover';
import { SEED_CATALOGUE, type SeedArtist, type SeedCatalogue, type SeedTrack } from './catalogue';
import { refreshVerdicts, writeChartSnapshot } from '../../modules/catalogue/catalogue.repository';
import { DEMO_ARTIST, DEMO_ARTIST_TRACKS } from './demo-account';
import { FORUM_CATEGORIES } from './forum-categories';
import { SEED_FORUM_THREADS } from './forum-threads';
import {
  createSeedMediaStore,
  DEFAULT_RENDER_CACHE_DIR,
  renderSeedMusic,
  type StoredSeedMedia,
} from './seed-media';
import { dealTiming, planQuickListeners, QUICK_LISTENERS } from './seed-deals';
import { planSeed } from './seed-plan';
import { insertRows } from './seed-rows';

const DAY_MS = 86_400_000;

export interface SeedOptions {
  db: Db;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  cacheDir?: string;
  /** Fixes "now" (tests). */
  now?: Date;
  /** The content to seed; tests pass a small one. Defaults to the full demo catalogue. */
  catalogue?: SeedCatalogue;
}

/** The full demo catalogue: the seeded artists and listeners, plus the demo account and its tracks. */
export const FULL_CATALOGUE: SeedCatalogue = {
  ...SEED_CATALOGUE,
  artists: [...SEED_CATALOGUE.artists, DEMO_ARTIST],
  tracks: [...SEED_CATALOGUE.tracks, ...DEMO_ARTIST_TRACKS],
};

/**
 * Seeds demo content into an empty database: the first start of a fresh data directory.
 * Music and artwork are rendered on this machine; all rows go in one transaction, so a seed
 * either happens whole or not at all (files of a failed seed are removed again).
 */
export async function seedIfEmpty(options: SeedOptions): Promise<boolean> {
  const existing = await options.db.query('select 1 from accounts limit 1');
  if (existing.length > 0) return false;
  await seed(options);
  return true;
}

async function seed({
  db,
  storage,
  log,
  cacheDir = DEFAULT_RENDER_CACHE_DIR,
  now = new Date(),
  catalogue = FULL_CATALOGUE,
}: SeedOptions) {
  const started = Date.now();
  log.info({ tracks: catalogue.tracks.length }, 'seeding demo content: rendering music and artwork');

  const music = await renderSeedMusic(
    [
      ...catalogue.tracks.map((t) => ({ key: t.key, params: t.music })),
      ...catalogue.demoTracks.map((t) => ({ key: t.key, params: t.music })),
    ],
    {
      cacheDir,
      onProgress: (done, total) => {
        if (done % 10 === 0 || done === total) log.info(`seed music ${done}/${total}`);
      },
    },
  );

  const media = createSeedMediaStore(storage);
  try {
    const audio = new Map<string, StoredSeedMedia>();
    const covers = new Map<string, StoredSeedMedia>();
    const avatars = new Map<string, StoredSeedMedia>();
    for (const track of [...catalogue.tracks, ...catalogue.demoTracks]) {
      const rendered = music.get(track.key);
      if (!rendered) throw new Error(`no music rendered for ${track.key}`);
      const isDemo = catalogue.demoTracks.some((d) => d.key === track.key);
      audio.set(
        track.key,
        await media.put(isDemo ? 'demo' : 'renditions', rendered.mp3, 'audio/mpeg', 'mp3'),
      );
      covers.set(track.key, await media.put('coverart', await renderCover(track), 'image/jpeg', 'jpg'));
    }
    for (const person of [...catalogue.artists, ...catalogue.listeners]) {
      avatars.set(
        person.key,
        await media.put('profile-images', await renderAvatar(person), 'image/jpeg', 'jpg'),
      );
    }
    const demoPasswordHash = await hashPassword(DEMO_ACCOUNT.password);

    await db.transaction(async (tx) => {
      await insertMedia(tx, media.stored);
      await insertPeopleAndCatalogue(tx, { catalogue, audio, covers, avatars, music, demoPasswordHash, now });
    });
    log.info({ seconds: Math.round((Date.now() - started) / 1000) }, 'demo content seeded');
  } catch (error) {
    await media.removeAll();
    throw error;
  }
}

async function insertMedia(tx: Queryable, stored: StoredSeedMedia[]) {
  await insertRows(
    tx,
    'media_objects',
    ['id', 'bucket', 'storage_key', 'content_type', 'byte_size', 'sha256'],
    stored.map((m) => [m.id, m.bucket, m.storageKey, m.contentType, m.byteSize, m.sha256]),
  );
}

interface InsertContext {
  catalogue: SeedCatalogue;
  audio: Map<string, StoredSeedMedia>;
  covers: Map<string, StoredSeedMedia>;
  avatars: Map<string, StoredSeedMedia>;
  music: Map<string, { durationMs: number }>;
  demoPasswordHash: string;
  now: Date;
}

async function insertPeopleAndCatalogue(tx: Queryable, ctx: InsertContext) {
  const { catalogue, now } = ctx;
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * 3_600_000);
  const ids = new Map<string, string>();
  const idOf = (key: string) => {
    let id = ids.get(key);
    if (!id) ids.set(key, (id = crypto.randomUUID()));
    return id;
  };
  const mediaId = (map: Map<string, StoredSeedMedia>, key: string) => map.get(key)?.id ?? null;

  const people: {
    key: string;
    email: string;
    username: string;
    role: 'artist' | 'listener';
    artist?: SeedArtist;
    /** When the account was made, if not 150 days ago. */
    createdAt?: Date;
  }[] = [
    ...catalogue.artists.map((a) => ({
      key: a.key,
      email: a.email,
      username: a.username,
      role: 'artist' as const,
      artist: a,
    })),
    ...catalogue.listeners.map((l) => ({
      key: l.key,
      email: l.email,
      username: l.username,
      role: 'listener' as const,
    })),
    ...QUICK_LISTENERS.map((q) => ({
      key: q.key,
      email: q.email,
      username: q.username,
      role: 'listener' as const,
      createdAt: new Date(now.getTime() - q.ageHours * 3_600_000),
    })),
  ];
  await insertRows(
    tx,
    'accounts',
    // Seeded people, the demo account among them, count as verified (decision 0255).
    ['id', 'email', 'password_hash', 'created_at', 'email_verified_at'],
    people.map((p) => [
      idOf(p.key),
      p.email,
      p.key === DEMO_ARTIST.key ? ctx.demoPasswordHash : null,
      p.createdAt ?? ago(150),
      p.createdAt ?? ago(150),
    ]),
  );
  await insertRows(
    tx,
    'profiles',
    ['id', 'role', 'username', 'artist_name', 'bio', 'created_at'],
    people.map((p) => [
      idOf(p.key),
      p.role,
      p.username,
      p.artist?.artistName ?? null,
      p.artist?.bio ?? null,
      p.createdAt ?? ago(150),
    ]),
  );
  await insertRows(
    tx,
    'artist_profiles',
    [
      'id',
      'instagram',
      'website',
      'subscription_tier',
      'gold_badge_applied',
      'trial_end_date',
      'profile_image_id',
      'artist_url',
      'created_at',
    ],
    catalogue.artists.map((a) => [
      idOf(a.key),
      a.instagram,
      a.website,
      a.tier,
      a.goldBadge,
      a.tier === 'trial' ? new Date(now.getTime() + 9 * DAY_MS) : null,
      mediaId(ctx.avatars, a.key),
      a.artistUrl,
      ago(150),
    ]),
  );
  await insertRows(
    tx,
    'listener_profiles',
    ['id', 'profile_image_id', 'created_at'],
    [
      ...catalogue.listeners.map((l) => [idOf(l.key), mediaId(ctx.avatars, l.key), ago(120)]),
      ...QUICK_LISTENERS.map((q) => [idOf(q.key), null, new Date(now.getTime() - q.ageHours * 3_600_000)]),
    ],
  );
  await insertRows(
    tx,
    'payment_subscriptions',
    ['account_id', 'provider', 'customer_id', 'subscription_id', 'subscription_status', 'current_period_end'],
    catalogue.artists
      .filter((a) => a.tier === 'pro')
      .map((a) => [
        idOf(a.key),
        'local',
        `cus_seed_${a.username}`,
        `sub_seed_${a.username}`,
        'active',
        new Date(now.getTime() + 20 * DAY_MS),
      ]),
  );

  const plan = planSeed(catalogue, DEMO_ARTIST.key);
  const quick = planQuickListeners(catalogue);
  plan.interactions.push(...quick.interactions);
  plan.plays.push(...quick.plays);
  for (const [key, xp] of quick.users) plan.users.set(key, xp);
  await insertTracks(tx, ctx, plan, idOf, ago);
  await insertListening(tx, ctx, plan, idOf, ago);
  // The charts as the verdict job (`catalogue.refresh-verdicts`) ranks them (decision 0195): yesterday's snapshot from
  // the verdict as it stood a day ago, so movement shows, and today's verdict.
  await refreshVerdicts(tx, ago(1), VERDICT.windowDays);
  await writeChartSnapshot(tx, utcDate(ago(1)));
  await refreshVerdicts(tx, now, VERDICT.windowDays);

  await insertRows(
    tx,
    'demo_tracks',
    ['title', 'artist', 'audio_media_id', 'cover_media_id', 'sort_order'],
    catalogue.demoTracks.map((d, index) => [
      d.title,
      d.artistName,
      mediaId(ctx.audio, d.key),
      mediaId(ctx.covers, d.key),
      index,
    ]),
  );
  await insertRows(
    tx,
    'forum_categories',
    ['id', 'name', 'description', 'color', 'icon', 'sort_order'],
    FORUM_CATEGORIES.map((c, index) => [
      idOf(`forum-category:${c.name}`),
      c.name,
      c.description,
      c.color,
      c.icon,
      index,
    ]),
  );
  await insertForum(tx, catalogue, idOf, ago);
}

/**
 * The forum's first threads, their replies and votes. The triggers of migration 0020 keep each
 * post's reply count, last reply time and votes, exactly as when people post through the app.
 */
async function insertForum(tx: Queryable, catalogue: SeedCatalogue, idOf: IdOf, ago: Ago) {
  const present = new Set([...catalogue.artists, ...catalogue.listeners].map((p) => p.key));
  const threads = SEED_FORUM_THREADS.filter((t) => present.has(t.authorKey));
  const postId = (key: string) => idOf(`forum-post:${key}`);
  const replyId = (key: string) => idOf(`forum-reply:${key}`);
  await insertRows(
    tx,
    'forum_posts',
    [
      'id',
      'title',
      'content',
      'author_id',
      'category_id',
      'is_anonymous',
      'view_count',
      'created_at',
      'last_reply_at',
    ],
    threads.map((t) => [
      postId(t.key),
      t.title,
      t.content,
      t.isAnonymous ? null : idOf(t.authorKey),
      idOf(`forum-category:${t.category}`),
      t.isAnonymous === true,
      t.viewCount,
      ago(t.daysAgo),
      ago(t.daysAgo),
    ]),
  );
  await insertRows(
    tx,
    'forum_post_owners',
    ['post_id', 'owner_id'],
    threads.map((t) => [postId(t.key), idOf(t.authorKey)]),
  );
  const replies = threads.flatMap((t) =>
    t.replies
      .filter((r) => present.has(r.authorKey))
      .map((r) => ({ ...r, postKey: t.key, at: ago(t.daysAgo, -r.hoursAfter) })),
  );
  const kept = new Set(replies.map((r) => r.key));
  await insertRows(
    tx,
    'forum_replies',
    ['id', 'post_id', 'author_id', 'parent_reply_id', 'content', 'created_at'],
    replies.map((r) => [
      replyId(r.key),
      postId(r.postKey),
      idOf(r.authorKey),
      r.parentKey && kept.has(r.parentKey) ? replyId(r.parentKey) : null,
      r.content,
      r.at,
    ]),
  );
  await insertRows(
    tx,
    'forum_reply_owners',
    ['reply_id', 'owner_id'],
    replies.map((r) => [replyId(r.key), idOf(r.authorKey)]),
  );
  await insertRows(
    tx,
    'forum_post_votes',
    ['post_id', 'user_id', 'vote'],
    threads.flatMap((t) => [
      ...t.upvoters.filter((u) => present.has(u)).map((u) => [postId(t.key), idOf(u), 'up']),
      ...(t.downvoters ?? []).filter((u) => present.has(u)).map((u) => [postId(t.key), idOf(u), 'down']),
    ]),
  );
}

type IdOf = (key: string) => string;
type Ago = (days: number, hours?: number) => Date;

async function insertTracks(
  tx: Queryable,
  ctx: InsertContext,
  plan: ReturnType<typeof planSeed>,
  idOf: IdOf,
  ago: Ago,
) {
  const count = (track: SeedTrack, predicate: (i: (typeof plan.interactions)[number]) => boolean) =>
    plan.interactions.filter((i) => i.trackKey === track.key && predicate(i)).length;
  await insertRows(
    tx,
    'tracks',
    [
      'id',
      'artist_id',
      'title',
      'genre',
      'label',
      'audio_media_id',
      'cover_media_id',
      'status',
      'duration_ms',
      'likes',
      'dislikes',
      'added_to_library',
      'play_count',
      'featured_in_player',
      'uploaded_at',
    ],
    ctx.catalogue.tracks.map((t, index) => [
      idOf(t.key),
      idOf(t.artistKey),
      t.title,
      t.genre,
      t.label,
      ctx.audio.get(t.key)?.id,
      ctx.covers.get(t.key)?.id,
      'ready',
      ctx.music.get(t.key)?.durationMs ?? null,
      count(t, (i) => i.type === 'like'),
      count(t, (i) => i.type === 'dislike'),
      count(t, (i) => i.addedToLibrary),
      plan.plays.filter((p) => p.trackKey === t.key).reduce((sum, p) => sum + p.plays, 0),
      t.featured,
      ago(t.uploadedDaysAgo, index % 11),
    ]),
  );
}

async function insertListening(
  tx: Queryable,
  ctx: InsertContext,
  plan: ReturnType<typeof planSeed>,
  idOf: IdOf,
  ago: Ago,
) {
  await insertRows(
    tx,
    'playback_grants',
    ['user_id', 'track_id', 'first_issued_at', 'last_issued_at', 'expires_at'],
    plan.plays.map((p) => [idOf(p.userKey), idOf(p.trackKey), ago(30), ago(2), ago(2)]),
  );
  await insertRows(
    tx,
    'track_interactions',
    ['user_id', 'track_id', 'interaction_type', 'added_to_library', 'created_at'],
    plan.interactions.map((i) => [
      idOf(i.userKey),
      idOf(i.trackKey),
      i.type,
      i.addedToLibrary,
      ago(i.daysAgo, 3),
    ]),
  );
  // Every served track was dealt first (decision 0130): one deal per play, ended as its verdict
  // at the position dealTiming draws, served that long before it ended.
  const verdicts = new Map<string, { type: 'like' | 'dislike'; daysAgo: number }>();
  for (const i of plan.interactions) {
    const key = `${i.userKey}|${i.trackKey}`;
    if (i.type === 'like' || !verdicts.has(key)) verdicts.set(key, i);
  }
  const styles = new Map(QUICK_LISTENERS.map((q) => [q.key, q.style]));
  // The dashboard's Performance chart reads per-day figures that the counters' trigger writes as
  // listening happens (migration 0010); the seed's month of listening writes them the same way,
  // on the day each play was served and each verdict given.
  const daily = new Map<
    string,
    { trackId: string; day: string; plays: number; likes: number; dislikes: number; libraryAdds: number }
  >();
  const dayOf = (trackKey: string, at: Date) => {
    const trackId = idOf(trackKey);
    const day = utcDate(at);
    const key = `${trackId}|${day}`;
    let row = daily.get(key);
    if (!row) {
      row = { trackId, day, plays: 0, likes: 0, dislikes: 0, libraryAdds: 0 };
      daily.set(key, row);
    }
    return row;
  };
  for (const i of plan.interactions) {
    const row = dayOf(i.trackKey, ago(i.daysAgo, 3));
    if (i.type === 'like') row.likes += 1;
    else row.dislikes += 1;
    if (i.addedToLibrary) row.libraryAdds += 1;
  }
  await insertRows(
    tx,
    'deals',
    [
      'user_id',
      'track_id',
      'dealt_at',
      'first_served_at',
      'ended_as',
      'ended_at',
      'end_position_ms',
      'listened_before_like_ms',
    ],
    plan.plays.map((p) => {
      const verdict = verdicts.get(`${p.userKey}|${p.trackKey}`);
      const endedAs = verdict ? (verdict.type === 'like' ? 'like' : 'skip') : 'left';
      const timing = dealTiming(
        p.userKey,
        p.trackKey,
        endedAs,
        ctx.music.get(p.trackKey)?.durationMs ?? 60_000,
        styles.get(p.userKey),
      );
      const endedAt = verdict ? ago(verdict.daysAgo, 3) : ago(2);
      const servedAt = new Date(endedAt.getTime() - timing.endPositionMs);
      dayOf(p.trackKey, servedAt).plays += p.plays;
      return [
        idOf(p.userKey),
        idOf(p.trackKey),
        new Date(servedAt.getTime() - 2_000),
        servedAt,
        endedAs,
        endedAt,
        timing.endPositionMs,
        timing.listenedBeforeLikeMs,
      ];
    }),
  );
  await insertRows(
    tx,
    'track_daily_stats',
    ['track_id', 'day', 'plays', 'likes', 'dislikes', 'library_adds'],
    [...daily.values()].map((d) => [d.trackId, d.day, d.plays, d.likes, d.dislikes, d.libraryAdds]),
  );
  const artistNames = new Map(ctx.catalogue.artists.map((a) => [a.key, a.artistName]));
  await insertRows(
    tx,
    'follows',
    ['follower_id', 'artist_id', 'artist_name', 'followed_at'],
    plan.follows.map((f) => [
      idOf(f.userKey),
      idOf(f.artistKey),
      artistNames.get(f.artistKey),
      ago(f.daysAgo),
    ]),
  );
  await tx.query(
    `update artist_profiles a set followers = (select count(*)::int from follows f where f.artist_id = a.id)`,
  );

  const awards: unknown[][] = [];
  for (const i of plan.interactions) {
    const user = idOf(i.userKey);
    const track = idOf(i.trackKey);
    awards.push([user, 'swipe', track, track, 1, ago(i.daysAgo, 3)]);
    if (i.type === 'like') awards.push([user, 'like', track, track, 5, ago(i.daysAgo, 3)]);
    if (i.addedToLibrary) awards.push([user, 'library', track, track, 5, ago(i.daysAgo, 2)]);
  }
  const xpRows: unknown[][] = [];
  for (const [userKey, xp] of plan.users) {
    const user = idOf(userKey);
    if (xp.listeningMinutes > 0)
      awards.push([user, 'listening', null, null, xp.listeningMinutes * 60, ago(1)]);
    for (let day = 1; day <= xp.dailyLogins; day++)
      awards.push([user, 'daily_login', null, utcDate(ago(day)), 25, ago(day)]);
    xpRows.push([
      user,
      xp.totalPoints,
      xp.tier,
      xp.swipes,
      xp.likes,
      xp.dislikes,
      xp.addedToLibrary,
      xp.listeningMinutes,
      xp.listeningMinutes * 60,
      xp.dailyLogins,
      utcDate(ago(1)),
    ]);
  }
  // Everyone else (the demo account) starts as a new signup does: 0 points, tier Bronze.
  for (const artist of ctx.catalogue.artists.filter((a) => !plan.users.has(a.key))) {
    xpRows.push([idOf(artist.key), 0, 'Bronze', 0, 0, 0, 0, 0, 0, 0, null]);
  }
  await insertRows(
    tx,
    'point_awards',
    ['user_id', 'reason', 'track_id', 'award_key', 'points', 'created_at'],
    awards,
  );
  await insertRows(
    tx,
    'user_xp',
    [
      'user_id',
      'total_points',
      'tier',
      'swipes',
      'likes',
      'dislikes',
      'added_to_library',
      'listening_time',
      'listening_seconds',
      'daily_logins',
      'last_login_date',
    ],
    xpRows,
  );
}

function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
