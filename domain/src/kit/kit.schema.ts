import { z } from 'zod';
import type { SubscriptionTier, UserRole } from '../tiers';
import { TIER_LIMITS } from '../tiers';

/** The Klang Kit hub's tools (spec 002 §2.1), in the hub's order. */
export const KIT_TOOLS = ['soundlab', 'vocallab', 'tutorlab', 'abel', 'klang-pack', 'test-voice'] as const;
export type KitTool = (typeof KIT_TOOLS)[number];

/** product-decisions.md, Creator tools: free artists may open only the voice test tool. */
export const FREE_KIT_TOOLS: readonly KitTool[] = ['test-voice'];

/**
 * Whether an account may use a Kit tool (spec 001 §6): artists on trial or pro use all of them,
 * free artists only the voice test; listeners none. The server decides with this on every call.
 */
export function canUseKitTool(
  account: { userType: UserRole; subscriptionTier: SubscriptionTier },
  tool: KitTool,
): boolean {
  if (account.userType !== 'artist') return false;
  return TIER_LIMITS[account.subscriptionTier].kit || FREE_KIT_TOOLS.includes(tool);
}

/** The spec's strings of SoundLab and VocalLab (spec 002 §5 and §8), word for word. */
export const KIT_MESSAGES = {
  kitBlocked: 'The Klang Kit is part of the Pro plan. Upgrade to use this tool.',
  noSoundsToSave: 'No sounds to save in this preset',
  failedToSavePreset: 'Failed to save preset',
  failedToGenerateSounds: 'Failed to generate sounds',
  failedToPlayAudio: 'Failed to play audio',
  failedToLoadVoices: 'Failed to load voices',
  failedToGenerateVocals: 'Failed to generate vocals',
  enterPrompt: 'Please enter a prompt',
  selectVoice: 'Please select a voice',
  generateFirst: 'Please generate audio first',
  enterFilename: 'Please enter a filename',
  promptTooLong: 'The description is too long',
  voiceNotFound: 'That voice is not available',
  vocalTooLong: 'This text is too long to speak at this speed',
  singTooLong: 'This lyric is too long to sing in one take (80 words at most)',
  ttsEngineMissing: 'Text to speech is not installed on this server (espeak-ng is missing)',
} as const;

/** Bounds on the work one request may ask for. */
export const KIT_LIMITS = {
  soundPromptMax: 450,
  vocalTextMax: 2500,
  generationsPerClick: 4,
  /**
   * Sound generations per account in a window (issue 20): forty Generate presses of four takes in
   * ten minutes, so an artist at work is never stopped, while a script is still bounded.
   */
  soundFxPerWindow: 160,
  soundFxWindow: '10 minutes',
  vocalsPerMinute: 10,
  /** The longest vocal one request may render, estimated at 14 characters a second at speed 1. */
  vocalSecondsMax: 300,
  vocalCharactersPerSecond: 14,
  messageMs: 3000,
} as const;

/** SoundLab layout and defaults (spec 002 §2.2, §5, §9). */
export const SOUNDLAB = {
  pads: 25,
  columns: 5,
  presets: 4,
  defaultVolume: 0.75,
  panelWidthPx: 260,
  panelSlideSeconds: 0.3,
  /** The pads that hold sounds: 6-9, 11-14, 16-19, 21-24. */
  soundPads: [6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23, 24],
  defaultPresetNames: ['drums', 'preset 1', 'preset 2', 'preset 3'],
  /** 30 s at 128 kbit/s, the longest ElevenLabs sound, with room to spare. */
  maxSoundBytes: 600_000,
} as const;

/** VocalLab slider ranges and defaults (spec 002 §4, §5, §9). */
export const VOCALLAB = {
  speed: { min: 0.1, max: 4, step: 0.1, default: 1 },
  stability: { min: 0, max: 1, step: 0.1, default: 0.5 },
  similarity: { min: 0, max: 1, step: 0.1, default: 0.5 },
  style: { min: 0, max: 1, step: 0.1, default: 0.5 },
  volume: { min: 0, max: 1, step: 0.01, default: 0.75 },
  /** Singing (issue 20): the lyric on a melody in a key, one note per word, at a tempo. */
  keys: ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'],
  scales: ['major', 'minor'],
  bpm: { min: 60, max: 180, step: 1, default: 96 },
  /** Words one sung render may hold: each is its own synthesis, so the work is bounded. */
  sungWordsMax: 80,
} as const;

const requiredText = (max: number, empty: string) =>
  z.string().trim().min(1, empty).max(max, KIT_MESSAGES.promptTooLong);

/** Spec 002 §7 generate-soundfx: `{prompt}`, answered with an audio file. */
export const generateSoundFxRequestSchema = z.object({
  prompt: requiredText(KIT_LIMITS.soundPromptMax, KIT_MESSAGES.enterPrompt),
});

const unit = z.number().min(0).max(1);

/** Spec 002 §7 generate-vocals; speed sits beside voice_settings, as the spec's client sends it. */
export const generateVocalsRequestSchema = z.object({
  prompt: requiredText(KIT_LIMITS.vocalTextMax, KIT_MESSAGES.enterPrompt),
  voice_id: z.string().trim().min(1, KIT_MESSAGES.selectVoice).max(100),
  voice_settings: z.object({ stability: unit, similarity_boost: unit, style: unit }),
  speed: z.number().min(VOCALLAB.speed.min).max(VOCALLAB.speed.max).default(VOCALLAB.speed.default),
  // Ours (issue 20): spoken, as the spec's VocalLab, or sung on a melody in `key` at `bpm`.
  mode: z.enum(['speak', 'sing']).default('speak'),
  key: z.enum(VOCALLAB.keys).default('C'),
  scale: z.enum(VOCALLAB.scales).default('major'),
  bpm: z.number().int().min(VOCALLAB.bpm.min).max(VOCALLAB.bpm.max).default(VOCALLAB.bpm.default),
});
export type GenerateVocalsRequest = z.infer<typeof generateVocalsRequestSchema>;

export const voiceSchema = z.object({ voice_id: z.string(), name: z.string(), category: z.string() });
export type Voice = z.infer<typeof voiceSchema>;
export const voicesResponseSchema = z.object({ voices: z.array(voiceSchema) });

/**
 * A SoundLab preset by its number, 1 to 4, as the path spells it: a string, as every path
 * parameter of the contract is (the route reads it with `Number`).
 */
export const presetParamsSchema = z.object({
  preset: z
    .string()
    .refine((value) => /^[1-9][0-9]*$/.test(value) && Number(value) <= SOUNDLAB.presets, 'Invalid preset'),
});

const padLabel = z.string().trim().max(60);

/** One saved pad as the server answers it: the sound is a short-lived signed URL. */
export const savedPadSchema = z.object({
  pad: z.number().int(),
  label: z.string(),
  soundUrl: z.string().nullable(),
});
export const presetSchema = z.object({
  preset: z.number().int(),
  name: z.string(),
  pads: z.array(savedPadSchema),
});
export type SavedPreset = z.infer<typeof presetSchema>;
export const presetsResponseSchema = z.object({ presets: z.array(presetSchema) });

/**
 * Saving a preset: every sound pad's label, and its sound as base64 MP3, or `keep` to leave the
 * saved sound as it is, or null for an empty pad.
 */
export const savePresetRequestSchema = z.object({
  name: padLabel.min(1),
  pads: z
    .array(
      z.object({
        pad: z
          .number()
          .int()
          .refine((pad) => (SOUNDLAB.soundPads as readonly number[]).includes(pad), 'Not a sound pad'),
        label: padLabel,
        sound: z.union([
          z.null(),
          z.object({ keep: z.literal(true) }),
          z.object({
            mp3Base64: z
              .string()
              .min(1)
              .max(Math.ceil((SOUNDLAB.maxSoundBytes * 4) / 3) + 4),
          }),
        ]),
      }),
    )
    .max(SOUNDLAB.soundPads.length)
    .refine((pads) => new Set(pads.map((p) => p.pad)).size === pads.length, 'Each pad once'),
});
export type SavePresetRequest = z.infer<typeof savePresetRequestSchema>;
