import { decodeToMono } from './providers/audio/ffmpeg';
import { createLocalSoundFx } from './providers/soundfx/local-soundfx';
import { correlation, spectralDistance } from './test/audio-analysis';
let c = 0;
const engine = createLocalSoundFx({ createSeed: () => `take-${(c += 1)}` });
for (const prompt of process.argv.slice(2)) {
  const takes = [];
  for (let i = 0; i < 4; i++) takes.push(await decodeToMono((await engine.generate(prompt)).audio));
  const d: string[] = [];
  let min = 99;
  for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) { const x = spectralDistance(takes[i]!, takes[j]!); min = Math.min(min, x); d.push(x.toFixed(1) + '/' + correlation(takes[i]!, takes[j]!).toFixed(2)); }
  console.log(prompt.padEnd(28), 'min', min.toFixed(2), d.join(' '));
}
