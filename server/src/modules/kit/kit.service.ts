import {
  canUseKitTool,
  KIT_MESSAGES,
  MESSAGES,
  SOUNDLAB,
  KIT_LIMITS,
  VOCALLAB,
  type GenerateVocalsRequest,
  type KitTool,
  type Voice,
  type SavedPreset,
  type SavePresetRequest,
  type SubscriptionTier,
  type UserRole,
} from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import { decodeToMono } from '../../providers/audio/ffmpeg';
import type { GeneratedAudio, SoundFxProvider } from '../../providers/sound-fx/sound-fx';
import { sing } from '../../providers/tts/sing';
import { TtsUnavailableError, UnknownVoiceError, type TtsProvider } from '../../providers/tts/tts';
import { newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import { isDemoAccount } from '../accounts/accounts.service';
import { createKitRepository, type PadWrite, type PresetOwner } from './kit.repository';
import { createLimiter } from '../../lib/limiter';

export interface KitServiceDeps {
  db: Db;
  storage: StorageProvider;
  soundFx: SoundFxProvider;
  tts: TtsProvider;
  /** The account's type and tier, from the accounts service (a module never reads another's tables). */
  loadAccess(accountId: string): Promise<{ userType: UserRole; subscriptionTier: SubscriptionTier }>;
  log: { warn(details: object, message: string): void };
  /** How many generations run at once on this instance; the rest wait their turn. */
  concurrency?: number;
}

/** A saved pad sound is a generated effect: at most this long, which also bounds its decoding. */
const MAX_SOUND_SECONDS = 31;
const SOUND_URL_SECONDS = 3600;

/** The Klang Kit's rules: who may use which tool, and the generation calls behind them. */
export function createKitService(deps: KitServiceDeps) {
  const limit = createLimiter(deps.concurrency ?? 2);
  const repository = createKitRepository(deps.db);

  /** Checks that uploaded bytes are an MP3 ffmpeg decodes to a short sound, then stores them. */
  async function storeSound(base64: string) {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length === 0 || bytes.length > SOUNDLAB.maxSoundBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', KIT_MESSAGES.failedToSavePreset);
    }
    const pcm = await limit(() => decodeToMono(bytes, 8000)).catch(() => null);
    const seconds = pcm ? pcm.samples.length / pcm.sampleRate : 0;
    if (!pcm || seconds <= 0 || seconds > MAX_SOUND_SECONDS || !isMp3(bytes)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', KIT_MESSAGES.failedToSavePreset);
    }
    const storageKey = newStorageKey('mp3');
    const stored = await deps.storage.put('soundlab', storageKey, bytes, { contentType: 'audio/mpeg' });
    return { storageKey, byteSize: stored.byteSize, sha256: stored.sha256 };
  }

  async function assertAllowed(account: SessionAccount | null, tool: KitTool): Promise<SessionAccount> {
    if (!account) throw new AppError('UNAUTHENTICATED', MESSAGES.userNotAuthenticated);
    if (!canUseKitTool(await deps.loadAccess(account.id), tool)) {
      throw new AppError('FORBIDDEN', KIT_MESSAGES.kitBlocked);
    }
    return account;
  }

  /** Runs a provider call; its failure is logged and answered with the spec's message, nothing else. */
  async function generate(task: () => Promise<GeneratedAudio>, failure: string, what: string) {
    try {
      return await limit(task);
    } catch (error) {
      if (error instanceof UnknownVoiceError)
        throw new AppError('VALIDATION_FAILED', KIT_MESSAGES.voiceNotFound);
      if (error instanceof TtsUnavailableError) {
        deps.log.warn({ err: error }, KIT_MESSAGES.ttsEngineMissing);
        throw new AppError('UNAVAILABLE', KIT_MESSAGES.ttsEngineMissing);
      }
      deps.log.warn({ err: error }, `${what} failed`);
      throw new AppError('UNAVAILABLE', failure);
    }
  }

  /**
   * Whose presets a request reads and writes: the account's, or, on the shared demo account,
   * the visitor's own session's (decision 0258), so no visitor sees or replaces another's.
   */
  async function presetOwner(
    account: SessionAccount | null,
    sessionHash: string | null,
  ): Promise<PresetOwner> {
    const { id } = await assertAllowed(account, 'soundlab');
    if (!isDemoAccount(account)) return { userId: id, sessionHash: null };
    if (!sessionHash) throw new AppError('UNAUTHENTICATED', MESSAGES.userNotAuthenticated);
    return { userId: id, sessionHash };
  }

  return {
    assertAllowed,

    /** Every preset the user (or this demo visitor) saved, with short-lived URLs of its pads' sounds. */
    async listPresets(account: SessionAccount | null, sessionHash: string | null): Promise<SavedPreset[]> {
      const { presets, pads } = await repository.listPresets(await presetOwner(account, sessionHash));
      return Promise.all(
        presets.map(async (preset) => ({
          preset: preset.preset,
          name: preset.name,
          pads: await Promise.all(
            pads
              .filter((pad) => pad.preset === preset.preset)
              .map(async (pad) => ({
                pad: pad.pad,
                label: pad.label,
                soundUrl: pad.storage_key
                  ? await deps.storage.signedUrl('soundlab', pad.storage_key, {
                      expiresInSeconds: SOUND_URL_SECONDS,
                      contentType: 'audio/mpeg',
                    })
                  : null,
              })),
          ),
        })),
      );
    },

    /**
     * Saves one preset (spec 002 §5): at least one sound pad must hold a sound. New sounds are
     * checked and stored first; if the database write fails they are removed again.
     */
    async savePreset(
      account: SessionAccount | null,
      sessionHash: string | null,
      preset: number,
      body: SavePresetRequest,
    ): Promise<void> {
      const owner = await presetOwner(account, sessionHash);
      if (!body.pads.some((pad) => pad.sound !== null)) {
        throw new AppError('VALIDATION_FAILED', KIT_MESSAGES.noSoundsToSave);
      }
      const stored: { pad: number; sound: Awaited<ReturnType<typeof storeSound>> }[] = [];
      try {
        for (const pad of body.pads) {
          if (pad.sound && 'mp3Base64' in pad.sound) {
            stored.push({ pad: pad.pad, sound: await storeSound(pad.sound.mp3Base64) });
          }
        }
        const orphans = await deps.db.transaction(async (tx) => {
          const mediaIds = new Map<number, string>();
          for (const { pad, sound } of stored)
            mediaIds.set(pad, await repository.insertSound(tx, owner.userId, sound));
          return repository.replacePreset(
            tx,
            owner,
            preset,
            body.name,
            body.pads.map((pad) => ({
              pad: pad.pad,
              label: pad.label || 'empty',
              sound: soundToWrite(pad.sound, mediaIds.get(pad.pad)),
            })),
          );
        });
        await Promise.all(orphans.map((key) => deps.storage.delete('soundlab', key).catch(() => undefined)));
      } catch (error) {
        await Promise.all(
          stored.map(({ sound }) => deps.storage.delete('soundlab', sound.storageKey).catch(() => undefined)),
        );
        throw error;
      }
    },

    /**
     * The shared demo account's clearing at each demo login (spec 001 §4): the presets of demo
     * sessions that have ended go, with their sounds' files; a visitor still signed in keeps
     * theirs (decision 0258), and each session only ever sees its own.
     */
    async clearDemoPresets(userId: string): Promise<void> {
      const keys = await repository.deleteEndedSessionPresets(userId);
      await Promise.all(keys.map((key) => deps.storage.delete('soundlab', key).catch(() => undefined)));
    },

    /** Spec 002 §7 get-voices. */
    async listVoices(account: SessionAccount | null): Promise<Voice[]> {
      await assertAllowed(account, 'vocallab');
      try {
        return await deps.tts.listVoices(AbortSignal.timeout(20_000));
      } catch (error) {
        deps.log.warn({ err: error }, 'listing voices failed');
        throw new AppError('UNAVAILABLE', KIT_MESSAGES.failedToLoadVoices);
      }
    },

    /**
     * Spec 002 §7 generate-vocals. The work is bounded by the length of speech asked for: a long
     * text at the slowest speed would be half an hour of audio.
     */
    async generateVocals(
      account: SessionAccount | null,
      body: GenerateVocalsRequest,
    ): Promise<GeneratedAudio> {
      await assertAllowed(account, 'vocallab');
      const request = {
        text: body.prompt,
        voiceId: body.voice_id,
        stability: body.voice_settings.stability,
        similarityBoost: body.voice_settings.similarity_boost,
        style: body.voice_settings.style,
        speed: body.speed,
      };
      if (body.mode === 'sing') {
        // One synthesis per distinct word, and a beat or more per word: both bounded.
        const words = body.prompt.match(/[\p{L}\p{N}']+/gu) ?? [];
        if (words.length === 0) throw new AppError('VALIDATION_FAILED', KIT_MESSAGES.enterPrompt);
        if (words.length > VOCALLAB.sungWordsMax)
          throw new AppError('VALIDATION_FAILED', KIT_MESSAGES.singTooLong);
        const settings = { key: body.key, scale: body.scale, bpm: body.bpm };
        return generate(
          async () => {
            const { audio, contentType } = await sing(
              deps.tts,
              request,
              settings,
              AbortSignal.timeout(120_000),
            );
            return { audio, contentType };
          },
          KIT_MESSAGES.failedToGenerateVocals,
          'vocal generation',
        );
      }
      const seconds = body.prompt.length / KIT_LIMITS.vocalCharactersPerSecond / body.speed;
      if (seconds > KIT_LIMITS.vocalSecondsMax)
        throw new AppError('VALIDATION_FAILED', KIT_MESSAGES.vocalTooLong);
      return generate(
        () => deps.tts.synthesize(request, AbortSignal.timeout(120_000)),
        KIT_MESSAGES.failedToGenerateVocals,
        'vocal generation',
      );
    },

    /** Spec 002 §7 generate-soundfx: one sound per call; SoundLab calls it four times per click. */
    async generateSoundFx(account: SessionAccount | null, prompt: string): Promise<GeneratedAudio> {
      await assertAllowed(account, 'soundlab');
      return generate(
        () => deps.soundFx.generate(prompt, AbortSignal.timeout(120_000)),
        KIT_MESSAGES.failedToGenerateSounds,
        'sound generation',
      );
    },
  };
}

function soundToWrite(
  sound: SavePresetRequest['pads'][number]['sound'],
  newMediaId: string | undefined,
): PadWrite['sound'] {
  if (sound === null) return null;
  if ('keep' in sound) return 'keep';
  return newMediaId ? { mediaId: newMediaId } : null;
}

/** An MPEG audio frame sync at the start, after an optional ID3v2 tag. */
function isMp3(bytes: Buffer): boolean {
  let offset = 0;
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3' && bytes.length > 10) {
    offset =
      10 + (((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0));
  }
  return bytes[offset] === 0xff && ((bytes[offset + 1] ?? 0) & 0xe0) === 0xe0;
}

export type KitService = ReturnType<typeof createKitService>;
