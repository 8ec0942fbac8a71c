/** What the upload dialog shows of a chosen audio file before it is sent. */
export interface AudioPreview {
  durationSeconds: number;
  /** One peak per bar, 0 to 1, relative to the loudest bar. */
  peaks: number[];
}

export const WAVEFORM_BARS = 96;

/**
 * The peak level of each of `bars` equal slices of the audio, across all channels, scaled so the
 * loudest slice is 1. Silence gives zeros, never NaN.
 */
export function computePeaks(channels: readonly Float32Array[], bars: number): number[] {
  const length = channels[0]?.length ?? 0;
  if (length === 0 || bars <= 0) return Array.from({ length: Math.max(0, bars) }, () => 0);
  const peaks: number[] = [];
  for (let bar = 0; bar < bars; bar += 1) {
    const start = Math.floor((bar * length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * length) / bars));
    let peak = 0;
    for (const samples of channels) {
      for (let i = start; i < end && i < samples.length; i += 1) {
        const value = Math.abs(samples[i] ?? 0);
        if (value > peak) peak = value;
      }
    }
    peaks.push(peak);
  }
  const loudest = Math.max(...peaks);
  return loudest > 0 ? peaks.map((peak) => peak / loudest) : peaks;
}

/**
 * Decodes the file in the browser (Web Audio `decodeAudioData`) for its duration and waveform.
 * An offline context decodes without asking to play, so no tap is needed. Rejects when this
 * browser cannot decode the format; the server decodes it anyway (decision 0011).
 */
export async function decodeAudioPreview(file: Blob, bars = WAVEFORM_BARS): Promise<AudioPreview> {
  const context = new OfflineAudioContext(1, 1, 44_100);
  const buffer = await context.decodeAudioData(await file.arrayBuffer());
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  return { durationSeconds: buffer.duration, peaks: computePeaks(channels, bars) };
}
