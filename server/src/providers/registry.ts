import { klangPacksEndpoints, type HealthResponse } from '@klang/domain';
import type { Config } from '../config';
import type { Secrets } from '../secrets';
import { createAltchaCaptcha } from './captcha/altcha-captcha';
import type { CaptchaProvider } from './captcha/captcha';
import { createSiteverifyCaptcha } from './captcha/siteverify-captcha';
import type { EmailProvider } from './email/email';
import { uploadDecoder } from './audio/upload-decoder';
import type { CoverArtProvider } from './cover-art/cover-art';
import { createLocalKlangPacks } from './klang-packs/local/local-klang-packs';
import type { KlangPacksProvider } from './klang-packs/klang-packs';
import { createReplicateKlangPacks } from './klang-packs/replicate-klang-packs';
import { createLocalCoverArt } from './cover-art/local-cover-art';
import { createOpenAiCoverArt } from './cover-art/openai-cover-art';
import { createLocalEmail } from './email/local-email';
import { createSmtpEmail } from './email/smtp-email';
import { createElevenLabsClient } from './elevenlabs/elevenlabs-client';
import { createElevenLabsSoundFx } from './sound-fx/elevenlabs-sound-fx';
import { createLocalSoundFx } from './sound-fx/local-sound-fx';
import type { SoundFxProvider } from './sound-fx/sound-fx';
import { createElevenLabsTts } from './tts/elevenlabs-tts';
import { createEspeakTts } from './tts/espeak-tts';
import type { TtsProvider } from './tts/tts';
import type { ChatProvider } from './llm/chat';
import { createLocalTutor } from './llm/local-tutor/local-tutor';
import { createOpenAiChat } from './llm/openai-chat';
import { createOpenAiStt } from './stt/openai-stt';
import { NO_STT, type SttProvider } from './stt/stt';
import {
  createElevenLabsVoiceAgent,
  createLocalVoiceAgent,
  type VoiceAgentProvider,
} from './voice-agent/voice-agent';
import { createLocalStorage } from './storage/local-storage';
import { createS3Storage } from './storage/s3-storage';
import type { StorageProvider } from './storage/storage';

export interface Providers {
  storage: StorageProvider;
  email: EmailProvider;
  captcha: CaptchaProvider;
  coverArt: CoverArtProvider;
  soundFx: SoundFxProvider;
  tts: TtsProvider;
  klangPacks: KlangPacksProvider;
  llm: ChatProvider;
  stt: SttProvider;
  voiceAgent: VoiceAgentProvider;
}

/** Chooses each provider from configuration: the real service when configured, the local one otherwise. */
export function createProviders(config: Config, secrets: Secrets): Providers {
  const storage =
    config.storage.kind === 's3'
      ? createS3Storage(config.storage)
      : createLocalStorage({ dir: config.storage.dir, signingSecret: secrets.media });
  const email =
    config.email.kind === 'smtp' ? createSmtpEmail({ url: config.email.url }) : createLocalEmail();
  const captcha =
    config.captcha.kind === 'altcha'
      ? createAltchaCaptcha({ secret: secrets.session, ...config.captcha })
      : createSiteverifyCaptcha(config.captcha);
  const coverArt =
    config.coverArt.kind === 'openai' ? createOpenAiCoverArt(config.coverArt) : createLocalCoverArt();
  const elevenLabs = config.audioAi.kind === 'elevenlabs' ? createElevenLabsClient(config.audioAi) : null;
  const soundFx = elevenLabs ? createElevenLabsSoundFx(elevenLabs) : createLocalSoundFx();
  const tts =
    config.audioAi.kind === 'elevenlabs' && elevenLabs
      ? createElevenLabsTts(elevenLabs)
      : createEspeakTts(
          config.audioAi.kind === 'local'
            ? { binary: config.audioAi.espeakPath, engine: config.audioAi.espeakEngine }
            : { binary: 'espeak-ng' },
        );
  const klangPacks =
    config.klangPacks.kind === 'replicate'
      ? createReplicateKlangPacks({
          ...config.klangPacks,
          storage,
          // Without a secret the webhook could not be verified: polling alone follows the training.
          ...(config.klangPacks.webhookSecret && {
            webhookUrl: `${config.publicUrl}${klangPacksEndpoints.replicateWebhook.path}`,
          }),
        })
      : createLocalKlangPacks({ storage, minTrainingMs: config.klangPacks.minTrainingMs });
  const llm = config.llm.kind === 'openai' ? createOpenAiChat(config.llm) : createLocalTutor();
  const stt = config.stt.kind === 'openai' ? createOpenAiStt(config.stt) : NO_STT;
  const voiceAgent =
    config.voiceAgent.kind === 'elevenlabs'
      ? createElevenLabsVoiceAgent(createElevenLabsClient(config.voiceAgent), config.voiceAgent)
      : createLocalVoiceAgent(stt.name);
  return { storage, email, captcha, coverArt, soundFx, tts, klangPacks, llm, stt, voiceAgent };
}

/** What /api/health and the start-up log say about each provider, so nobody mistakes local for real. */
export function describeProviders(providers: Providers): HealthResponse['providers'] {
  return {
    storage: providers.storage.name,
    email: providers.email.name,
    captcha: providers.captcha.name,
    coverArt: providers.coverArt.name,
    soundFx: providers.soundFx.name,
    tts: providers.tts.name,
    klangPacks: providers.klangPacks.name,
    llm: providers.llm.name,
    voiceAgent: providers.voiceAgent.name,
    decoder: uploadDecoder().name,
  };
}
