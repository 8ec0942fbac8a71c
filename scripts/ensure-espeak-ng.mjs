// The Klang Kit's local text-to-speech engine is Debian's eSpeak NG, and its tests run it for
// real. Install it when it is missing (CI's machine may be new), as ensure-chromium does.
import { execSync, spawnSync } from 'node:child_process';

if (spawnSync('espeak-ng', ['--version'], { stdio: 'ignore' }).status === 0) {
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  console.error(
    'espeak-ng is missing. Install it with: sudo apt-get update && sudo apt-get install -y espeak-ng',
  );
  process.exit(1);
}
console.log('installing Debian espeak-ng for the text-to-speech tests…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq espeak-ng', {
  stdio: 'inherit',
});
