// Builds the web app when its sources changed since the last build, so `npm start` is quick
// on a second run and never serves a stale app.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'domain/src',
];
const stampFile = path.join(root, 'web/dist/.build-stamp');

/** @param {string} target @param {import('node:crypto').Hash} hash */
function addToHash(target, hash) {
  const full = path.join(root, target);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(full).sort()) addToHash(path.join(target, entry), hash);
    return;
  }
  hash.update(target);
  hash.update(readFileSync(full));
}

const hash = createHash('sha256');
for (const input of inputs) addToHash(input, hash);
const fingerprint = hash.digest('hex');
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';

if (previous === fingerprint && existsSync(path.join(root, 'web/dist/index.html'))) {
  console.log('web app is up to date');
} else {
  console.log('building the web app…');
  // Over the JavaScript budget the build only warns here: `npm start` must start Klang whatever
  // a change weighs; `npm run build` (CI, the E2E tier) is where the budget fails.
  // NODE_ENV is the production build's whatever the caller's: Vite takes an inherited one, and
  // `NODE_ENV=test` (vitest's, so the fresh-machine tier's) built React's development bundle,
  // 233.9 KiB for the landing page instead of 169.9.
  execFileSync('npm', ['run', 'build', '-w', '@klang/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', JS_BUDGET: 'warn' },
  });
  writeFileSync(stampFile, fingerprint);
}
