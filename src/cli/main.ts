/**
 * The `billing-emulator` command. Every option can also come from a BILLING_EMULATOR_* variable.
 * Bundled into dist/cli/cli.cjs, which dist/cli/main.js (src/cli/bin.ts) runs.
 */
import yargs, { type Argv, type CommandModule } from 'yargs';
import { startCommand } from './start.command.js';
import { scenarioCommand } from './scenario.command.js';
import { fixturesCommand } from './fixtures.command.js';
import { recordCommand } from './record.command.js';
import { verifyCommand } from './verify.command.js';
import { cloneCommand } from './clone.command.js';
import { mcpCommand } from './mcp.command.js';
import { checkWebhooksCommand } from './check-webhooks.command.js';
import { commandTable, explainFailure } from './errors.js';
import { ENV_PREFIX } from './options.js';
import { VERSION } from '../platform/version.js';
import { printText } from './terminal-text.js';

/** The part of yargs' internals that lays out a command's help (not in its public types). */
interface HelpLayout {
  getInternalMethods?: () => { getUsageInstance(): { cacheHelpMessage(): void } };
}

/**
 * yargs lays out the whole help of a command as it starts the command (`cacheHelpMessage`), to have
 * it ready should the command fail. Our `.fail` prints its own sentence, never that help, so outside
 * `--help` the layout is skipped: 30 to 50 ms of `start` (the Angular CLI skips it the same way).
 */
function skipHelpLayout(cli: Argv): void {
  const usage = (cli as HelpLayout).getInternalMethods?.().getUsageInstance();
  if (usage) usage.cacheHelpMessage = () => undefined;
}

const args = process.argv.slice(2);
const wantsHelp = args.includes('--help') || args.includes('-h');

/** The commands, in the order `--help` lists them; failure messages name these. */
const COMMANDS = [
  startCommand,
  scenarioCommand,
  fixturesCommand,
  recordCommand,
  verifyCommand,
  cloneCommand,
  mcpCommand,
  checkWebhooksCommand,
];

const cli = yargs(args);
if (!wantsHelp) skipHelpLayout(cli);
for (const command of COMMANDS) cli.command(command as CommandModule);

// No top-level await: the bundle is CommonJS (decision 0039); a command's failure reaches `.fail`.
void cli
  .scriptName('billing-emulator')
  .env(ENV_PREFIX)
  .demandCommand(1)
  .strict()
  .version(VERSION)
  .help()
  .wrap(Math.min(100, process.stdout.columns || 80))
  .example('billing-emulator start --token test-token', 'the emulator on http://127.0.0.1:4010')
  .example('billing-emulator scenario run dunning', 'a built-in story, step by step')
  .example('billing-emulator fixtures generate --seed 42 --out shop.json', 'a believable shop as a file')
  .epilogue(
    `Every option can also be set as an environment variable: --api-version is ${ENV_PREFIX}_API_VERSION. ` +
      'billing-emulator <command> --help describes each command.',
  )
  .fail((message, error) => {
    // A message may quote a user's file (a scenario, a recording): its control characters escaped.
    printText(
      `billing-emulator: ${error?.message ?? explainFailure(message, args, commandTable(COMMANDS))}
`,
      process.stderr,
    );
    process.exit(1);
  })
  .parseAsync();
