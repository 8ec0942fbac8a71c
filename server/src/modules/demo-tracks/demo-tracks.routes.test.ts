import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER_MESSAGES, demoTrackRevealSchema, demoTracksResponseSchema } from '@klang/domain';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let trackId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [audio] = await t.db.query<{ id: string }>(
    `insert into media_objects (bucket, storage_key, content_type, byte_size)
     values ('demo', 'ab/abcdefghijklmnopqrstuvwx.mp3', 'audio/mpeg', 10) returning id`,
  );
  const [cover] = await t.db.query<{ id: string }>(
    `insert into media_objects (bucket, storage_key, content_type, byte_size)
     values ('demo', 'cd/zyxwvutsrqponmlkjihgfedc.jpg', 'image/jpeg', 10) returning id`,
  );
  const [track] = await t.db.query<{ id: string }>(
    `insert into demo_tracks (title, artist, audio_media_id, cover_media_id)
     values ('Night Drive', 'Halo', $1, $2) returning id`,
    [audio?.id, cover?.id],
  );
  trackId = track?.id ?? '';
});
afterAll(() => t.close());

describe('GET /api/demo-tracks', () => {
  it('lists demo tracks blind: an id and a signed audio URL, nothing that names them', async () => {
    const response = await t.app.inject({ url: '/api/demo-tracks' });
    expect(response.statusCode).toBe(200);
    const { tracks } = demoTracksResponseSchema.parse(response.json());
    expect(tracks).toEqual([
      { id: trackId, audioUrl: expect.stringMatching(/^\/media\/demo\/.+[?&]/) as unknown },
    ]);
    // Not in a field the schema drops, not in a URL, not in the cover: nowhere in the bytes.
    for (const name of ['Night Drive', 'Halo', 'title', 'artist', 'cover', 'zyxwvutsrqponmlkjihgfedc']) {
      expect(response.body).not.toContain(name);
    }
  });
});

describe('POST /api/demo-tracks/:id/reveal', () => {
  it('answers the title, artist and cover once the visitor likes the track', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/demo-tracks/${trackId}/reveal` });
    expect(response.statusCode).toBe(200);
    const reveal = demoTrackRevealSchema.parse(response.json());
    expect(reveal).toMatchObject({ id: trackId, title: 'Night Drive', artist: 'Halo' });
    expect(reveal.coverUrl).toMatch(/^\/media\/demo\/.+[?&]/);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses an unknown or malformed id with the spec message, and a GET', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: `/api/demo-tracks/${randomUUID()}/reveal` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { message: DEMO_PLAYER_MESSAGES.trackFailed } });
    expect((await t.app.inject({ method: 'POST', url: '/api/demo-tracks/x/reveal' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/demo-tracks/${trackId}/reveal` })).statusCode).toBe(404);
  });
});
