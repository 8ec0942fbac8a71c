/**
 * VocalLab's singing mode (issue 20, decision 0152): the lyric on a melody in a chosen key and
 * tempo, built on any text-to-speech engine. Each word is spoken on one steady pitch (eSpeak NG
 * holds it flat when asked, `monotone`), its pitch measured, and ffmpeg's Rubber Band shifts it
 * onto its note (formants kept, so the voice stays the voice) and stretches it to the note's
 * length. The notes are placed on the beat grid and the whole is encoded as one MP3 with a little
 * vibrato and room.
 */
import { runProcess } from '../audio/process';
import { decodeToMono, transcodeToMp3, type MonoPcm } from '../audio/ffmpeg';
import { wavHeader } from '../audio/wav';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { GeneratedAudio } from '../sound-fx/sound-fx';
import type { SpeechRequest, TtsProvider } from './tts';

const SAMPLE_RATE = 44_100;
const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] } as const;

/**
 * Phrase shapes as scale degrees (0 is the tonic): a rise and fall, an arch, a call and answer.
 * A line takes the shape its number picks, stretched or cycled to its word count, and its last
 * word lands on the tonic or the fifth, so each line sounds finished.
 */
const PHRASES = [
  [0, 2, 4, 4, 5, 4, 2, 1],
  [4, 4, 5, 7, 5, 4, 2, 2],
  [2, 3, 4, 2, 0, 1, 2, 0],
  [4, 5, 4, 2, 3, 2, 1, 0],
];

export interface SongSettings {
  key: (typeof NOTE_NAMES)[number];
  scale: keyof typeof SCALES;
  bpm: number;
}

export interface SungNote {
  word: string;
  /** MIDI note number. */
  midi: number;
  /** Start and length in seconds. */
  start: number;
  seconds: number;
}

function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Vowel groups: a rough syllable count, enough to give 'melody' three beats and 'night' one. */
export function syllables(word: string): number {
  const groups = word
    .toLowerCase()
    .replace(/e$/, '')
    .match(/[aeiouy]+/g);
  return Math.max(1, Math.min(4, groups?.length ?? 1));
}

/**
 * The melody: one note per word, a beat per syllable, a beat's rest at each line's end. `home`
 * is the MIDI note of the tonic, chosen by the caller in the voice's range.
 */
export function planMelody(text: string, settings: SongSettings, home: number): SungNote[] {
  const beat = 60 / settings.bpm;
  const scale = SCALES[settings.scale];
  const lines = text
    .split(/\n+/)
    .map((line) => line.match(/[\p{L}\p{N}']+/gu) ?? [])
    .filter((words) => words.length > 0);
  const notes: SungNote[] = [];
  let time = 0;
  for (const [lineIndex, words] of lines.entries()) {
    const shape = PHRASES[lineIndex % PHRASES.length] ?? [0];
    for (const [i, word] of words.entries()) {
      const last = i === words.length - 1;
      const degree = last ? (lineIndex % 2 === 0 ? 4 : 0) : (shape[i % shape.length] ?? 0);
      const octave = Math.floor(degree / scale.length);
      const midi = home + (scale[degree % scale.length] ?? 0) + 12 * octave;
      const beats = syllables(word) + (last ? 1 : 0);
      notes.push({ word, midi, start: time, seconds: beats * beat * 0.92 });
      time += beats * beat;
    }
    time += beat;
  }
  return notes;
}

/** The tonic nearest the voice's own pitch, so nothing is shifted more than half an octave. */
export function homeNote(key: SongSettings['key'], voiceHz: number): number {
  const voiceMidi = 69 + 12 * Math.log2(voiceHz / 440);
  const pitchClass = NOTE_NAMES.indexOf(key);
  let best = pitchClass + 48;
  for (let midi = pitchClass + 24; midi <= pitchClass + 84; midi += 12) {
    // The melody climbs about a fifth above the tonic: centre it on the voice.
    if (Math.abs(midi + 4 - voiceMidi) < Math.abs(best + 4 - voiceMidi)) best = midi;
  }
  return best;
}

/**
 * The median fundamental of the loud frames (autocorrelation over 30 ms, 70 to 600 Hz), or 0
 * when nothing is voiced.
 */
export function estimatePitch(pcm: MonoPcm, from = 0, to = pcm.samples.length): number {
  const size = Math.round(pcm.sampleRate * 0.03);
  const minLag = Math.floor(pcm.sampleRate / 600);
  const maxLag = Math.ceil(pcm.sampleRate / 70);
  const frames: { energy: number; start: number }[] = [];
  for (let start = from; start + size + maxLag <= to; start += size) {
    let energy = 0;
    for (let i = start; i < start + size; i++) energy += (pcm.samples[i] ?? 0) ** 2;
    frames.push({ energy, start });
  }
  const loudest = Math.max(0, ...frames.map((f) => f.energy));
  const pitches: number[] = [];
  for (const { energy, start } of frames) {
    if (energy < loudest / 8) continue;
    // The normalised difference of each lag; the first dip under 0.3 is the period (YIN's idea,
    // which avoids the octave errors of picking the largest correlation).
    let chosen = 0;
    let bestValue = Infinity;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let diff = 0;
      for (let i = start; i < start + size; i++)
        diff += ((pcm.samples[i] ?? 0) - (pcm.samples[i + lag] ?? 0)) ** 2;
      const value = diff / (2 * energy);
      if (value < bestValue) {
        bestValue = value;
        chosen = lag;
      }
      if (value < 0.3 && lag > minLag) {
        // Walk to the bottom of this dip.
        let next = lag + 1;
        let nextValue = value;
        while (next <= maxLag) {
          let d = 0;
          for (let i = start; i < start + size; i++)
            d += ((pcm.samples[i] ?? 0) - (pcm.samples[i + next] ?? 0)) ** 2;
          const v = d / (2 * energy);
          if (v >= nextValue) break;
          nextValue = v;
          next += 1;
        }
        chosen = next - 1;
        bestValue = nextValue;
        break;
      }
    }
    if (chosen > 0 && bestValue < 0.5) pitches.push(pcm.sampleRate / chosen);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

/** The sound between its first and last sample above a fiftieth of its peak. */
function trimSilence(samples: Float32Array): Float32Array {
  let peak = 0;
  for (const x of samples) peak = Math.max(peak, Math.abs(x));
  const floor = peak / 50;
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] ?? 0) < floor) first += 1;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] ?? 0) < floor) last -= 1;
  return samples.subarray(first, last + 1);
}

/** Rubber Band through ffmpeg: `ratio` up in pitch (formants kept), `stretch` times longer. */
async function shift(samples: Float32Array, ratio: number, stretch: number, signal?: AbortSignal) {
  const input = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const filter = `rubberband=pitch=${ratio.toFixed(5)}:tempo=${(1 / stretch).toFixed(5)}:formant=preserved:pitchq=quality`;
  const raw = await runProcess(
    ffmpeg.path,
    [
      '-v',
      'error',
      '-f',
      'f32le',
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-af',
      filter,
      '-f',
      'f32le',
      'pipe:1',
    ],
    { input, ...(signal && { signal }) },
  );
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}

function toPcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32_767), i * 2);
  }
  return out;
}

/**
 * Sings `request.text` with `tts`'s voice. Words are spoken in parallel as far as the engine's
 * own limiter lets them; returns the MP3 and the notes it sang (tests measure against them).
 */
export async function sing(
  tts: TtsProvider,
  request: SpeechRequest,
  settings: SongSettings,
  signal?: AbortSignal,
): Promise<GeneratedAudio & { notes: SungNote[] }> {
  const words = request.text.match(/[\p{L}\p{N}']+/gu) ?? [];
  // Each distinct word is spoken once, on one steady pitch, at the pace the speed slider sets.
  const distinct = [...new Set(words.map((w) => w.toLowerCase()))];
  const spoken = new Map(
    await Promise.all(
      distinct.map(async (word) => {
        const { audio } = await tts.synthesize({ ...request, text: word, monotone: true }, signal);
        const pcm = await decodeToMono(audio, SAMPLE_RATE);
        const trimmed = trimSilence(pcm.samples);
        const hz = estimatePitch({ sampleRate: SAMPLE_RATE, samples: trimmed });
        return [word, { samples: trimmed, hz }] as const;
      }),
    ),
  );
  const voiced = [...spoken.values()]
    .map((s) => s.hz)
    .filter((hz) => hz > 0)
    .sort((a, b) => a - b);
  const voiceHz = voiced[Math.floor(voiced.length / 2)] ?? 180;
  const notes = planMelody(request.text, settings, homeNote(settings.key, voiceHz));
  const total = Math.ceil(((notes.at(-1)?.start ?? 0) + (notes.at(-1)?.seconds ?? 0) + 0.6) * SAMPLE_RATE);
  const mix = new Float32Array(total);
  const rendered = await Promise.all(
    notes.map(async (note) => {
      const source = spoken.get(note.word.toLowerCase());
      if (!source || source.samples.length === 0) return new Float32Array(0);
      const ratio = source.hz > 0 ? midiToHz(note.midi) / source.hz : 1;
      const stretch = Math.max(0.5, Math.min(4, (note.seconds * SAMPLE_RATE) / source.samples.length));
      return shift(source.samples, ratio, stretch, signal);
    }),
  );
  for (const [i, note] of notes.entries()) {
    const samples = rendered[i] ?? new Float32Array(0);
    const at = Math.round(note.start * SAMPLE_RATE);
    const fade = Math.min(441, Math.floor(samples.length / 4));
    for (let n = 0; n < samples.length && at + n < total; n++) {
      const edge = Math.min(1, n / fade, (samples.length - n) / fade);
      mix[at + n] = (mix[at + n] ?? 0) + (samples[n] ?? 0) * edge;
    }
  }
  let peak = 0;
  for (const x of mix) peak = Math.max(peak, Math.abs(x));
  if (peak > 0) for (let i = 0; i < mix.length; i++) mix[i] = ((mix[i] ?? 0) / peak) * 0.8;
  const pcm = toPcm16(mix);
  const wav = Buffer.concat([wavHeader(pcm.length, { sampleRate: SAMPLE_RATE, channels: 1 }), pcm]);
  const audio = await transcodeToMp3(
    wav,
    { sampleRate: SAMPLE_RATE, channels: 1 },
    // A singer's vibrato, slow and narrow, and a short room around the voice.
    { bitrateKbps: 128, filters: ['vibrato=f=5.2:d=0.12', 'aecho=0.8:0.6:60|120:0.25|0.15'] },
  );
  return { audio, contentType: 'audio/mpeg', notes };
}
