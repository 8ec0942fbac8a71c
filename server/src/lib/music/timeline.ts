/** The track's time grid: 16th-note steps with swing, bars, and their sample positions. */
import { SAMPLE_RATE } from './dsp';
import type { MusicParams } from './music-params';

export interface Timeline {
  stepSeconds: number;
  barSeconds: number;
  totalSamples: number;
  totalBars: number;
  swing: number;
}

export function createTimeline(params: MusicParams): Timeline {
  const stepSeconds = 60 / params.bpm / 4;
  const barSeconds = stepSeconds * 16;
  return {
    stepSeconds,
    barSeconds,
    totalSamples: Math.round(params.durationSeconds * SAMPLE_RATE),
    totalBars: Math.ceil(params.durationSeconds / barSeconds),
    swing: params.swing,
  };
}

/** Sample index of a step; odd 16ths are pushed late by the swing amount (shuffle). */
export function getStepSample(timeline: Timeline, bar: number, step: number): number {
  const isOffbeat = step % 2 === 1;
  const seconds =
    (bar * 16 + step) * timeline.stepSeconds + (isOffbeat ? timeline.swing * timeline.stepSeconds : 0);
  return Math.round(seconds * SAMPLE_RATE);
}

export function getStepsInSamples(timeline: Timeline, steps: number): number {
  return Math.round(steps * timeline.stepSeconds * SAMPLE_RATE);
}
