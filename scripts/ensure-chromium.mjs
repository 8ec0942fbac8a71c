// The E2E suite drives Debian's Chromium. Install it when it is missing (CI's machine may be
// new); never download a browser of Playwright's own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) {
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  console.error(
    `${CHROMIUM} is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
  );
  process.exit(1);
}
console.log('installing Debian chromium for the end-to-end tests…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
  stdio: 'inherit',
});
