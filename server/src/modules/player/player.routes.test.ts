import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dislikeResponseSchema,
  libraryResponseSchema,
  loyaltyCardSchema,
  MESSAGES,
  nextTrackResponseSchema,
  POINTS,
  revealSchema,
} from '@klang/domain';
import { signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { dealTrack, insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { hear } from '../../test/listening';

describe('player routes', () => {
  let t: TestApp;
  let artistId: string;
  let trackId: string;
  let storageKey: string;
  const audio = Buffer.alloc(4096, 7);

  beforeAll(async () => {
    // Listening stands still: a like or a skip right after the audio is served credits no
    // seconds of listening, so the points each answer reports are the rating's alone.
    const listeningTime = new Date();
    t = await createTestApp({}, { listeningClock: () => listeningTime });
    artistId = await insertAccount(t.db, 'artist', { username: 'haldenmarr', artistName: 'Halden Marr' });
    trackId = await insertTrack(t.db, artistId, { title: 'Tidal Lock' });
    const [media] = await t.db.query<{ bucket: string; storage_key: string }>(
      'select m.bucket, m.storage_key from tracks t join media_objects m on m.id = t.audio_media_id where t.id = $1',
      [trackId],
    );
    if (!media) throw new Error('fixture track has no audio');
    storageKey = media.storage_key;
    const file = path.join(t.dataDir, 'media', media.bucket, media.storage_key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, audio);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every player call without a session', async () => {
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/player/next' }),
      t.app.inject({ method: 'POST', url: `/api/player/tracks/${trackId}/like`, payload: {} }),
      t.app.inject({ method: 'POST', url: '/functions/v1/secure-track-access', payload: { trackId } }),
      // Without a session the answer is 401 whatever the body: nothing is validated for nobody.
      t.app.inject({ method: 'POST', url: '/functions/v1/secure-track-access', payload: { trackId: 'x' } }),
      t.app.inject({
        method: 'POST',
        url: '/functions/v1/secure-listening-xp',
        payload: { minutes_listened: 1 },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain(MESSAGES.userNotAuthenticated);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Spec 000 §7: the function's own body.
    expect((await calls[2])?.json()).toMatchObject({ success: false, error: MESSAGES.userNotAuthenticated });
  });

  it('tells a listener nothing about a track before the like, and reveals it in the like', async () => {
    // A measured sound (decision 0266): shown with the like, never before it.
    await t.db.query(
      `update tracks set bpm = 123.7, bpm_confidence = 0.8, key_camelot = '11B', key_confidence = 0.8,
         energy_percentile = 90, sound_measured_at = now() where id = $1`,
      [trackId],
    );
    const listener = await signUp(t.app);
    const seen: string[] = [];
    const record = <T extends { body: string; headers: object }>(res: T): T => {
      seen.push(res.body, JSON.stringify(res.headers));
      return res;
    };

    const next = record(await listener.get('/api/player/next'));
    expect(next.headers['cache-control']).toBe('no-store');
    const dealt = nextTrackResponseSchema.parse(next.json());
    if (dealt.state !== 'track') throw new Error(`expected a track, got ${dealt.state}`);
    // The deck names the track by an alias of this listener's, never by its public id.
    expect(Object.keys(dealt.track).sort()).toEqual(['durationMs', 'id']);
    expect(dealt.track.durationMs).toBe(60000);
    expect(dealt.track.id).not.toBe(trackId);
    const alias = dealt.track.id;
    const access = record(await listener.post('/functions/v1/secure-track-access', { trackId: alias }));
    expect(access.headers['cache-control']).toBe('no-store');
    const { signedUrl } = access.json<{ success: boolean; signedUrl: string }>();
    expect(signedUrl).toMatch(/^\/media\/stream\//);
    expect(signedUrl).not.toContain(storageKey);
    const media = record(
      await t.app.inject({ method: 'GET', url: signedUrl, headers: { range: 'bytes=0-99' } }),
    );
    expect(media.statusCode).toBe(206);
    const total = Number(/\/(\d+)$/.exec(String(media.headers['content-range']))?.[1]);
    expect(media.headers['content-range']).toBe(`bytes 0-99/${total}`);
    // The file is the object and then padding of its own length, so its size is the grant's.
    expect(total).toBeGreaterThan(audio.length);
    expect(media.rawPayload).toEqual(audio.subarray(0, 100));
    record(await listener.post('/functions/v1/secure-listening-xp', { minutes_listened: 1 }));
    // Everything else a listener browses before the like: charts, library, profile, follows, the
    // artist page of every artist (masked tracks carry no id), the loyalty card.
    for (const url of [
      '/api/catalogue/charts',
      '/api/catalogue/library',
      '/api/catalogue/followed-artists',
      '/api/loyalty',
      '/api/accounts/session',
    ]) {
      record(await listener.get(url));
    }
    record(await listener.get(`/api/catalogue/artists/${artistId}`));
    for (const text of seen) expect(text).not.toMatch(/123\.7|11B|"bpm"|"energy"|"sound"/);
    expect(seen.at(-2)).toContain('****');

    for (const text of seen.slice(0, -2)) {
      expect(text).not.toMatch(/Tidal Lock|Halden|haldenmarr/i);
      expect(text).not.toContain(artistId);
    }
    // The artist page names its artist, of course; what it must not do is tie the track to them.
    expect(seen.at(-2)).not.toContain('Tidal Lock');
    expect(seen.at(-2)).not.toContain(trackId);

    const like = await listener.post(`/api/player/tracks/${alias}/like`, { addToLibrary: true });
    expect(like.statusCode).toBe(200);
    expect(like.headers['cache-control']).toBe('no-store');
    // The reveal names the track by its public id; the alias stays this listener's.
    const sound = { bpm: expect.closeTo(123.7, 3) as number, key: '11B', energy: 'high' };
    expect(revealSchema.parse(like.json()).track).toMatchObject({
      id: trackId,
      title: 'Tidal Lock',
      artist: 'Halden Marr',
      artistId,
      sound,
    });
    expect(like.body).not.toContain(alias);
    const library = libraryResponseSchema.parse((await listener.get('/api/catalogue/library')).json());
    expect(library.tracks.find((track) => track.id === trackId)?.sound).toEqual(sound);
  });

  it('refuses a scripted like: by public id, undealt, or dealt but never served', async () => {
    const listener = await signUp(t.app);
    const byPublicId = await listener.post(`/api/player/tracks/${trackId}/like`, { addToLibrary: false });
    expect(byPublicId.statusCode).toBe(404);
    const grant = await listener.post('/functions/v1/secure-track-access', { trackId, purpose: 'preload' });
    expect(grant.statusCode).toBe(404);
    expect(grant.json()).toMatchObject({ success: false });
    const next = nextTrackResponseSchema.parse((await listener.get('/api/player/next')).json());
    if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
    const unserved = await listener.post(`/api/player/tracks/${next.track.id}/like`, { addToLibrary: false });
    expect(unserved.statusCode).toBe(403);
    const [row] = await t.db.query<{ likes: number }>('select likes from tracks where id = $1', [trackId]);
    expect(row?.likes).toBe(1);
  });

  it('caps the URL lifetime and refuses a tampered one', async () => {
    const listener = await signUp(t.app);
    const next = nextTrackResponseSchema.parse((await listener.get('/api/player/next')).json());
    if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
    const res = await listener.post('/functions/v1/secure-track-access', {
      trackId: next.track.id,
      duration: 1_000_000_000,
    });
    const url = new URL(res.json<{ signedUrl: string }>().signedUrl, 'http://localhost');
    expect(Number(url.searchParams.get('exp')) - Date.now() / 1000).toBeLessThanOrEqual(600);
    url.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 1));
    const tampered = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(tampered.statusCode).toBe(403);
  });

  it("answers the spec's shapes for listening credit and validates its body", async () => {
    const listener = await signUp(t.app);
    const ok = await listener.post('/functions/v1/secure-listening-xp', { minutes_listened: 5 });
    expect(ok.json()).toEqual({ minutes_awarded: 0 });
    const bad = await listener.post('/functions/v1/secure-listening-xp', { minutes_listened: 'lots' });
    expect(bad.statusCode).toBe(400);
  });
  it('answers each like and skip with the points the server awarded, and only the first time', async () => {
    const listener = await signUp(t.app);
    const points = async () => loyaltyCardSchema.parse((await listener.get('/api/loyalty')).json()).points;
    const skippedId = await insertTrack(t.db, artistId, { title: 'Second Orbit' });
    // Both dealt to this listener, under aliases of theirs, and their audio served.
    const likedAlias = await dealTrack(t.db, listener.id, trackId);
    const skippedAlias = await dealTrack(t.db, listener.id, skippedId);
    for (const alias of [likedAlias, skippedAlias]) await hear(t, listener, alias);
    const before = await points();

    // The first like names the alias; later ones the public id the reveal gave, as the web does.
    let likeId = likedAlias;
    const like = async (addToLibrary: boolean) => {
      const res = await listener.post(`/api/player/tracks/${likeId}/like`, { addToLibrary });
      likeId = trackId;
      expect(res.statusCode).toBe(200);
      return revealSchema.parse(res.json()).pointsAwarded;
    };
    const skip = async (id: string) => {
      const res = await listener.post(`/api/player/tracks/${id}/dislike`, {});
      expect(res.statusCode).toBe(200);
      return dislikeResponseSchema.parse(res.json()).pointsAwarded;
    };

    expect(await like(false)).toBe(POINTS.swipe + POINTS.like);
    expect(await points()).toBe(before + POINTS.swipe + POINTS.like);
    // The library add earns its own points once; asking again, or liking again, earns nothing.
    expect(await like(true)).toBe(POINTS.library);
    expect(await like(true)).toBe(0);
    expect(await like(false)).toBe(0);
    // A skip of the liked track changes nothing; a skip of a new one earns its swipe point once.
    expect(await skip(trackId)).toBe(0);
    expect(await skip(skippedAlias)).toBe(POINTS.swipe);
    expect(await skip(skippedAlias)).toBe(0);
    expect(await points()).toBe(before + POINTS.swipe + POINTS.like + POINTS.library + POINTS.swipe);
  });
});
