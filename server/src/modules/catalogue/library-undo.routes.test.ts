import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryResponseSchema, nextTrackResponseSchema, POINTS } from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { hear } from '../../test/listening';

/**
 * The library's remove and undo (issue 17): the undo re-adds through the like rule, and neither
 * a repeat nor a race moves the track's counter or the listener's points more than once.
 */
describe('library removal and undo', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Listening stands still, so the points compared are the like's and the library's alone.
    const listeningTime = new Date();
    t = await createTestApp({}, { listeningClock: () => listeningTime });
  });
  afterAll(async () => {
    await t.close();
  });

  async function listenerWithLibraryTrack(): Promise<{ listener: Client; trackId: string }> {
    const artist = await insertAccount(t.db, 'artist');
    await insertTrack(t.db, artist);
    const listener = await signUp(t.app);
    const next = nextTrackResponseSchema.parse((await listener.get('/api/player/next')).json());
    if (next.state !== 'track') throw new Error('no track dealt');
    // A rating earns only for a track the listener heard: the deal, then its audio served.
    await hear(t, listener, next.track.id);
    const like = await listener.post(`/api/player/tracks/${next.track.id}/like`, { addToLibrary: true });
    expect(like.statusCode).toBe(200);
    const library = libraryResponseSchema.parse((await listener.get('/api/catalogue/library')).json());
    const trackId = library.tracks[0]?.id;
    if (!trackId) throw new Error('the like did not reach the library');
    return { listener, trackId };
  }

  async function counters(trackId: string, userId: string) {
    const [track] = await t.db.query<{ added_to_library: number }>(
      'select added_to_library from tracks where id = $1',
      [trackId],
    );
    const [xp] = await t.db.query<{ total_points: number; added_to_library: number }>(
      'select total_points, added_to_library from user_xp where user_id = $1',
      [userId],
    );
    // Another test's listener may have been dealt the same track: compare against `added`, not 0.
    return { track: track?.added_to_library ?? 0, points: xp?.total_points, userAdds: xp?.added_to_library };
  }

  const remove = (listener: Client, trackId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/player/tracks/${trackId}/library`,
      headers: { cookie: listener.cookie },
    });
  const undo = (listener: Client, trackId: string) =>
    listener.post(`/api/player/tracks/${trackId}/like`, { addToLibrary: true });

  it('takes the track out and puts it back with exact counters and no new points', async () => {
    const { listener, trackId } = await listenerWithLibraryTrack();
    const added = await counters(trackId, listener.id);
    expect(added.points).toBe(POINTS.swipe + POINTS.like + POINTS.library);

    expect((await remove(listener, trackId)).statusCode).toBe(204);
    expect(await counters(trackId, listener.id)).toMatchObject({
      track: added.track - 1,
      points: added.points,
    });
    expect(libraryResponseSchema.parse((await listener.get('/api/catalogue/library')).json()).tracks).toEqual(
      [],
    );

    expect((await undo(listener, trackId)).statusCode).toBe(200);
    expect(await counters(trackId, listener.id)).toEqual(added);
    const back = libraryResponseSchema.parse((await listener.get('/api/catalogue/library')).json()).tracks;
    expect(back.map((track) => track.id)).toEqual([trackId]);
  });

  it('counts a repeated or racing removal once, and a repeated or racing undo once', async () => {
    const { listener, trackId } = await listenerWithLibraryTrack();
    const added = await counters(trackId, listener.id);

    const removals = await Promise.all([remove(listener, trackId), remove(listener, trackId)]);
    expect(removals.map((r) => r.statusCode)).toEqual([204, 204]);
    expect((await remove(listener, trackId)).statusCode).toBe(204);
    expect(await counters(trackId, listener.id)).toMatchObject({
      track: added.track - 1,
      points: added.points,
    });

    const undos = await Promise.all([undo(listener, trackId), undo(listener, trackId)]);
    expect(undos.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await undo(listener, trackId)).statusCode).toBe(200);
    expect(await counters(trackId, listener.id)).toEqual(added);
  });

  it('lets nobody else undo into their library a track they were never dealt', async () => {
    const { trackId } = await listenerWithLibraryTrack();
    const stranger = await signUp(t.app);
    const response = await undo(stranger, trackId);
    // With deals and aliases (decision 0130), an id the deck never dealt this listener names no
    // track for them at all.
    expect(response.statusCode).toBe(404);
    expect(libraryResponseSchema.parse((await stranger.get('/api/catalogue/library')).json()).tracks).toEqual(
      [],
    );
  });
});
