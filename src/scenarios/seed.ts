/**
 * Seeding a store from a scenario: its settings and clock when the store is created, then its
 * fixture through the API's endpoints. The timeline is not run here (`scenario run` does that).
 */
import { seedFixture, type SeedOptions } from '../fixtures/seed.js';
import type { LoadCounts } from '../fixtures/fixture-loader.js';
import { parseTimestampMs } from '../platform/calendar.js';
import type { ClockState } from '../platform/clock.js';
import type { Store } from '../store/store.js';
import { fixtureOf, type Scenario } from './scenario.js';
import { dictionary, own } from '../platform/dictionary.js';

type Settings = Readonly<Record<string, unknown>>;

/** `over` on top of `base`, nested objects (`webhooks`, `dunning`) merged one level deep. */
export function mergeSettings(base: Settings, over: Settings = {}): Record<string, unknown> {
  // Keys are the user's: `__proto__` or `constructor` are settings names like any other.
  const merged = dictionary(Object.entries(base));
  for (const [key, value] of Object.entries(over)) {
    const before = own(merged, key);
    const nested = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    merged[key] = nested(value) && nested(before) ? { ...(before as object), ...(value as object) } : value;
  }
  return merged;
}

/** The clock a store seeded from `scenario` starts with (a request's own clock wins). */
export function scenarioClock(
  scenario: Scenario,
  over: { now?: string; mode?: 'frozen' | 'realtime' } = {},
): Partial<ClockState> {
  const now = over.now ?? scenario.clock?.now;
  return {
    now: now === undefined ? undefined : (parseTimestampMs(now) ?? undefined),
    mode: over.mode ?? scenario.clock?.mode,
  };
}

/**
 * Loads the scenario's fixture into `store` (created with the scenario's settings and clock).
 * Answers the records created, or null when the scenario has no fixture.
 */
export async function seedScenario(
  store: Store,
  scenario: Scenario,
  options: SeedOptions = {},
): Promise<LoadCounts | null> {
  const source = await fixtureOf(scenario);
  if (!source) return null;
  return seedFixture(store, source, options);
}
