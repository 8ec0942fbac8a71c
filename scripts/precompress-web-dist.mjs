// Writes a .br and a .gz beside every compressible file of the web build, so the server sends
// them as they are (@fastify/static `preCompressed`) instead of the raw bytes. Runs after
// `vite build`; on slow mobile links this is most of the landing page's load time.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../web/dist'));
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * @param {string} dir
 * @returns {Generator<string>}
 */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${dist}`);
