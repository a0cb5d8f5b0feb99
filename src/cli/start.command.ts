/**
 * `billing-emulator start`: runs the emulator until SIGINT/SIGTERM, then writes what is left and
 * exits: 0, or 1 when the last write to --data failed.
 */
import type { AddressInfo } from 'node:net';
import type { ArgumentsCamelCase, Argv, CommandModule, Options } from 'yargs';
import { createEmulator } from '../emulator.js';
import type { EmulatorOptions, Loaded } from '../emulator.options.js';
import { formatStartBanner } from './start-banner.js';
import { listenFailure } from './listen-failure.js';
import { parseValueNames } from '../store/dialect-settings.js';
import { parseAllowedHosts } from '../http/allowed-hosts.js';
import { API_VERSIONS, type ApiVersion } from '../model/versions.js';
import { VERSION } from '../platform/version.js';
import { numberOption, urlOption, withEnv } from './options.js';
import { counted } from '../platform/plural.js';

interface StartArgs {
  port: number;
  host: string;
  token?: string;
  data?: string;
  'api-version'?: ApiVersion;
  seed?: number;
  'admin-token'?: string;
  'allowed-hosts'?: string;
  'header-prefix': string;
  'platform-word'?: string;
  'value-names'?: string;
  'flush-interval': number;
  'log-level': string;
  'webhook-url'?: string;
  scenario?: string;
  'clone-from'?: string;
  'clone-token'?: string;
  'rate-limit'?: boolean;
  'rate-limit-size'?: number;
  'rate-limit-leak'?: number;
  'journal-size'?: number;
  'allow-metadata-addresses'?: boolean;
  'journal-bytes'?: number;
  'max-stores'?: number;
  'max-generate'?: number;
}

/**
 * A boolean option as yargs read it, its environment variable checked: yargs reads any value but
 * `true` as false, so `BILLING_EMULATOR_<NAME>=1` is refused rather than silently ignored.
 */
function strictBoolean(name: string, value: boolean | undefined): boolean | undefined {
  const variable = process.env[`BILLING_EMULATOR_${name}`];
  if (variable !== undefined && variable !== 'true' && variable !== 'false')
    throw new Error(`BILLING_EMULATOR_${name} must be true or false, not "${variable}"`);
  return value;
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

/** `--clone-from` and `--clone-token` as `createEmulator`'s `clone`, with its progress bars. */
async function cloneOption(args: StartArgs) {
  const from = args['clone-from'];
  if (from === undefined) {
    if (args['clone-token'] !== undefined) throw new Error('--clone-token needs --clone-from');
    return undefined;
  }
  if (args['clone-token'] === undefined) throw new Error('--clone-from needs --clone-token');
  const { cloneBars } = await import('./clone-progress.js');
  const bars = cloneBars();
  const options: EmulatorOptions['clone'] = {
    from,
    token: args['clone-token'],
    onProgress: (progress) => bars.update(progress),
  };
  return { options, bars };
}

const whole = (name: string, min: number, max?: number) =>
  numberOption(name, { integer: true, min, ...(max === undefined ? {} : { max }) });

/** The options of `start`, in the order --help lists them. */
const START_OPTIONS: readonly (readonly [string, Options])[] = [
  [
    'port',
    {
      type: 'string',
      default: 4010,
      coerce: whole('port', 0, 65535),
      describe: 'Port to listen on (0 picks a free one)',
    },
  ],
  ['host', { type: 'string', default: '127.0.0.1', describe: 'Interface to listen on (0.0.0.0 for all)' }],
  ['token', { type: 'string', describe: 'Access token of the default store (random when absent)' }],
  [
    'data',
    {
      type: 'string',
      describe:
        'JSON file that persists every store (reloaded on start; in memory when absent); its directory must exist',
    },
  ],
  [
    'api-version',
    {
      choices: API_VERSIONS,
      describe: 'Default API version of the default store and of stores created later (default 2021-11)',
    },
  ],
  [
    'seed',
    {
      type: 'string',
      coerce: whole('seed', 0),
      describe: 'Seed of every random value, for reproducible tokens and data',
    },
  ],
  [
    'admin-token',
    {
      type: 'string',
      describe:
        'Share the control API: a store token drives its own store, routes across stores need "Authorization: Bearer <t>"',
    },
  ],
  [
    'allowed-hosts',
    {
      type: 'string',
      describe:
        'Host names to answer besides localhost, IP literals and dotless names, comma-separated (.example.com: and its subdomains; all: any)',
    },
  ],
  [
    'header-prefix',
    {
      type: 'string',
      default: 'Service',
      describe: 'Middle word of the custom headers (X-<prefix>-Access-Token, X-<prefix>-Version, ...)',
    },
  ],
  [
    'platform-word',
    {
      type: 'string',
      describe:
        'Word for the platform of the default store and of stores created later: shopify reads and writes shopify_product_id, ... (default platform)',
    },
  ],
  [
    'value-names',
    {
      type: 'string',
      describe:
        'Names for neutral values of the default store and of stores created later, e.g. platform_a=shopify,platform_payments=shopify_payments',
    },
  ],
  [
    'flush-interval',
    {
      type: 'string',
      default: 100,
      coerce: whole('flush-interval', 0),
      describe: "Longest time in ms a change waits before it is appended to --data's log",
    },
  ],
  [
    'log-level',
    {
      choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'warn',
      describe: 'Level of the log written to stderr',
    },
  ],
  [
    'webhook-url',
    { type: 'string', describe: 'Subscribe the default store to every webhook topic at this URL' },
  ],
  [
    'scenario',
    {
      type: 'string',
      describe:
        'Seed a new default store: a built-in scenario (scenario list), a scenario or fixture file; ignored when --data already holds the default store',
    },
  ],
  [
    'clone-from',
    {
      type: 'string',
      coerce: urlOption('clone-from'),
      describe:
        'Fill a new default store with a copy of the store at this API base URL (docs/clone.md); read with --header-prefix',
    },
  ],
  ['clone-token', { type: 'string', describe: "The cloned store's API token (with --clone-from)" }],
  [
    'rate-limit',
    {
      type: 'boolean',
      describe:
        "Enforce the service's rate limit on the default store: a leaky bucket per token, counted in X-<prefix>-Limit either way (off unless given)",
    },
  ],
  [
    'rate-limit-size',
    {
      type: 'string',
      coerce: whole('rate-limit-size', 1),
      describe: 'Calls the bucket holds (default 40; implies --rate-limit)',
    },
  ],
  [
    'rate-limit-leak',
    {
      type: 'string',
      coerce: numberOption('rate-limit-leak', { min: 0 }),
      describe: 'Calls the bucket drains a second of real time (default 2; implies --rate-limit)',
    },
  ],
  [
    'journal-size',
    {
      type: 'string',
      coerce: whole('journal-size', 0),
      describe: "Requests the default store's journal keeps (default 1000; 0 records none)",
    },
  ],
  [
    'allow-metadata-addresses',
    {
      type: 'boolean',
      describe:
        'Let webhooks and clones reach link-local and cloud metadata addresses (169.254.169.254, metadata.google.internal, ...); refused unless given',
    },
  ],
  [
    'journal-bytes',
    {
      type: 'string',
      coerce: whole('journal-bytes', 0),
      describe: "Bytes each store's journal keeps at most, the oldest entries going first (default 2097152)",
    },
  ],
  [
    'max-stores',
    {
      type: 'string',
      coerce: whole('max-stores', 1),
      describe: 'Stores the emulator holds at most, the default one included (default 1000; one more: 422)',
    },
  ],
  [
    'max-generate',
    {
      type: 'string',
      coerce: whole('max-generate', 0),
      describe: 'Records one control request may generate (fixture.generate; default 50000; more: 422)',
    },
  ],
];

/** The banner's data line: where the stores live and what was read from there. */
function describeData(data: string | undefined, flushMs: number, loaded: Loaded): string {
  if (!data) return 'in memory';
  const read = loaded.storesFromData === 0 ? 'new file' : `${counted(loaded.storesFromData, 'store')} loaded`;
  return `${data}, ${read} (changes logged to ${data}.log within ${flushMs} ms)`;
}

/** The banner's scenario line, when one was asked for: what it seeded, or why it was not applied. */
function describeScenario(loaded: Loaded, data: string | undefined): string | undefined {
  const scenario = loaded.scenario;
  if (!scenario) return undefined;
  if (!scenario.seeded) return `${scenario.name} not applied: ${data} already holds the default store`;
  return `${scenario.name} seeded (${counted(scenario.customers ?? 0, 'customer')}, ${counted(scenario.subscriptions ?? 0, 'subscription')})`;
}

/** The banner's clone line, when one was asked for: what it copied, or why it was not applied. */
function describeClone(loaded: Loaded, data: string | undefined): string | undefined {
  const clone = loaded.clone;
  if (!clone) return undefined;
  if (!clone.cloned) return `${clone.from} not applied: ${data} already holds the default store`;
  const counts = Object.entries(clone.counts ?? {}).filter(([, n]) => n > 0);
  return `${clone.from} (${counts.map(([list, n]) => `${n} ${list}`).join(', ') || 'no records'})`;
}

export const startCommand: CommandModule<object, StartArgs> = {
  command: 'start',
  describe: 'Start the emulator with its default store',
  builder: (yargs: Argv) => {
    let built = yargs
      .example('$0 start --token test-token', 'listen on http://127.0.0.1:4010 with a token you choose')
      .example('$0 start --scenario small-shop', 'a seeded shop: 25 customers, one card in ten failing')
      .example('$0 start --data shop.json', 'keep every store in shop.json across restarts')
      .example('BILLING_EMULATOR_PORT=0 $0 start', 'any option as its environment variable (0: a free port)')
      .epilogue('Ctrl-C (SIGINT) or SIGTERM stops it: pending changes are written, then it exits 0.');
    for (const [name, definition] of START_OPTIONS) built = built.option(name, withEnv(name, definition));
    return built as unknown as Argv<StartArgs>;
  },
  handler: async (args: ArgumentsCamelCase<StartArgs>) => {
    // Loaded only to seed: a plain start never loads cli-progress.
    const seeding = args.scenario
      ? (await import('./progress.js')).progressBar('seeding customers')
      : undefined;
    const clone = await cloneOption(args);
    const starting = createEmulator({
      port: args.port,
      host: args.host,
      token: args.token,
      data: args.data,
      apiVersion: args['api-version'],
      seed: args.seed,
      adminToken: args['admin-token'],
      allowedHosts: parseAllowedHosts(args['allowed-hosts']),
      headerPrefix: args['header-prefix'],
      platformWord: args['platform-word'],
      valueNames: args['value-names'] === undefined ? undefined : parseValueNames(args['value-names']),
      flushIntervalMs: args['flush-interval'],
      logger: args['log-level'] as 'warn',
      webhookUrl: args['webhook-url'],
      scenario: args.scenario,
      onSeedProgress: seeding && ((done, total) => seeding.update(done, total)),
      clone: clone?.options,
      rateLimit: rateLimitOption(args),
      journalSize: args['journal-size'],
      allowMetadataAddresses: strictBoolean('ALLOW_METADATA_ADDRESSES', args['allow-metadata-addresses']),
      journalBytes: args['journal-bytes'],
      maxStores: args['max-stores'],
      maxGenerate: args['max-generate'],
    });
    // Stopped whatever happens: the bars hide the cursor while they draw.
    const emulator = await starting
      .finally(() => clone?.bars.stop())
      .catch((error: unknown) => {
        throw listenFailure(error, args.port, args.host);
      });
    seeding?.finish();
    let stopping = false;
    const stop = (signal: string) => {
      // npm and a terminal both pass on one Ctrl-C: the second is the same request, not a new one.
      if (stopping) return;
      stopping = true;
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
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.stdout.write(
      formatStartBanner({
        version: VERSION,
        url: emulator.url,
        storeId: emulator.storeId,
        apiVersion: emulator.apiVersion,
        token: emulator.token,
        clientSecret: emulator.clientSecret,
        data: describeData(args.data, args['flush-interval'], emulator.loaded),
        tokenHeader: `X-${args['header-prefix']}-Access-Token`,
        scenario: describeScenario(emulator.loaded, args.data),
        clone: describeClone(emulator.loaded, args.data),
        bound: emulator.server.address() as AddressInfo,
        adminToken: Boolean(args['admin-token']),
      }),
    );
  },
};
