import { randomUUID } from 'node:crypto';
import { decodedPeak } from '../audio/ffmpeg';
import { encodeFloatMp3 } from '../audio/mp3-encoder';
import { describeSound } from './describe-sound';
import { renderSound, type RenderedSound } from './render-sound';
import type { SoundFxProvider } from './sound-fx';

/** The highest sample the decoded MP3 may reach; above it the player would clip. */
const DECODED_PEAK_LIMIT = 0.97;

function scale(sound: RenderedSound, gain: number): RenderedSound {
  return { ...sound, left: sound.left.map((x) => x * gain), right: sound.right.map((x) => x * gain) };
}

/**
 * The offline sound-effects engine: reads the description, renders the sound with real DSP and
 * encodes it as MP3. Each call draws a fresh seed, so four calls with one prompt give four takes.
 */
export function createLocalSoundFx(options: { createSeed?: () => string } = {}): SoundFxProvider {
  const createSeed = options.createSeed ?? randomUUID;
  return {
    name: 'local',
    async generate(prompt) {
      const sound = renderSound(describeSound(prompt), createSeed());
      let audio = await encodeFloatMp3([sound.left, sound.right], sound.sampleRate, { bitrateKbps: 128 });
      // WARNING: MP3 reconstruction overshoots noisy transients (a clap by up to 45 %), so the
      // decoded peak of either channel is measured and the sound encoded again lower when it would clip.
      const peak = await decodedPeak(audio);
      if (peak > DECODED_PEAK_LIMIT) {
        const quieter = scale(sound, (DECODED_PEAK_LIMIT * 0.92) / peak);
        audio = await encodeFloatMp3([quieter.left, quieter.right], quieter.sampleRate, { bitrateKbps: 128 });
      }
      return { audio, contentType: 'audio/mpeg' };
    },
  };
}
