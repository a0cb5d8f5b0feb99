/** Runs a scenario's timeline in an emulator of its own, in this process (`billing-emulator scenario run`). */
import { createEmulator } from '../emulator.js';
import { runTimeline, type ScenarioReport, type StepReport } from '../scenarios/runner.js';
import type { Scenario } from '../scenarios/scenario.js';

export interface HeadlessOptions {
  /** Seed of tokens and hashes (1 when absent, so runs are repeatable). */
  readonly seed?: number;
  readonly onStep?: (report: StepReport) => void;
  /** Progress of seeding the fixture. */
  readonly onSeedProgress?: (done: number, total: number) => void;
}

/**
 * Seeds a fresh emulator's default store from `scenario`, runs the timeline against it over HTTP
 * and stops the emulator.
 *
 * @example
 * const report = await runHeadless(await resolveScenario('dunning'));
 */
export async function runHeadless(
  scenario: Scenario,
  options: HeadlessOptions = {},
): Promise<ScenarioReport> {
  const emulator = await createEmulator({
    port: 0,
    host: '127.0.0.1',
    logger: 'silent',
    seed: options.seed ?? 1,
    scenario,
    onSeedProgress: options.onSeedProgress,
  });
  try {
    return await runTimeline(
      scenario,
      { baseUrl: emulator.url, token: emulator.token, storeId: emulator.storeId },
      options.onStep,
    );
  } finally {
    await emulator.close();
  }
}
