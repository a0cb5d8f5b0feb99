/**
 * `billing-emulator start`: runs the emulator until SIGINT/SIGTERM, then writes what is left and
 * exits: 0, or 1 when the last write to --data failed.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { createEmulator, type EmulatorOptions } from '../emulator.js';
import { formatStartBanner } from './start-banner.js';
import { parseValueNames } from '../store/dialect-settings.js';
import { API_VERSIONS, type ApiVersion } from '../model/versions.js';
import { VERSION } from '../platform/version.js';
import { progressBar } from './progress.js';

interface StartArgs {
  port: number;
  host: string;
  token?: string;
  data?: string;
  'api-version'?: ApiVersion;
  seed?: number;
  'admin-token'?: string;
  'header-prefix': string;
  'platform-word'?: string;
  'value-names'?: string;
  'flush-interval': number;
  'log-level': string;
  'webhook-url'?: string;
  scenario?: string;
  'rate-limit'?: boolean;
  'rate-limit-size'?: number;
  'rate-limit-leak'?: number;
  'journal-size'?: number;
}

/**
 * `--rate-limit` turns the default store's rate limit on; sizing it implies it. yargs reads any
 * variable value but `true` as false, so `BILLING_EMULATOR_RATE_LIMIT=1` is refused, not ignored.
 */
function rateLimitOption(args: StartArgs): EmulatorOptions['rateLimit'] {
  const variable = process.env.BILLING_EMULATOR_RATE_LIMIT;
  if (variable !== undefined && variable !== 'true' && variable !== 'false')
    throw new Error(`BILLING_EMULATOR_RATE_LIMIT must be true or false, not "${variable}"`);
  const size = args['rate-limit-size'];
  const leak = args['rate-limit-leak'];
  if (args['rate-limit'] === undefined && size === undefined && leak === undefined) return undefined;
  return { enabled: args['rate-limit'] ?? true, size, leakPerSecond: leak };
}

export const startCommand: CommandModule<object, StartArgs> = {
  command: 'start',
  describe: 'Start the emulator with its default store',
  builder: (yargs: Argv) =>
    yargs
      .option('port', { type: 'number', default: 4010, describe: 'Port to listen on (0 picks a free one)' })
      .option('host', {
        type: 'string',
        default: '127.0.0.1',
        describe: 'Interface to listen on (0.0.0.0 for all)',
      })
      .option('token', { type: 'string', describe: 'Access token of the default store (random when absent)' })
      .option('data', {
        type: 'string',
        describe: 'JSON file that persists every store (reloaded on start; in memory when absent)',
      })
      .option('api-version', {
        choices: API_VERSIONS,
        describe: 'Default API version of the default store (default 2021-11)',
      })
      .option('seed', {
        type: 'number',
        describe: 'Seed of every random value, for reproducible tokens and data',
      })
      .option('admin-token', {
        type: 'string',
        describe: 'Require "Authorization: Bearer <t>" on /_emulator routes (except health)',
      })
      .option('header-prefix', {
        type: 'string',
        default: 'Service',
        describe: 'Middle word of the custom headers (X-<prefix>-Access-Token, X-<prefix>-Version, ...)',
      })
      .option('platform-word', {
        type: 'string',
        describe:
          "The default store's word for the platform: shopify reads and writes shopify_product_id, ... (default platform)",
      })
      .option('value-names', {
        type: 'string',
        describe:
          "The default store's names for neutral values, e.g. platform_a=shopify,platform_payments=shopify_payments",
      })
      .option('flush-interval', {
        type: 'number',
        default: 100,
        describe: "Longest time in ms a change waits before it is appended to --data's log",
      })
      .option('log-level', {
        choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
        default: 'warn',
        describe: 'Level of the log written to stderr',
      })
      .option('webhook-url', {
        type: 'string',
        describe: 'Subscribe the default store to every webhook topic at this URL',
      })
      .option('scenario', {
        type: 'string',
        describe: 'Seed a new default store: a built-in scenario (scenario list), a scenario or fixture file',
      })
      .option('rate-limit', {
        type: 'boolean',
        describe:
          "The service's rate limit on the default store: a leaky bucket per token (off unless given)",
      })
      .option('rate-limit-size', {
        type: 'number',
        describe: 'Calls the bucket holds (default 40; implies --rate-limit)',
      })
      .option('rate-limit-leak', {
        type: 'number',
        describe: 'Calls the bucket drains a second of real time (default 2; implies --rate-limit)',
      })
      .option('journal-size', {
        type: 'number',
        describe: "Requests the default store's journal keeps (default 1000; 0 records none)",
      }) as unknown as Argv<StartArgs>,
  handler: async (args: ArgumentsCamelCase<StartArgs>) => {
    const seeding = progressBar('seeding customers');
    const emulator = await createEmulator({
      port: args.port,
      host: args.host,
      token: args.token,
      data: args.data,
      apiVersion: args['api-version'],
      seed: args.seed,
      adminToken: args['admin-token'],
      headerPrefix: args['header-prefix'],
      platformWord: args['platform-word'],
      valueNames: args['value-names'] === undefined ? undefined : parseValueNames(args['value-names']),
      flushIntervalMs: args['flush-interval'],
      logger: args['log-level'] as 'warn',
      webhookUrl: args['webhook-url'],
      scenario: args.scenario,
      onSeedProgress: (done, total) => seeding.update(done, total),
      rateLimit: rateLimitOption(args),
      journalSize: args['journal-size'],
    });
    seeding.finish();
    const stop = (signal: string) => {
      process.stderr.write(`billing-emulator: ${signal}, stopping\n`);
      emulator.close().then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`billing-emulator: ${(error as Error).message}\n`);
          process.exit(1);
        },
      );
    };
    // Listening for signals before the banner: a supervisor may stop it as soon as it reads it.
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.stdout.write(
      formatStartBanner({
        version: VERSION,
        url: emulator.url,
        storeId: emulator.storeId,
        apiVersion: emulator.apiVersion,
        token: emulator.token,
        clientSecret: emulator.clientSecret,
        data: args.data
          ? `${args.data} (changes logged to ${args.data}.log within ${args['flush-interval']} ms)`
          : 'in memory',
        tokenHeader: `X-${args['header-prefix']}-Access-Token`,
      }),
    );
  },
};
