/** `billing-emulator scenario run|list`: run a scenario's timeline headless, list the built-ins. */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { numberOption, withEnv, writeOutput } from './options.js';
import { printLine } from './terminal-text.js';
import type { CommandEntry } from './errors.js';
import { counted } from '../platform/plural.js';

interface RunArgs {
  scenario: string;
  junit?: string;
  seed?: number;
}

/** One line of output, its control characters escaped (it may quote the user's files). */
const out = printLine;

const runCommand: CommandModule<object, RunArgs> = {
  command: 'run <scenario>',
  describe: "Run a scenario's timeline in an emulator of its own; exit code 1 when a step fails",
  builder: (yargs: Argv) =>
    yargs
      .positional('scenario', {
        type: 'string',
        demandOption: true,
        describe: 'A built-in scenario (billing-emulator scenario list) or a scenario file (.yaml, .json)',
      })
      .option(
        'junit',
        withEnv('junit', {
          type: 'string',
          describe: 'Also write a JUnit XML report to this file (its directory is made when missing)',
        }),
      )
      .option(
        'seed',
        withEnv('seed', {
          type: 'string',
          coerce: numberOption('seed', { integer: true, min: 0 }),
          describe: 'Seed of tokens and hashes (default 1)',
        }),
      )
      .example('$0 scenario run dunning', 'a built-in scenario, each step and check as it passes or fails')
      .example(
        '$0 scenario run ./qa/renewal.yaml --junit reports/renewal.xml',
        'your own file, with a report for CI',
      )
      .epilogue('Exit code 0 when every step passes, 1 when one fails.') as unknown as Argv<RunArgs>,
  handler: async (args: ArgumentsCamelCase<RunArgs>) => {
    const { resolveScenario } = await import('../scenarios/scenario.js');
    const { runHeadless } = await import('./headless.js');
    const { junitXml } = await import('../scenarios/junit.js');
    const scenario = await resolveScenario(args.scenario);
    out(`scenario ${scenario.name}: ${scenario.description}`);
    const { progressBar } = await import('./progress.js');
    const bar = progressBar('seeding customers');
    let report;
    try {
      report = await runHeadless(scenario, {
        seed: args.seed,
        onSeedProgress: (done, total) => bar.update(done, total),
        onStep: (step) => {
          bar.finish();
          const where =
            step.request && step.request !== step.name ? ` (${step.request} → ${step.status})` : '';
          out(`  ${step.passed ? '✓' : '✗'} ${step.index}. ${step.name}${where} ${step.durationMs} ms`);
          if (step.error) out(`      ✗ ${step.error}`);
          for (const check of step.checks)
            out(
              `      ${check.passed ? '✓' : '✗'} ${check.label}${check.passed ? '' : `: ${check.problems.join('; ')}`}`,
            );
        },
      });
    } catch (error) {
      bar.finish();
      if (args.junit) {
        const failed = {
          name: scenario.name,
          description: scenario.description,
          passed: false,
          durationMs: 0,
          steps: [
            {
              index: 0,
              name: 'seed the store',
              passed: false,
              durationMs: 0,
              checks: [],
              error: (error as Error).message,
            },
          ],
        };
        await writeOutput(args.junit, junitXml([failed]));
      }
      throw error;
    }
    const failed = report.steps.filter((step) => !step.passed).length;
    out(
      `${scenario.name}: ${counted(report.steps.length, 'step')}, ${report.steps.length - failed} passed${failed ? `, ${failed} failed` : ''} (${(report.durationMs / 1000).toFixed(1)} s)`,
    );
    if (args.junit) await writeOutput(args.junit, junitXml([report]));
    if (!report.passed) process.exitCode = 1;
  },
};

const listCommand: CommandModule = {
  command: 'list',
  describe: 'List the built-in scenarios',
  builder: (yargs: Argv) => yargs.example('$0 scenario list', 'each name with what it seeds and shows'),
  handler: async () => {
    const { builtinScenario, builtinScenarioNames } = await import('../scenarios/scenario.js');
    const names = await builtinScenarioNames();
    const width = Math.max(...names.map((name) => name.length));
    for (const name of names) {
      const scenario = await builtinScenario(name);
      if (scenario)
        out(
          `${name.padEnd(width)}  ${scenario.description}${scenario.timeline.length ? ` (${counted(scenario.timeline.length, 'step')})` : ''}`,
        );
    }
  },
};

export const scenarioCommand: CommandModule & { readonly subcommands: readonly CommandEntry[] } = {
  subcommands: [runCommand, listCommand],
  command: 'scenario',
  describe: 'Run scenarios (a seeded store and a timeline of steps and expectations)',
  builder: (yargs: Argv) =>
    yargs
      .command(runCommand)
      .command(listCommand)
      .demandCommand(1)
      .example('$0 scenario list', 'the built-in scenarios')
      .example('$0 scenario run small-shop', 'run one'),
  handler: () => undefined,
};
