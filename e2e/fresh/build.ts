import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_DIR } from './support/compiled-server';

/** Builds Klang with the scripts `npm start` runs: the web app, then the compiled server. */
export default function build() {
  for (const script of ['build-web-if-needed.mjs', 'build-server-if-needed.mjs']) {
    execFileSync(process.execPath, [path.join(REPO_DIR, 'scripts', script)], {
      cwd: REPO_DIR,
      stdio: 'inherit',
    });
  }
}
