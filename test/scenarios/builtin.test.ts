/** Every built-in scenario seeds and its timeline passes: they double as living documentation. */
import { describe, expect, it } from 'vitest';
import { runHeadless } from '../../src/cli/headless.js';
import { builtinScenario, builtinScenarioNames } from '../../src/scenarios/scenario.js';

const names = await builtinScenarioNames();

describe('built-in scenarios', () => {
  it('include the ones the docs promise', () => {
    expect(names).toEqual(
      expect.arrayContaining([
        'empty',
        'small-shop',
        'dunning',
        'prepaid-cycle',
        'authorize-capture',
        'uncaptured-notice',
        'charge-history',
        'discounts',
        'large-shop',
        'monthly-billing',
        'fail-then-ok',
        'upcoming-notices',
        'card-update',
        'flaky-api',
      ]),
    );
  });

  it.each(names)(
    '%s: its timeline passes',
    async (name) => {
      const scenario = await builtinScenario(name);
      if (!scenario) throw new Error(`no scenario ${name}`);
      expect(scenario.description.length).toBeGreaterThan(10);
      const report = await runHeadless(scenario);
      const failures = report.steps
        .filter((step) => !step.passed)
        .map((step) => ({
          step: `${step.index}. ${step.name}`,
          error: step.error,
          failed: step.checks.filter((check) => !check.passed),
        }));
      expect(failures).toEqual([]);
      expect(report.steps.length).toBe(scenario.timeline.length);
    },
    120_000,
  );
});
