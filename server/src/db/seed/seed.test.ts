import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, loyaltyTierFor } from '@klang/domain';
import { verifyPassword } from '../../modules/accounts/password';
import { createLocalStorage } from '../../providers/storage/local-storage';
import type { Bucket } from '../../providers/storage/storage';
import { createTestDatabase } from '../../test/database';
import { SEED_CATALOGUE, type SeedCatalogue } from './catalogue';
import { DEMO_ARTIST, DEMO_ARTIST_TRACKS } from './demo-account';
import { seedIfEmpty } from './seed';
import { QUICK_LISTENERS } from './seed-deals';

const silentLog = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

/** A few artists with short pieces: the real pipeline, seconds instead of a minute. */
function smallCatalogue(): SeedCatalogue {
  const artists = [...SEED_CATALOGUE.artists.slice(0, 3), DEMO_ARTIST];
  const keys = new Set(artists.map((a) => a.key));
  const shorten = <T extends { music: { durationSeconds: number } }>(item: T): T => ({
    ...item,
    music: { ...item.music, durationSeconds: 6 },
  });
  return {
    artists,
    tracks: [...SEED_CATALOGUE.tracks.filter((t) => keys.has(t.artistKey)), ...DEMO_ARTIST_TRACKS].map(
      shorten,
    ),
    listeners: SEED_CATALOGUE.listeners.slice(0, 3),
    demoTracks: SEED_CATALOGUE.demoTracks.slice(0, 1).map(shorten),
  };
}

describe('seeding an empty database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: string;
  let storage: ReturnType<typeof createLocalStorage>;
  const catalogue = smallCatalogue();

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'klang-seed-'));
    storage = createLocalStorage({
      dir: path.join(dir, 'media'),
      signingSecret: 'seed-test-secret-0123456789abcdef',
    });
    const seeded = await seedIfEmpty({
      db,
      storage,
      log: silentLog,
      catalogue,
      cacheDir: path.join(dir, 'cache'),
    });
    expect(seeded).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('does nothing the second time', async () => {
    expect(
      await seedIfEmpty({ db, storage, log: silentLog, catalogue, cacheDir: path.join(dir, 'cache') }),
    ).toBe(false);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from accounts');
    expect(row?.n).toBe(catalogue.artists.length + catalogue.listeners.length + QUICK_LISTENERS.length);
  });

  it('gives the demo account its public credentials and nobody else a password', async () => {
    const rows = await db.query<{ email: string; password_hash: string | null }>(
      'select email, password_hash from accounts',
    );
    const demo = rows.find((r) => r.email === DEMO_ACCOUNT.email);
    expect(await verifyPassword(demo?.password_hash ?? null, DEMO_ACCOUNT.password)).toBe(true);
    expect(rows.filter((r) => r.password_hash !== null)).toHaveLength(1);
  });

  it('keeps every counter equal to the rows behind it', async () => {
    const mismatches = await db.query(`
      select t.id from tracks t
      where t.likes <> (select count(*) from track_interactions i where i.track_id = t.id and i.interaction_type = 'like')
         or t.dislikes <> (select count(*) from track_interactions i where i.track_id = t.id and i.interaction_type = 'dislike')
         or t.added_to_library <> (select count(*) from track_interactions i where i.track_id = t.id and i.added_to_library)`);
    expect(mismatches).toEqual([]);
    const followers = await db.query(
      `select a.id from artist_profiles a where a.followers <> (select count(*) from follows f where f.artist_id = a.id)`,
    );
    expect(followers).toEqual([]);
    // The dashboard's per-day figures add up to the counters (issue 30 item 7: no flat chart).
    const daily = await db.query(`
      select t.id from tracks t
      left join (select track_id, sum(plays) as plays, sum(likes) as likes, sum(dislikes) as dislikes,
                        sum(library_adds) as library_adds
                 from track_daily_stats group by track_id) d on d.track_id = t.id
      where coalesce(d.plays, 0) <> t.play_count or coalesce(d.likes, 0) <> t.likes
         or coalesce(d.dislikes, 0) <> t.dislikes or coalesce(d.library_adds, 0) <> t.added_to_library`);
    expect(daily).toEqual([]);
    const [demoDays] = await db.query<{ n: number }>(
      `select count(distinct s.day)::int as n from track_daily_stats s join tracks t on t.id = s.track_id
       join accounts a on a.id = t.artist_id where a.email = $1 and s.plays > 0`,
      [DEMO_ACCOUNT.email],
    );
    expect(demoDays?.n).toBeGreaterThan(1);
    const xp = await db.query<{ user_id: string; total_points: number; tier: string; ledger: number }>(`
      select x.user_id, x.total_points, x.tier, coalesce((select sum(points) from point_awards p where p.user_id = x.user_id), 0)::int as ledger
      from user_xp x`);
    for (const row of xp) {
      expect(row.total_points).toBe(row.ledger);
      if (row.total_points > 0) expect(row.tier).toBe(loyaltyTierFor(row.total_points));
    }
  });

  it('accepts every like only for a track the user was dealt and served', async () => {
    const unserved = await db.query(`
      select 1 from track_interactions i
      where not exists (select 1 from playback_grants g where g.user_id = i.user_id and g.track_id = i.track_id)
         or not exists (select 1 from deals d where d.user_id = i.user_id and d.track_id = i.track_id
                          and d.ended_as = case i.interaction_type when 'like' then 'like' else 'skip' end)`);
    expect(unserved).toEqual([]);
  });

  it('ends every served deal plausibly, and ranks the charts by the verdict with discounted likes', async () => {
    const deals = await db.query<{
      ended_as: string;
      end_position_ms: number;
      listened_before_like_ms: number | null;
      duration_ms: number;
      first_served_at: Date;
      ended_at: Date;
    }>(`select d.ended_as, d.end_position_ms, d.listened_before_like_ms, t.duration_ms, d.first_served_at, d.ended_at
        from deals d join tracks t on t.id = d.track_id`);
    expect(deals.length).toBeGreaterThan(0);
    for (const d of deals) {
      expect(d.end_position_ms).toBeGreaterThanOrEqual(0);
      expect(d.end_position_ms).toBeLessThanOrEqual(d.duration_ms);
      expect(d.ended_at.getTime() - d.first_served_at.getTime()).toBe(d.end_position_ms);
      if (d.ended_as === 'like') expect(d.listened_before_like_ms).toBe(d.end_position_ms);
      else expect(d.listened_before_like_ms).toBeNull();
    }
    const [judged] = await db.query<{ n: number }>(
      'select count(*)::int as n from tracks where verdict_score > 0',
    );
    expect(judged?.n).toBeGreaterThan(0);
    const [figures] = await db.query<{ discounted_too_quick: number; discounted_new_account: number }>(
      'select discounted_too_quick, discounted_new_account from chart_method_figures',
    );
    expect(figures?.discounted_too_quick).toBeGreaterThan(0);
    expect(figures?.discounted_new_account).toBeGreaterThan(0);
  });

  it('stores every track, cover, avatar and demo track as a real file under an opaque key', async () => {
    const media = await db.query<{
      bucket: Bucket;
      storage_key: string;
      content_type: string;
      byte_size: number;
    }>('select bucket, storage_key, content_type, byte_size from media_objects');
    expect(media.length).toBe(
      catalogue.tracks.length * 2 +
        catalogue.demoTracks.length * 2 +
        catalogue.artists.length +
        catalogue.listeners.length,
    );
    const titles = catalogue.tracks.map((t) => t.title.toLowerCase().replace(/\W+/g, ''));
    for (const m of media) {
      expect(await storage.exists(m.bucket, m.storage_key)).toBe(true);
      expect(m.byte_size).toBeGreaterThan(1000);
      const key = m.storage_key.toLowerCase();
      expect(titles.some((title) => key.includes(title))).toBe(false);
    }
    const ready = await db.query(
      `select 1 from tracks where status <> 'ready' or audio_media_id is null or cover_media_id is null`,
    );
    expect(ready).toEqual([]);
  });

  it('respects the tier limits of uploads and featured tracks', async () => {
    const rows = await db.query<{ tier: string; tracks: number; featured: number }>(`
      select a.subscription_tier as tier, count(t.id)::int as tracks,
             count(t.id) filter (where t.featured_in_player)::int as featured
      from artist_profiles a left join tracks t on t.artist_id = a.id and not t.is_deleted
      group by a.id, a.subscription_tier`);
    for (const row of rows) {
      if (row.tier === 'free') {
        expect(row.tracks).toBeLessThanOrEqual(5);
        expect(row.featured).toBeLessThanOrEqual(1);
      } else {
        expect(row.featured).toBeLessThanOrEqual(3);
      }
    }
  });

  it("writes yesterday's chart for the active genres and the forum categories", async () => {
    const charts = await db.query<{ genre: string }>('select distinct genre from chart_positions');
    for (const row of charts) expect(['Minimal / Deep Tech', 'House / Tech House']).toContain(row.genre);
    const [categories] = await db.query<{ n: number }>('select count(*)::int as n from forum_categories');
    expect(categories?.n).toBeGreaterThanOrEqual(4);
    const [demo] = await db.query<{ n: number }>('select count(*)::int as n from demo_tracks');
    expect(demo?.n).toBe(catalogue.demoTracks.length);
  });

  it('starts the forum with the threads of the people seeded, their counters kept by the triggers', async () => {
    const posts = await db.query<{
      title: string;
      author_id: string | null;
      is_anonymous: boolean;
      reply_count: number;
      replies: number;
      upvotes: number;
      ups: number;
      last_reply_at: Date;
      latest: Date | null;
    }>(`
      select p.title, p.author_id, p.is_anonymous, p.reply_count, p.upvotes, p.last_reply_at,
             (select count(*)::int from forum_replies r where r.post_id = p.id) as replies,
             (select count(*)::int from forum_post_votes v where v.post_id = p.id and v.vote = 'up') as ups,
             (select max(r.created_at) from forum_replies r where r.post_id = p.id) as latest
      from forum_posts p`);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts) {
      expect(post.reply_count).toBe(post.replies);
      expect(post.upvotes).toBe(post.ups);
      if (post.latest) expect(new Date(post.last_reply_at).getTime()).toBe(new Date(post.latest).getTime());
      expect(post.author_id === null).toBe(post.is_anonymous);
    }
    expect(posts.some((p) => p.replies > 0)).toBe(true);
    const [owners] = await db.query<{ n: number }>(
      'select count(*)::int as n from forum_posts p join forum_post_owners o on o.post_id = p.id',
    );
    expect(owners?.n).toBe(posts.length);
  });
});
