import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTracksResponseSchema } from '@klang/domain';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const [audio] = await t.db.query<{ id: string }>(
    `insert into media_objects (bucket, storage_key, content_type, byte_size)
     values ('demo', 'ab/abcdefghijklmnopqrstuvwx.mp3', 'audio/mpeg', 10) returning id`,
  );
  await t.db.query(
    `insert into demo_tracks (title, artist, audio_media_id) values ('Night Drive', 'Halo', $1)`,
    [audio?.id],
  );
});
afterAll(() => t.close());

describe('GET /api/demo-tracks', () => {
  it('lists demo tracks with a signed audio URL', async () => {
    const response = await t.app.inject({ url: '/api/demo-tracks' });
    expect(response.statusCode).toBe(200);
    const { tracks } = demoTracksResponseSchema.parse(response.json());
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ title: 'Night Drive', artist: 'Halo', coverUrl: null });
    expect(tracks[0]?.audioUrl).toMatch(/^\/media\/demo\/.+[?&]/);
  });
});
