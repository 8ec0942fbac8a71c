/**
 * Stem balancing: each stem is scaled so that, where it plays at full strength, its RMS hits a
 * target level for the style. Sounds differ by 10 dB or more in raw output (a sustained reese vs a
 * short dub stab), so fixed fader values would give some tracks no bass and others no drums.
 */
import type { BarPlan, Part } from './arrangement';
import { convertDbToGain, SAMPLE_RATE, sumSquares } from './dsp';
import type { MusicStyle } from './music-params';
import type { Timeline } from './timeline';

export type StemName = 'drums' | 'bass' | 'music';

const TARGET_DB: Record<MusicStyle, Record<StemName, number>> = {
  minimal: { drums: -10, bass: -13, music: -16 },
  house: { drums: -10, bass: -13.5, music: -14.5 },
  techno: { drums: -9.5, bass: -14, music: -16 },
  dnb: { drums: -10.5, bass: -11.5, music: -14.5 },
  garage: { drums: -10, bass: -12.5, music: -15 },
};

const STEM_PARTS: Record<StemName, Part[]> = {
  drums: ['kick', 'backbeat'],
  bass: ['bass'],
  music: ['chords', 'lead'],
};

/** RMS of the channels over the bars where one of `parts` plays at full gain. */
function measureActiveRms(
  channels: Float32Array[],
  timeline: Timeline,
  plan: BarPlan[],
  parts: Part[],
): number {
  const barSamples = timeline.barSeconds * SAMPLE_RATE;
  let sum = 0;
  let count = 0;
  for (let bar = 0; bar < plan.length; bar++) {
    const gains = plan[bar]?.gains;
    if (gains === undefined || !parts.some((part) => gains[part] >= 0.99)) continue;
    const start = Math.round(bar * barSamples);
    const end = Math.min(timeline.totalSamples, Math.round((bar + 1) * barSamples));
    for (const channel of channels) sum += sumSquares(channel, start, end);
    count += (end - start) * channels.length;
  }
  return count === 0 ? 0 : Math.sqrt(sum / count);
}

/** Returns the gain that brings the stem to its style's target level (1 when it is silent). */
export function getStemGain(
  stem: StemName,
  style: MusicStyle,
  channels: Float32Array[],
  timeline: Timeline,
  plan: BarPlan[],
): number {
  const rms = measureActiveRms(channels, timeline, plan, STEM_PARTS[stem]);
  if (rms < 1e-5) return 1;
  return Math.min(convertDbToGain(TARGET_DB[style][stem]) / rms, 20);
}
