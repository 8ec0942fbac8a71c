/**
 * What Klang measures about a track's sound (issue 28, decision 0260): tempo, key, the inputs of
 * energy and brightness, from mono PCM at ANALYSIS_SAMPLE_RATE (ffmpeg decodes any upload to it:
 * `decodeToMono(bytes, ANALYSIS_SAMPLE_RATE)`). Pure and synchronous: a job calls it off the
 * request path, and it takes about 1.1 CPU-seconds per minute of audio (bench/sound-features.ts).
 */
import { GENRE_TEMPO_RANGES, type Genre } from '@klang/domain';
import type { MonoPcm } from '../../providers/audio/ffmpeg';
import { measureDynamics, type EnergyInputs } from './energy';
import { readKey, type KeyReading } from './key';
import { summariseSpectrum } from './spectrum';
import { readRhythm } from './tempo';

export interface SoundFeatures {
  /** Null when no beat could be tracked at all (silence, a held tone). */
  tempo: { bpm: number; confidence: number } | null;
  key: KeyReading;
  energy: EnergyInputs;
  /** Mean spectral centroid in Hz. */
  brightnessHz: number;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Measures `pcm`, a track of `genre`; its tempo is folded into the genre's range. */
export function measureSound(pcm: MonoPcm, genre: Genre): SoundFeatures {
  const spectrum = summariseSpectrum(pcm.samples, pcm.sampleRate);
  const rhythm = readRhythm(pcm.samples, pcm.sampleRate, GENRE_TEMPO_RANGES[genre]);
  const dynamics = measureDynamics(spectrum.frameRms, spectrum.frameSeconds);
  const key = readKey(spectrum.chroma);
  return {
    tempo: rhythm && {
      bpm: round(rhythm.bpm, 1),
      confidence: round(rhythm.confidence, 2),
    },
    key: { ...key, confidence: round(key.confidence, 2) },
    energy: {
      rmsDb: round(dynamics.rmsDb, 1),
      loudnessRangeDb: round(dynamics.loudnessRangeDb, 1),
      onsetsPerSecond: round(rhythm?.onsetsPerSecond ?? 0, 2),
    },
    brightnessHz: Math.round(spectrum.centroidHz),
  };
}
