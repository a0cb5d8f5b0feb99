import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['test/container/**', 'node_modules/**', 'dist/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
