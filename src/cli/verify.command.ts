/**
 * `billing-emulator verify`: replays a recording against a new emulator store and reports every
 * difference; exit code 1 when a difference is not in the allow-list.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { readInput, urlOption, withEnv, writeOutput } from './options.js';
import { printLine, printText } from './terminal-text.js';
import { counted } from '../platform/plural.js';

interface VerifyArgs {
  recording: string;
  url?: string;
  'admin-token'?: string;
  junit?: string;
  json?: string;
  allow?: string;
}

/** One line of output, its control characters escaped (it may quote the user's files). */
const out = printLine;

export const verifyCommand: CommandModule<object, VerifyArgs> = {
  command: 'verify <recording>',
  describe: 'Replay a recording (HAR) against a new emulator store and report every difference',
  builder: (yargs: Argv) =>
    yargs
      .positional('recording', { type: 'string', demandOption: true, describe: 'The HAR file to replay' })
      .option(
        'url',
        withEnv('url', {
          type: 'string',
          coerce: urlOption('url'),
          describe: 'A running emulator to replay against (default: one started here)',
        }),
      )
      .option(
        'admin-token',
        withEnv('admin-token', { type: 'string', describe: 'The admin token of the emulator at --url' }),
      )
      .option(
        'junit',
        withEnv('junit', {
          type: 'string',
          describe: 'Also write a JUnit XML report, one test case per exchange (its directory is made)',
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
        'allow',
        withEnv('allow', { type: 'string', describe: 'Allow-list YAML: differences that do not fail' }),
      )
      .example('$0 verify recordings/subscribe.har', 'replayed against an emulator started here')
      .example(
        '$0 verify recordings/subscribe.har --junit reports/parity.xml --allow parity-allowed.yaml',
        'in CI: a report, and only differences outside the allow-list fail',
      )
      .example('$0 verify session.har --url http://127.0.0.1:4010', 'against an emulator already running')
      .epilogue('Exit code 0 when every difference is allowed, 1 otherwise.')
      .check((args) => {
        if (args['admin-token'] !== undefined && args.url === undefined)
          throw new Error('--admin-token goes with --url.');
        return true;
      }) as unknown as Argv<VerifyArgs>,
  handler: async (args: ArgumentsCamelCase<VerifyArgs>) => {
    const { verifyRecording } = await import('../parity/verify.js');
    const { parseAllowList } = await import('../parity/allow-list.js');
    const { renderReport } = await import('../parity/report.js');
    const { parityJunitXml } = await import('../parity/junit.js');
    const allow = args.allow
      ? parseAllowList(await readInput(args.allow, 'the allow-list'), args.allow)
      : undefined;
    const report = await verifyRecording(await readInput(args.recording, 'the recording'), {
      url: args.url,
      startEmulator: async (headerPrefix) => {
        const { createEmulator } = await import('../emulator.js');
        return createEmulator({ port: 0, headerPrefix, logger: 'silent' });
      },
      adminToken: args['admin-token'],
      allow,
      storeName: `Parity ${args.recording}`,
      onExchange: (exchange) =>
        out(
          `${exchange.identical ? '✓' : '✗'} #${exchange.entry} ${exchange.method} ${exchange.path} (${exchange.version})` +
            `${exchange.identical ? '' : `: ${counted(exchange.differences, 'difference')}`}`,
        ),
    });
    printText(renderReport(report));
    // Both quote the recording's bodies: owner only, as the recording is.
    if (args.json) await writeOutput(args.json, `${JSON.stringify(report, null, 2)}\n`, { private: true });
    if (args.junit) await writeOutput(args.junit, parityJunitXml(report), { private: true });
    if (!report.passed) process.exitCode = 1;
  },
};
