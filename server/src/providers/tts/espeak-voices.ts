/**
 * The local engine's named voices: eSpeak NG language variants and voice variants, each with
 * its own pitch and pace, so that the list reads like a cast rather than a table of codes.
 */
export interface EspeakVoice {
  id: string;
  name: string;
  /** `-v`: language plus variant. */
  voice: string;
  /** `-p`, 0..99, before style moves it. */
  pitch: number;
  /** Words per minute at speed 1. */
  wordsPerMinute: number;
}

export const ESPEAK_VOICES: readonly EspeakVoice[] = [
  { id: 'local-ava', name: 'Ava', voice: 'en-us+f3', pitch: 55, wordsPerMinute: 170 },
  { id: 'local-ben', name: 'Ben', voice: 'en-gb+m3', pitch: 40, wordsPerMinute: 165 },
  { id: 'local-cleo', name: 'Cleo', voice: 'en-gb-x-rp+f2', pitch: 62, wordsPerMinute: 175 },
  { id: 'local-dante', name: 'Dante', voice: 'en-029+m1', pitch: 35, wordsPerMinute: 160 },
  { id: 'local-iona', name: 'Iona', voice: 'en-gb-scotland+f4', pitch: 58, wordsPerMinute: 172 },
  { id: 'local-max', name: 'Max', voice: 'en-us+m7', pitch: 28, wordsPerMinute: 150 },
  { id: 'local-nova', name: 'Nova', voice: 'en-us-nyc+Annie', pitch: 66, wordsPerMinute: 185 },
  { id: 'local-whisper', name: 'Whisper', voice: 'en-us+whisper', pitch: 50, wordsPerMinute: 150 },
];

/** eSpeak NG's own pace bounds (words per minute); the rest of a speed is done with ffmpeg's atempo. */
export const ESPEAK_RATE = { min: 80, max: 450 } as const;
