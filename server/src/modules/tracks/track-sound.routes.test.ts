import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistTracksResponseSchema, SOUND_MESSAGES, TRACK_MESSAGES, type ArtistTrack } from '@klang/domain';
import { nextAddress, signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertTrack } from '../../test/catalogue-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A track measured at 124 BPM in 8A (A minor), energy in the genre's top third. */
async function measuredTrack(artistId: string): Promise<string> {
  const id = await insertTrack(t.db, artistId, { genre: 'House / Tech House' });
  await t.db.query(
    `update tracks set bpm = 124, bpm_confidence = 0.4, key_camelot = '8A', key_confidence = 0.7,
       energy_rms_db = -10, loudness_range_db = 3, onsets_per_second = 5, brightness_hz = 1500,
       energy_percentile = 80, sound_measured_at = now() where id = $1`,
    [id],
  );
  return id;
}

function correct(client: Client, trackId: string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/tracks/${trackId}/sound`,
    payload: payload as object,
    headers: { cookie: client.cookie },
    remoteAddress: nextAddress(),
  });
}

async function listed(client: Client, trackId: string): Promise<ArtistTrack | undefined> {
  const res = await client.get('/api/tracks');
  expect(res.statusCode).toBe(200);
  return artistTracksResponseSchema.parse(res.json()).tracks.find((track) => track.id === trackId);
}

async function corrections(trackId: string) {
  const [row] = await t.db.query<{ bpm_artist: number | null; key_artist: string | null }>(
    'select bpm_artist, key_artist from tracks where id = $1',
    [trackId],
  );
  return row;
}

describe("the artist's track list shows the measured sound", () => {
  it('is null until measured, then the measurement with its confidences and energy band', async () => {
    const artist = await signUp(t.app, 'artist');
    const unmeasured = await insertTrack(t.db, artist.id);
    const measured = await measuredTrack(artist.id);
    expect((await listed(artist, unmeasured))?.sound).toBeNull();
    expect((await listed(artist, measured))?.sound).toEqual({
      bpm: 124,
      bpmConfidence: expect.closeTo(0.4, 5) as number,
      key: '8A',
      keyConfidence: expect.closeTo(0.7, 5) as number,
      energy: 'high',
      bpmArtist: null,
      keyArtist: null,
      flagged: false,
    });
  });
});

describe('the artist corrects the tempo and key', () => {
  it('keeps a near correction unflagged: a relative key, a tempo within 8 % or its double', async () => {
    const artist = await signUp(t.app, 'artist');
    const track = await measuredTrack(artist.id);
    const res = await correct(artist, track, { bpm: 62, key: '8b' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ track: ArtistTrack }>().track.sound).toMatchObject({
      bpmArtist: 62,
      keyArtist: '8B',
      flagged: false,
    });
    expect(
      (await correct(artist, track, { bpm: 133.9 })).json<{ track: ArtistTrack }>().track.sound,
    ).toMatchObject({ bpmArtist: 133.9, keyArtist: '8B', flagged: false });
  });

  it('keeps a far correction but flags it, and clears it with null', async () => {
    const artist = await signUp(t.app, 'artist');
    const track = await measuredTrack(artist.id);
    const farTempo = await correct(artist, track, { bpm: 134.1 });
    expect(farTempo.json<{ track: ArtistTrack }>().track.sound).toMatchObject({
      bpmArtist: 134.1,
      flagged: true,
    });
    await correct(artist, track, { bpm: null, key: '9A' });
    expect((await listed(artist, track))?.sound).toMatchObject({
      bpmArtist: null,
      keyArtist: '9A',
      flagged: true,
    });
    await correct(artist, track, { key: null });
    expect(await corrections(track)).toEqual({ bpm_artist: null, key_artist: null });
  });

  it('refuses a tempo or key out of bounds with its message, and changes nothing', async () => {
    const artist = await signUp(t.app, 'artist');
    const track = await measuredTrack(artist.id);
    await correct(artist, track, { bpm: 125, key: '8A' });
    const refused: [unknown, string][] = [
      [{ bpm: 39.9 }, SOUND_MESSAGES.bpmInvalid],
      [{ bpm: 220.1 }, SOUND_MESSAGES.bpmInvalid],
      [{ bpm: 124.25 }, SOUND_MESSAGES.bpmInvalid],
      [{ bpm: '124' }, SOUND_MESSAGES.bpmInvalid],
      [{ key: '13A' }, SOUND_MESSAGES.keyInvalid],
      [{ key: '8C' }, SOUND_MESSAGES.keyInvalid],
      [{ key: 'A minor' }, SOUND_MESSAGES.keyInvalid],
      [{ bpm: 120, key: '0B' }, SOUND_MESSAGES.keyInvalid],
    ];
    for (const [payload, message] of refused) {
      const res = await correct(artist, track, payload);
      expect([payload, res.statusCode, res.json<{ error: { message: string } }>().error.message]).toEqual([
        payload,
        400,
        message,
      ]);
    }
    expect(await corrections(track)).toEqual({ bpm_artist: 125, key_artist: '8A' });
  });

  it("answers another artist's track as an unknown one, and changes nothing", async () => {
    const owner = await signUp(t.app, 'artist');
    const other = await signUp(t.app, 'artist');
    const track = await measuredTrack(owner.id);
    const theirs = await correct(other, track, { bpm: 100 });
    const unknown = await correct(other, crypto.randomUUID(), { bpm: 100 });
    const answer = (res: typeof theirs) => {
      const { code, message } = res.json<{ error: { code: string; message: string } }>().error;
      return [res.statusCode, code, message];
    };
    expect(answer(theirs)).toEqual([404, 'NOT_FOUND', TRACK_MESSAGES.notOwned]);
    expect(answer(theirs)).toEqual(answer(unknown));
    expect(await corrections(track)).toEqual({ bpm_artist: null, key_artist: null });
  });
});
