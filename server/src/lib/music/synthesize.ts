/**
 * Renders MusicParams to stereo PCM: drums, bass, chords and lead are sequenced along the
 * arrangement, the music bus is filtered and ducked by the kick, sent to reverb and delay, summed
 * and mastered. Deterministic: every random choice comes from the params' seed.
 */
import { createRng, hashString } from '../random';
import { planArrangement, type BarPlan } from './arrangement';
import { getStemGain } from './balance';
import { renderDrumKit } from './drum-kit';
import { SAMPLE_RATE, StateVariableFilter } from './dsp';
import { applyDelay, applyReverb, createDuckingCurve, renderRiser } from './effects';
import { createGroove } from './grooves';
import { masterMix } from './master';
import type { MusicParams } from './music-params';
import { createBassPattern, createMotif } from './parts';
import { sequenceDrums, type DrumStem } from './sequence-drums';
import { sequencePitched, type PitchedStems } from './sequence-pitched';
import { createTimeline, getStepSample, getStepsInSamples, type Timeline } from './timeline';

export interface StereoPcm {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

function getOpenness(plan: BarPlan[], barSamples: number, sample: number): number {
  const position = sample / barSamples;
  const bar = plan[Math.min(plan.length - 1, Math.floor(position))];
  if (bar === undefined) return 1;
  return bar.openFrom + (bar.openTo - bar.openFrom) * (position - Math.floor(position));
}

/**
 * Sweeps a low-pass over the music bus following each bar's openness (muffled intros, outros).
 * Fully open bars are skipped: the filter would be transparent there, and most bars are open.
 */
function filterMusicBus(left: Float32Array, right: Float32Array, timeline: Timeline, plan: BarPlan[]): void {
  const filterL = new StateVariableFilter(20_000, 0.15);
  const filterR = new StateVariableFilter(20_000, 0.15);
  const barSamples = timeline.barSeconds * SAMPLE_RATE;
  let wasFiltering = false;
  for (let bar = 0; bar < plan.length; bar++) {
    const barPlan = plan[bar];
    const start = Math.round(bar * barSamples);
    const end = Math.min(left.length, Math.round((bar + 1) * barSamples));
    if (barPlan === undefined || (barPlan.openFrom >= 1 && barPlan.openTo >= 1)) {
      wasFiltering = false;
      continue;
    }
    if (!wasFiltering) {
      // Entering a filtered stretch: start the filters settled on the signal, so no click.
      filterL.reset(left[start] ?? 0);
      filterR.reset(right[start] ?? 0);
    }
    wasFiltering = true;
    for (let i = start; i < end; i++) {
      if ((i - start) % 32 === 0) {
        const cutoff = 180 * 2 ** (getOpenness(plan, barSamples, i) * 7.2);
        filterL.setCutoff(cutoff, 0.15);
        filterR.setCutoff(cutoff, 0.15);
      }
      filterL.process(left[i] ?? 0);
      filterR.process(right[i] ?? 0);
      left[i] = filterL.low;
      right[i] = filterR.low;
    }
  }
}

interface StemGains {
  drums: number;
  bass: number;
  music: number;
}

/**
 * Sums the stems into the drum buffers (which become the mix) and turns the music buffers into
 * the effect sends, reusing memory: a 90 s track needs no further full-length buffers.
 */
function sumStems(drums: DrumStem, pitched: PitchedStems, duck: Float32Array, gains: StemGains): void {
  const { left, right, reverbSend } = drums;
  const { bass, musicL, musicR } = pitched;
  for (let i = 0; i < left.length; i++) {
    const d = duck[i] ?? 1;
    const l = (musicL[i] ?? 0) * d * gains.music;
    const r = (musicR[i] ?? 0) * d * gains.music;
    const low = (bass[i] ?? 0) * d * gains.bass;
    left[i] = (left[i] ?? 0) * gains.drums + l + low;
    right[i] = (right[i] ?? 0) * gains.drums + r + low;
    const mono = 0.5 * (l + r);
    reverbSend[i] = (reverbSend[i] ?? 0) * gains.drums + mono;
    musicL[i] = mono;
  }
}

/** Synthesizes a whole track (or a short test render when durationSeconds is small). */
export function synthesizeTrack(params: MusicParams): StereoPcm {
  const rng = createRng(`synth:${params.seed}`);
  const seedNumber = hashString(params.seed)[0];
  const timeline = createTimeline(params);
  const plan = planArrangement(params, timeline.totalBars, rng.chance(0.5));
  const kit = renderDrumKit(params.drums, seedNumber);
  const groove = createGroove(params.style, rng);
  const bassPattern = createBassPattern(params.bass.pattern, rng);
  const motif = createMotif(params, rng);

  const drums = sequenceDrums(timeline, plan, groove, kit, rng);
  const pitched = sequencePitched(params, timeline, plan, bassPattern, motif);
  filterMusicBus(pitched.musicL, pitched.musicR, timeline, plan);

  const gains = {
    drums: getStemGain('drums', params.style, [drums.left, drums.right], timeline, plan),
    bass: getStemGain('bass', params.style, [pitched.bass], timeline, plan),
    music: getStemGain('music', params.style, [pitched.musicL, pitched.musicR], timeline, plan),
  };
  const releaseSamples = getStepsInSamples(timeline, 2.5);
  const duck = createDuckingCurve(timeline.totalSamples, drums.kicks, params.sidechain, releaseSamples);
  sumStems(drums, pitched, duck, gains);
  const { left, right } = drums;
  applyReverb(drums.reverbSend, left, right, params.space.reverbSize, params.space.reverbMix);
  const delaySamples = getStepsInSamples(timeline, params.space.delaySteps);
  applyDelay(pitched.musicL, left, right, delaySamples, params.space.delayFeedback, params.space.delayMix);

  plan.forEach((bar, barIndex) => {
    if (!bar.hasRiser || plan[barIndex - 1]?.hasRiser === true) return;
    const start = getStepSample(timeline, barIndex, 0);
    renderRiser(left, right, start, getStepsInSamples(timeline, 32), seedNumber + barIndex, 0.12);
  });
  masterMix(left, right);
  return { sampleRate: SAMPLE_RATE, left, right };
}
