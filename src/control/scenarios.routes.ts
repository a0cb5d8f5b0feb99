/**
 * The built-in scenarios a store can be seeded from (`POST /_emulator/stores {"scenario": ...}`),
 * and running one (or an uploaded file) against a new store of this emulator.
 */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { errors } from '../errors/messages.js';
import { parseWith } from '../errors/validation.js';
import { completeSettings, settingsEnvelope, withSettingsDefaults } from '../store/settings.js';
import type { Scenario } from '../scenarios/scenario.js';
import type { ControlDeps, ControlEndpoint } from './control.types.js';
import { describeStore } from './stores.routes.js';

/** The body of a scenario run, built on first use (src/platform/first-use.ts). */
const runBody = onFirstUse(() =>
  z
    .object({
      name: z.string().min(1).optional().describe('A built-in scenario (GET /_emulator/scenarios)'),
      text: z.string().min(1).optional().describe('A scenario file (YAML or JSON) to run instead'),
      file_name: z.string().min(1).max(255).optional().describe('Names the uploaded file in problems'),
    })
    .strict()
    .refine((body) => (body.name === undefined) !== (body.text === undefined), {
      message: 'Send a name or a text, not both.',
    }),
);

/** The scenario a run body names; problems of an uploaded text answer 422 with their line. */
async function scenarioOf(input: z.output<ReturnType<typeof runBody>>): Promise<Scenario> {
  const { builtinScenario, builtinScenarioNames, parseScenario } = await import('../scenarios/scenario.js');
  if (input.name !== undefined) {
    const scenario = await builtinScenario(input.name);
    if (scenario) return scenario;
    throw errors.field(
      'name',
      `No built-in scenario ${input.name}; built-ins: ${(await builtinScenarioNames()).join(', ')}.`,
    );
  }
  let scenario: Scenario;
  try {
    scenario = parseScenario(input.text ?? '', input.file_name ?? 'uploaded.yaml');
  } catch (error) {
    throw errors.field('text', (error as Error).message);
  }
  // An uploaded file must not make the server read its disk.
  if (scenario.fixture?.kind === 'file')
    throw errors.field('text', 'An uploaded scenario cannot name a fixture file; write its records inline.');
  return scenario;
}

/** Refuses a scenario whose fixture would generate more than one request may (422 naming the option). */
export async function checkGenerated(scenario: Scenario, deps: ControlDeps, field: string): Promise<void> {
  if (scenario.fixture?.kind !== 'generate') return;
  const { checkGenerateLimit } = await import('../fixtures/generator/sizes.js');
  checkGenerateLimit(scenario.fixture.sizes, deps.registry.limits.maxGenerate, field);
}

/** `X-Service-Access-Token` → `Service`. */
function prefixOf(deps: ControlDeps): string {
  return /^X-(.+)-Access-Token$/.exec(deps.headers.accessToken)?.[1] ?? 'Service';
}

export const scenarioControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/scenarios',
    access: 'store',
    summary: 'The built-in scenarios, with descriptions and the number of steps of their timelines',
    handle: async () => {
      const { builtinScenario, builtinScenarioNames } = await import('../scenarios/scenario.js');
      const scenarios = [];
      for (const name of await builtinScenarioNames()) {
        const scenario = await builtinScenario(name);
        if (scenario)
          scenarios.push({
            name: scenario.name,
            description: scenario.description,
            steps: scenario.timeline.length,
          });
      }
      return { body: { scenarios } };
    },
  },
  {
    method: 'POST',
    path: '/scenarios/run',
    access: 'admin',
    summary:
      'Seed a new store from a built-in scenario (name) or a scenario file (text), run its timeline against it over HTTP, ' +
      'and answer the store, its token and the report of every step and check',
    status: 201,
    body: runBody,
    handle: async ({ deps, body, abandoned }) => {
      const input = parseWith(runBody(), body);
      const baseUrl = deps.selfUrl?.();
      if (!baseUrl) throw errors.field('name', 'This emulator is not listening on a port it can call.');
      deps.registry.checkRoomForStore();
      const scenario = await scenarioOf(input);
      await checkGenerated(scenario, deps, input.name === undefined ? 'text' : 'name');
      const { scenarioClock, seedScenario } = await import('../scenarios/seed.js');
      const { runTimeline } = await import('../scenarios/runner.js');
      const settings = completeSettings(
        parseWith(settingsEnvelope, {
          settings: withSettingsDefaults(deps.registry.settingsDefaults, scenario.settings),
        }).settings,
      );
      const { store, token } = deps.registry.create({
        name: `Scenario ${scenario.name}`,
        settings,
        clock: scenarioClock(scenario),
      });
      try {
        await seedScenario(store, scenario, { signal: abandoned });
      } catch (error) {
        deps.registry.delete(store.id);
        throw errors.field(input.name === undefined ? 'text' : 'name', (error as Error).message);
      }
      const report = await runTimeline(scenario, {
        baseUrl,
        token: token.token,
        storeId: store.id,
        adminToken: deps.adminToken,
        headerPrefix: prefixOf(deps),
        signal: abandoned,
      });
      return {
        status: 201,
        body: { store: describeStore(store, deps.registry), token: token.token, report },
      };
    },
  },
];
