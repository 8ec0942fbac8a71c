import { describe, expect, it } from 'vitest';
import { measureSoundOffThread } from './measure-off-thread';
import { measureSound } from './sound-features';
import { ANALYSIS_SAMPLE_RATE } from './spectrum';

/** Twelve seconds of a 124 BPM kick over an A minor triad, at the analysis rate. */
function piece(): Float32Array {
  const beat = 60 / 124;
  return Float32Array.from({ length: 12 * ANALYSIS_SAMPLE_RATE }, (_, i) => {
    const t = i / ANALYSIS_SAMPLE_RATE;
    const sinceBeat = t % beat;
    const kick = Math.exp(-sinceBeat * 30) * Math.sin(2 * Math.PI * 55 * sinceBeat);
    const chord = [220, 261.63, 329.63].reduce((sum, f) => sum + Math.sin(2 * Math.PI * f * t), 0) / 6;
    return 0.6 * kick + 0.3 * chord;
  });
}

describe('measureSoundOffThread', () => {
  it('measures in a worker thread exactly what measureSound measures inline, and hands the PCM over', async () => {
    const inline = measureSound({ samples: piece(), sampleRate: ANALYSIS_SAMPLE_RATE }, 'House / Tech House');
    const samples = piece();
    // The event loop keeps turning while the worker measures.
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const offThread = await measureSoundOffThread(
      { samples, sampleRate: ANALYSIS_SAMPLE_RATE },
      'House / Tech House',
    );
    clearInterval(timer);
    expect(offThread).toEqual(inline);
    expect(samples.length).toBe(0);
    expect(ticks).toBeGreaterThan(0);
  });

  it('rejects with the reason when the measurement fails, and leaves no worker behind', async () => {
    await expect(
      measureSoundOffThread({ samples: new Float32Array(0), sampleRate: 8_000 }, 'House / Tech House'),
    ).rejects.toThrow();
  });
});
