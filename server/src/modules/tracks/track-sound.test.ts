import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobKind } from '../../jobs/lanes';
import { createJobRunner } from '../../jobs/runner';
import { createMusicParams } from '../../lib/music/compose-params';
import { synthesizeTrack } from '../../lib/music/synthesize';
import { pcm16Chunks } from '../../providers/audio/mp3-encoder';
import { wavHeader } from '../../providers/audio/wav';
import { nextAddress, signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { createLocalStorage } from '../../providers/storage/local-storage';
import { MEASURE_SOUND_JOB, RANK_ENERGY_JOB, createSoundBackfillRequest } from './track-sound';
import { createProcessTrackHandler, PROCESS_TRACK_JOB } from './tracks.jobs';
import { createTracksRepository } from './tracks.repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A 124 BPM house piece in A minor (8A) from the seed's engine, as a WAV upload. */
function housePiece(): Buffer {
  const pcm = synthesizeTrack(
    createMusicParams({
      seed: 'ingest',
      style: 'house',
      bpm: 124,
      key: 'A',
      scale: 'minor',
      durationSeconds: 16,
      arrangement: 'early-drop',
      bass: 'pluck',
      chords: 'pad',
      lead: 'none',
    }),
  );
  const data = [...pcm16Chunks([pcm.left, pcm.right])];
  const bytes = data.reduce((sum, chunk) => sum + chunk.length, 0);
  return Buffer.concat([wavHeader(bytes, { sampleRate: pcm.sampleRate, channels: 2 }), ...data]);
}

async function upload(): Promise<string> {
  const artist = await signUp(t.app, 'artist');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks?title=Groove&genre=House%20%2F%20Tech%20House',
    payload: housePiece(),
    headers: { cookie: artist.cookie, 'content-type': 'application/octet-stream' },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ track: { id: string } }>().track.id;
}

async function drain(kinds: Record<string, JobKind> = t.app.jobKinds) {
  const runner = createJobRunner({ db: t.db, log: t.app.log, kinds });
  while (await runner.runOnce()) {
    /* drain */
  }
}

interface SoundRow {
  status: string;
  bpm: number | null;
  bpm_confidence: number | null;
  key_camelot: string | null;
  energy_rms_db: number | null;
  energy_percentile: number | null;
  sound_measured_at: Date | null;
}

async function soundOf(trackId: string): Promise<SoundRow | undefined> {
  const [row] = await t.db.query<SoundRow>(
    `select status, bpm, bpm_confidence, key_camelot, energy_rms_db, energy_percentile, sound_measured_at
     from tracks where id = $1`,
    [trackId],
  );
  return row;
}

/**
 * The energy rankings wait for their slot's end: here the slot ends now, and a new one begins
 * (its ranking's dedupe key is free again, as the next minute's would be).
 */
async function rankNow() {
  await t.db.query("update jobs set run_at = now() where kind = $1 and status = 'queued'", [RANK_ENERGY_JOB]);
  await drain();
  await t.db.query('delete from jobs where kind = $1', [RANK_ENERGY_JOB]);
}

describe('the upload job measures the sound', () => {
  it('stores the measured tempo, key and energy, and ranks the energy within the genre', async () => {
    const trackId = await upload();
    await drain();
    const measured = await soundOf(trackId);
    expect(measured?.status).toBe('ready');
    expect(measured?.bpm).toBeGreaterThan(124 * 0.96);
    expect(measured?.bpm).toBeLessThan(124 * 1.04);
    expect(measured?.key_camelot).toMatch(/^([1-9]|1[0-2])[AB]$/);
    expect(measured?.energy_rms_db).toBeLessThan(0);
    expect(measured?.sound_measured_at).not.toBeNull();
    expect(measured?.energy_percentile).toBeNull();
    const [ranking] = await t.db.query<{ due: boolean }>(
      "select run_at > now() and run_at <= now() + interval '1 minute' as due from jobs where kind = $1",
      [RANK_ENERGY_JOB],
    );
    expect(ranking?.due).toBe(true);

    await rankNow();
    expect((await soundOf(trackId))?.energy_percentile).toBe(50);
  });

  it('makes the track ready unmeasured when measuring fails, and the backfill measures it later', async () => {
    const trackId = await upload();
    const failing = createProcessTrackHandler({
      db: t.db,
      repository: createTracksRepository(t.db),
      storage: createLocalStorage({
        dir: t.config.storage.kind === 'local' ? t.config.storage.dir : '',
        signingSecret: 'unused-for-read-and-put',
      }),
      log: t.app.log,
      measure: () => Promise.reject(new Error('analysis crashed')),
    });
    await drain({ [PROCESS_TRACK_JOB]: { lane: 'media', run: failing } });
    const unmeasured = await soundOf(trackId);
    expect(unmeasured?.status).toBe('ready');
    expect(unmeasured?.sound_measured_at).toBeNull();

    const request = createSoundBackfillRequest(createTracksRepository(t.db));
    await request(t.db);
    await request(t.db);
    const queued = await t.db.query<{ account_id: string | null }>(
      "select account_id from jobs where kind = $1 and payload->>'trackId' = $2",
      [MEASURE_SOUND_JOB, trackId],
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]?.account_id).not.toBeNull();

    await drain();
    await rankNow();
    const backfilled = await soundOf(trackId);
    expect(backfilled?.bpm).toBeGreaterThan(124 * 0.96);
    expect(backfilled?.bpm).toBeLessThan(124 * 1.04);
    expect(backfilled?.sound_measured_at).not.toBeNull();
    // Two measured tracks of the genre, the same piece: equal energy, ranked alike.
    expect(backfilled?.energy_percentile).toBe(50);
  });
});
