/** Places the drum kit's one-shots along the arrangement into the stereo drum stem. */
import type { Rng } from '../random';
import type { BarPlan, Part } from './arrangement';
import type { DrumKit } from './drum-kit';
import { mixInto, SAMPLE_RATE } from './dsp';
import type { DrumVoice, Groove } from './grooves';
import { getStepSample, type Timeline } from './timeline';

export interface DrumStem {
  left: Float32Array;
  right: Float32Array;
  /** A mono send of the snare/clap and percussion for the reverb. */
  reverbSend: Float32Array;
  /** Sample positions of audible kicks, which key the ducking of bass and music. */
  kicks: number[];
}

const VOICE_MIX: Record<DrumVoice, { part: Part; level: number; pan: number; reverb: number }> = {
  kick: { part: 'kick', level: 0.95, pan: 0, reverb: 0 },
  backbeat: { part: 'backbeat', level: 0.5, pan: 0, reverb: 0.25 },
  ghost: { part: 'backbeat', level: 0.4, pan: -0.1, reverb: 0.2 },
  hat: { part: 'hats', level: 0.22, pan: 0.18, reverb: 0 },
  openHat: { part: 'hats', level: 0.16, pan: -0.12, reverb: 0 },
  percHigh: { part: 'perc', level: 0.24, pan: 0.38, reverb: 0.3 },
  percLow: { part: 'perc', level: 0.26, pan: -0.34, reverb: 0.3 },
};

function getVoiceSample(kit: DrumKit, voice: DrumVoice): Float32Array {
  return kit[voice];
}

/** Renders all drum hits of the track. */
export function sequenceDrums(
  timeline: Timeline,
  plan: BarPlan[],
  groove: Groove,
  kit: DrumKit,
  rng: Rng,
): DrumStem {
  const left = new Float32Array(timeline.totalSamples);
  const right = new Float32Array(timeline.totalSamples);
  const reverbSend = new Float32Array(timeline.totalSamples);
  const kicks: number[] = [];
  const jitter = Math.round(0.0015 * SAMPLE_RATE);
  plan.forEach((bar, barIndex) => {
    const pattern = bar.isFill ? groove.fill : bar.isVariation ? groove.variation : groove.main;
    for (const hit of pattern) {
      const mix = VOICE_MIX[hit.voice];
      const gain = bar.gains[mix.part] * hit.velocity * mix.level;
      if (gain <= 0.001) continue;
      // Hats and percussion drift a little off the grid, as played parts do; kicks stay locked.
      const isLoose = mix.part === 'hats' || mix.part === 'perc';
      const position = getStepSample(timeline, barIndex, hit.step) + (isLoose ? rng.int(-jitter, jitter) : 0);
      const sample = getVoiceSample(kit, hit.voice);
      mixInto(left, sample, position, gain * Math.sqrt(0.5 * (1 - mix.pan)) * Math.SQRT2);
      mixInto(right, sample, position, gain * Math.sqrt(0.5 * (1 + mix.pan)) * Math.SQRT2);
      if (mix.reverb > 0) mixInto(reverbSend, sample, position, gain * mix.reverb);
      if (hit.voice === 'kick') kicks.push(position);
    }
    if (bar.hasCrash) {
      const position = getStepSample(timeline, barIndex, 0);
      mixInto(left, kit.crash, position, 0.22);
      mixInto(right, kit.crash, position + 40, 0.22);
      mixInto(reverbSend, kit.crash, position, 0.1);
    }
  });
  return { left, right, reverbSend, kicks };
}
