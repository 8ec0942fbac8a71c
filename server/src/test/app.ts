import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/client';
import type { Readiness } from '../modules/health/readiness';
import { createProviders } from '../providers/registry';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole application on a fresh database and a throwaway data directory, for route tests
 * through `app.inject`. No web build is served unless a test passes one.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    webDistDir?: string;
    extend?: (app: FastifyInstance) => void;
    readiness?: Readiness;
    /** What the app sees of the test database (a wrapper that can fail, for outage tests). */
    wrapDb?: (db: Db) => Db;
    /** The clock of listening (grants, their serving, ratings, credit). */
    listeningClock?: () => Date;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'klang-test-'));
  // Silent, unless TEST_LOG_LEVEL asks: `TEST_LOG_LEVEL=error` shows the error behind a test's 500.
  const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: logLevel, DATA_DIR: dataDir, ...env });
  const db = await createTestDatabase();
  const secrets = {
    session: 'test-session-secret-0123456789abcdef',
    media: 'test-media-secret-0123456789abcdef',
  };
  const providers = createProviders(config, secrets);
  const app = await buildApp({
    config,
    db: options.wrapDb ? options.wrapDb(db) : db,
    secrets,
    ...(options.readiness && { readiness: options.readiness }),
    ...(options.listeningClock && { listeningClock: options.listeningClock }),
    providers,
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-build'),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
