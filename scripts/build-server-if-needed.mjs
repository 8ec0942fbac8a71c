// Compiles the server to plain JavaScript in server/dist when its sources changed since the last
// build, so `npm start` runs no TypeScript loader (decision 0160) and a second start is quick.
// `--force` builds whatever the stamp says.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'server');
const outdir = path.join(serverDir, 'dist');
const stampFile = path.join(outdir, '.build-stamp');
const inputs = [
  'server/src',
  'server/package.json',
  'domain/src',
  'domain/package.json',
  'scripts/build-server-if-needed.mjs',
];
/** Each is a program of its own; shared modules go to common chunks beside them. */
const entryPoints = {
  main: 'server/src/main.ts',
  worker: 'server/src/worker.ts',
  'render-worker': 'server/src/lib/music/render-worker.ts',
  // Measures a track's sound off the request thread (decision 0264).
  'measure-worker': 'server/src/lib/sound/measure-worker.ts',
  // The command the WebAssembly eSpeak NG runs as (decision 0241).
  'espeak-wasm-cli': 'server/src/providers/tts/espeak-wasm-cli.mjs',
  'grant-admin': 'server/src/scripts/grant-admin.ts',
};

/** @param {string} target @param {import('node:crypto').Hash} hash */
function addToHash(target, hash) {
  const full = path.join(root, target);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full).sort()) addToHash(path.join(target, entry), hash);
    return;
  }
  if (/\.test\.ts$/.test(target)) return;
  hash.update(target);
  hash.update(readFileSync(full));
}

const hash = createHash('sha256');
for (const input of inputs) addToHash(input, hash);
const fingerprint = hash.digest('hex');
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
const force = process.argv.includes('--force');
const complete =
  Object.keys(entryPoints).every((name) => existsSync(path.join(outdir, `${name}.js`))) &&
  existsSync(path.join(outdir, 'migrations'));

if (!force && previous === fingerprint && complete) {
  console.log('server is up to date');
} else {
  console.log('compiling the server…');
  const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  // Installed packages load from node_modules as they are; only the workspace's own TypeScript
  // (the server and @klang/domain) is compiled into the bundle.
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (name) => !name.startsWith('@klang/'),
  );
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external,
    sourcemap: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
  // What the server reads by path at run time goes beside the code, so server/dist runs on its own
  // with node_modules (decision 0241). The seed's demo content is read from server/src.
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  writeFileSync(stampFile, fingerprint);
}
