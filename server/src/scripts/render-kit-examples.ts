// Renders the Kit hub's examples with the local engines themselves (issue 20): what SoundLab and
// VocalLab really make, heard on the hub before a tool is opened. Re-run after changing an engine:
//   npx tsx server/src/scripts/render-kit-examples.ts      (writes web/public/kit-examples/)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createLocalSoundFx } from '../providers/soundfx/local-soundfx';
import { createEspeakTts } from '../providers/tts/espeak-tts';
import { sing } from '../providers/tts/sing';

const out = path.join(import.meta.dirname, '../../../web/public/kit-examples');
mkdirSync(out, { recursive: true });

// Fixed seeds: the examples are the same files on every run of the same engine.
const soundFx = createLocalSoundFx({ createSeed: () => 'kit-hub-example' });
const door = await soundFx.generate('creaky wooden door');
writeFileSync(path.join(out, 'soundlab-creaky-door.mp3'), door.audio);

const tts = createEspeakTts({ binary: 'espeak-ng' });
const sung = await sing(
  tts,
  {
    text: 'Hold on to the night\nWe dance until the light',
    voiceId: 'local-ava',
    stability: 0.6,
    similarityBoost: 0.6,
    style: 0.5,
    speed: 1,
  },
  { key: 'A', scale: 'minor', bpm: 96 },
);
writeFileSync(path.join(out, 'vocallab-sung.mp3'), sung.audio);
console.log(`wrote ${out}: ${String(door.audio.length)} and ${String(sung.audio.length)} bytes`);
