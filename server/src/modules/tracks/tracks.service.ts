import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import {
  AB_TEST_MESSAGES,
  energyBand,
  FOLLOW_RULES,
  isCorrectionFlagged,
  LIMITS,
  TIER_LIMITS,
  TRACK_MESSAGES as M,
  type SetTrackSoundRequest,
  type TrackSound,
  type ArtistTrack,
  type ArtistTracksResponse,
  type CoverArtResult,
  type DashboardStats,
  type SubscriptionTier,
} from '@klang/domain';
import type { Db, Queryable } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';
import { AppError } from '../../errors';
import type { CoverArtProvider } from '../../providers/cover-art/cover-art';
import { newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import { isBucket } from '../../providers/storage/storage-key';
import type { SessionAccount } from '../../plugins/session';
import { toSoundReading } from '../../lib/sound/stored-sound';
import { createAudioIngestGuard } from './audio-ingest';
import type { ArtistState, StoredFile, TrackRow, TracksRepository } from './tracks.repository';
import { COVER_CLAIM_MS, DISCARD_UNCLAIMED_JOB, PROCESS_TRACK_JOB, UPLOAD_CLAIM_MS } from './tracks.jobs';

const COVER_PIXELS = 1000;
const COVER_URL_SECONDS = 3600;
const STATS_DAYS = 30;

export interface TracksServiceDeps {
  db: Db;
  repository: TracksRepository;
  storage: StorageProvider;
  coverArt: CoverArtProvider;
  log: FastifyBaseLogger;
  /**
   * What other areas keep of a track and forget when it is deleted (decision 0240): the
   * player's interactions, grants and deals, the catalogue's chart positions. Runs in the
   * deletion's transaction.
   */
  forgetTrack: (tx: Queryable, trackId: string) => Promise<void>;
}

function uploadLimitOf(tier: SubscriptionTier): number | null {
  const limit = TIER_LIMITS[tier].uploads;
  return Number.isFinite(limit) ? limit : null;
}

/** Spec 001 §5 Limits on tracks: the free tier's text names the tier, the others say remove one. */
function featureLimitMessage(tier: SubscriptionTier): string {
  return tier === 'free' ? M.featureLimitFree : M.featureLimitPro;
}

/** The track's sound as its artist sees it; null while it has neither a measurement nor a correction. */
function toTrackSound(row: TrackRow): TrackSound | null {
  if (row.sound_measured_at === null && row.bpm_artist === null && row.key_artist === null) return null;
  const reading = toSoundReading(row);
  return { ...reading, energy: energyBand(row.energy_percentile), flagged: isCorrectionFlagged(reading) };
}

/** Every rule of the artist workspace; routes only translate HTTP. */
export function createTracksService(deps: TracksServiceDeps) {
  const { db, repository, storage, log } = deps;

  async function coverUrl(key: string | null): Promise<string | null> {
    if (!key) return null;
    return storage.signedUrl('coverart', key, {
      expiresInSeconds: COVER_URL_SECONDS,
      contentType: 'image/jpeg',
    });
  }

  async function toArtistTrack(row: TrackRow): Promise<ArtistTrack> {
    return {
      id: row.id,
      title: row.title,
      genre: row.genre,
      label: row.label,
      status: row.status,
      failureReason: row.failure_reason,
      canRetry: row.status === 'failed' && row.has_source,
      durationMs: row.duration_ms,
      coverUrl: await coverUrl(row.cover_key),
      likes: row.likes,
      dislikes: row.dislikes,
      addedToLibrary: row.added_to_library,
      playCount: row.play_count,
      featured: row.featured_in_player,
      uploadedAt: new Date(row.uploaded_at).toISOString(),
      chart:
        row.chart_position !== null && row.chart_genre !== null
          ? {
              genre: row.chart_genre,
              position: row.chart_position,
              movement: row.chart_previous === null ? null : row.chart_previous - row.chart_position,
            }
          : null,
      sound: toTrackSound(row),
      followersFirstDay:
        row.followers_first_day === null
          ? null
          : {
              // Below the floor no number: an artist with a few followers could tell who listened.
              heard: row.followers_first_day >= FOLLOW_RULES.firstDayFloor ? row.followers_first_day : null,
              complete: row.first_day_over === true,
            },
    };
  }

  async function requireArtist(accountId: string): Promise<ArtistState> {
    const state = await repository.artistState(db, accountId);
    if (!state) throw new AppError('FORBIDDEN', M.artistsOnly);
    return state;
  }

  async function ownTrack(accountId: string, trackId: string): Promise<ArtistTrack> {
    const row = await repository.findTrack(db, accountId, trackId);
    if (!row) throw new AppError('NOT_FOUND', M.notOwned);
    return toArtistTrack(row);
  }

  async function removeFiles(files: StoredFile[]): Promise<void> {
    for (const file of files) {
      if (!isBucket(file.bucket)) continue;
      await storage.delete(file.bucket, file.storage_key).catch((error: unknown) => {
        log.warn({ err: error, bucket: file.bucket }, 'stored file of a deleted track not removed');
      });
    }
  }

  /** Books the removal of a file about to be stored, for when no track has claimed it in time. */
  async function discardUnlessClaimed(bucket: 'tracks' | 'coverart', key: string, afterMs: number) {
    await enqueueJob(db, DISCARD_UNCLAIMED_JOB, { bucket, key }, { runAt: new Date(Date.now() + afterMs) });
  }

  /** Re-encodes any JPEG or PNG (at most 5 MB) as a square 1000 px JPEG, centre-cropped. */
  async function storeCover(accountId: string, bytes: Buffer): Promise<CoverArtResult> {
    if (bytes.length > LIMITS.imageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.imageTooLarge);
    let jpeg: Buffer;
    try {
      const image = sharp(bytes, { limitInputPixels: 40_000_000 });
      const { format } = await image.metadata();
      if (format !== 'jpeg' && format !== 'png') throw new Error(`cover format ${format}`);
      jpeg = await image
        .rotate()
        .resize(COVER_PIXELS, COVER_PIXELS, { fit: 'cover', position: 'centre' })
        .jpeg({ quality: 90, mozjpeg: true })
        .toBuffer();
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.imageInvalid);
    }
    const key = newStorageKey('jpg');
    await discardUnlessClaimed('coverart', key, COVER_CLAIM_MS);
    const stored = await storage.put('coverart', key, jpeg, { contentType: 'image/jpeg' });
    try {
      const coverId = await repository.insertMedia(db, {
        bucket: 'coverart',
        storageKey: key,
        contentType: 'image/jpeg',
        ownerId: accountId,
        ...stored,
      });
      return { coverId, url: (await coverUrl(key)) ?? '' };
    } catch (error) {
      await storage.delete('coverart', key).catch(() => undefined);
      throw error;
    }
  }

  return {
    /** The artist's live tracks, strongest first (spec 001 §3: likes desc, then newest). */
    async listTracks(account: SessionAccount): Promise<ArtistTracksResponse> {
      const state = await requireArtist(account.id);
      const rows = await repository.listTracks(account.id);
      return {
        tier: state.tier,
        goldBadge: state.gold_badge_applied && state.tier === 'pro',
        uploadLimit: uploadLimitOf(state.tier),
        featureLimit: TIER_LIMITS[state.tier].featured,
        tracks: await Promise.all(rows.map(toArtistTrack)),
      };
    },

    /**
     * Spec 001 §5 Upload track. The body streams through a byte counter and a magic-byte check
     * into storage; the tier limit is checked before reading and again under a lock on the
     * artist row when the track is recorded, so parallel uploads cannot pass it together.
     */
    async uploadTrack(
      account: SessionAccount,
      input: { title: string; genre: string; label: string; coverId?: string | undefined },
      body: Readable,
      declaredBytes: number | undefined,
    ): Promise<ArtistTrack> {
      const before = await requireArtist(account.id);
      const limit = uploadLimitOf(before.tier);
      if (limit !== null && before.tracks >= limit)
        throw new AppError('FORBIDDEN', M.uploadLimit(before.tier));
      if (declaredBytes !== undefined && declaredBytes > LIMITS.audioMaxBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', M.audioTooLarge);
      if (input.coverId && !(await repository.findUnusedCover(db, account.id, input.coverId)))
        throw new AppError('VALIDATION_FAILED', M.coverUploadFailed);

      const key = newStorageKey();
      await discardUnlessClaimed('tracks', key, UPLOAD_CLAIM_MS);
      const guarded = pipeline(body, createAudioIngestGuard(), () => undefined);
      const stored = await storage
        .put('tracks', key, guarded, { contentType: 'application/octet-stream' })
        .catch((error: unknown) => {
          // The guard's own refusals (too large, not audio) stand; any other failure is the
          // storage's (unreachable, full disk): the artist learns it is not their file.
          if (error instanceof AppError) throw error;
          log.warn({ err: error }, 'upload not stored');
          throw new AppError('UNAVAILABLE', M.uploadStorageUnavailable);
        });
      let trackId: string;
      try {
        trackId = await db.transaction(async (tx) => {
          const now = await repository.artistState(tx, account.id, true);
          const nowLimit = now && uploadLimitOf(now.tier);
          if (!now || (nowLimit != null && now.tracks >= nowLimit))
            throw new AppError('FORBIDDEN', M.uploadLimit(now?.tier ?? 'free'));
          if (input.coverId && !(await repository.findUnusedCover(tx, account.id, input.coverId)))
            throw new AppError('VALIDATION_FAILED', M.coverUploadFailed);
          const sourceId = await repository.insertMedia(tx, {
            bucket: 'tracks',
            storageKey: key,
            contentType: 'application/octet-stream',
            ownerId: account.id,
            ...stored,
          });
          const id = await repository.insertTrack(tx, {
            artistId: account.id,
            title: input.title,
            genre: input.genre,
            label: input.label,
            sourceId,
            coverId: input.coverId ?? null,
          });
          await enqueueJob(tx, PROCESS_TRACK_JOB, { trackId: id }, { accountId: account.id });
          return id;
        });
      } catch (error) {
        await storage.delete('tracks', key).catch(() => undefined);
        throw error;
      }
      return ownTrack(account.id, trackId);
    },

    /** An uploaded cover (the browser has cropped it already; the server crops again to be sure). */
    async uploadCover(account: SessionAccount, bytes: Buffer): Promise<CoverArtResult> {
      // Cover art belongs to a track, and only artists have tracks: a listener stores nothing.
      await requireArtist(account.id);
      return storeCover(account.id, bytes);
    },

    /** Spec 001 §7 generate-cover-art: the configured engine renders it, then it is stored like an upload. */
    async generateCover(account: SessionAccount, prompt: string, seed?: number): Promise<CoverArtResult> {
      await requireArtist(account.id);
      let image: Buffer;
      try {
        image = await deps.coverArt.generate(prompt, seed ?? 0);
      } catch (error) {
        log.warn({ err: error, provider: deps.coverArt.name }, 'cover art generation failed');
        throw new AppError('UNAVAILABLE', M.coverGenerateFailed);
      }
      try {
        return await storeCover(account.id, image);
      } catch (error) {
        log.warn({ err: error }, 'generated cover art not stored');
        throw new AppError('UNAVAILABLE', M.coverStoreFailed);
      }
    },

    /**
     * Spec 001 §5: free 1, trial and pro 3 featured tracks. The count is taken under a lock on
     * the artist row, so ten parallel toggles cannot all see room for one more.
     */
    async setFeatured(account: SessionAccount, trackId: string, featured: boolean): Promise<ArtistTrack> {
      await db.transaction(async (tx) => {
        const state = await repository.artistState(tx, account.id, true);
        if (!state) throw new AppError('FORBIDDEN', M.artistsOnly);
        const row = await repository.findTrack(tx, account.id, trackId);
        if (!row) throw new AppError('NOT_FOUND', M.notOwned);
        if (featured && !row.featured_in_player && state.featured >= TIER_LIMITS[state.tier].featured)
          throw new AppError('FORBIDDEN', featureLimitMessage(state.tier));
        // Under the artist's lock, which starting a test takes too.
        if (featured && !row.featured_in_player && (await repository.isTestedVersion(tx, trackId)))
          throw new AppError('CONFLICT', AB_TEST_MESSAGES.versionUnderTest);
        await repository.setFeatured(tx, account.id, trackId, featured);
      });
      return ownTrack(account.id, trackId);
    },

    /** Spec 001 §7 secure_delete_track: own tracks only; the files go at once, the stats with them. */
    async deleteTrack(account: SessionAccount, trackId: string): Promise<void> {
      const files = await db.transaction(async (tx) => {
        const removed = await repository.softDelete(tx, account.id, trackId);
        if (removed) await deps.forgetTrack(tx, trackId);
        return removed;
      });
      if (!files) throw new AppError('NOT_FOUND', M.notOwned);
      await removeFiles(files);
    },

    /** The artist's tempo and key for their own track (decision 0265): set, cleared or kept. */
    async setSound(
      account: SessionAccount,
      trackId: string,
      correction: SetTrackSoundRequest,
    ): Promise<ArtistTrack> {
      if (!(await repository.setSoundCorrection(db, account.id, trackId, correction)))
        throw new AppError('NOT_FOUND', M.notOwned);
      return ownTrack(account.id, trackId);
    },

    /** A failed upload goes back to processing with a fresh job. */
    async retryTrack(account: SessionAccount, trackId: string): Promise<ArtistTrack> {
      const requeued = await db.transaction(async (tx) => {
        if (!(await repository.requeue(tx, account.id, trackId))) return false;
        await enqueueJob(tx, PROCESS_TRACK_JOB, { trackId }, { accountId: account.id });
        return true;
      });
      if (!requeued) throw new AppError('NOT_FOUND', M.notOwned);
      return ownTrack(account.id, trackId);
    },

    /** Spec 001 §5 Dashboard: totals, per-track numbers and the server-recorded days. */
    async dashboard(account: SessionAccount): Promise<DashboardStats> {
      const state = await requireArtist(account.id);
      const [rows, daily] = await Promise.all([
        repository.listTracks(account.id),
        repository.dailyStats(account.id, STATS_DAYS),
      ]);
      const tracks = await Promise.all(rows.map(toArtistTrack));
      const sum = (pick: (t: ArtistTrack) => number) => tracks.reduce((total, t) => total + pick(t), 0);
      return {
        totals: {
          tracks: tracks.length,
          plays: sum((t) => t.playCount),
          likes: sum((t) => t.likes),
          dislikes: sum((t) => t.dislikes),
          libraryAdds: sum((t) => t.addedToLibrary),
          followers: state.followers,
          featured: state.featured,
        },
        tracks: tracks.map(
          ({ id, title, genre, likes, dislikes, addedToLibrary, playCount, featured, chart }) => ({
            id,
            title,
            genre,
            likes,
            dislikes,
            addedToLibrary,
            playCount,
            featured,
            chart,
          }),
        ),
        daily: daily.map((d) => ({ day: d.day, trackId: d.track_id, plays: d.plays, likes: d.likes })),
      };
    },

    /** Exposed for the processing job, which removes what it wrote for a track deleted meanwhile. */
    removeFiles,
  };
}

export type TracksService = ReturnType<typeof createTracksService>;
