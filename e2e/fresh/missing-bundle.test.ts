import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { healthEndpoints, type HealthResponse } from '@klang/domain';
import { eventually, generateVocals, proArtist } from './support/accounts';
import { REPO_DIR, startCompiledServer, type CompiledServer } from './support/compiled-server';

/** The file the compiled server runs the WebAssembly eSpeak NG with (decision 0241). */
const ESPEAK_RUNNER = 'espeak-wasm-cli.js';

let copy: string;
let server: CompiledServer;

/**
 * A checkout whose `server/dist` lacks the eSpeak runner, as every build did before decision 0241:
 * the compiled server is copied without it, beside links to the installed packages and the web
 * build; no sources (server/dist runs without them).
 */
async function checkoutWithoutRunner(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'klang-fresh-copy-'));
  const serverDir = path.join(root, 'server');
  await mkdir(serverDir);
  await cp(path.join(REPO_DIR, 'server/package.json'), path.join(serverDir, 'package.json'));
  await cp(path.join(REPO_DIR, 'server/dist'), path.join(serverDir, 'dist'), {
    recursive: true,
    filter: (source) => !path.basename(source).startsWith(ESPEAK_RUNNER),
  });
  await symlink(path.join(REPO_DIR, 'web'), path.join(root, 'web'));
  await symlink(path.join(REPO_DIR, 'node_modules'), path.join(root, 'node_modules'));
  return root;
}

beforeAll(async () => {
  copy = await checkoutWithoutRunner();
  return () => rm(copy, { recursive: true, force: true });
});
beforeAll(async () => {
  server = await startCompiledServer({ serverDir: path.join(copy, 'server'), env: { SEED: 'false' } });
  return () => server.stop();
});

describe('the tier against a compiled server missing a bundled file', () => {
  it('fails the VocalLab check with the missing module', async () => {
    const { http } = await proArtist(server.origin);
    const health = await http.json<HealthResponse>(healthEndpoints.health);
    expect(health.providers.tts).toBe('espeak-ng-wasm');
    const vocals = await generateVocals(http, 'speak');
    expect(vocals.status).toBe(503);
    // The server's log reaches this process through a pipe after the answer does: wait for it.
    const missing = new RegExp(`Cannot find module '[^']*${ESPEAK_RUNNER.replace('.', '\\.')}'`);
    await eventually('the missing module in the log', 10, () =>
      Promise.resolve(missing.test(server.log()) || undefined),
    );
  });
});
