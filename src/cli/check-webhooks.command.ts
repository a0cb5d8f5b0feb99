/**
 * `billing-emulator check-webhooks <url>`: checks a webhook handler (src/webhook-check/) from an
 * emulator started here, or from a running one (`--emulator`) through its control API; prints the
 * graded report, writes it as JSON and JUnit on request; exit code 0 when every check passes.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { API_VERSIONS, type ApiVersion } from '../model/versions.js';
import { numberOption, urlOption, withEnv, writeOutput } from './options.js';

interface CheckArgs {
  url: string;
  topic?: string[];
  'api-version'?: ApiVersion;
  secret?: string;
  'timeout-ms': number;
  json?: string;
  junit?: string;
  emulator?: string;
  token?: string;
  'admin-token'?: string;
  'header-prefix'?: string;
  'platform-word'?: string;
  'value-names'?: string;
}

/** The emulator the check runs in: the one at `--emulator`, or one started for the check. */
async function openEmulator(args: CheckArgs) {
  const { ControlClient } = await import('../client/client.js');
  const { parseValueNames } = await import('../store/dialect-settings.js');
  const valueNames = args['value-names'] === undefined ? undefined : parseValueNames(args['value-names']);
  if (args.emulator) {
    const { prefixAt } = await import('../parity/target.js');
    const prefix = await prefixAt(args.emulator);
    if (args['header-prefix'] !== undefined && args['header-prefix'] !== prefix)
      throw new Error(
        `The emulator at ${args.emulator} speaks X-${prefix}-* headers; start it with --header-prefix ${args['header-prefix']}.`,
      );
    const control = new ControlClient({
      baseUrl: args.emulator,
      token: args.token,
      adminToken: args['admin-token'],
      headerPrefix: prefix,
    });
    return { control, valueNames, close: async () => undefined };
  }
  const { createEmulator } = await import('../emulator.js');
  const emulator = await createEmulator({
    port: 0,
    host: '127.0.0.1',
    logger: 'silent',
    headerPrefix: args['header-prefix'],
    platformWord: args['platform-word'],
    valueNames,
  });
  return { control: emulator.control, valueNames, close: () => emulator.close() };
}

export const checkWebhooksCommand: CommandModule<object, CheckArgs> = {
  command: 'check-webhooks <url>',
  describe:
    'Check a webhook handler: signed deliveries (valid, forged, twice, out of order...) sent to it, each answer graded as the service would; exit code 1 when a check fails',
  builder: (yargs: Argv) =>
    yargs
      .positional('url', {
        type: 'string',
        demandOption: true,
        coerce: urlOption('url'),
        describe: 'The handler to check (every request of the check goes there, and only there)',
      })
      .option(
        'topic',
        withEnv('topic', {
          type: 'string',
          array: true,
          describe:
            "A topic to deliver (repeatable; default those of the store's webhooks at <url>, else all)",
        }),
      )
      .option(
        'api-version',
        withEnv('api-version', {
          choices: API_VERSIONS,
          describe: "Version of the payloads (default the store's)",
        }),
      )
      .option(
        'secret',
        withEnv('secret', {
          type: 'string',
          describe: "The secret your handler verifies with (default the store's client secret, printed)",
        }),
      )
      .option(
        'timeout-ms',
        withEnv('timeout-ms', {
          type: 'string',
          default: 5000,
          coerce: numberOption('timeout-ms', { integer: true, min: 1, max: 60_000 }),
          describe: 'An answer later than this is a failure, as the service (5000)',
        }),
      )
      .option(
        'json',
        withEnv('json', {
          type: 'string',
          describe: 'Also write the report as JSON (its directory is made)',
        }),
      )
      .option(
        'junit',
        withEnv('junit', {
          type: 'string',
          describe: 'Also write a JUnit XML report, one test case per check',
        }),
      )
      .option(
        'emulator',
        withEnv('emulator', {
          type: 'string',
          coerce: urlOption('emulator'),
          describe: 'A running emulator to check from (default: one started here)',
        }),
      )
      .option(
        'token',
        withEnv('token', {
          type: 'string',
          describe:
            'Check from the store of this token at --emulator (the one your handler reads back with), not a new one',
        }),
      )
      .option(
        'admin-token',
        withEnv('admin-token', { type: 'string', describe: 'The admin token of the emulator at --emulator' }),
      )
      .option(
        'header-prefix',
        withEnv('header-prefix', {
          type: 'string',
          describe: 'Middle word of the headers (X-<prefix>-Hmac-Sha256, X-<prefix>-Topic); default Service',
        }),
      )
      .option(
        'platform-word',
        withEnv('platform-word', {
          type: 'string',
          describe: "Word for the platform in the payloads' field names",
        }),
      )
      .option(
        'value-names',
        withEnv('value-names', {
          type: 'string',
          describe: 'Names for neutral values, e.g. platform_payments=shopify_payments',
        }),
      )
      .example(
        '$0 check-webhooks http://127.0.0.1:3000/webhooks --secret s3cret',
        'from an emulator started here',
      )
      .example(
        '$0 check-webhooks http://127.0.0.1:3000/webhooks --emulator http://127.0.0.1:4010 --token test-token',
        'from the store your handler reads back from, with its client secret',
      )
      .example('$0 check-webhooks http://127.0.0.1:3000/webhooks --junit reports/webhooks.xml', 'in CI')
      .epilogue('Exit code 0 when every check passes, 1 otherwise.')
      .check((args) => {
        if (args.token !== undefined && args.emulator === undefined)
          throw new Error('--token names a store of the emulator at --emulator; give both.');
        if (args['admin-token'] !== undefined && args.emulator === undefined)
          throw new Error('--admin-token goes with --emulator.');
        return true;
      }) as unknown as Argv<CheckArgs>,
  handler: async (args: ArgumentsCamelCase<CheckArgs>) => {
    const { reportJunit, reportText } = await import('../webhook-check/report-text.js');
    const { control, valueNames, close } = await openEmulator(args);
    let report;
    try {
      report = await control.checkWebhooks({
        url: args.url,
        topics: args.topic,
        api_version: args['api-version'],
        secret: args.secret,
        timeout_ms: args['timeout-ms'],
        store: args.token === undefined ? 'new' : 'current',
        platform_word: args['platform-word'],
        value_names: valueNames,
      });
    } finally {
      await close();
    }
    process.stdout.write(reportText(report));
    if (args.json) await writeOutput(args.json, `${JSON.stringify(report, null, 2)}\n`);
    if (args.junit) await writeOutput(args.junit, reportJunit(report));
    if (!report.passed) process.exitCode = 1;
  },
};
