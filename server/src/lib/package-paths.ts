import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the server's files are, whichever way this code runs: from its TypeScript sources
 * (`npm run dev`, Vitest, the benches) or from the compiled bundle in `server/dist` (`npm start`,
 * decision 0160). A path relative to a module's own file would differ between the two, since the
 * bundle puts many modules in one file, so every such path starts from the package directory.
 */
function packageDirOf(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/** `server/`: holds `src/` (sources, SQL migrations) and `dist/` (the compiled bundle). */
export const SERVER_DIR = packageDirOf(import.meta.dirname);
export const SERVER_SOURCE_DIR = path.join(SERVER_DIR, 'src');
export const SERVER_DIST_DIR = path.join(SERVER_DIR, 'dist');
/** The repository (workspace) root. */
export const REPO_DIR = path.dirname(SERVER_DIR);
/** True in the compiled bundle, where no TypeScript loader is present. */
export const RUNS_COMPILED = !import.meta.url.endsWith('.ts');
