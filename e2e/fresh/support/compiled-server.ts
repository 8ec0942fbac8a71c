import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, symlink, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { healthEndpoints } from '@klang/domain';

/** The repository this tier builds and runs. */
export const REPO_DIR = path.resolve(import.meta.dirname, '../../..');

export interface CompiledServer {
  origin: string;
  /** Everything the server printed so far (stdout and stderr). */
  log(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no loopback port');
  return address.port;
}

/**
 * The PATH of a fresh machine: a folder holding only `node`. Every optional Debian tool (eSpeak NG,
 * lame, ffmpeg, PostgreSQL, Chromium) and every shell tool is out of reach, so the server runs on
 * what `npm install` put in node_modules alone.
 */
async function barePath(root: string): Promise<string> {
  const bin = path.join(root, 'bin');
  await mkdir(bin);
  await symlink(process.execPath, path.join(bin, 'node'));
  return bin;
}

/**
 * Starts `node <serverDir>/dist/main.js`, the compiled server `npm start` runs, on a free loopback
 * port with a fresh data directory, no outside service configured and a bare PATH, and waits until
 * it answers its health check.
 */
export async function startCompiledServer(
  options: { serverDir?: string; env?: Record<string, string> } = {},
): Promise<CompiledServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'klang-fresh-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${String(port)}`;
  const main = path.join(options.serverDir ?? path.join(REPO_DIR, 'server'), 'dist/main.js');
  // Nothing inherited: no DATABASE_URL, no ESPEAK_NG_PATH or ESPEAK_NG_ENGINE, no provider keys.
  const env = {
    PATH: await barePath(root),
    HOME: root,
    TMPDIR: root,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: path.join(root, 'data'),
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM drains (decision 0160); a server still busy after the drain's grace is killed.
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(kill);
    }
    await rm(root, { recursive: true, force: true });
  };
  // A first start migrates a new PGlite database: seconds on an idle machine, a minute on a busy one.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const answer = await fetch(`${origin}${healthEndpoints.health.path}`).catch(() => null);
    if (answer?.ok) return { origin, log: () => output, stop };
    await delay(250);
  }
  await stop();
  throw new Error(`the compiled server did not start:\n${output}`);
}
