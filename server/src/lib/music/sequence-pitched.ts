/**
 * Places bass, chords and lead along the arrangement. Every bar looks up its chord in the
 * progression; the pitched patterns are written relative to that chord, so they follow it.
 * Notes are rendered once per distinct sound (note cache) and mixed in at each occurrence.
 */
import type { BarPlan } from './arrangement';
import { renderBassNote } from './bass-voice';
import { renderChord, type StereoBuffer } from './chord-voice';
import { convertMidiToHz, fadeTail, mixInto } from './dsp';
import { renderLeadNote } from './lead-voice';
import type { ChordSound, MusicParams } from './music-params';
import { createNoteCache } from './note-cache';
import type { PatternNote } from './parts';
import { buildChord, getDegreeMidi, getTonicNear } from './theory';
import { getStepSample, getStepsInSamples, type Timeline } from './timeline';

export interface PitchedStems {
  bass: Float32Array;
  musicL: Float32Array;
  musicR: Float32Array;
}

function getChordDegree(params: MusicParams, barIndex: number): number {
  const index = Math.floor(barIndex / params.barsPerChord) % params.progression.length;
  return params.progression[index] ?? 0;
}

/** MIDI of `degree` above the bar's chord root, with high chord roots folded an octave down. */
function resolvePitch(params: MusicParams, tonic: number, chordDegree: number, degree: number): number {
  const foldOctave = getDegreeMidi(tonic, params.scale, chordDegree) - tonic > 7 ? 12 : 0;
  return getDegreeMidi(tonic, params.scale, chordDegree + degree) - foldOctave;
}

function mixPanned(
  stems: PitchedStems,
  sample: Float32Array,
  position: number,
  gain: number,
  pan: number,
): void {
  mixInto(stems.musicL, sample, position, gain * Math.sqrt(1 - pan));
  mixInto(stems.musicR, sample, position, gain * Math.sqrt(1 + pan));
}

function sequenceBass(
  params: MusicParams,
  timeline: Timeline,
  plan: BarPlan[],
  pattern: PatternNote[],
  out: Float32Array,
): void {
  const tonic = getTonicNear(
    params.key,
    params.bass.sound === 'sub' || params.bass.sound === 'reese' ? 33 : 36,
  );
  const staccato = params.bass.sound === 'pluck' || params.bass.sound === 'rubber' ? 0.7 : 0.92;
  const cache = createNoteCache<Float32Array>();
  let previousHz: number | null = null;
  plan.forEach((bar, barIndex) => {
    if (bar.gains.bass <= 0) {
      previousHz = null;
      return;
    }
    const chordDegree = getChordDegree(params, barIndex);
    for (const note of pattern) {
      const hz = convertMidiToHz(resolvePitch(params, tonic, chordDegree, note.degree));
      const request = {
        gateSamples: Math.round(getStepsInSamples(timeline, note.lengthSteps) * staccato),
        hz,
        fromHz: note.isSlide ? previousHz : null,
        isAccent: note.velocity > 0.9,
      };
      const key = `${request.gateSamples}|${hz}|${request.fromHz ?? 0}|${request.isAccent}`;
      const sample = cache.get(key, () => fadeTail(renderBassNote(params.bass, request)));
      mixInto(out, sample, getStepSample(timeline, barIndex, note.step), note.velocity * bar.gains.bass);
      previousHz = hz;
    }
  });
}

/** Keys are held until the next strike; stabs and organ are short; pads are handled apart. */
function getChordGateSteps(sound: ChordSound, rhythm: number[], index: number): number {
  if (sound === 'organ') return 1.5;
  if (sound !== 'keys') return 1;
  const next = rhythm[index + 1] ?? 16;
  return next - (rhythm[index] ?? 0) - 0.5;
}

function sequenceChords(params: MusicParams, timeline: Timeline, plan: BarPlan[], stems: PitchedStems): void {
  const chords = params.chords;
  if (chords.sound === 'none') return;
  const tonic = getTonicNear(params.key, 60);
  const low = chords.sound === 'dub' ? 52 : 55;
  const cache = createNoteCache<StereoBuffer>();
  const strike = (
    barIndex: number,
    step: number,
    gateSteps: number,
    midis: number[],
    velocity: number,
  ): void => {
    const request = { gateSamples: getStepsInSamples(timeline, gateSteps), midis };
    const rendered = cache.get(`${request.gateSamples}|${midis.join(',')}`, () => {
      const chord = renderChord(chords, request);
      return { left: fadeTail(chord.left), right: fadeTail(chord.right) };
    });
    const position = getStepSample(timeline, barIndex, step);
    mixInto(stems.musicL, rendered.left, position, velocity);
    mixInto(stems.musicR, rendered.right, position, velocity);
  };
  plan.forEach((bar, barIndex) => {
    if (bar.gains.chords <= 0) return;
    const notes = buildChord(tonic, params.scale, getChordDegree(params, barIndex), 4, low);
    if (chords.sound === 'pad') {
      const isChange = barIndex % params.barsPerChord === 0 || (plan[barIndex - 1]?.gains.chords ?? 0) <= 0;
      const bars = params.barsPerChord - (barIndex % params.barsPerChord);
      if (isChange) strike(barIndex, 0, bars * 16 - 1, notes, 0.8 * bar.gains.chords);
      return;
    }
    chords.rhythm.forEach((step, i) => {
      const velocity = (i % 2 === 0 ? 0.9 : 0.75) * bar.gains.chords;
      const gate = getChordGateSteps(chords.sound, chords.rhythm, i);
      if (chords.sound !== 'pluck') {
        strike(barIndex, step, gate, notes, velocity);
        return;
      }
      // The pluck arpeggiates upwards through the chord, an octave higher on the second pass.
      const midi = (notes[i % notes.length] ?? 60) + (i >= notes.length ? 12 : 0);
      strike(barIndex, step, gate, [midi], velocity);
    });
  });
}

function sequenceLead(
  params: MusicParams,
  timeline: Timeline,
  plan: BarPlan[],
  motif: PatternNote[],
  stems: PitchedStems,
): void {
  if (params.lead.sound === 'none') return;
  const tonic = getTonicNear(params.key, params.lead.sound === 'acid' ? 60 : 72);
  const cache = createNoteCache<Float32Array>();
  let previousHz: number | null = null;
  plan.forEach((bar, barIndex) => {
    if (bar.gains.lead <= 0) return;
    const offset = (barIndex % params.lead.motifBars) * 16;
    const chordDegree = getChordDegree(params, barIndex);
    motif
      .filter((n) => n.step >= offset && n.step < offset + 16)
      .forEach((note, i) => {
        const hz = convertMidiToHz(resolvePitch(params, tonic, chordDegree, note.degree));
        const request = {
          gateSamples: getStepsInSamples(timeline, note.lengthSteps) - 200,
          hz,
          fromHz: note.isSlide ? previousHz : null,
          isAccent: note.velocity > 0.9,
        };
        const key = `${request.gateSamples}|${hz}|${request.fromHz ?? 0}|${request.isAccent}`;
        const sample = cache.get(key, () =>
          fadeTail(renderLeadNote(params.lead, request, Math.round(hz * 100))),
        );
        const position = getStepSample(timeline, barIndex, note.step - offset);
        mixPanned(
          stems,
          sample,
          position,
          note.velocity * bar.gains.lead * Math.SQRT1_2,
          i % 2 === 0 ? 0.22 : -0.22,
        );
        previousHz = hz;
      });
  });
}

/** Renders bass, chords and lead of the whole track. */
export function sequencePitched(
  params: MusicParams,
  timeline: Timeline,
  plan: BarPlan[],
  bassPattern: PatternNote[],
  motif: PatternNote[],
): PitchedStems {
  const stems: PitchedStems = {
    bass: new Float32Array(timeline.totalSamples),
    musicL: new Float32Array(timeline.totalSamples),
    musicR: new Float32Array(timeline.totalSamples),
  };
  sequenceBass(params, timeline, plan, bassPattern, stems.bass);
  sequenceChords(params, timeline, plan, stems);
  sequenceLead(params, timeline, plan, motif, stems);
  return stems;
}
