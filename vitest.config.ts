import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { aliases, reactWithLingui } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: aliases },
  plugins: reactWithLingui(),
  test: {
    // Vitest's default (one worker less than the cores) is a single worker on a 2-core machine,
    // while a server test file leaves a core idle much of its time (PostgreSQL, a server process
    // of its own, timers). The browser tests stay one file at a time (fileParallelism below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          setupFiles: ['fake-indexeddb/auto'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
