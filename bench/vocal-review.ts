// VocalLab's local engine on ten typical lyrics (issue 20 item 7, docs/kit-quality.md): each lyric
// spoken and sung (voice Ava, A minor, 96 BPM), with the length, the render time and how many sung
// notes are measured on their pitch (within a semitone in the middle of the note's window).
//   npx tsx bench/vocal-review.ts        (writes bench/results/vocal-review.json)
// ESPEAK_ENGINE=wasm reviews the WebAssembly build instead of the Debian binary.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeToMono } from '../server/src/providers/audio/ffmpeg';
import { createEspeakTts } from '../server/src/providers/tts/espeak-tts';
import { estimatePitch, sing } from '../server/src/providers/tts/sing';
import type { SpeechRequest } from '../server/src/providers/tts/tts';

const LYRICS = [
  'Turn the lights down low',
  'The night is young and the bass is loud\nWe dance until the morning light',
  'Hold me closer, hold me now',
  'Every heartbeat sounds like a drum',
  'Rise up, rise up, we are the fire',
  'I keep running back to you',
  'Under neon skies we lose our names',
  'Nobody knows the words but we sing along',
  'Call my name when the city sleeps',
  'Gold in the water, fire in the sky\nWe never said goodbye',
];
const SETTINGS = { key: 'A', scale: 'minor', bpm: 96 } as const;
const engine = process.env.ESPEAK_ENGINE === 'wasm' ? 'wasm' : 'auto';
const tts = createEspeakTts({ binary: 'espeak-ng', engine });

const seconds = (pcm: { samples: Float32Array; sampleRate: number }) => pcm.samples.length / pcm.sampleRate;
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

const rows = [];
for (const text of LYRICS) {
  const request: SpeechRequest = {
    text,
    voiceId: 'local-ava',
    stability: 0.5,
    similarityBoost: 0.5,
    style: 0.5,
    speed: 1,
  };
  let started = performance.now();
  const spoken = await tts.synthesize(request);
  const spokenMs = performance.now() - started;
  started = performance.now();
  const sung = await sing(tts, request, SETTINGS);
  const sungMs = performance.now() - started;
  const [spokenPcm, sungPcm] = await Promise.all([decodeToMono(spoken.audio), decodeToMono(sung.audio)]);
  const onPitch = sung.notes.filter((note) => {
    const hz = estimatePitch(
      sungPcm,
      Math.round((note.start + note.seconds * 0.2) * sungPcm.sampleRate),
      Math.round((note.start + note.seconds * 0.8) * sungPcm.sampleRate),
    );
    return hz > 0 && Math.abs(12 * Math.log2(hz / (440 * 2 ** ((note.midi - 69) / 12)))) <= 1;
  }).length;
  const row = {
    lyric: text.replace('\n', ' / '),
    spokenSeconds: round(seconds(spokenPcm)),
    spokenRenderSeconds: round(spokenMs / 1000),
    sungSeconds: round(seconds(sungPcm)),
    sungRenderSeconds: round(sungMs / 1000),
    notes: sung.notes.length,
    notesOnPitch: onPitch,
  };
  console.log(
    `${row.lyric}: spoken ${row.spokenSeconds} s (${row.spokenRenderSeconds} s), sung ${row.sungSeconds} s (${row.sungRenderSeconds} s), ${onPitch} of ${row.notes} notes on pitch`,
  );
  rows.push(row);
}

const notes = rows.reduce((total, row) => total + row.notes, 0);
const onPitch = rows.reduce((total, row) => total + row.notesOnPitch, 0);
console.log(`${onPitch} of ${notes} sung notes on pitch (${round((100 * onPitch) / notes)} %)`);
writeFileSync(
  path.join(import.meta.dirname, 'results', 'vocal-review.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      engine: tts.name,
      settings: SETTINGS,
      voice: 'local-ava',
      rows,
      notes,
      onPitch,
    },
    null,
    2,
  )}\n`,
);
