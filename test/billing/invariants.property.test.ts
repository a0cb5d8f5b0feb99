/**
 * Model-based property test of the billing engine (decision 0045): random timelines of
 * subscriptions (pay-as-you-go and prepaid), one-time items, skips and unskips, moved and merged
 * charges, card changes, refunds, discounts, cancel and activate and clock advances, in both API
 * versions, with the rules of the spec and api-facts checked after every step (model/invariants.ts).
 *
 * `npm test` runs a fixed seed and a few runs; longer runs (docs/developing.md):
 *   FC_RUNS=1000 npx vitest run test/billing/invariants.property.test.ts
 *   FC_SEED=<seed> FC_PATH=<path> FC_REPLAY=<replayPath> (from a failure: replays its shrunk timeline)
 * A failure prints its seed, its path and the shrunk timeline, one step per command.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { billingCommands } from './model/commands.js';
import { BillingSystem } from './model/system.js';

const { emulator } = useEmulator();

const runs = Number(process.env.FC_RUNS ?? 12);
const seed = Number(process.env.FC_SEED ?? 20250115);
const maxCommands = Number(process.env.FC_COMMANDS ?? 20);

it(
  `keeps the billing invariants over random timelines (${runs} runs of up to ${maxCommands} steps, seed ${seed})`,
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(billingCommands, { maxCommands, size: 'max', replayPath: process.env.FC_REPLAY }),
        async (commands) => {
          const system = await BillingSystem.start(emulator());
          try {
            await fc.asyncModelRun(() => ({ model: {}, real: system }), commands);
          } finally {
            await system.stop();
          }
        },
      ),
      { numRuns: runs, seed, ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}) },
    );
    expect(runs).toBeGreaterThan(0);
  },
  Math.max(60_000, runs * 20_000),
);
