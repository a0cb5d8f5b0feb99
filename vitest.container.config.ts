/**
 * The container suite (`npm run test:container`): builds the image from this checkout and drives it
 * through the testcontainers module. Skipped, with the reason printed, when no container engine
 * answers, unless BILLING_EMULATOR_REQUIRE_CONTAINERS=1 (set by .ci/run once it has an engine).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/container/**/*.test.ts'],
    globalSetup: ['test/container/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
