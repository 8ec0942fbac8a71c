// music-tempo ships no types; this covers the part the tempo reading uses (its own JSDoc).
declare module 'music-tempo' {
  interface MusicTempoParams {
    /** FFT window in samples, a power of 2. */
    bufferSize?: number;
    /** Samples between spectral-flux frames. */
    hopSize?: number;
    /** Seconds between spectral-flux frames: hopSize / sample rate. */
    timeStep?: number;
  }

  /** Throws a string when it finds too few onsets to track a beat. */
  export default class MusicTempo {
    constructor(audioData: Float32Array | number[], params?: MusicTempoParams);
    /** Onset strength per frame, normalised to mean 0 and standard deviation 1. */
    spectralFlux: number[];
    /** Onset times in seconds. */
    events: number[];
    /** The best beat agent's tempo, as a decimal string. */
    tempo: string;
    /** Seconds between beats of the best agent. */
    beatInterval: number;
  }
}
