/**
 * `billing-emulator record`: a recording proxy in front of the real service. Runs until
 * SIGINT/SIGTERM; every exchange is in the HAR file as soon as its line is printed.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { makeDirectoryOf, numberOption, urlOption, withEnv } from './options.js';
import { printLine } from './terminal-text.js';
import { counted } from '../platform/plural.js';

interface RecordArgs {
  upstream: string;
  port: number;
  out: string;
  'header-prefix': string;
  'redact-pii': boolean;
}

/** One line of output, its control characters escaped (it may quote the user's files). */
const out = printLine;

export const recordCommand: CommandModule<object, RecordArgs> = {
  command: 'record',
  describe: 'Record a session against the real service through a local proxy, into a HAR file',
  builder: (yargs: Argv) =>
    yargs
      .option(
        'upstream',
        withEnv('upstream', {
          type: 'string',
          demandOption: true,
          coerce: urlOption('upstream'),
          describe: 'Base URL of the service to forward to (https://... for TLS)',
        }),
      )
      .option(
        'port',
        withEnv('port', {
          type: 'string',
          default: 4011,
          coerce: numberOption('port', { integer: true, min: 0, max: 65535 }),
          describe: 'Port of the proxy on 127.0.0.1 (0 picks one)',
        }),
      )
      .option(
        'out',
        withEnv('out', {
          type: 'string',
          default: 'session.har',
          describe: 'HAR file to write (replaced; its directory is made when missing)',
        }),
      )
      .option(
        'header-prefix',
        withEnv('header-prefix', {
          type: 'string',
          default: 'Service',
          describe:
            'Middle word of the service headers (X-<prefix>-Access-Token), kept in the file for verify',
        }),
      )
      .option(
        'redact-pii',
        withEnv('redact-pii', {
          type: 'boolean',
          default: false,
          describe: 'Also replace emails, phones, names and street lines (secrets always are)',
        }),
      )
      .example(
        '$0 record --upstream https://api.rechargeapps.com --header-prefix Recharge --out recordings/subscribe.har',
        'a proxy on http://127.0.0.1:4011: point your client at it with its real token, Ctrl-C to stop',
      )
      .example('$0 record --upstream https://api.rechargeapps.com --redact-pii', 'personal data replaced too')
      .epilogue(
        'Secrets (tokens, signatures, client secrets) are always replaced in the file. ' +
          'Replay it with billing-emulator verify <file>.',
      ) as unknown as Argv<RecordArgs>,
  handler: async (args: ArgumentsCamelCase<RecordArgs>) => {
    const { startRecorder } = await import('../parity/recorder.js');
    await makeDirectoryOf(args.out, { private: true });
    const recorder = await startRecorder({
      upstream: args.upstream,
      port: args.port,
      out: args.out,
      headerPrefix: args['header-prefix'],
      redactPii: args['redact-pii'],
      onExchange: ({ method, path, status, ms }) => out(`${method} ${path} ${status} ${ms} ms`),
      onUpstreamError: (method, path, error) => out(`${method} ${path} failed: ${error.message}`),
    });
    out(`recording ${args.upstream} through ${recorder.url} into ${args.out}; Ctrl-C stops`);
    const stop = async () => {
      await recorder.close();
      const summary = recorder.summary();
      const personal = (['email', 'phone', 'first_name', 'last_name', 'full_name', 'street'] as const)
        .filter((kind) => summary[kind] > 0)
        .map((kind) => counted(summary[kind], kind.replace('_', ' ')));
      out(
        `${counted(recorder.count, 'exchange')} in ${args.out}; replaced: ` +
          counted(summary.secrets, 'secret value') +
          `${args['redact-pii'] ? `, personal data (${personal.join(', ') || 'none seen'})` : ''}`,
      );
      process.exit(0);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  },
};
