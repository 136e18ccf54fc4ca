import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { importAliases } from './aliases';

// One Vitest run, five projects (unit, api, infra, web, e2e) told apart by folder and suffix (docs/testing.md).
export default defineConfig({
  resolve: { alias: importAliases() },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'test/unit/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/*.infra.test.ts', '**/*.e2e.test.ts'],
          globals: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.api.test.ts'],
          globals: true,
          globalSetup: ['test/support/system.global.ts'],
          setupFiles: ['test/support/api.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.infra.test.ts'],
          globals: true,
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.tsx', 'web/src/**/*.test.ts'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['web/src/test/setup.ts'],
          css: false,
          // A test types and clicks like a person; on CI's two cores with every file at once,
          // that takes longer than vitest's default 5 s (waits are bounded in setup.ts too).
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globals: true,
          globalSetup: ['test/support/system.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
