// Debian tools the unit tests run for real, installed when missing (CI's machine may be new), as
// ensure-chromium does: eSpeak NG is the Kit's local text to speech (decision 0030), LAME the MP3
// encoder that makes upload transcodes three times faster than the bundled ffmpeg's (decision 0011),
// FFmpeg the maintained decoder of uploads (decision 0251): the decoder's tests hold it and the
// bundled build to one sandbox, and the fresh-machine tier runs without any of them.
import { execSync, spawnSync } from 'node:child_process';

const tools = [
  { command: 'espeak-ng', pkg: 'espeak-ng' },
  { command: 'lame', pkg: 'lame' },
  { command: 'ffmpeg', pkg: 'ffmpeg', args: ['-version'] },
];
const missing = tools.filter(
  ({ command, args = ['--version'] }) => spawnSync(command, args, { stdio: 'ignore' }).status !== 0,
);
if (missing.length === 0) process.exit(0);

const packages = missing.map(({ pkg }) => pkg).join(' ');
if (process.getuid?.() !== 0) {
  console.error(
    `Missing Debian packages. Install them with: sudo apt-get update && sudo apt-get install -y ${packages}`,
  );
  process.exit(1);
}
console.log(`installing Debian ${packages} for the tests…`);
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
  stdio: 'inherit',
});
