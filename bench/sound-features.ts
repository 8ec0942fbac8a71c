// Sound features (issue 28 item 1, decisions 0260-0262): every seed track, rendered by the seed's
// engine through the upload's transcode (the render cache in node_modules/.cache/klang-seed makes a
// second run quick), decoded as an upload will be (ffmpeg, mono, 22.05 kHz) and measured by
// `measureSound`; read against the BPM and key each track was composed with.
// Goals: BPM ≥ 95 % within ±4 %, key ≥ 60 % exact or relative, well under 3 CPU-seconds a minute.
//   npx tsx bench/sound-features.ts        (writes bench/results/sound-features.json)
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { toCamelot, type KeyMode } from '@klang/domain';
import { SEED_TRACKS } from '../server/src/db/seed/catalogue-tracks';
import { DEFAULT_RENDER_CACHE_DIR, renderSeedMusic } from '../server/src/db/seed/seed-media';
import { PITCH_CLASSES, type ScaleName } from '../server/src/lib/music/music-params';
import { createEnergyRanker } from '../server/src/lib/sound/energy';
import { measureSound, type SoundFeatures } from '../server/src/lib/sound/sound-features';
import { ANALYSIS_SAMPLE_RATE } from '../server/src/lib/sound/spectrum';
import { decodeToMono } from '../server/src/providers/audio/ffmpeg';

const GOALS = { bpmWithin4Percent: 0.95, keyExactOrRelative: 0.6, cpuSecondsPerMinute: 3 };
/** The modes the engine composes in, read as the major or minor a key finder answers with. */
const MODE_OF_SCALE: Record<ScaleName, KeyMode> = {
  major: 'major',
  mixolydian: 'major',
  minor: 'minor',
  dorian: 'minor',
  phrygian: 'minor',
  'harmonic-minor': 'minor',
};
const PLAIN_SCALES: readonly ScaleName[] = ['major', 'minor', 'harmonic-minor'];

const load = () => loadavg().map((n) => Number(n.toFixed(2)));
const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
const camelotNumber = (code: string) => Number.parseInt(code, 10);
const share = (hits: number, of: number) => Number((hits / Math.max(1, of)).toFixed(3));

const loadBefore = load();
const media = await renderSeedMusic(
  SEED_TRACKS.map((t) => ({ key: t.key, params: t.music })),
  {
    cacheDir: DEFAULT_RENDER_CACHE_DIR,
    onProgress: (done, total) => {
      console.log(`rendered ${String(done)}/${String(total)}`);
    },
  },
);

interface Row {
  track: string;
  genre: (typeof SEED_TRACKS)[number]['genre'];
  truth: { bpm: number; key: string; scale: ScaleName; camelot: string };
  measured: SoundFeatures;
  bpmRight: boolean;
  /** Relative: the relative major or minor (same Camelot number); neighbour: one number away. */
  keyRight: 'exact' | 'relative' | 'neighbour' | 'wrong';
  seconds: number;
  cpuSeconds: number;
}

function judgeKey(measured: string, truth: string): Row['keyRight'] {
  if (measured === truth) return 'exact';
  const steps = Math.abs(camelotNumber(measured) - camelotNumber(truth));
  return steps === 0 ? 'relative' : steps === 1 || steps === 11 ? 'neighbour' : 'wrong';
}

const rows: Row[] = [];
for (const track of SEED_TRACKS) {
  const rendered = media.get(track.key);
  if (!rendered) throw new Error(`no render of ${track.key}`);
  const pcm = await decodeToMono(rendered.mp3, ANALYSIS_SAMPLE_RATE);
  const started = process.cpuUsage();
  const measured = measureSound(pcm, track.genre);
  const used = cpuSeconds(process.cpuUsage(started));
  const { bpm, key, scale } = track.music;
  const camelot = toCamelot({ tonic: PITCH_CLASSES.indexOf(key), mode: MODE_OF_SCALE[scale] });
  const row: Row = {
    track: track.key,
    genre: track.genre,
    truth: { bpm, key, scale, camelot },
    measured,
    bpmRight: measured.tempo !== null && Math.abs(measured.tempo.bpm / bpm - 1) <= 0.04,
    keyRight: judgeKey(measured.key.camelot, camelot),
    seconds: Number((pcm.samples.length / pcm.sampleRate).toFixed(1)),
    cpuSeconds: Number(used.toFixed(3)),
  };
  rows.push(row);
  console.log(
    `${track.key.padEnd(24)} ${String(bpm)} → ${measured.tempo?.bpm.toFixed(1) ?? '-'} (${measured.tempo?.confidence.toFixed(2) ?? '-'}) ${row.bpmRight ? 'ok' : 'MISS'}` +
      ` | ${key} ${scale} ${camelot} → ${measured.key.camelot} (${measured.key.confidence.toFixed(2)}) ${row.keyRight}` +
      ` | ${used.toFixed(2)} CPU-s`,
  );
}

const minutes = rows.reduce((sum, r) => sum + r.seconds, 0) / 60;
const measureCpu = rows.reduce((sum, r) => sum + r.cpuSeconds, 0);
const keyHits = (subset: Row[]) =>
  subset.filter((r) => r.keyRight === 'exact' || r.keyRight === 'relative').length;
const plain = rows.filter((r) => PLAIN_SCALES.includes(r.truth.scale));
const meanConfidence = (subset: Row[], pick: (r: Row) => number) =>
  Number((subset.reduce((sum, r) => sum + pick(r), 0) / Math.max(1, subset.length)).toFixed(2));
const rankers = new Map(
  [...new Set(rows.map((r) => r.genre))].map((genre) => [
    genre,
    createEnergyRanker(rows.filter((r) => r.genre === genre).map((r) => r.measured.energy)),
  ]),
);

const accuracy = {
  tracks: rows.length,
  bpmWithin4Percent: share(rows.filter((r) => r.bpmRight).length, rows.length),
  bpmMisses: rows
    .filter((r) => !r.bpmRight)
    .map((r) => `${r.track}: ${String(r.truth.bpm)} read ${String(r.measured.tempo?.bpm)}`),
  keyExactOrRelative: share(keyHits(rows), rows.length),
  keyExact: share(rows.filter((r) => r.keyRight === 'exact').length, rows.length),
  keyWithinOneCamelotStep: share(rows.filter((r) => r.keyRight !== 'wrong').length, rows.length),
  keyPlainMajorOrMinor: `${String(keyHits(plain))}/${String(plain.length)}`,
  keyModal: `${String(keyHits(rows) - keyHits(plain))}/${String(rows.length - plain.length)}`,
  meanTempoConfidence: {
    right: meanConfidence(
      rows.filter((r) => r.bpmRight),
      (r) => r.measured.tempo?.confidence ?? 0,
    ),
    wrong: meanConfidence(
      rows.filter((r) => !r.bpmRight),
      (r) => r.measured.tempo?.confidence ?? 0,
    ),
  },
  meanKeyConfidence: {
    right: meanConfidence(
      rows.filter((r) => keyHits([r]) === 1),
      (r) => r.measured.key.confidence,
    ),
    wrong: meanConfidence(
      rows.filter((r) => keyHits([r]) === 0),
      (r) => r.measured.key.confidence,
    ),
  },
};
// The decode (ffmpeg, a child process) is not counted: the upload's transcode decodes anyway.
const speed = {
  minutesOfAudio: Number(minutes.toFixed(1)),
  measureCpuSecondsPerMinute: Number((measureCpu / minutes).toFixed(2)),
  slowestTrackCpuSecondsPerMinute: Number(
    Math.max(...rows.map((r) => (r.cpuSeconds * 60) / r.seconds)).toFixed(2),
  ),
};
const pass =
  accuracy.bpmWithin4Percent >= GOALS.bpmWithin4Percent &&
  accuracy.keyExactOrRelative >= GOALS.keyExactOrRelative &&
  speed.measureCpuSecondsPerMinute < GOALS.cpuSecondsPerMinute;
console.log({ accuracy, speed, pass });

writeFileSync(
  path.join(import.meta.dirname, 'results', 'sound-features.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
      load: { averageBefore: loadBefore, averageAfter: load() },
      goals: GOALS,
      pass,
      accuracy,
      speed,
      tracks: rows.map((r) => ({
        ...r,
        energyPercentileInGenre: Math.round(rankers.get(r.genre)?.(r.measured.energy) ?? 0),
      })),
    },
    null,
    2,
  )}\n`,
);
