import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLIND_SHARE_CARD,
  BLIND_SHARE_EMBED,
  BLIND_SHARE_MESSAGES,
  OEMBED_MESSAGES,
  oembedSchema,
  blindShareSchema,
  nextTrackResponseSchema,
  revealSchema,
  shareDealResponseSchema,
  sharePreviewSchema,
  sharedTrackSchema,
} from '@klang/domain';
import { decodeToMono } from '../../providers/audio/ffmpeg';
import { durationSeconds, envelope } from '../../test/audio-analysis';
import { makeRenditionMp3 } from '../../test/test-audio';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertTrack } from '../../test/catalogue-fixtures';
import { hear } from '../../test/listening';

const DEEP = 'Minimal / Deep Tech';

const messageOf = (response: LightMyRequestResponse): string =>
  response.json<{ error: { message: string } }>().error.message;

/**
 * Blind shares through the API (issue 32 item 4, decision 0307), as a sharer, a friend, a visitor
 * and a script meet them: only a liked (or own) track is shared; the link names nothing to
 * anyone; a friend is dealt it blind, outside the deck's exposure, and learns its name only by
 * liking it; the link dies with the track's place in the deck.
 */
describe('blind shares', () => {
  let t: TestApp;
  let artist: Client & { username: string };
  let trackId: string;
  const title = 'Glass Harbour';

  beforeAll(async () => {
    t = await createTestApp();
    artist = await signUp(t.app, 'artist');
    trackId = await insertTrack(t.db, artist.id, { genre: DEEP, title });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A listener who was dealt the track, heard it and liked it. */
  const fan = async (): Promise<Client> => {
    const listener = await signUp(t.app);
    const [deal] = await t.db.query<{ id: string }>(
      `insert into deals (user_id, track_id) values ($1, $2) returning id`,
      [listener.id, trackId],
    );
    const alias = deal?.id ?? '';
    await hear(t, listener, alias);
    expect(
      (await listener.post(`/api/player/tracks/${alias}/like`, { addToLibrary: false })).statusCode,
    ).toBe(200);
    return listener;
  };

  const share = (client: Client, id = trackId) => client.post('/api/player/shares', { trackId: id });
  const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/player/shares/${token}` });
  const dealOf = (client: Client, token: string) => client.post(`/api/player/shares/${token}/deal`, {});

  const tokenOf = async (client: Client): Promise<string> => {
    const response = await share(client);
    expect(response.statusCode, response.body).toBe(200);
    return blindShareSchema.parse(response.json()).token;
  };

  it('shares only a track the caller liked or made, one link per sharer and track', async () => {
    const liker = await fan();
    const token = await tokenOf(liker);
    expect(await tokenOf(liker)).toBe(token);
    expect(await tokenOf(artist)).not.toBe(token);

    const stranger = await signUp(t.app);
    const refused = await share(stranger);
    expect(refused.statusCode).toBe(404);
    expect(messageOf(refused)).toBe(BLIND_SHARE_MESSAGES.notYours);
    expect((await share(stranger, crypto.randomUUID())).statusCode).toBe(404);
    expect((await share(stranger, 'not-a-track')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/player/shares', payload: { trackId } })).statusCode,
    ).toBe(401);
  });

  it('opens to anyone naming nothing, and a guessed or malformed link opens nothing', async () => {
    const token = await tokenOf(await fan());
    const opened = await open(token);
    expect(opened.statusCode).toBe(200);
    expect(sharedTrackSchema.parse(opened.json())).toEqual({ durationMs: 60_000 });
    for (const secret of [trackId, title, artist.id, artist.username])
      expect(opened.body).not.toContain(secret);
    expect(opened.headers['cache-control']).toBe('no-store');

    const unknown = await open('A'.repeat(22));
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe(BLIND_SHARE_MESSAGES.expired);
    expect((await open('short')).statusCode).toBe(400);
  });

  it("deals a friend the track blind, outside the deck's exposure, and reveals it only on their like", async () => {
    const token = await tokenOf(await fan());
    const friend = await signUp(t.app);
    const [before] = await t.db.query<{ deal_count: number }>(
      'select deal_count from deck_exposure where track_id = $1',
      [trackId],
    );
    const dealt = await dealOf(friend, token);
    expect(dealt.statusCode).toBe(200);
    const body = shareDealResponseSchema.parse(dealt.json());
    if (body.state !== 'track') throw new Error(`expected a track, got ${body.state}`);
    expect(body.track.id).not.toBe(trackId);
    for (const secret of [trackId, title, artist.username]) expect(dealt.body).not.toContain(secret);
    const [deal] = await t.db.query<{ origin: string; track_id: string }>(
      'select origin, track_id from deals where id = $1',
      [body.track.id],
    );
    expect(deal).toEqual({ origin: 'share', track_id: trackId });
    const [after] = await t.db.query<{ deal_count: number }>(
      'select deal_count from deck_exposure where track_id = $1',
      [trackId],
    );
    expect(after?.deal_count).toBe(before?.deal_count);

    await hear(t, friend, body.track.id);
    const like = await friend.post(`/api/player/tracks/${body.track.id}/like`, { addToLibrary: false });
    expect(like.statusCode).toBe(200);
    expect(revealSchema.parse(like.json()).track).toMatchObject({ id: trackId, title });

    // Liked, the link shows them the reveal; the artist is told the track is theirs.
    const again = shareDealResponseSchema.parse((await dealOf(friend, token)).json());
    expect(again.state === 'revealed' && again.reveal.track.id).toBe(trackId);
    expect(shareDealResponseSchema.parse((await dealOf(artist, token)).json())).toEqual({ state: 'yours' });
    expect((await t.app.inject({ method: 'POST', url: `/api/player/shares/${token}/deal` })).statusCode).toBe(
      401,
    );
  });

  it('never hands the friend the track again in Discover after the shared play', async () => {
    const token = await tokenOf(await fan());
    const other = await insertTrack(t.db, artist.id, { genre: DEEP });
    await t.db.query('update tracks set featured_in_player = false where id <> all($1::uuid[])', [
      [trackId, other],
    ]);
    const friend = await signUp(t.app);
    const dealt = shareDealResponseSchema.parse((await dealOf(friend, token)).json());
    expect(dealt.state).toBe('track');
    for (let i = 0; i < 4; i++) {
      const next = nextTrackResponseSchema.parse((await friend.get('/api/player/next')).json());
      if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
      const [deal] = await t.db.query<{ track_id: string }>('select track_id from deals where id = $1', [
        next.track.id,
      ]);
      expect(deal?.track_id).toBe(other);
    }
    await t.db.query('update tracks set featured_in_player = true');
  });

  describe('the blind preview', () => {
    /**
     * A 90-second track, quiet but for its 40 s to 70 s (the drop), as the transcode would leave
     * it: the rendition's file and bytes, its length and its 200 waveform peaks.
     */
    const droppingTrack = async (): Promise<{ id: string; key: string; token: string }> => {
      const id = await insertTrack(t.db, artist.id, { genre: DEEP, title: 'Drop Theory' });
      const rendition = makeRenditionMp3(90, 'if(between(t,40,70),0.8,0.05)');
      const peaks = Array.from({ length: 200 }, (_, i) => (i * 0.45 >= 40 && i * 0.45 < 70 ? 0.8 : 0.05));
      const [media] = await t.db.query<{ id: string; bucket: string; storage_key: string }>(
        `update media_objects m set byte_size = $2 from tracks t
         where t.id = $1 and m.id = t.audio_media_id returning m.id, m.bucket, m.storage_key`,
        [id, rendition.length],
      );
      if (!media) throw new Error('fixture track has no audio');
      await t.db.query('update tracks set duration_ms = 90000, peaks = $2::jsonb where id = $1', [
        id,
        JSON.stringify(peaks),
      ]);
      const file = path.join(t.dataDir, 'media', media.bucket, media.storage_key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, rendition);
      const shared = await share(artist, id);
      return { id, key: media.storage_key, token: blindShareSchema.parse(shared.json()).token };
    };
    const previewOf = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/player/shares/${token}/preview` });
    const counts = async () =>
      (
        await t.db.query<{ deals: number; grants: number }>(
          'select (select count(*)::int from deals) as deals, (select count(*)::int from stream_grants) as grants',
        )
      )[0];

    it("plays anyone the track's fullest half-minute, blind, from a frame, in nothing the deck counts", async () => {
      const track = await droppingTrack();
      const before = await counts();
      const first = await previewOf(track.token);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const preview = sharePreviewSchema.parse(first.json());
      expect(preview.durationMs).toBe(30_000);
      for (const secret of [track.id, track.key, 'Drop Theory', artist.id, artist.username])
        expect(first.body).not.toContain(secret);

      const audio = await t.app.inject({ method: 'GET', url: preview.url });
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      // It starts on a frame header, and what it holds is the loud stretch, half a minute long.
      expect([audio.rawPayload[0], (audio.rawPayload[1] ?? 0) & 0xe0]).toEqual([0xff, 0xe0]);
      const pcm = await decodeToMono(audio.rawPayload);
      expect(durationSeconds(pcm)).toBeGreaterThan(29);
      expect(durationSeconds(pcm)).toBeLessThan(31.5);
      const levels = envelope(pcm, 6);
      expect(Math.min(...levels.slice(1, 5))).toBeGreaterThan(0.4);

      // Another preview: another URL and another length, and still no deal, grant or count.
      const second = sharePreviewSchema.parse((await previewOf(track.token)).json());
      expect(second.url).not.toBe(preview.url);
      const again = await t.app.inject({ method: 'HEAD', url: second.url });
      expect(again.headers['content-length']).not.toBe(audio.headers['content-length']);
      const ranged = await t.app.inject({ method: 'GET', url: second.url, headers: { range: 'bytes=0-3' } });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.rawPayload).toEqual(audio.rawPayload.subarray(0, 4));
      expect(await counts()).toEqual(before);
    });

    it('plays a short track whole, and nothing once the link has expired', async () => {
      const track = await droppingTrack();
      await t.db.query('update tracks set duration_ms = 20000 where id = $1', [track.id]);
      expect(sharePreviewSchema.parse((await previewOf(track.token)).json()).durationMs).toBe(20_000);

      await t.db.query('update tracks set featured_in_player = false where id = $1', [track.id]);
      const gone = await previewOf(track.token);
      expect(gone.statusCode).toBe(404);
      expect(messageOf(gone)).toBe(BLIND_SHARE_MESSAGES.expired);
      expect((await previewOf('A'.repeat(22))).statusCode).toBe(404);
      expect((await previewOf('short')).statusCode).toBe(400);
    });
  });

  it("shows every link's preview the same picture, a masked track that any cache may keep", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/player/share-card.png' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const { width, height, format } = await sharp(first.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    const again = await t.app.inject({ method: 'GET', url: '/api/player/share-card.png' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Drawn from shapes: the brand red is in it, and it is no blank.
    const { channels } = await sharp(first.rawPayload).stats();
    expect(channels[0]?.max).toBe(255);
    expect(channels[0]?.stdev).toBeGreaterThan(10);
    // The brand's own logo file, its light wordmark beside the mark (nothing else there is light).
    const wordmark = await sharp(first.rawPayload)
      .extract({ left: 170, top: 70, width: 170, height: 80 })
      .stats();
    expect(wordmark.channels[1]?.max).toBeGreaterThan(200);
  });

  describe('oEmbed', () => {
    const oembedOf = (query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/oembed?${new URLSearchParams(query).toString()}` });

    it('embeds a share link or its player as a frame of the blind player, titled as every share', async () => {
      const token = await tokenOf(await fan());
      const site = new URL(t.config.publicUrl);
      for (const url of [`${site.origin}/s/${token}`, `${site.origin}/embed/${token}`]) {
        const answered = await oembedOf({ url, format: 'json' });
        expect(answered.statusCode, answered.body).toBe(200);
        const oembed = oembedSchema.parse(answered.json());
        expect(oembed).toMatchObject({
          version: '1.0',
          type: 'rich',
          provider_name: 'Klang',
          title: BLIND_SHARE_CARD.title,
          width: BLIND_SHARE_EMBED.width,
          height: BLIND_SHARE_EMBED.height,
        });
        expect(oembed.html).toContain(`<iframe src="${site.origin}/embed/${token}" width="480" height="200"`);
        for (const secret of [trackId, title, artist.id, artist.username])
          expect(answered.body).not.toContain(secret);
      }
      // Never larger than the consumer allows.
      const narrow = oembedSchema.parse(
        (await oembedOf({ url: `${site.origin}/s/${token}`, maxwidth: '320', maxheight: '150' })).json(),
      );
      expect([narrow.width, narrow.height]).toEqual([320, 150]);
      expect(narrow.html).toContain('width="320" height="150"');
    });

    it("answers only for this site's open share links, and only in JSON", async () => {
      const token = await tokenOf(await fan());
      const site = new URL(t.config.publicUrl);
      for (const url of [
        `https://elsewhere.example/s/${token}`,
        `${site.origin}/artist/${artist.id}`,
        `${site.origin}/s/${token}/../x`,
        'not a url',
      ]) {
        const refused = await oembedOf({ url });
        expect(refused.statusCode, url).toBe(404);
        expect(messageOf(refused)).toBe(OEMBED_MESSAGES.notOurs);
      }
      const unknown = await oembedOf({ url: `${site.origin}/s/${'B'.repeat(22)}` });
      expect(messageOf(unknown)).toBe(BLIND_SHARE_MESSAGES.expired);
      const xml = await oembedOf({ url: `${site.origin}/s/${token}`, format: 'xml' });
      expect(xml.statusCode).toBe(400);
      expect(xml.body).toContain(OEMBED_MESSAGES.xmlUnsupported);
    });
  });

  it('expires with the track: unfeatured or deleted, the link and its open deal play nothing', async () => {
    const token = await tokenOf(await fan());
    const friend = await signUp(t.app);
    const dealt = shareDealResponseSchema.parse((await dealOf(friend, token)).json());
    if (dealt.state !== 'track') throw new Error('expected a track');

    await t.db.query('update tracks set featured_in_player = false where id = $1', [trackId]);
    const gone = await open(token);
    expect(gone.statusCode).toBe(404);
    expect(messageOf(gone)).toBe(BLIND_SHARE_MESSAGES.expired);
    expect((await dealOf(await signUp(t.app), token)).statusCode).toBe(404);
    const grant = await friend.post('/functions/v1/secure-track-access', {
      trackId: dealt.track.id,
      purpose: 'playback',
    });
    expect(grant.statusCode).toBeGreaterThanOrEqual(400);
    await t.db.query('update tracks set featured_in_player = true where id = $1', [trackId]);
    expect((await open(token)).statusCode).toBe(200);
  });
});
