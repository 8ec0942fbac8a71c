/**
 * One pass of Meyda (MIT) over the track in whole frames: the mean chroma the key is read from,
 * the spectral centroid (brightness) and each frame's RMS (for loudness and its range).
 */
import Meyda from 'meyda';

/**
 * WARNING: Meyda is one module-wide object that builds its chroma filter bank on the first
 * `extract` from the `sampleRate` and `bufferSize` set then, and never rebuilds it for a new
 * sample rate. So every analysis runs at this one rate; the decoder resamples to it (ffmpeg).
 */
export const ANALYSIS_SAMPLE_RATE = 22_050;
/** 186 ms at 22.05 kHz: 5.4 Hz bins, fine enough to part semitones from the bass register up. */
export const FRAME_SIZE = 4096;

export interface SpectrumSummary {
  /** Pitch-class strength C..B summed over the sounding frames, each frame log-compressed. */
  chroma: number[];
  /** Mean spectral centroid of the frames that are not silent, in Hz. */
  centroidHz: number;
  /** RMS of each frame, for loudness and loudness range. */
  frameRms: number[];
  frameSeconds: number;
}

/** Below this a frame is silence (about −70 dBFS): it says nothing about key or brightness. */
const SILENT_RMS = 3e-4;
/** log(1 + 10·c) of each frame's chroma (0..1, Meyda scales the strongest to 1). */
const CHROMA_COMPRESSION = 10;

function rootMeanSquare(frame: Float32Array): number {
  let sum = 0;
  for (const sample of frame) sum += sample * sample;
  return Math.sqrt(sum / frame.length);
}

export function summariseSpectrum(samples: Float32Array, sampleRate: number): SpectrumSummary {
  if (sampleRate !== ANALYSIS_SAMPLE_RATE)
    throw new Error(`sound analysis runs at ${String(ANALYSIS_SAMPLE_RATE)} Hz, not ${String(sampleRate)}`);
  Meyda.sampleRate = ANALYSIS_SAMPLE_RATE;
  Meyda.bufferSize = FRAME_SIZE;
  const chroma = new Array<number>(12).fill(0);
  const frameRms: number[] = [];
  let centroidSum = 0;
  let soundingFrames = 0;
  for (let start = 0; start + FRAME_SIZE <= samples.length; start += FRAME_SIZE) {
    const frame = samples.subarray(start, start + FRAME_SIZE);
    const rms = rootMeanSquare(frame);
    frameRms.push(rms);
    if (rms < SILENT_RMS) continue;
    // Meyda's own `rms` is of the windowed frame, a third quieter than the signal: not used.
    const features = Meyda.extract(['chroma', 'spectralCentroid'], frame);
    if (!features?.chroma) continue;
    // Compressed, a loud bass note or a held pad no longer outweighs every other note of the
    // frame: on the seed's tracks this read 31 of 49 keys right against 28 weighted by RMS.
    features.chroma.forEach((value, pitchClass) => {
      chroma[pitchClass] = (chroma[pitchClass] ?? 0) + Math.log1p(CHROMA_COMPRESSION * value);
    });
    centroidSum += ((features.spectralCentroid ?? 0) * ANALYSIS_SAMPLE_RATE) / FRAME_SIZE;
    soundingFrames += 1;
  }
  return {
    chroma,
    centroidHz: soundingFrames > 0 ? centroidSum / soundingFrames : 0,
    frameRms,
    frameSeconds: FRAME_SIZE / ANALYSIS_SAMPLE_RATE,
  };
}
