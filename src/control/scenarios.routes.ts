/** The built-in scenarios a store can be seeded from (`POST /_emulator/stores {"scenario": ...}`). */
import type { ControlEndpoint } from './control.types.js';

export const scenarioControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/scenarios',
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
];
