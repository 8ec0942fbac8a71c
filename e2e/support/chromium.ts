/**
 * How every browser in this repository is started: Debian's Chromium, never a downloaded one,
 * with the background networking that this machine's closed network would refuse turned off.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-gpu',
  ],
};
