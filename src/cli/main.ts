#!/usr/bin/env node
/** The `billing-emulator` command. Every option can also come from a BILLING_EMULATOR_* variable. */
import yargs from 'yargs';
import { startCommand } from './start.command.js';
import { scenarioCommand } from './scenario.command.js';
import { fixturesCommand } from './fixtures.command.js';
import { recordCommand } from './record.command.js';
import { verifyCommand } from './verify.command.js';
import { VERSION } from '../platform/version.js';

await yargs(process.argv.slice(2))
  .scriptName('billing-emulator')
  .env('BILLING_EMULATOR')
  .command(startCommand)
  .command(scenarioCommand)
  .command(fixturesCommand)
  .command(recordCommand)
  .command(verifyCommand)
  .demandCommand(1, 'Name a command, e.g. `billing-emulator start`.')
  .strict()
  .version(VERSION)
  .help()
  .epilogue(
    'Every option can also be set as an environment variable: --api-version is BILLING_EMULATOR_API_VERSION.',
  )
  .fail((message, error) => {
    process.stderr.write(`billing-emulator: ${error?.message ?? message}\n`);
    process.exit(1);
  })
  .parseAsync();
