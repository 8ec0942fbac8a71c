import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artistTracksResponseSchema,
  dashboardStatsSchema,
  DEMO_ACCOUNT,
  fillPath,
  isRawBody,
  LIMITS,
  TRACK_MESSAGES as M,
  tracksEndpoints,
  type Endpoint,
} from '@klang/domain';
import { createJobRunner } from '../../jobs/runner';
import { createTestApp, type TestApp } from '../../test/app';
import { nextAddress, signUp, type ApiBody, type Client } from '../../test/accounts-helpers';
import { insertTrack } from '../../test/catalogue-fixtures';
import { makeLongMp3, makeSilentWav, makeTaggedMp3, makeWav, wavHeader } from '../../test/test-audio';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const QUERY = { title: 'Night Drive', genre: 'House / Tech House' };

function upload(client: Client, payload: Buffer | Readable, query: Record<string, string> = QUERY) {
  return t.app.inject({
    method: 'POST',
    url: `/api/tracks?${new URLSearchParams(query).toString()}`,
    payload,
    headers: { cookie: client.cookie, 'content-type': 'application/octet-stream' },
    remoteAddress: nextAddress(),
  });
}

function send(client: Client, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { cookie: client.cookie },
    remoteAddress: nextAddress(),
  });
}

/** Runs every queued job; resolves with how many ran. */
async function runJobs(): Promise<number> {
  const runner = createJobRunner({ db: t.db, log: t.app.log, kinds: t.app.jobKinds });
  let ran = 0;
  while (await runner.runOnce()) ran += 1;
  return ran;
}

async function filesIn(bucket: string): Promise<string[]> {
  if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
  const root = path.join(t.config.storage.dir, bucket);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function trackRow(id: string) {
  const rows = await t.db.query<{
    status: string;
    failure_reason: string | null;
    duration_ms: number | null;
    peaks: number[] | null;
    rendition_key: string | null;
  }>('select status, failure_reason, duration_ms, peaks, rendition_key from tracks where id = $1', [id]);
  return rows[0];
}

function errorOf(response: LightMyRequestResponse): string {
  return response.json<ApiBody>().error.message;
}

/** The spec's named functions answer `{ error: message }` (spec 001 §7). */
function functionErrorOf(response: LightMyRequestResponse): string {
  return response.json<{ error: string }>().error;
}

describe('upload pipeline', () => {
  it('stores the upload, and the job makes a tag-free, normalised MP3 with duration and peaks', async () => {
    const artist = await signUp(t.app, 'artist');
    const mp3 = makeTaggedMp3(2, { title: 'SecretTitleXyz', artist: 'SecretArtistXyz' });
    expect(mp3.includes('SecretTitleXyz')).toBe(true);

    const res = await upload(artist, mp3, { ...QUERY, label: '' });
    expect(res.statusCode).toBe(201);
    const { track } = res.json<{ track: { id: string; status: string; label: string } }>();
    expect(track).toMatchObject({ status: 'processing', label: 'Unsigned' });

    expect(await runJobs()).toBe(1);
    const row = await trackRow(track.id);
    expect(row).toMatchObject({ status: 'ready', failure_reason: null });
    expect(row?.duration_ms).toBeGreaterThan(1900);
    expect(row?.duration_ms).toBeLessThan(2200);
    expect(row?.peaks).toHaveLength(200);
    expect(Math.max(...(row?.peaks ?? []))).toBeGreaterThan(0.1);

    const [rendition] = await filesIn('renditions');
    expect(rendition).toBe(row?.rendition_key);
    const bytes = await t.app
      .inject({ method: 'GET', url: '/api/health' })
      .then(() =>
        import('node:fs/promises').then((fs) =>
          t.config.storage.kind === 'local'
            ? fs.readFile(path.join(t.config.storage.dir, 'renditions', rendition ?? ''))
            : Buffer.alloc(0),
        ),
      );
    expect(bytes.subarray(0, 3).toString('latin1')).not.toBe('ID3');
    expect(bytes.includes('SecretTitleXyz')).toBe(false);
    expect(bytes.includes('SecretArtistXyz')).toBe(false);
    expect(rendition).not.toMatch(/night|drive|secret/i);

    const list = artistTracksResponseSchema.parse((await artist.get('/api/tracks')).json());
    expect(list.tracks.map((x) => [x.title, x.status])).toEqual([['Night Drive', 'ready']]);
  });

  it('refuses each missing or invalid field with the spec message and stores nothing', async () => {
    const artist = await signUp(t.app, 'artist');
    const wav = makeWav(0.2);
    expect(errorOf(await upload(artist, wav, { genre: QUERY.genre }))).toBe(M.titleRequired);
    expect(errorOf(await upload(artist, wav, { ...QUERY, title: '   ' }))).toBe(M.titleRequired);
    expect(errorOf(await upload(artist, wav, { title: 'x' }))).toBe(M.genreRequired);
    expect(errorOf(await upload(artist, wav, { ...QUERY, genre: 'Techno' }))).toBe(M.genreRequired);
    const empty = await upload(artist, Buffer.alloc(0));
    expect([empty.statusCode, errorOf(empty)]).toEqual([400, M.audioRequired]);

    const renamed = await upload(artist, Buffer.from('%PDF-1.7 this is a document renamed to song.mp3'));
    expect([renamed.statusCode, errorOf(renamed)]).toEqual([415, M.audioInvalid]);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    expect(errorOf(await upload(artist, png))).toBe(M.audioInvalid);

    expect(
      await t.db.query('select 1 from tracks t join profiles p on p.id = t.artist_id where p.id = $1', [
        artist.id,
      ]),
    ).toHaveLength(0);
    expect(await t.db.query('select 1 from media_objects where owner_id = $1', [artist.id])).toHaveLength(0);
  });

  it('fails a file that only looks like audio with the spec message, drops its file, and it can be deleted', async () => {
    const artist = await signUp(t.app, 'artist');
    const fake = Buffer.concat([wavHeader(4000).subarray(0, 12), Buffer.from('garbage '.repeat(500))]);
    const res = await upload(artist, fake);
    expect(res.statusCode).toBe(201);
    const id = res.json<{ track: { id: string } }>().track.id;
    await runJobs();
    expect(await trackRow(id)).toMatchObject({ status: 'failed', failure_reason: M.audioInvalid });

    // The same bytes would be refused again: no retry, and nothing of the file is kept.
    const list = artistTracksResponseSchema.parse((await artist.get('/api/tracks')).json());
    expect(list.tracks.map((x) => [x.status, x.failureReason, x.canRetry])).toEqual([
      ['failed', M.audioInvalid, false],
    ]);
    const retried = await send(artist, 'POST', `/api/tracks/${id}/retry`);
    expect([retried.statusCode, errorOf(retried)]).toEqual([404, M.notOwned]);
    expect(await t.db.query('select 1 from media_objects where owner_id = $1', [artist.id])).toHaveLength(0);

    expect((await send(artist, 'DELETE', `/api/tracks/${id}`)).statusCode).toBe(204);
  });

  it('accepts exactly 78,643,200 bytes and refuses one byte more, declared or streamed, leaving no file', async () => {
    const artist = await signUp(t.app, 'artist', {}).then(async (a) => {
      await t.db.query("update artist_profiles set subscription_tier = 'pro' where id = $1", [a.id]);
      return a;
    });
    const exact = Buffer.alloc(LIMITS.audioMaxBytes);
    wavHeader(LIMITS.audioMaxBytes - 44).copy(exact);
    const before = (await filesIn('tracks')).length;

    const accepted = await upload(artist, exact);
    expect(accepted.statusCode).toBe(201);
    // Transcoding 75 MB of silence is the benchmark's business, not this test's.
    await t.db.query("delete from jobs where payload->>'trackId' = $1", [
      accepted.json<{ track: { id: string } }>().track.id,
    ]);
    expect(await filesIn('tracks')).toHaveLength(before + 1);

    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const declared = await upload(artist, over);
    expect([declared.statusCode, errorOf(declared)]).toEqual([413, M.audioTooLarge]);
    const streamed = await upload(artist, Readable.from(chunksOf(over, 1 << 20)));
    expect([streamed.statusCode, errorOf(streamed)]).toEqual([413, M.audioTooLarge]);

    const files = await filesIn('tracks');
    expect(files).toHaveLength(before + 1);
    expect(files.some((f) => f.endsWith('.part'))).toBe(false);
    expect(await t.db.query('select 1 from tracks where artist_id = $1', [artist.id])).toHaveLength(1);
  }, 60_000);
});

describe('bounded uploads (decision 0250)', () => {
  /** Uploads `audio`, runs the job and answers the track as its artist sees it, with its row. */
  async function process(artist: Client, audio: Buffer) {
    const res = await upload(artist, audio);
    expect(res.statusCode).toBe(201);
    const id = res.json<{ track: { id: string } }>().track.id;
    await runJobs();
    const list = artistTracksResponseSchema.parse((await artist.get('/api/tracks')).json());
    return { track: list.tracks.find((x) => x.id === id), row: await trackRow(id) };
  }

  it('refuses a track over 20 minutes, by its header or by a bounded decode, before any transcode', async () => {
    const artist = await signUp(t.app, 'artist');
    const renditions = (await filesIn('renditions')).length;
    // 21 minutes that say so in the header (10 MB of 8 kHz silence), and 21 minutes of 8 kbit/s
    // MP3 whose length only a decode finds (1.3 MB, as the probe's 33-minute upload).
    for (const long of [makeSilentWav(21 * 60), makeLongMp3(21 * 60)]) {
      const { track, row } = await process(artist, long);
      expect(track).toMatchObject({ status: 'failed', failureReason: M.trackTooLong, canRetry: false });
      expect(row).toMatchObject({ duration_ms: null, peaks: null });
    }
    expect(M.trackTooLong).toBe('Tracks can be at most 20 minutes long');
    expect(await filesIn('renditions')).toHaveLength(renditions);
  }, 60_000);

  it('refuses audio under a second and a WAV cut off before its stated end, never ready', async () => {
    const artist = await signUp(t.app, 'artist');
    const cases: [Buffer, string][] = [
      [makeWav(0.5), M.trackTooShort],
      // The probe's truncated WAV: a header and 100 bytes.
      [makeWav(2).subarray(0, 144), M.audioIncomplete],
      // A header claiming 21 minutes in front of one second.
      [Buffer.concat([wavHeader(21 * 60 * 176_400), makeWav(1).subarray(44)]), M.audioIncomplete],
    ];
    for (const [audio, reason] of cases) {
      const { track } = await process(artist, audio);
      expect(track).toMatchObject({ status: 'failed', failureReason: reason, durationMs: null });
    }
    const { track } = await process(artist, makeWav(1.2));
    expect(track).toMatchObject({ status: 'ready', failureReason: null });
  }, 60_000);

  it('keeps what the artist saved and frees the refused upload’s slot under the free limit', async () => {
    const artist = await signUp(t.app, 'artist');
    const kept = [];
    for (let i = 0; i < 4; i++) kept.push((await process(artist, makeWav(1.2))).track);
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/tracks/covers',
      payload: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
        .png()
        .toBuffer(),
      headers: { cookie: artist.cookie, 'content-type': 'image/png' },
      remoteAddress: nextAddress(),
    });
    const { coverId } = stored.json<{ coverId: string }>();
    const refused = await upload(artist, makeWav(0.5), { ...QUERY, coverId });
    expect(refused.statusCode).toBe(201);
    await runJobs();

    const list = artistTracksResponseSchema.parse((await artist.get('/api/tracks')).json());
    expect(
      list.tracks
        .filter((x) => x.status === 'ready')
        .map((x) => x.id)
        .sort(),
    ).toEqual(kept.map((x) => x?.id).sort());
    const failed = list.tracks.find((x) => x.status === 'failed');
    expect(failed).toMatchObject({ failureReason: M.trackTooShort, canRetry: false });
    expect(failed?.coverUrl).toMatch(/^\/media\//);
    const buckets = await t.db.query<{ bucket: string; n: number }>(
      'select bucket, count(*)::int as n from media_objects where owner_id = $1 group by bucket order by bucket',
      [artist.id],
    );
    expect(buckets).toEqual([
      { bucket: 'coverart', n: 1 },
      { bucket: 'renditions', n: 4 },
      { bucket: 'tracks', n: 4 },
    ]);
    // Four kept and one refused: the fifth slot is still there, and the sixth is not.
    expect((await upload(artist, makeWav(1.2))).statusCode).toBe(201);
    const over = await upload(artist, makeWav(1.2));
    expect([over.statusCode, errorOf(over)]).toEqual([403, M.uploadLimit('free')]);
  }, 60_000);

  it('never lets the decoder open another file: an ID3 tag before a playlist of a stored rendition', async () => {
    if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
    const victim = await signUp(t.app, 'artist');
    const attacker = await signUp(t.app, 'artist');
    const { row } = await process(victim, makeWav(3, 523));
    const victimFile = path.join(t.config.storage.dir, 'renditions', row?.rendition_key ?? '');
    // Probed freely, ffmpeg skips the tag, reads an HLS playlist and decodes the victim's
    // rendition (its key ends in .mp3, an extension HLS allows) as the attacker's new track.
    // The sandbox forces the MP3 demuxer the first bytes name, and that finds no frame.
    const playlist = Buffer.concat([
      Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]),
      Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\nfile://${victimFile}\n#EXT-X-ENDLIST\n`),
    ]);
    const { track } = await process(attacker, playlist);
    expect(track).toMatchObject({ status: 'failed', failureReason: M.audioInvalid, durationMs: null });
  });
});

function* chunksOf(buffer: Buffer, size: number) {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

describe('storage that fails', () => {
  it('refuses the upload with a message the artist understands, saves nothing, and resumes', async () => {
    if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
    const bucket = path.join(t.config.storage.dir, 'tracks');
    const artist = await signUp(t.app, 'artist');
    const before = await filesIn('tracks');
    // The bucket's directory is not one: every write into it fails, as on a broken disk.
    await mkdir(bucket, { recursive: true });
    await rename(bucket, `${bucket}.away`);
    await writeFile(bucket, 'not a directory');
    try {
      const refused = await upload(artist, makeWav(1));
      expect([refused.statusCode, errorOf(refused)]).toEqual([503, M.uploadStorageUnavailable]);
      expect(await t.db.query('select 1 from tracks where artist_id = $1', [artist.id])).toHaveLength(0);
    } finally {
      await rm(bucket);
      await rename(`${bucket}.away`, bucket);
    }
    expect(await filesIn('tracks')).toEqual(before);
    const accepted = await upload(artist, makeWav(1));
    expect(accepted.statusCode).toBe(201);
  });
});

describe('tier limits under parallel requests', () => {
  it('lets a free artist upload five tracks, even from ten parallel uploads, then shows the limit text', async () => {
    const artist = await signUp(t.app, 'artist');
    const wav = makeWav(0.1);
    const results = await Promise.all(Array.from({ length: 10 }, () => upload(artist, wav)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    for (const refused of results.filter((r) => r.statusCode !== 201)) {
      expect([refused.statusCode, errorOf(refused)]).toEqual([403, M.uploadLimit('free')]);
    }
    expect(M.uploadLimit('free')).toBe(
      "You've reached the 5-track limit for free accounts. Upgrade to upload more tracks.",
    );
    const rows = await t.db.query<{ n: number }>(
      'select count(*)::int as n from tracks where artist_id = $1',
      [artist.id],
    );
    expect(rows[0]?.n).toBe(5);
    // The refused uploads' files are gone too: one stored source per track.
    const sources = await t.db.query<{ n: number }>(
      "select count(*)::int as n from media_objects where owner_id = $1 and bucket = 'tracks'",
      [artist.id],
    );
    expect(sources[0]?.n).toBe(5);
  });

  it('features at most one track for free and three for pro, under ten parallel toggles', async () => {
    for (const [tier, limit, message] of [
      ['free', 1, M.featureLimitFree],
      ['pro', 3, M.featureLimitPro],
      ['trial', 3, M.featureLimitPro],
    ] as const) {
      const artist = await signUp(t.app, 'artist');
      await t.db.query(
        "update artist_profiles set subscription_tier = $2, trial_end_date = now() + interval '14 days' where id = $1",
        [artist.id, tier],
      );
      const ids = await Promise.all(
        Array.from({ length: 10 }, () => insertTrack(t.db, artist.id, { featured: false })),
      );
      const results = await Promise.all(
        ids.map((id) => send(artist, 'PUT', `/api/tracks/${id}/featured`, { featured: true })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(limit);
      for (const refused of results.filter((r) => r.statusCode !== 200))
        expect(errorOf(refused)).toBe(message);
      const featured = await t.db.query('select id from tracks where artist_id = $1 and featured_in_player', [
        artist.id,
      ]);
      expect(featured).toHaveLength(limit);

      const first = featured[0] as { id: string };
      const off = await send(artist, 'PUT', `/api/tracks/${first.id}/featured`, { featured: false });
      expect(off.json<{ track: { featured: boolean } }>().track.featured).toBe(false);
    }
  });

  it('treats an ended trial as free', async () => {
    const artist = await signUp(t.app, 'artist');
    await t.db.query(
      "update artist_profiles set subscription_tier = 'trial', trial_end_date = now() - interval '1 day' where id = $1",
      [artist.id],
    );
    const list = artistTracksResponseSchema.parse((await artist.get('/api/tracks')).json());
    expect(list).toMatchObject({ tier: 'free', uploadLimit: 5, featureLimit: 1, goldBadge: false });
  });

  it('shows the gold badge only for a pro artist who was granted it', async () => {
    const artist = await signUp(t.app, 'artist');
    await t.db.query('update artist_profiles set gold_badge_applied = true where id = $1', [artist.id]);
    const read = async () => artistTracksResponseSchema.parse((await artist.get('/api/tracks')).json());
    expect(await read()).toMatchObject({ tier: 'free', goldBadge: false });
    await t.db.query("update artist_profiles set subscription_tier = 'pro' where id = $1", [artist.id]);
    expect(await read()).toMatchObject({ tier: 'pro', uploadLimit: null, featureLimit: 3, goldBadge: true });
  });
});

describe('delete and ownership', () => {
  it('soft-deletes only the own track, removes its files and wipes its stats', async () => {
    const owner = await signUp(t.app, 'artist');
    const other = await signUp(t.app, 'artist');
    const res = await upload(owner, makeWav(1.2));
    const id = res.json<{ track: { id: string } }>().track.id;
    await runJobs();
    await t.db.query('update tracks set likes = 7, play_count = 20 where id = $1', [id]);

    for (const [method, url, body] of [
      ['DELETE', `/api/tracks/${id}`, undefined],
      ['PUT', `/api/tracks/${id}/featured`, { featured: true }],
    ] as const) {
      const refused = await send(other, method, url, body);
      expect([refused.statusCode, errorOf(refused)]).toEqual([404, M.notOwned]);
    }

    const files = await t.db.query<{ bucket: string; storage_key: string }>(
      'select bucket, storage_key from media_objects where owner_id = $1',
      [owner.id],
    );
    expect(files.map((f) => f.bucket).sort()).toEqual(['renditions', 'tracks']);
    expect((await send(owner, 'DELETE', `/api/tracks/${id}`)).statusCode).toBe(204);

    for (const file of files) expect(await filesIn(file.bucket)).not.toContain(file.storage_key);
    const [row] = await t.db.query<{
      is_deleted: boolean;
      likes: number;
      play_count: number;
      featured_in_player: boolean;
    }>('select is_deleted, likes, play_count, featured_in_player from tracks where id = $1', [id]);
    expect(row).toEqual({ is_deleted: true, likes: 0, play_count: 0, featured_in_player: false });
    expect(await t.db.query('select 1 from track_daily_stats where track_id = $1', [id])).toHaveLength(0);
    expect(artistTracksResponseSchema.parse((await owner.get('/api/tracks')).json()).tracks).toEqual([]);

    const again = await send(owner, 'DELETE', `/api/tracks/${id}`);
    expect([again.statusCode, errorOf(again)]).toEqual([404, M.notOwned]);
  });

  it('refuses listeners', async () => {
    const listener = await signUp(t.app, 'listener');
    const res = await upload(listener, makeWav(0.1));
    expect([res.statusCode, errorOf(res)]).toEqual([403, M.artistsOnly]);
  });

  /**
   * Every entry of the table, so a route added or moved keeps its guard: a visitor is asked to
   * sign in, and a listener holding a real track id (one they may have been dealt and liked) learns
   * nothing a random id would not tell them.
   */
  it('holds every route to a session, and to the artist who owns the track', async () => {
    const owner = await signUp(t.app, 'artist');
    const listener = await signUp(t.app, 'listener');
    const stranger = await signUp(t.app, 'artist');
    const real = await insertTrack(t.db, owner.id, { featured: true });
    const unknown = crypto.randomUUID();
    const request = (entry: Endpoint, trackId: string, cookie?: string) =>
      t.app.inject({
        method: entry.method,
        url:
          fillPath(entry.path, { trackId }) +
          (entry.query ? `?${new URLSearchParams(QUERY).toString()}` : ''),
        ...(entry.method === 'PUT' && { payload: { featured: false } }),
        ...(entry.name === 'generateCoverArt' && { payload: { prompt: 'neon sea' } }),
        headers: {
          ...(cookie && { cookie }),
          ...(isRawBody(entry.body) && { 'content-type': entry.body.contentTypes[0] }),
        },
        ...(isRawBody(entry.body) && { payload: Buffer.from('bytes') }),
        remoteAddress: nextAddress(),
      });

    const entries: Endpoint[] = Object.values(tracksEndpoints);
    expect(entries.map((entry) => entry.name).sort()).toEqual(
      [
        'deleteTrack',
        'generateCoverArt',
        'listTracks',
        'retryTrack',
        'setTrackFeatured',
        'setTrackSound',
        'tracksDashboard',
        'uploadCover',
        'uploadTrack',
      ].sort(),
    );
    for (const entry of entries) {
      expect([entry.name, (await request(entry, real)).statusCode]).toEqual([entry.name, 401]);
      // The whole area is for artists (its entries' policy): a listener is refused before any lookup.
      expect([entry.name, (await request(entry, real, listener.cookie)).statusCode]).toEqual([
        entry.name,
        403,
      ]);
      if (entry.params) {
        // Another artist's track answers exactly as a track that does not exist.
        const answer = (response: LightMyRequestResponse) => {
          const { code, message } = response.json<{ error: { code: string; message: string } }>().error;
          return [entry.name, response.statusCode, code, message];
        };
        expect(answer(await request(entry, real, stranger.cookie))).toEqual(
          answer(await request(entry, unknown, stranger.cookie)),
        );
      }
    }
    const [row] = await t.db.query<{ is_deleted: boolean; featured_in_player: boolean }>(
      'select is_deleted, featured_in_player from tracks where id = $1',
      [real],
    );
    expect(row).toEqual({ is_deleted: false, featured_in_player: true });
  });
});

describe('demo account', () => {
  it('is refused upload, cover art, feature, retry and delete with the spec messages', async () => {
    const demo = await signUp(t.app, 'artist', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      username: 'klangdemo',
    });
    const id = await insertTrack(t.db, demo.id, { featured: false });
    expect(errorOf(await upload(demo, makeWav(0.1)))).toBe(M.demoUpload);
    expect(
      functionErrorOf(await send(demo, 'POST', '/functions/v1/generate-cover-art', { prompt: 'neon sea' })),
    ).toBe(M.demoUpload);
    expect(errorOf(await send(demo, 'PUT', `/api/tracks/${id}/featured`, { featured: true }))).toBe(
      M.demoFeature,
    );
    expect(errorOf(await send(demo, 'POST', `/api/tracks/${id}/retry`))).toBe(M.demoUpdate);
    expect(errorOf(await send(demo, 'DELETE', `/api/tracks/${id}`))).toBe(M.demoDelete);
    const rows = await t.db.query(
      'select 1 from tracks where artist_id = $1 and not is_deleted and not featured_in_player',
      [demo.id],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('cover art', () => {
  it('stores an uploaded PNG as a square 1000 px JPEG and refuses non-images and big files', async () => {
    const artist = await signUp(t.app, 'artist');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const cover = (type: string, payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tracks/covers',
        payload,
        headers: { cookie: artist.cookie, 'content-type': type },
        remoteAddress: nextAddress(),
      });
    const stored = await cover('image/png', png);
    expect(stored.statusCode).toBe(201);
    const { coverId } = stored.json<{ coverId: string }>();
    const [media] = await t.db.query<{ storage_key: string; content_type: string }>(
      'select storage_key, content_type from media_objects where id = $1',
      [coverId],
    );
    expect(media?.content_type).toBe('image/jpeg');
    if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
    const meta = await sharp(
      path.join(t.config.storage.dir, 'coverart', media?.storage_key ?? ''),
    ).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1000, 1000]);

    expect(errorOf(await cover('image/jpeg', Buffer.from('not really a jpeg')))).toBe(M.imageInvalid);
    expect(errorOf(await cover('text/plain', Buffer.from('hello')))).toBe(M.imageInvalid);
    const big = await cover('image/png', Buffer.alloc(LIMITS.imageMaxBytes + 1));
    expect([big.statusCode, errorOf(big)]).toEqual([413, M.imageTooLarge]);

    const res = await upload(artist, makeWav(0.2), { ...QUERY, coverId });
    const { track } = res.json<{ track: { coverUrl: string | null } }>();
    expect(track.coverUrl).toMatch(/^\/media\//);
    // A cover belongs to one track: a second upload cannot take it.
    expect(errorOf(await upload(artist, makeWav(0.2), { ...QUERY, coverId }))).toBe(M.coverUploadFailed);
  });

  it('generates cover art from a prompt with the local engine and refuses a blank prompt', async () => {
    const artist = await signUp(t.app, 'artist');
    const blank = await send(artist, 'POST', '/functions/v1/generate-cover-art', { prompt: '   ' });
    expect([blank.statusCode, functionErrorOf(blank)]).toEqual([400, M.promptRequired]);
    const made = await send(artist, 'POST', '/functions/v1/generate-cover-art', {
      prompt: 'neon ocean at night',
    });
    expect(made.statusCode).toBe(200);
    const { coverId, url } = made.json<{ coverId: string; url: string }>();
    expect(url).toMatch(/^\/media\/coverart\//);
    const rows = await t.db.query('select 1 from media_objects where id = $1 and owner_id = $2', [
      coverId,
      artist.id,
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe('dashboard', () => {
  it('sums the tracks and returns the plays and likes the server recorded per day', async () => {
    const artist = await signUp(t.app, 'artist');
    const a = await insertTrack(t.db, artist.id, { title: 'A' });
    const b = await insertTrack(t.db, artist.id, { title: 'B' });
    await t.db.query('update tracks set play_count = play_count + 10, likes = likes + 3 where id = $1', [a]);
    await t.db.query('update tracks set play_count = play_count + 5, dislikes = dislikes + 1 where id = $1', [
      b,
    ]);
    await t.db.query('update tracks set play_count = play_count + 2 where id = $1', [a]);
    const stats = dashboardStatsSchema.parse((await artist.get('/api/tracks/dashboard')).json());
    expect(stats.totals).toMatchObject({ tracks: 2, plays: 17, likes: 3, dislikes: 1 });
    const byTrack = Object.fromEntries(stats.daily.map((d) => [d.trackId, [d.plays, d.likes]]));
    expect(byTrack).toEqual({ [a]: [12, 3], [b]: [5, 0] });
  });
});

describe('chart place', () => {
  it("is the live rank in the genre, with the move since yesterday's snapshot", async () => {
    const artist = await signUp(t.app, 'artist');
    const genre = 'House / Tech House';
    const mine = await insertTrack(t.db, artist.id, { genre, featured: false });
    const other = await signUp(t.app, 'artist');
    const rival = await insertTrack(t.db, other.id, { genre, featured: false });
    const dnb = await insertTrack(t.db, artist.id, { genre: 'Drum n Bass', featured: false });
    // The blind verdict the verdict job (`catalogue.refresh-verdicts`) would have written (decision 0195).
    await t.db.query('update tracks set likes = 5, verdict_score = 0.25 where id = $1', [mine]);
    await t.db.query('update tracks set likes = 9, verdict_score = 0.45 where id = $1', [rival]);
    const yesterday = "(now() at time zone 'utc')::date - 1";
    await t.db.query(
      `insert into chart_positions (track_id, genre, date, position, likes) values ($1, $2, ${yesterday}, 3, 1)`,
      [mine, genre],
    );

    const list = artistTracksResponseSchema.parse((await artist.get('/api/tracks')).json());
    const byId = Object.fromEntries(list.tracks.map((x) => [x.id, x.chart]));
    const above = await t.db.query<{ n: number }>(
      `select count(*)::int as n from tracks
       where genre = $1 and not is_deleted and status = 'ready' and verdict_score > 0.25`,
      [genre],
    );
    const position = 1 + (above[0]?.n ?? 0);
    expect(byId[mine]).toEqual({ genre, position, movement: 3 - position });
    // Drum n Bass is not an active chart genre yet (product-decisions.md Genres).
    expect(byId[dnb]).toBeNull();
  });
});
