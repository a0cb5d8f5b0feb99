/** Tools for scenarios: the built-in ones, and running one (or a scenario file) in a new store. */
import * as z from 'zod';
import { controlOf } from '../target.js';
import { answer, type ToolModule } from '../tool.js';

export const scenarioTools: ToolModule = (server, target) => {
  server.registerTool(
    'list_scenarios',
    {
      title: 'List built-in scenarios',
      description: 'The built-in scenarios: seeded shops and billing stories with checks.',
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(async () =>
        (await controlOf(target).scenarios()).map(
          (scenario) => `${scenario.name} (${scenario.steps} steps): ${scenario.description}`,
        ),
      ),
  );

  server.registerTool(
    'run_scenario',
    {
      title: 'Run a scenario',
      description:
        'Seeds a new store from a built-in scenario (name) or a scenario file in YAML (text), runs its timeline ' +
        "step by step with its checks, and answers each step, the failed checks and the new store's token.",
      inputSchema: {
        name: z.string().min(1).optional().describe('A built-in scenario (list_scenarios)'),
        text: z.string().min(1).optional().describe('A scenario file (YAML or JSON), instead of name'),
      },
    },
    ({ name, text }) =>
      answer(async () => {
        if ((name === undefined) === (text === undefined))
          throw new Error('Give a name or a text, not both.');
        const run = await controlOf(target).runScenario(name !== undefined ? { name } : { text: text ?? '' });
        const { report } = run;
        const passed = report.steps.filter((step) => step.passed).length;
        return [
          `${report.name}: ${report.steps.length} steps, ${passed} passed${report.passed ? '' : ', FAILED'}`,
          ...report.steps.map((step) => {
            const what = step.request ? ` ${step.request} -> ${step.status ?? 'no answer'}` : '';
            const problems = step.checks
              .filter((check) => !check.passed)
              .map((check) => `; check "${check.label}" failed: ${check.problems.join('; ')}`)
              .join('');
            return `${step.passed ? 'ok  ' : 'FAIL'} ${step.index}. ${step.name}${what}${problems}${step.error ? `; ${step.error}` : ''}`;
          }),
          `store ${run.store.id}, token: ${run.token}`,
        ];
      }),
  );
};
