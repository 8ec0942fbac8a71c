import { defineConfig } from 'vitest/config';

// One runner for every workspace: domain and server run in Node, web components in jsdom.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tools', include: ['tools/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          // Files of one worker run one after another and share an in-memory PGlite (test/database.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/jsdom-setup.ts'],
        },
      },
    ],
  },
});
