import { describe, expect, it } from 'vitest';
import { decodeToMono } from '../audio/ffmpeg';
import { createEspeakTts } from './espeak-tts';
import { estimatePitch, homeNote, planMelody, sing, syllables } from './sing';
import type { SpeechRequest } from './tts';

const LYRIC = 'The night is young and the bass is loud\nWe dance until the morning light';

const request: SpeechRequest = {
  text: LYRIC,
  voiceId: 'local-ava',
  stability: 0.5,
  similarityBoost: 0.5,
  style: 0.5,
  speed: 1,
};

function semitonesApart(hz: number, midi: number): number {
  return Math.abs(12 * Math.log2(hz / (440 * 2 ** ((midi - 69) / 12))));
}

describe('planning a melody', () => {
  it('gives each word a note of the key, a beat per syllable, and ends lines on the tonic or fifth', () => {
    const notes = planMelody(LYRIC, { key: 'D', scale: 'minor', bpm: 120 }, 62);
    expect(notes.map((n) => n.word)).toEqual(LYRIC.split(/\s+/));
    const dMinor = new Set([2, 4, 5, 7, 9, 10, 0]);
    for (const note of notes) expect(dMinor.has(note.midi % 12), note.word).toBe(true);
    const firstLineEnd = notes[8];
    expect(firstLineEnd?.word).toBe('loud');
    expect((firstLineEnd?.midi ?? 0) % 12).toBe(9); // the fifth of D
    expect((notes.at(-1)?.midi ?? 0) % 12).toBe(2); // the tonic
    // At 120 BPM a beat is half a second: 'until' (two syllables) starts a second after 'dance'.
    const dance = notes.find((n) => n.word === 'dance');
    const until = notes.find((n) => n.word === 'until');
    expect((until?.start ?? 0) - (dance?.start ?? 0)).toBeCloseTo(0.5, 5);
    expect(syllables('until')).toBe(2);
  });

  it('sets the tonic near the voice, so no word is shifted far', () => {
    // A 220 Hz voice is A3 (57): C3 (48) puts the melody's middle (about E3 to G3) nearest it.
    expect(homeNote('C', 220)).toBe(48);
    expect(Math.abs(homeNote('G', 180) + 4 - (69 + 12 * Math.log2(180 / 440)))).toBeLessThanOrEqual(6);
  });

  it('estimates a pitch it is given', () => {
    const samples = Float32Array.from({ length: 44_100 }, (_, i) =>
      Math.sin((2 * Math.PI * 196 * i) / 44_100),
    );
    expect(estimatePitch({ sampleRate: 44_100, samples })).toBeCloseTo(196, -0.5);
  });
});

describe('singing with eSpeak NG', () => {
  // Rendering through eSpeak and Rubber Band takes seconds of CPU per line; on a shared two-core
  // machine two lines passed the default 30 s. These tests check what is sung, never how fast.
  it(
    'renders the lyric on the melody: the pitch in each note window is that note',
    { timeout: 120_000 },
    async () => {
      const tts = createEspeakTts({ binary: 'espeak-ng' });
      const settings = { key: 'E', scale: 'major', bpm: 100 } as const;
      const { audio, contentType, notes } = await sing(tts, request, settings);
      expect(contentType).toBe('audio/mpeg');
      const pcm = await decodeToMono(audio);
      const last = notes.at(-1);
      expect(pcm.samples.length / pcm.sampleRate).toBeGreaterThan((last?.start ?? 0) + (last?.seconds ?? 0));
      // The middle of each note, clear of its consonants' onset and its fade.
      const heard = notes.map((note) =>
        estimatePitch(
          pcm,
          Math.round((note.start + note.seconds * 0.2) * pcm.sampleRate),
          Math.round((note.start + note.seconds * 0.8) * pcm.sampleRate),
        ),
      );
      const share = (offset: number) =>
        notes.filter(
          (note, i) => (heard[i] ?? 0) > 0 && semitonesApart(heard[i] ?? 0, note.midi + offset) <= 1,
        ).length / notes.length;
      const misses = notes.map((n, i) => `${n.word}: ${(heard[i] ?? 0).toFixed(0)} Hz for MIDI ${n.midi}`);
      // Unvoiced words may read nothing; the sung ones are on their note.
      expect(share(0), misses.join('; ')).toBeGreaterThanOrEqual(0.8);
      // And the measure can tell: against the melody a minor third off, most notes miss.
      expect(share(3)).toBeLessThan(0.3);
      // It is a melody, not a monotone: the notes span at least a fourth.
      const range = Math.max(...notes.map((n) => n.midi)) - Math.min(...notes.map((n) => n.midi));
      expect(range).toBeGreaterThanOrEqual(5);
    },
  );

  it('sings the same lyric longer at a slower tempo', { timeout: 120_000 }, async () => {
    const tts = createEspeakTts({ binary: 'espeak-ng', engine: 'wasm' });
    const line = { ...request, text: 'We dance until the morning light' };
    const fast = await sing(tts, line, { key: 'C', scale: 'major', bpm: 160 });
    const slow = await sing(tts, line, { key: 'C', scale: 'major', bpm: 80 });
    const seconds = async (audio: Buffer) => {
      const pcm = await decodeToMono(audio);
      return pcm.samples.length / pcm.sampleRate;
    };
    expect((await seconds(slow.audio)) / (await seconds(fast.audio))).toBeGreaterThan(1.6);
  });
});
