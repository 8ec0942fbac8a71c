import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artistPageSchema,
  CATALOGUE_MESSAGES,
  chartResponseSchema,
  followedArtistsResponseSchema,
  libraryResponseSchema,
  MASK,
} from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { dealTrack, insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { hear } from '../../test/listening';
import { writeChartSnapshot } from './catalogue.repository';
import { utcDay } from './chart-day';

const DEEP = 'Minimal / Deep Tech';
const HOUSE = 'House / Tech House';

describe('catalogue routes: charts, library, artist pages, follows', () => {
  let t: TestApp;
  let artistId: string;
  let proId: string;
  const tracks: Record<string, string> = {};

  /**
   * Sets a track's like count, age and blind verdict (what the verdict job (`catalogue.refresh-verdicts`) would have
   * written; its own tests are in chart-verdict.routes.test.ts), so the ranking is what the test says.
   */
  async function rank(trackId: string, likes: number, daysOld: number, verdict: number) {
    await t.db.query(
      `update tracks set likes = $2, uploaded_at = now() - make_interval(days => $3), verdict_score = $4
       where id = $1`,
      [trackId, likes, daysOld, verdict],
    );
  }

  /** A like through the real routes: the track is dealt and served first, as Discover would. */
  async function like(client: Client, trackId: string, addToLibrary = false) {
    const alias = await dealTrack(t.db, client.id, trackId);
    await hear(t, client, alias);
    const res = await client.post(`/api/player/tracks/${alias}/like`, { addToLibrary });
    expect(res.statusCode).toBe(200);
  }

  beforeAll(async () => {
    // Every read sees the ranking as it is now; the cache has a test of its own below.
    t = await createTestApp({ CHART_CACHE_MS: '0' });
    artistId = await insertAccount(t.db, 'artist', { username: 'velmora', artistName: 'Velmora Sound' });
    proId = await insertAccount(t.db, 'artist', {
      username: 'kestrel',
      artistName: 'Kestrel Vane',
      tier: 'pro',
    });
    await t.db.query(`update artist_profiles set artist_url = 'kestrel-vane' where id = $1`, [proId]);
    await t.db.query(`update artist_profiles set artist_url = 'velmora' where id = $1`, [artistId]);
    tracks.amber = await insertTrack(t.db, artistId, { title: 'Amber Static' });
    tracks.brine = await insertTrack(t.db, artistId, { title: 'Brine Loop' });
    tracks.cinder = await insertTrack(t.db, proId, { title: 'Cinder Walk' });
    tracks.dusk = await insertTrack(t.db, proId, { title: 'Dusk Relay', genre: HOUSE });
    tracks.gone = await insertTrack(t.db, proId, { title: 'Erased Dawn', deleted: true });
    tracks.raw = await insertTrack(t.db, proId, { title: 'Unfinished Ember', status: 'processing' });
    await rank(tracks.amber, 5, 3, 0.4);
    await rank(tracks.brine, 9, 1, 0.6);
    await rank(tracks.cinder, 5, 1, 0.4); // ties with amber on the verdict, newer: ranks above it
  });
  afterAll(async () => {
    await t.close();
  });

  it('ranks a genre by the verdict, newest first on ties, and masks every track not liked, figures and all', async () => {
    const listener = await signUp(t.app);
    const res = await listener.get(`/api/catalogue/charts?genre=${encodeURIComponent(DEEP)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const chart = chartResponseSchema.parse(res.json());
    expect(chart.entries.map((e) => e.position)).toEqual([1, 2, 3]);
    for (const entry of chart.entries) {
      expect(entry.track).toEqual({ isRevealed: false, title: MASK, artist: MASK, genre: MASK, label: MASK });
      expect(entry.movement).toBeNull();
      // Figures that move when a blind deal is rated would tie that deal to its row.
      expect(entry.figures).toBeNull();
    }
    for (const secret of [
      ...Object.values(tracks),
      artistId,
      proId,
      'Amber',
      'Brine',
      'Cinder',
      'Velmora',
      'Kestrel',
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('reveals a liked track with its movement; with no snapshot yesterday it is new', async () => {
    const listener = await signUp(t.app);
    await like(listener, tracks.cinder ?? '');
    const chart = chartResponseSchema.parse((await listener.get('/api/catalogue/charts')).json());
    expect(chart.genre).toBe(DEEP);
    const revealed = chart.entries.filter((e) => e.track.isRevealed);
    expect(revealed).toHaveLength(1);
    // The like took cinder from 5 to 6 likes; its place is its verdict's until the job judges
    // again: second behind brine, above amber.
    expect(revealed[0]).toMatchObject({
      position: 2,
      figures: { likes: 6 },
      movement: { type: 'new', amount: 0 },
      track: { title: 'Cinder Walk', artist: 'Kestrel Vane', artistId: proId, id: tracks.cinder },
    });
  });

  it('reads a listener library of liked tracks added to it, newest first, and forgets a removed one', async () => {
    const listener = await signUp(t.app);
    await like(listener, tracks.amber ?? '', true);
    await like(listener, tracks.brine ?? '', false);
    await like(listener, tracks.cinder ?? '', true);
    const first = libraryResponseSchema.parse((await listener.get('/api/catalogue/library')).json());
    expect(first.tracks.map((x) => x.title)).toEqual(['Cinder Walk', 'Amber Static']);
    expect(first.tracks[0]).toMatchObject({ artist: 'Kestrel Vane', artistId: proId, genre: DEEP });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/player/tracks/${tracks.cinder}/library`,
      headers: { cookie: listener.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const second = libraryResponseSchema.parse((await listener.get('/api/catalogue/library')).json());
    expect(second.tracks.map((x) => x.title)).toEqual(['Amber Static']);
  });

  it('shows an artist page by id with liked tracks revealed, the rest masked without ids', async () => {
    const listener = await signUp(t.app);
    await like(listener, tracks.brine ?? '');
    const res = await listener.get(`/api/catalogue/artists/${artistId}`);
    expect(res.statusCode).toBe(200);
    const page = artistPageSchema.parse(res.json());
    expect(page.artist).toMatchObject({
      id: artistId,
      name: 'Velmora Sound',
      username: 'velmora',
      followers: 0,
    });
    // Not pro: the custom URL is not theirs to share.
    expect(page.artist.artistUrl).toBeNull();
    expect(page.tracks).toEqual([
      expect.objectContaining({ isRevealed: true, id: tracks.brine, title: 'Brine Loop' }),
      { isRevealed: false, title: MASK, artist: MASK, genre: MASK, label: MASK },
    ]);
    expect(res.body).not.toContain('Amber');
    expect(res.body).not.toContain(tracks.amber);
  });

  it('opens a custom URL only for a pro artist, and shows a signed-out visitor everything masked', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/catalogue/artists/by-url/Kestrel-Vane' });
    expect(visitor.statusCode).toBe(200);
    const page = artistPageSchema.parse(visitor.json());
    expect(page.artist).toMatchObject({
      id: proId,
      name: 'Kestrel Vane',
      artistUrl: 'kestrel-vane',
      isFollowing: false,
    });
    // Listed: ready and not deleted only (cinder and dusk); none revealed to nobody.
    expect(page.tracks).toHaveLength(2);
    expect(page.tracks.every((x) => !x.isRevealed)).toBe(true);
    for (const hidden of ['Cinder', 'Dusk', 'Erased', 'Unfinished'])
      expect(visitor.body).not.toContain(hidden);

    const free = await t.app.inject({ method: 'GET', url: '/api/catalogue/artists/by-url/velmora' });
    expect(free.statusCode).toBe(404);
    expect(free.json<{ error: { message: string } }>().error.message).toBe(
      CATALOGUE_MESSAGES.profileNotAvailable,
    );
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/catalogue/artists/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('shows an artist their own tracks revealed', async () => {
    const own = await signUp(t.app, 'artist');
    const trackId = await insertTrack(t.db, own.id, { title: 'Private Morning' });
    const page = artistPageSchema.parse((await own.get(`/api/catalogue/artists/${own.id}`)).json());
    expect(page.tracks).toEqual([
      expect.objectContaining({ isRevealed: true, id: trackId, title: 'Private Morning' }),
    ]);
  });

  it('lists followed artists newest first', async () => {
    const listener = await signUp(t.app);
    await listener.post(`/api/follows/${artistId}`);
    await t.db.query(`update follows set followed_at = now() - interval '1 hour' where follower_id = $1`, [
      listener.id,
    ]);
    await listener.post(`/api/follows/${proId}`);
    const res = followedArtistsResponseSchema.parse(
      (await listener.get('/api/catalogue/followed-artists')).json(),
    );
    expect(res.artists.map((a) => a.name)).toEqual(['Kestrel Vane', 'Velmora Sound']);
    const page = artistPageSchema.parse((await listener.get(`/api/catalogue/artists/${proId}`)).json());
    expect(page.artist).toMatchObject({ isFollowing: true, followers: 1 });
  });

  it('refuses charts, library and follows without a session', async () => {
    for (const url of [
      '/api/catalogue/charts',
      '/api/catalogue/library',
      '/api/catalogue/followed-artists',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('computes movement against yesterday’s snapshot across a day change', async () => {
    const listener = await signUp(t.app);
    for (const id of [tracks.amber, tracks.brine, tracks.cinder]) await like(listener, id ?? '');
    // Verdicts: brine 0.6, then cinder and amber at 0.4 (cinder newer, so above amber).
    const before = chartResponseSchema.parse((await listener.get('/api/catalogue/charts')).json());
    const yesterday = utcDay(new Date(), -1);
    await t.db.query('delete from chart_positions');
    expect(await writeChartSnapshot(t.db, yesterday)).toBeGreaterThan(0);
    // The day closes with this ranking; today amber overtakes everyone.
    await t.db.query('update tracks set verdict_score = 0.9 where id = $1', [tracks.amber]);
    const after = chartResponseSchema.parse((await listener.get('/api/catalogue/charts')).json());
    const place = (chart: typeof after, title: string) =>
      chart.entries.find((e) => e.track.isRevealed && e.track.title === title);
    const amberBefore = place(before, 'Amber Static')?.position ?? 0;
    expect(place(after, 'Amber Static')).toMatchObject({
      position: 1,
      movement: { type: 'up', amount: amberBefore - 1 },
    });
    expect(place(after, 'Brine Loop')?.movement?.type).toBe('down');
    // A track with no row yesterday is new.
    await t.db.query('delete from chart_positions where track_id = $1', [tracks.brine]);
    const later = chartResponseSchema.parse((await listener.get('/api/catalogue/charts')).json());
    expect(place(later, 'Brine Loop')?.movement).toEqual({ type: 'new', amount: 0 });
  });

  it('answers a genre that is not charted with a message', async () => {
    const listener = await signUp(t.app);
    const res = await listener.get(`/api/catalogue/charts?genre=${encodeURIComponent('Techno')}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(CATALOGUE_MESSAGES.genreNotCharted);
  });
});
