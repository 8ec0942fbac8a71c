// Renders the Kit hub's examples with the local engines themselves (issue 20): what SoundLab and
// VocalLab really make, heard on the hub before a tool is opened. Re-run after changing an engine:
//   npx tsx server/src/scripts/render-kit-examples.ts      (writes web/public/kit-examples/)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SEED_ARTISTS } from '../db/seed/catalogue-artists';
import { renderAvatar } from '../lib/art/avatar';
import { createRng } from '../lib/random';
import { analysePhoto } from '../providers/klang-packs/local/analyse-photo';
import { styleFromPrompt } from '../providers/klang-packs/local/prompt-style';
import { renderPressShot } from '../providers/klang-packs/local/render-press-shot';
import { createLocalSoundFx } from '../providers/sound-fx/local-sound-fx';
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
// Press shots the local pack engine makes from the seeded artists' pictures, for the packs
// screen before an artist's first pack.
const SHOTS = ['moody neon portrait', 'warm sunset close-up', 'black and white studio shot'];
for (const [i, prompt] of SHOTS.entries()) {
  const artist = SEED_ARTISTS[i];
  if (!artist) break;
  const photo = await renderAvatar(artist);
  const analysis = await analysePhoto(photo);
  const shot = await renderPressShot({
    photo,
    subject: analysis.subject,
    style: styleFromPrompt(prompt),
    palette: analysis.palette,
    skinTone: analysis.skinTone,
    rng: createRng(`kit-hub-example:${prompt}`),
  });
  writeFileSync(path.join(out, `pack-shot-${String(i + 1)}.jpg`), shot);
}
console.log(`wrote ${out}: ${String(door.audio.length)} and ${String(sung.audio.length)} bytes`);
