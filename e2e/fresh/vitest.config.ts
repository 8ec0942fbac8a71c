import { defineConfig } from 'vitest/config';

// The fresh-machine tier (decision 0242): its own runner, since it builds Klang and starts the
// compiled server rather than importing anything of it.
export default defineConfig({
  test: {
    name: 'fresh',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./build.ts'],
    // One compiled server at a time: the machine's cores go to its work, not to a second one.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
